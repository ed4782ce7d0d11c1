import type * as vscode from 'vscode';
import { accountKey, parseAccountKey, sameAccount } from '../../core/accounts/account';
import type { Account } from '../../core/accounts/account';

/** The same as start/tokenKey.ts's (the entry cannot share a module with core): tokenKey.test.ts checks. */
export const TOKEN_KEY_PREFIX = 'taskPlatform.token:';
export const ACCOUNT_LIST_KEY = 'taskPlatform.accounts';

/**
 * The accounts signed in on this machine and their tokens. A token is kept only in VS Code's
 * SecretStorage, one per account (`taskPlatform.token:<account key>`), so two users of one service
 * can both be signed in and a token is never sent to another address. Which accounts there are, in
 * the order they were added, is kept beside it in global state (keys only, never a token; not
 * synced, as SecretStorage is not). The release before accounts kept one token per address
 * (`taskPlatform.token:<base URL>`): read once, moved under its account and deleted
 * (docs/decisions/accounts.md). Never logs its arguments.
 */
export class TokenStore {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
  ) {}

  /** The stored accounts, the first added first; anything that is not an account key is skipped. */
  accounts(): Account[] {
    const stored = this.state.get<unknown>(ACCOUNT_LIST_KEY);
    const keys = Array.isArray(stored) ? stored : [];
    const accounts: Account[] = [];
    for (const key of keys) {
      const account = parseAccountKey(key);
      if (account && !accounts.some((a) => sameAccount(a, account))) accounts.push(account);
    }
    return accounts;
  }

  /** The first stored account of an address: the one `taskPlatform.baseUrl` signs in. */
  accountAt(baseUrl: string): Account | undefined {
    return this.accounts().find((a) => a.baseUrl === baseUrl);
  }

  get(account: Account): Thenable<string | undefined> {
    return this.secrets.get(TOKEN_KEY_PREFIX + accountKey(account));
  }

  /** Stores the token and lists the account (at the front when `first`: the configured address's). */
  async add(account: Account, token: string, first = false): Promise<void> {
    await this.secrets.store(TOKEN_KEY_PREFIX + accountKey(account), token);
    const others = this.accounts().filter((a) => !sameAccount(a, account));
    await this.writeList(first ? [account, ...others] : [...others, account]);
  }

  /** Forgets the account's token and takes it off the list (its queued writes stay: outbox/). */
  async remove(account: Account): Promise<void> {
    await this.writeList(this.accounts().filter((a) => !sameAccount(a, account)));
    await this.secrets.delete(TOKEN_KEY_PREFIX + accountKey(account));
  }

  /** The previous release's token for an address, if it is still there. */
  legacy(baseUrl: string): Thenable<string | undefined> {
    return this.secrets.get(TOKEN_KEY_PREFIX + baseUrl);
  }

  forgetLegacy(baseUrl: string): Thenable<void> {
    return this.secrets.delete(TOKEN_KEY_PREFIX + baseUrl);
  }

  /** The token the primary session restores for an address (its first account's, else the previous release's). */
  async tokenAt(baseUrl: string): Promise<string | undefined> {
    const account = this.accountAt(baseUrl);
    return account ? this.get(account) : this.legacy(baseUrl);
  }

  /** Any token stored or removed, from this window or another. */
  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (e.key.startsWith(TOKEN_KEY_PREFIX)) {
        listener();
      }
    });
  }

  private writeList(accounts: readonly Account[]): Thenable<void> {
    return this.state.update(ACCOUNT_LIST_KEY, accounts.length ? accounts.map(accountKey) : undefined);
  }
}
