import type * as vscode from 'vscode';
import type { AccountSessions } from './auth/accountSessions';
import type { Session } from './auth/session';
import type { TokenStore } from './auth/tokenStore';
import type { Outboxes } from './outbox/outboxes';
import type { TaskChanges } from './tasks/changes';

/** What lazy/core.ts hands to each feature's register function (built on first use, not in activate()). */
export interface Services {
  /** The primary account's session (taskPlatform.baseUrl): the one the features use. */
  readonly session: Session;
  /** Every signed-in account, the primary first (auth/accountSessions.ts). */
  readonly accounts: AccountSessions;
  /** The stored accounts and their tokens (SecretStorage); only auth/ and the AI tools' server use it. */
  readonly tokens: TokenStore;
  readonly changes: TaskChanges;
  readonly extensionUri: vscode.Uri;
  /** Writes kept while the service cannot be reached (per account, in global storage). */
  readonly outboxes: Outboxes;
  /** `context.globalState` with serialised writes (state/globalState.ts); use it, never the raw one. */
  readonly globalState: vscode.Memento;
}
