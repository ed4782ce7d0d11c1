import * as vscode from 'vscode';
import type { Feature } from './contract';
import { ACCOUNT_LIST_KEY, tokenKeyFor } from './tokenKey';

type Load = (feature: Feature) => Promise<unknown>;
type SessionsChange = vscode.AuthenticationProviderAuthenticationSessionsChangeEvent;

/**
 * The Accounts menu's provider (`contributes.authentication`) until core is loaded. VS Code asks for
 * sessions as soon as a provider is registered (and `onAuthenticationRequest:<id>` activates the
 * extension when it asks first), so it is registered at activation. Asked for sessions while no
 * token is stored for the configured address, it answers none without loading anything; otherwise
 * its first call loads core, whose provider (auth/accounts.ts, over the one session and its
 * SecretStorage token) answers from then on, its change events forwarded.
 */
export class LazyAccounts implements vscode.AuthenticationProvider {
  private real: vscode.AuthenticationProvider | undefined;
  private readonly changed = new vscode.EventEmitter<SessionsChange>();
  readonly onDidChangeSessions = this.changed.event;

  constructor(
    private readonly id: string,
    private readonly load: Load,
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
  ) {}

  /**
   * Whether an account is stored, or the previous release's token for the configured address (only
   * then can there be a session).
   */
  private async tokenStored(): Promise<boolean> {
    const list = this.state.get<unknown>(ACCOUNT_LIST_KEY);
    if (Array.isArray(list) && list.length > 0) {
      return true;
    }
    const key = tokenKeyFor(vscode.workspace.getConfiguration('taskPlatform').get<unknown>('baseUrl'));
    return key !== undefined && (await this.secrets.get(key)) !== undefined;
  }

  private async provider(): Promise<vscode.AuthenticationProvider> {
    if (!this.real) {
      await this.load('core');
    }
    if (!this.real) {
      throw new Error(`The authentication provider ${this.id} is not registered`);
    }
    return this.real;
  }

  async getSessions(
    scopes: readonly string[] | undefined,
    options: vscode.AuthenticationProviderSessionOptions,
  ): Promise<vscode.AuthenticationSession[]> {
    if (!this.real && !(await this.tokenStored())) {
      // Signed out: nothing to load. Signing in loads core, whose provider announces the account.
      return [];
    }
    return (await this.provider()).getSessions(scopes, options);
  }

  async createSession(
    scopes: readonly string[],
    options: vscode.AuthenticationProviderSessionOptions,
  ): Promise<vscode.AuthenticationSession> {
    return (await this.provider()).createSession(scopes, options);
  }

  async removeSession(sessionId: string): Promise<void> {
    return (await this.provider()).removeSession(sessionId);
  }

  /** The real provider, handed over by core (Adoption.authProvider). */
  adopt(real: vscode.AuthenticationProvider): vscode.Disposable {
    this.real = real;
    const forward = real.onDidChangeSessions((e) => this.changed.fire(e));
    return new vscode.Disposable(() => {
      forward.dispose();
      this.real = undefined;
    });
  }

  dispose(): void {
    this.changed.dispose();
  }
}

const MULTIPLE: vscode.AuthenticationProviderOptions = { supportsMultipleAccounts: true };

/** Registers a stand-in for each contributed authentication provider; `out` gets the disposables. */
export function registerAccounts(
  providers: readonly { readonly id: string; readonly label: string }[],
  load: Load,
  secrets: vscode.SecretStorage,
  state: vscode.Memento,
  out: vscode.Disposable[],
): Map<string, LazyAccounts> {
  const byId = new Map<string, LazyAccounts>();
  for (const { id, label } of providers) {
    const lazy = new LazyAccounts(id, load, secrets, state);
    byId.set(id, lazy);
    // Several accounts at once: VS Code's own account pickers then offer to add one (createSession).
    out.push(lazy, vscode.authentication.registerAuthenticationProvider(id, label, lazy, MULTIPLE));
  }
  return byId;
}
