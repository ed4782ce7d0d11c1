import * as vscode from 'vscode';
import { straining } from '../../core/api/budgetShown';
import type { AccountSessions } from '../auth/accountSessions';
import type { Session } from '../auth/session';
import { Disposable } from '../disposable';

/**
 * Which account the status bar shows: the primary one, unless another needs attention more (its
 * token refused, its service unreachable, its budget paused or strained). With one account it is
 * always the primary, so the items are what they were.
 */
export class Attention extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The shown account changed, or the state of any account did. */
  readonly onDidChange = this.changed.event;
  private readonly limiters = new Map<Session, { dispose(): void }>();
  private shown: Session;

  constructor(private readonly accounts: AccountSessions) {
    super();
    this.shown = accounts.primary;
    this.register(accounts.onDidChange(() => this.follow()));
    this.register({ dispose: () => this.limiters.forEach((l) => l.dispose()) });
    this.follow();
  }

  /** The account the items show now. */
  get session(): Session {
    return this.shown;
  }

  get primary(): Session {
    return this.accounts.primary;
  }

  /** More than one account is signed in: labels then name the account. */
  get several(): boolean {
    return this.accounts.current().filter((s) => s.state.kind === 'signedIn').length > 1;
  }

  /** The accounts signed in besides the primary one. */
  get others(): Session[] {
    return this.accounts.current().filter((s) => s !== this.accounts.primary && s.state.kind === 'signedIn');
  }

  /** Listens to each signed-in account's budget: a strained one comes forward as it strains. */
  private follow(): void {
    for (const [session, listener] of this.limiters) {
      listener.dispose();
      this.limiters.delete(session);
    }
    for (const session of this.accounts.current()) {
      const state = session.state;
      if (state.kind === 'signedIn' && session !== this.accounts.primary) {
        this.limiters.set(
          session,
          state.client.limiter.onDidChange(() => this.choose() && this.changed.fire()),
        );
      }
    }
    this.choose();
    this.changed.fire();
  }

  /** Picks the account to show; true when it changed. Ties go to the earlier one (the primary first). */
  private choose(): boolean {
    let best = this.accounts.primary;
    for (const session of this.accounts.current()) {
      if (need(session) > Math.max(0, need(best))) best = session;
    }
    const changed = best !== this.shown;
    this.shown = best;
    return changed;
  }
}

/** How much an account needs the user: -1 not signed in, 0 fine, up to 3 for a refused token. */
function need(session: Session): number {
  const state = session.state;
  switch (state.kind) {
    case 'rejected':
      return 3;
    case 'error':
      return 2;
    case 'signedIn': {
      const snapshot = state.client.limiter.snapshot();
      return snapshot.paused ? 2 : straining(snapshot) ? 1 : 0;
    }
    default:
      return -1;
  }
}
