import type * as vscode from 'vscode';
import type { Session } from './auth/session';
import type { TaskChanges } from './tasks/changes';

/** What activate() hands to each feature's register function. */
export interface Services {
  readonly session: Session;
  readonly changes: TaskChanges;
  readonly extensionUri: vscode.Uri;
}
