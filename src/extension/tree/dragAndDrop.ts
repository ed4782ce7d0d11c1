import * as vscode from 'vscode';
import type { ListNode, TaskNode, TreeNode } from '../../core/tree/nodes';
import { moveTasks } from '../common/moveTasks';
import type { MoveOutcome } from '../common/moveTasks';
import { log } from '../log';
import type { Services } from '../services';
import { prompter } from '../ui/prompter';
import { addDragText, TEXT_MIME } from './dragOut';

const MIME = 'application/vnd.code.tree.taskplatform.explorer';

/**
 * Drag tasks onto a list to move them there (docs/api/openapi.yaml#moveTask), through
 * the same `moveTasks` as the Move Task command: progress, one request at a time, a summary. Nothing
 * changes in the tree until the server has answered, so a refused move leaves the tree as it was.
 * Dragged out of the tree (into an editor), a task drops its display id as text (dragOut.ts).
 */
export class ExplorerDragAndDrop implements vscode.TreeDragAndDropController<TreeNode> {
  readonly dragMimeTypes = [MIME, TEXT_MIME];
  readonly dropMimeTypes = [MIME];
  private dragged: TaskNode[] = [];

  constructor(private readonly services: Services) {}

  handleDrag(source: readonly TreeNode[], data: vscode.DataTransfer): void {
    this.dragged = source.filter((n): n is TaskNode => n.kind === 'task');
    if (this.dragged.length > 0) {
      // With several accounts each id goes with its account (a drop onto another's list is refused).
      const several = this.dragged.some((n) => n.account !== undefined);
      const value = several ? this.dragged.map((n) => ({ taskId: n.taskId, account: n.account })) : undefined;
      data.set(MIME, new vscode.DataTransferItem(value ?? this.dragged.map((n) => n.taskId)));
    }
    addDragText(source, data);
  }

  async handleDrop(target: TreeNode | undefined, data: vscode.DataTransfer): Promise<void> {
    await this.drop(target, data);
  }

  /** The drop, returning what happened to each task (tests read it). */
  async drop(target: TreeNode | undefined, data: vscode.DataTransfer): Promise<MoveOutcome[]> {
    if (!data.get(MIME) || this.dragged.length === 0) {
      return [];
    }
    const tasks = this.dragged;
    this.dragged = [];
    if (target?.kind !== 'list') {
      void prompter().warn(vscode.l10n.t('Drop tasks on a list to move them there.'));
      return [];
    }
    if (tasks.some((t) => t.account !== target.account)) {
      // A task moves within its own service and account only: refused before any request.
      void prompter().error(
        vscode.l10n.t('These items belong to different Task Platform accounts. Act on one account at a time.'),
      );
      return [];
    }
    return this.move(tasks, target);
  }

  private async move(tasks: readonly TaskNode[], list: ListNode): Promise<MoveOutcome[]> {
    const ids = new Set(tasks.map((t) => t.taskId));
    // A subtask dragged with its parent moves with it; a task already in the list needs no request.
    const toMove = tasks.filter((t) => !ids.has(t.row.parent_task_id ?? '') && t.row.list_id !== list.listId);
    if (toMove.length === 0) {
      return [];
    }
    const outcomes = await moveTasks(this.services, toMove, { target_type: 'list', target_id: list.listId }, list.name);
    log.info(
      `Drag and drop to list ${list.listId}: ${outcomes.filter((o) => o.ok).length} moved, ${outcomes.filter((o) => !o.ok).length} refused`,
    );
    return outcomes;
  }
}
