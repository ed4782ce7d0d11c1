import * as vscode from 'vscode';
import type { QueuedWrite } from '../../core/outbox/queuedWrite';
import { fieldsOf, targetOf } from '../../core/outbox/queuedWrite';
import type { SessionState } from '../auth/session';
import { directoryFor } from '../directory';

/** describeQueued with the task's display id (or title) when the session has seen the task; no request. */
export function labelOf(state: SessionState, write: QueuedWrite): string {
  const id = targetOf(write)?.taskId;
  const task = state.kind === 'signedIn' && id ? directoryFor(state.client).taskName(id) : undefined;
  return describeQueued(write, task?.display_id ?? task?.title);
}

/** A queued write in the user's words: "Update task (status, priority)", "Add comment". */
export function describeQueued(write: QueuedWrite, taskName?: string): string {
  const on = taskName ? ` · ${taskName}` : '';
  const fields = fieldsOf(write).map(fieldWord);
  const what = fields.length > 0 && write.operation === 'updateTask' ? ` (${fields.join(', ')})` : '';
  return `${operationWord(write.operation)}${what}${on}`;
}

function operationWord(operation: string): string {
  const words: Record<string, string> = {
    createTask: vscode.l10n.t('Create task'),
    updateTask: vscode.l10n.t('Update task'),
    deleteTask: vscode.l10n.t('Delete task'),
    restoreTask: vscode.l10n.t('Restore task'),
    moveTask: vscode.l10n.t('Move task'),
    createComment: vscode.l10n.t('Add comment'),
    updateComment: vscode.l10n.t('Edit comment'),
    deleteComment: vscode.l10n.t('Delete comment'),
    resolveComment: vscode.l10n.t('Resolve comment'),
    unresolveComment: vscode.l10n.t('Reopen comment'),
    addDependency: vscode.l10n.t('Add dependency'),
    removeDependency: vscode.l10n.t('Remove dependency'),
    deleteAttachment: vscode.l10n.t('Delete attachment'),
    setCustomFieldValues: vscode.l10n.t('Set custom field'),
  };
  return words[operation] ?? operation;
}

function fieldWord(field: string): string {
  const words: Record<string, string> = {
    title: vscode.l10n.t('title'),
    description: vscode.l10n.t('description'),
    status_id: vscode.l10n.t('status'),
    priority: vscode.l10n.t('priority'),
    assignee_id: vscode.l10n.t('assignee'),
    due_date: vscode.l10n.t('due date'),
  };
  return words[field] ?? field;
}

/** The input of a queued write, for the user to read, copy or fix: its JSON body, pretty-printed. */
export function inputOf(write: QueuedWrite): string {
  if (write.body === undefined) {
    return '';
  }
  try {
    return JSON.stringify(JSON.parse(write.body), null, 2);
  } catch {
    return write.body;
  }
}
