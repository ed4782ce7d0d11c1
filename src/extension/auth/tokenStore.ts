import type * as vscode from 'vscode';

/**
 * The only place the token is kept: VS Code's SecretStorage, under one key per base URL so that
 * switching the base URL never sends one service's token to another. Never logs its arguments.
 */
export class TokenStore {
  private static readonly prefix = 'taskPlatform.token:';

  constructor(private readonly secrets: vscode.SecretStorage) {}

  get(baseUrl: string): Thenable<string | undefined> {
    return this.secrets.get(TokenStore.prefix + baseUrl);
  }

  store(baseUrl: string, token: string): Thenable<void> {
    return this.secrets.store(TokenStore.prefix + baseUrl, token);
  }

  delete(baseUrl: string): Thenable<void> {
    return this.secrets.delete(TokenStore.prefix + baseUrl);
  }

  onDidChange(listener: (baseUrl: string) => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (e.key.startsWith(TokenStore.prefix)) {
        listener(e.key.slice(TokenStore.prefix.length));
      }
    });
  }
}
