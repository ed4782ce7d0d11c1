import * as vscode from 'vscode';
import type { AccountSessions } from '../auth/accountSessions';
import { accountLabel } from '../auth/label';
import type { Session, SessionState } from '../auth/session';
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
