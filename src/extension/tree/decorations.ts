import * as vscode from 'vscode';
import type { TaskRow } from '../../core/api/schemas';
import { isOverdue } from '../../core/text/dates';
import { isCompleted } from '../../core/tree/rows';

/**
 * Task rows carry a `taskplatform-task:` resourceUri whose query says what to highlight; this provider
 * colours overdue tasks and badges blocked ones. No I/O: everything it needs is in the URI.
 */
const SCHEME = 'taskplatform-task';

export function taskDecorationUri(row: TaskRow, now: Date): vscode.Uri {
  const flags = [isOverdue(row.due_date, isCompleted(row), now) ? 'overdue' : '', row.is_blocked ? 'blocked' : '']
    .filter(Boolean)
    .join(',');
  return vscode.Uri.from({ scheme: SCHEME, path: `/${row.id}`, query: flags });
}

export class TaskDecorations implements vscode.FileDecorationProvider {
  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== SCHEME || uri.query === '') {
      return undefined;
    }
    const flags = new Set(uri.query.split(','));
    const overdue = flags.has('overdue');
    const blocked = flags.has('blocked');
    const tooltip = [overdue ? vscode.l10n.t('Overdue') : '', blocked ? vscode.l10n.t('Blocked') : '']
      .filter(Boolean)
      .join(', ');
    return {
      badge: blocked ? '⊘' : overdue ? '!' : undefined,
      tooltip,
      color: overdue
        ? new vscode.ThemeColor('list.errorForeground')
        : blocked
          ? new vscode.ThemeColor('list.warningForeground')
          : undefined,
      propagate: false,
    };
  }
}

export function registerTaskDecorations(): vscode.Disposable {
  return vscode.window.registerFileDecorationProvider(new TaskDecorations());
}
