import * as vscode from 'vscode';
import type { AccountSessions } from './accountSessions';
import { addAccount, signIn, signOut } from './commands';
import { accountLabel } from './label';
import type { Session } from './session';

/** `contributes.authentication` in package.json: the Accounts menu's entry for the service. */
export const ACCOUNT_PROVIDER_ID = 'taskPlatform';
const ACCOUNT_PROVIDER_LABEL = 'Task Platform';

/**
 * The signed-in accounts in VS Code's Accounts menu, one entry each: its sessions are the sessions
 * restored from the tokens in SecretStorage (never a copy of one). Signing in from the menu is Sign
 * In while no account is signed in and Add Account after that; signing out there signs out that
 * account only. Every change, from either path, is announced. A session's `accessToken` is empty:
 * VS Code and any extension the user lets use the account learn who is signed in, never the token
 * (docs/decisions/accounts-menu.md).
 */
export class AccountProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  /** The sessions last shown to VS Code (by getSessions or an event), by id. */
  private shown = new Map<string, vscode.AuthenticationSession>();
  private readonly listener: vscode.Disposable;

  constructor(private readonly accounts: AccountSessions) {
    this.shown = this.showable(new Map());
    this.listener = accounts.onDidChange(() => this.update());
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const sessions = await this.accounts.all();
    const seen = new Set<string>();
    return sessions.flatMap((s) => {
      const shown = accountSession(s, several(sessions));
      if (!shown || seen.has(shown.id)) return [];
      seen.add(shown.id);
      return [shown];
    });
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const { primary } = this.accounts;
    const session =
      (await primary.ensure()).kind === 'signedIn'
        ? await addAccount(this.accounts)
        : (await signIn(primary))
          ? primary
          : undefined;
    const created = session && accountSession(session, several(this.accounts.current()));
    if (!created) {
      throw new vscode.CancellationError();
    }
    return created;
  }

  async removeSession(sessionId: string): Promise<void> {
    // The session shown may be one the service cannot confirm right now (offline): signing out of
    // it still forgets the token.
    await this.accounts.all();
    const session = this.accounts.find(sessionId);
    if (session) {
      await signOut(session, this.accounts);
    } else if (this.shown.has(sessionId) && this.accounts.primary.key === undefined) {
      // Shown before, and the primary session cannot say which account it holds now (its check
      // failed before the user was known): only then is the entry the primary's.
      await signOut(this.accounts.primary, this.accounts);
    }
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }

  /**
   * What to show now: each signed-in account; one being checked again or unreachable with a token
   * keeps the entry shown before until it is known.
   */
  private showable(
    before: ReadonlyMap<string, vscode.AuthenticationSession>,
  ): Map<string, vscode.AuthenticationSession> {
    const next = new Map<string, vscode.AuthenticationSession>();
    const sessions = this.accounts.current();
    for (const session of sessions) {
      const kind = session.state.kind;
      const key = session.key;
      const kept = kind === 'unknown' || kind === 'error' ? key && before.get(key) : undefined;
      const shown = accountSession(session, several(sessions)) ?? kept;
      if (shown && !next.has(shown.id)) next.set(shown.id, shown);
    }
    return next;
  }

  private update(): void {
    const before = this.shown;
    const next = this.showable(before);
    // VS Code's Accounts menu knows an account by its label: a session whose label changed (a second
    // account adds the host to every label) is removed under the old one and added under the new
    // one, or the menu would keep the old entry beside the new.
    const relabelled = (s: vscode.AuthenticationSession): boolean => {
      const old = before.get(s.id);
      return old !== undefined && old.account.label !== s.account.label;
    };
    const added = [...next.values()].filter((s) => !before.has(s.id) || relabelled(s));
    const removed = [...before.values()].filter((s) => !next.has(s.id) || relabelled(next.get(s.id)!));
    this.shown = next;
    if (added.length || removed.length) {
      this.changed.fire({ added, removed, changed: [] });
    }
  }
}

function several(sessions: readonly Session[]): boolean {
  return sessions.filter((s) => s.key !== undefined).length > 1;
}

/**
 * The Accounts menu's session for a signed-in session: the service's user, never the token. Its
 * account id is the account key (a user id alone repeats across services); with several accounts
 * the label names the service's host too, so two "Alice" entries can be told apart.
 */
function accountSession(session: Session, several: boolean): vscode.AuthenticationSession | undefined {
  const { state } = session;
  if (state.kind !== 'signedIn' || !session.key) {
    return undefined;
  }
  const label = accountLabel(state, several);
  return {
    id: session.key,
    accessToken: '',
    account: { id: session.key, label },
    scopes: [],
  };
}

/** Registers the provider (the entry's stand-in adopts it: start/accounts.ts). */
export function registerAccountProvider(context: vscode.ExtensionContext, accounts: AccountSessions): AccountProvider {
  const provider = new AccountProvider(accounts);
  context.subscriptions.push(
    provider,
    vscode.authentication.registerAuthenticationProvider(ACCOUNT_PROVIDER_ID, ACCOUNT_PROVIDER_LABEL, provider, {
      supportsMultipleAccounts: true,
    }),
  );
  return provider;
}
