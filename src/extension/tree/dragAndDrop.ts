import * as vscode from 'vscode';
import { UnauthorizedError } from '../../core/api/errors';
import type { ListNode, TaskNode, TreeNode } from '../../core/tree/nodes';
import type { Session } from '../auth/session';
import { log } from '../log';
import type { TaskChanges } from '../tasks/changes';
import { abortSignalFor } from '../ui/cancellation';
import { describeFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';

const MIME = 'application/vnd.code.tree.taskplatform.explorer';

export interface MoveOutcome {
  readonly moved: TaskNode[];
  readonly failed: { node: TaskNode; reason: string }[];
  readonly skipped: number;
}

/**
 * Drag tasks onto a list to move them there (`POST /tasks/{task}/move`, Reference: Tasks). Nothing
 * changes in the tree until the server has answered: a refused move leaves the tree as it was, and
 * the summary says why.
 */
export class ExplorerDragAndDrop implements vscode.TreeDragAndDropController<TreeNode> {
  readonly dragMimeTypes = [MIME];
  readonly dropMimeTypes = [MIME];
  private dragged: TaskNode[] = [];

  constructor(
    private readonly session: Session,
    private readonly changes: TaskChanges,
  ) {}

  handleDrag(source: readonly TreeNode[], data: vscode.DataTransfer): void {
    this.dragged = source.filter((n): n is TaskNode => n.kind === 'task');
    if (this.dragged.length > 0) {
      data.set(MIME, new vscode.DataTransferItem(this.dragged.map((n) => n.taskId)));
    }
  }

  async handleDrop(target: TreeNode | undefined, data: vscode.DataTransfer): Promise<void> {
    if (!data.get(MIME) || this.dragged.length === 0) {
      return;
    }
    const tasks = this.dragged;
    this.dragged = [];
    if (target?.kind !== 'list') {
      void prompter().warn(vscode.l10n.t('Drop tasks on a list to move them there.'));
      return;
    }
    await this.moveWithProgress(tasks, target);
  }

  async moveWithProgress(tasks: readonly TaskNode[], list: ListNode): Promise<MoveOutcome> {
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Moving tasks to {0}', list.name), cancellable: true },
      (progress, token) => this.move(tasks, list, progress, abortSignalFor(token)),
    );
    void this.summarize(outcome, list);
    return outcome;
  }

  private async move(tasks: readonly TaskNode[], list: ListNode, progress: vscode.Progress<{ increment: number }>, signal: AbortSignal): Promise<MoveOutcome> {
    const state = await this.session.ensure();
    const outcome: MoveOutcome = { moved: [], failed: [], skipped: 0 };
    if (state.kind !== 'signedIn') {
      return outcome;
    }
    const ids = new Set(tasks.map((t) => t.taskId));
    // A subtask dragged with its parent moves with it; a task already in the list needs no request.
    const toMove = tasks.filter((t) => !ids.has(t.row.parent_task_id ?? '') && t.row.list_id !== list.listId);
    (outcome as { skipped: number }).skipped = tasks.length - toMove.length;
    for (const node of toMove) {
      if (signal.aborted) {
        break;
      }
      try {
        const task = await state.client.moveTask(node.taskId, { target_type: 'list', target_id: list.listId }, { signal, priority: 'user' });
        outcome.moved.push(node);
        this.changes.fire({ kind: 'moved', workspaceId: node.workspaceId, task, fromListId: node.row.list_id });
      } catch (error) {
        outcome.failed.push({ node, reason: describeFailure(vscode.l10n.t('Could not move {0}', node.row.display_id ?? node.row.title), error) });
        if (UnauthorizedError.is(error)) {
          this.session.markRejected();
          break;
        }
      }
      progress.report({ increment: 100 / toMove.length });
    }
    return outcome;
  }

  private summarize(outcome: MoveOutcome, list: ListNode): Thenable<string | undefined> | undefined {
    const { moved, failed } = outcome;
    log.info(`Drag and drop to ${list.listId}: ${moved.length} moved, ${failed.length} failed, ${outcome.skipped} skipped`);
    if (failed.length === 0) {
      return moved.length === 0 ? undefined : prompter().info(vscode.l10n.t('Moved {0} task(s) to {1}.', moved.length, list.name));
    }
    const reasons = failed.map((f) => f.reason).join(' ');
    return prompter().error(vscode.l10n.t('Moved {0} of {1} task(s) to {2}. {3}', moved.length, moved.length + failed.length, list.name, reasons));
  }
}
