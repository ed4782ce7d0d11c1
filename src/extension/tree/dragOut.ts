import * as vscode from 'vscode';
import type { TaskNode } from '../../core/tree/nodes';
import { dragText } from '../../core/tree/dragText';

/** What editors (and any text box) take from a drag: the display ids of the dragged tasks. */
export const TEXT_MIME = 'text/plain';

/**
 * Adds the dragged tasks' display ids as `text/plain` (core/tree/dragText.ts): dropped into an
 * editor, VS Code's own text drop inserts them at the drop position. Rows other than tasks add nothing.
 */
export function addDragText(source: readonly { readonly kind: string }[], data: vscode.DataTransfer): void {
  const text = dragText(source.filter((n): n is TaskNode => n.kind === 'task').map((n) => n.row));
  if (text !== undefined) {
    data.set(TEXT_MIME, new vscode.DataTransferItem(text));
  }
}

/** Drag out only (My Tasks, Saved Views): a task drags out as its display id; nothing drops here. */
export class TaskDragOut<T extends { readonly kind: string }> implements vscode.TreeDragAndDropController<T> {
  readonly dragMimeTypes = [TEXT_MIME];
  readonly dropMimeTypes: readonly string[] = [];

  handleDrag(source: readonly T[], data: vscode.DataTransfer): void {
    addDragText(source, data);
  }
}
