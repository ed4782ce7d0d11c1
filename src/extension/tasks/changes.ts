import * as vscode from 'vscode';
import type { Task } from '../../core/api/schemas';

/**
 * A write the extension made (or saw), told to every feature that shows tasks: the tree refreshes
 * only the nodes concerned, the panel re-renders its task. Whoever writes fires; nobody polls for
 * its own writes.
 */
export type TaskChange =
  /** Fields of an existing task changed (PATCH, custom fields, comments, dependencies...). */
  | { readonly kind: 'updated'; readonly workspaceId: string; readonly task: Task }
  | { readonly kind: 'created'; readonly workspaceId: string; readonly task: Task }
  /** Moved to another list or sprint; `fromListId` is where it was. */
  | { readonly kind: 'moved'; readonly workspaceId: string; readonly task: Task; readonly fromListId?: string }
  /** Sent to Trash, with its subtasks. */
  | {
      readonly kind: 'deleted';
      readonly workspaceId: string;
      readonly taskId: string;
      readonly listId?: string;
      readonly parentTaskId?: string | null;
    }
  | { readonly kind: 'restored'; readonly workspaceId: string; readonly taskId: string; readonly task?: Task };

export class TaskChanges implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TaskChange>();
  readonly onDidChange = this.emitter.event;

  fire(change: TaskChange): void {
    this.emitter.fire(change);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
