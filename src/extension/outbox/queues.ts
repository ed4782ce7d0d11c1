import * as vscode from 'vscode';
import type { AccountSessions } from '../auth/accountSessions';
import { accountLabel } from '../auth/label';
import type { Session, SessionState } from '../auth/session';
import type { QueuedWrite } from '../../core/outbox/queuedWrite';
import type { Outboxes, ShownQueue } from './outboxes';

/** An account's queued writes, as the status bar and Show Pending Changes show them. */
export interface AccountQueue extends ShownQueue {
  readonly session: Session;
  readonly state: SessionState;
  /** The account's name (its service's host too), for when there are several. */
  readonly name: string;
}

/** Every account's queue that holds something, the primary's first. */
export function queuesOf(accounts: AccountSessions, outboxes: Outboxes): AccountQueue[] {
  return accounts.current().flatMap((session) => {
    const state = session.state;
    const shown = outboxes.shown(state);
    if (shown.pending.length === 0 && shown.refused.length === 0) return [];
    return [{ ...shown, session, state, name: nameOf(state) }];
  });
}

function nameOf(state: SessionState): string {
  if (state.kind === 'signedIn') return accountLabel(state, true);
  return 'baseUrl' in state ? new URL(state.baseUrl).host : vscode.l10n.t('Task Platform account');
}

/** An account signed out with changes still queued: kept, sent when it signs in again. */
export interface KeptQueue {
  readonly name: string;
  readonly writes: QueuedWrite[];
}

/**
 * The queues of accounts signed out while another account stays signed in. With none signed in the
 * views' welcome says to sign in, as before, and nothing is shown here.
 */
export function keptQueuesOf(accounts: AccountSessions, outboxes: Outboxes): KeptQueue[] {
  if (!accounts.current().some((s) => s.state.kind === 'signedIn')) return [];
  return outboxes.kept(accounts.listed()).map(({ account, writes }) => ({
    // The user's name left with the session: the account's id (a checked key) and its service's host.
    name: vscode.l10n.t('{0} ({1})', account.userId, new URL(account.baseUrl).host),
    writes,
  }));
}

/** What a signed-out account's queue is: kept, and sent once that account signs in again. */
export function keptText(queue: KeptQueue): string {
  return vscode.l10n.t(
    '{0}, signed out: {1} change(s) kept, sent when this account signs in again.',
    queue.name,
    queue.writes.length,
  );
}
