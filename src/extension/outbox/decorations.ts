import * as vscode from 'vscode';
import type { AccountSessions } from '../auth/accountSessions';
import type { Outboxes } from './outboxes';

const TASK_SCHEME = 'taskplatform-task'; // the tree's task rows (tree/decorations.ts)

/**
 * A badge on tree rows of tasks with changes waiting to be sent (or refused on replay), by any
 * signed-in account: task ids name one task whoever sees it.
 */
export class PendingDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeFileDecorations = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly accounts: AccountSessions,
    private readonly outboxes: Outboxes,
  ) {
    this.subscription = outboxes.onDidChange(() => this.changed.fire(undefined));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== TASK_SCHEME) {
      return undefined;
    }
    const taskId = uri.path.slice(1);
    const queued = this.accounts.current().flatMap((s) => this.outboxes.forTask(s.state, taskId));
    if (queued.length === 0) {
      return undefined;
    }
    const refused = queued.some((w) => w.rejected);
    return {
      badge: refused ? '✕' : '↑',
      tooltip: refused
        ? vscode.l10n.t('A change to this task was refused: see Pending Changes')
        : vscode.l10n.t('{0} change(s) waiting to be sent', queued.length),
      color: new vscode.ThemeColor(refused ? 'list.errorForeground' : 'list.warningForeground'),
      propagate: false,
    };
  }
}
