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
  const tasks = source.filter((n): n is TaskNode => n.kind === 'task');
  lastDrag = { at: Date.now(), rows: new Map(tasks.map((n) => [n.taskId, n.row])) };
  const text = dragText(tasks.map((n) => n.row));
  if (text !== undefined) {
    data.set(TEXT_MIME, new vscode.DataTransferItem(text));
  }
}

/**
 * The tasks of the last drag out of a tree, for a drop VS Code does not hand to the extension: a
 * webview (the task panel's comment box) gets only the rows' resource URIs, which name task ids.
 */
let lastDrag:
  { readonly at: number; readonly rows: ReadonlyMap<string, { readonly display_id?: unknown }> } | undefined;
const DRAG_LIFETIME_MS = 5 * 60_000;

/** The display ids of `taskIds` if they were dragged out of a tree lately (dragText's rules), else undefined. */
export function draggedText(taskIds: readonly string[]): string | undefined {
  if (!lastDrag || Date.now() - lastDrag.at > DRAG_LIFETIME_MS) {
    return undefined;
  }
  const rows = taskIds.map((id) => lastDrag?.rows.get(id)).filter((r) => r !== undefined);
  return rows.length === taskIds.length ? dragText(rows) : undefined;
}

/** Drag out only (My Tasks, Saved Views): a task drags out as its display id; nothing drops here. */
export class TaskDragOut<T extends { readonly kind: string }> implements vscode.TreeDragAndDropController<T> {
  readonly dragMimeTypes = [TEXT_MIME];
  readonly dropMimeTypes: readonly string[] = [];

  handleDrag(source: readonly T[], data: vscode.DataTransfer): void {
    addDragText(source, data);
  }
}

/**
 * Task rows carry a resource URI (their decorations, tree/decorations.ts), so a drag also holds a
 * `text/uri-list`, and a language's own drop (Markdown makes it a link) could win over the id. This
 * provider offers the display id first, in every language; the others stay in the drop's menu.
 */
export class TaskDropProvider implements vscode.DocumentDropEditProvider {
  static readonly kind = vscode.DocumentDropOrPasteEditKind.Text.append('taskPlatform', 'displayId');

  async provideDocumentDropEdits(
    _document: vscode.TextDocument,
    _position: vscode.Position,
    data: vscode.DataTransfer,
    token: vscode.CancellationToken,
  ): Promise<vscode.DocumentDropEdit[] | undefined> {
    const uris = (await data.get('text/uri-list')?.asString()) ?? '';
    const text = await data.get(TEXT_MIME)?.asString();
    if (!uris.includes(`${TASK_URI_SCHEME}:`) || !text || token.isCancellationRequested) {
      return undefined;
    }
    return [new vscode.DocumentDropEdit(text, vscode.l10n.t('Insert Task Id'), TaskDropProvider.kind)];
  }
}

const TASK_URI_SCHEME = 'taskplatform-task'; // the rows' resource URIs (tree/decorations.ts)

/** Registered for every language, Markdown named so that its score matches Markdown's own provider. */
export function registerTaskDrop(): vscode.Disposable {
  return vscode.languages.registerDocumentDropEditProvider([{ language: 'markdown' }, '*'], new TaskDropProvider(), {
    providedDropEditKinds: [TaskDropProvider.kind],
    dropMimeTypes: ['text/uri-list'],
  });
}
