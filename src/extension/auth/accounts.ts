import * as vscode from 'vscode';
import { accountKey } from '../../core/accounts/account';
import { inert } from '../../core/text/inert';
import { signIn, signOut } from './commands';
import type { Session, SessionState } from './session';

/** `contributes.authentication` in package.json: the Accounts menu's entry for the service. */
export const ACCOUNT_PROVIDER_ID = 'taskPlatform';
const ACCOUNT_PROVIDER_LABEL = 'Task Platform';

/** Longest account label shown: the user's name, from the service. */
const MAX_LABEL = 100;

/**
 * The signed-in account in VS Code's Accounts menu, over the one session: its sessions are the
 * session restored from the token in SecretStorage (never a copy of it), signing in from the menu
 * is Sign In and signing out there is Sign Out, and every change of the session, from either path,
 * is announced. The session's `accessToken` is empty: VS Code and any extension the user lets use
 * the account learn who is signed in, never the token (docs/decisions/accounts-menu.md).
 */
export class AccountProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  /** The session last shown to VS Code (by getSessions or an event). */
  private shown: vscode.AuthenticationSession | undefined;
  private readonly listener: vscode.Disposable;

  constructor(private readonly session: Session) {
    this.shown = accountSession(session.state);
    this.listener = session.onDidChange((state) => this.update(state));
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const current = accountSession(await this.session.ensure());
    return current ? [current] : [];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const current = (await signIn(this.session)) ? accountSession(this.session.state) : undefined;
    if (!current) {
      throw new vscode.CancellationError();
    }
    return current;
  }

  async removeSession(sessionId: string): Promise<void> {
    // The session shown may be one the service cannot confirm right now (offline): signing out of
    // it still forgets the token.
    const current = accountSession(await this.session.ensure());
    if (current?.id === sessionId || this.shown?.id === sessionId) {
      await signOut(this.session);
    }
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }

  private update(state: SessionState): void {
    if (state.kind === 'unknown' || state.kind === 'error') {
      // Being checked again, or unreachable with a token: the account shown stays until it is known.
      return;
    }
    const next = accountSession(state);
    const before = this.shown;
    if (next?.id === before?.id && next?.account.label === before?.account.label) {
      return;
    }
    this.shown = next;
    if (next && before?.id === next.id) {
      this.changed.fire({ added: [], removed: [], changed: [next] });
    } else {
      this.changed.fire({ added: next ? [next] : [], removed: before ? [before] : [], changed: [] });
    }
  }
}

/** The Accounts menu's session for a signed-in state: the service's user, never the token. */
function accountSession(state: SessionState): vscode.AuthenticationSession | undefined {
  if (state.kind !== 'signedIn') {
    return undefined;
  }
  const { user, baseUrl } = state;
  const label = inert(user.name, MAX_LABEL).trim() || vscode.l10n.t('Task Platform account');
  return {
    id: accountKey({ baseUrl, userId: user.id }),
    accessToken: '',
    account: { id: String(user.id), label },
    scopes: [],
  };
}

/** Registers the provider (the entry's stand-in adopts it: start/accounts.ts). */
export function registerAccountProvider(context: vscode.ExtensionContext, session: Session): AccountProvider {
  const provider = new AccountProvider(session);
  context.subscriptions.push(
    provider,
    vscode.authentication.registerAuthenticationProvider(ACCOUNT_PROVIDER_ID, ACCOUNT_PROVIDER_LABEL, provider),
  );
  return provider;
}
