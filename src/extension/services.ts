import type * as vscode from 'vscode';
import type { Session } from './auth/session';
import type { Outboxes } from './outbox/outboxes';
import type { TaskChanges } from './tasks/changes';

/** What lazy/core.ts hands to each feature's register function (built on first use, not in activate()). */
export interface Services {
  readonly session: Session;
  readonly changes: TaskChanges;
  readonly extensionUri: vscode.Uri;
  /** Writes kept while the service cannot be reached (per account, in global storage). */
  readonly outboxes: Outboxes;
  /** `context.globalState` with serialised writes (state/globalState.ts); use it, never the raw one. */
  readonly globalState: vscode.Memento;
}
