import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { signedInFor } from '../auth/guard';
import { markStepDone } from '../walkthrough/progress';
import type { Task } from '../../core/api/schemas';
import { commentSyntax } from '../../core/codeLinks/syntax';
import type { CommentSyntax } from '../../core/codeLinks/syntax';
import { todoComments, todoReferenceInsert } from '../../core/codeLinks/todos';
import { writableDisplayId } from '../../core/tasks/displayId';
import { fenced } from '../../core/text/fence';
import { inertMarkdown } from '../../core/text/inert';
import type { TodoComment } from '../../core/codeLinks/todos';
import { openTask } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { pickList } from '../common/pickList';
import { SECTION } from '../config';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { refusedMessage } from './insert';

const SNIPPET_LINES = 3;
/** Characters of each snippet line put in the description (a minified line can be megabytes). */
const MAX_SNIPPET_LINE = 500;

/**
 * TODOs of a document version: code actions ask on every cursor move, lenses on every change. The
 * comment syntax is part of the key: it changes when the installed languages have been read.
 */
const scanned = new WeakMap<
  vscode.TextDocument,
  { version: number; syntax: CommentSyntax | undefined; todos: TodoComment[] }
>();

function unlinkedTodos(document: vscode.TextDocument): TodoComment[] {
  const hit = scanned.get(document);
  const syntax = commentSyntax(document.languageId);
  if (hit && hit.version === document.version && hit.syntax === syntax) {
    return hit.todos;
  }
  const todos = todoComments(document.getText(), document.languageId).filter((t) => !t.linked);
  scanned.set(document, { version: document.version, syntax, todos });
  return todos;
}

function todosIn(document: vscode.TextDocument, range?: vscode.Range): TodoComment[] {
  const all = unlinkedTodos(document);
  return range
    ? all.filter(
        (t) =>
          range.intersection(lineOf(document, t)) !== undefined ||
          range.start.line === document.positionAt(t.keywordStart).line,
      )
    : all;
}

function lineOf(document: vscode.TextDocument, todo: TodoComment): vscode.Range {
  return document.lineAt(document.positionAt(todo.keywordStart).line).range;
}

/** Code action "Create Task from TODO" on TODO/FIXME/BUG comments not linked yet. */
export class TodoActions implements vscode.CodeActionProvider, vscode.CodeLensProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  private readonly lensChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensChanged.event;

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range): vscode.CodeAction[] {
    return todosIn(document, range).map((todo) => {
      const action = new vscode.CodeAction(
        vscode.l10n.t('Create Task from {0}: "{1}"', todo.keyword, todo.text),
        vscode.CodeActionKind.QuickFix,
      );
      action.command = {
        command: Commands.codeLinksCreateFromTodo,
        title: action.title,
        arguments: [{ uri: document.uri.toString(), offset: todo.keywordStart }],
      };
      return action;
    });
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!vscode.workspace.getConfiguration(SECTION, document.uri).get<boolean>('codeLinks.todoCodeLens', true)) {
      return [];
    }
    return todosIn(document).map(
      (todo) =>
        new vscode.CodeLens(lineOf(document, todo), {
          command: Commands.codeLinksCreateFromTodo,
          title: vscode.l10n.t('Create task from {0}', todo.keyword),
          arguments: [{ uri: document.uri.toString(), offset: todo.keywordStart }],
        }),
    );
  }

  refreshLenses(): void {
    this.lensChanged.fire();
  }

  dispose(): void {
    this.lensChanged.dispose();
  }
}

/**
 * Creates the task (title from the comment; file, line and a snippet in the description;
 * docs/api/openapi.yaml#createTask) and rewrites the comment to carry the new display id: `TODO(ACME-12): ...`.
 */
export async function createFromTodo(ctx: CommandContext, arg: unknown): Promise<Task | undefined> {
  const found = await todoFromArg(arg);
  if (!found) {
    void prompter().warn(
      vscode.l10n.t('Put the cursor on a TODO, FIXME or BUG comment that has no task reference yet.'),
    );
    return undefined;
  }
  const { document, todo } = found;
  const state = await signedInFor(ctx.services.accounts, undefined);
  const title = vscode.l10n.t('Create Task from {0}', todo.keyword);
  const list = state && (await pickList(ctx, state, title));
  if (!state || !list) {
    return undefined;
  }
  // The comment's text is a first draft of the title: shown for editing, not sent as it is.
  const taskTitle = (
    await prompter().inputBox({
      title,
      prompt: vscode.l10n.t('Title of the new task (Enter creates it)'),
      value: todo.text,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('A task needs a title.') : undefined),
    })
  )?.trim();
  if (!taskTitle) {
    return undefined;
  }
  let task: Task;
  try {
    task = await state.client.createTask(
      list.workspaceId,
      { list_id: list.listId, title: taskTitle, description: describe(document, todo) },
      { priority: 'user' },
    );
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not create the task'), error);
    return undefined;
  }
  ctx.services.changes.fire({ kind: 'created', workspaceId: list.workspaceId, task });
  markStepDone('taskLinked');
  const displayId = writableDisplayId(task);
  if (!displayId) {
    void prompter().warn(
      refusedMessage(vscode.l10n.t('the task was created, but nothing was written into the comment')),
    );
    return task;
  }
  if (!(await linkComment(document, todo, displayId))) {
    void prompter().warn(
      vscode.l10n.t('Created {0}, but the comment changed meanwhile; add the reference by hand.', displayId),
    );
    return task;
  }
  void announce(list.workspaceId, task, displayId, document);
  return task;
}

/** Says what was done, the file left for the user to save, with Open for the new task. */
async function announce(
  workspaceId: string,
  task: Task,
  displayId: string,
  document: vscode.TextDocument,
): Promise<void> {
  const open = vscode.l10n.t('Open');
  const message = document.isDirty
    ? vscode.l10n.t('Created {0}. The comment now names it; {1} is not saved yet.', displayId, fileName(document))
    : vscode.l10n.t('Created {0}. The comment now names it.', displayId);
  if ((await prompter().info(message, open)) === open) {
    await openTask({ workspaceId, taskId: task.id, row: task });
  }
}

function fileName(document: vscode.TextDocument): string {
  return vscode.workspace.asRelativePath(document.uri, false);
}

async function todoFromArg(arg: unknown): Promise<{ document: vscode.TextDocument; todo: TodoComment } | undefined> {
  const given = arg as { uri?: unknown; offset?: unknown } | undefined;
  const editor = vscode.window.activeTextEditor;
  const uri = typeof given?.uri === 'string' ? vscode.Uri.parse(given.uri) : editor?.document.uri;
  if (!uri) {
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const todos = todosIn(document);
  const todo =
    typeof given?.offset === 'number'
      ? todos.find((t) => t.keywordStart === given.offset)
      : todos.find((t) => editor && document.positionAt(t.keywordStart).line === editor.selection.active.line);
  return todo ? { document, todo } : undefined;
}

function describe(document: vscode.TextDocument, todo: TodoComment): string {
  const line = document.positionAt(todo.keywordStart).line;
  const path = vscode.workspace.asRelativePath(document.uri, false);
  const first = Math.max(0, line - 1);
  const last = Math.min(document.lineCount - 1, first + SNIPPET_LINES - 1);
  const lines: string[] = [];
  for (let i = first; i <= last; i++) {
    lines.push(document.lineAt(i).text.slice(0, MAX_SNIPPET_LINE));
  }
  // The file name is workspace text: plain in the Markdown description, never a link or markup.
  return `${todo.keyword} in ${inertMarkdown(path)}:${line + 1}\n\n${fenced(lines.join('\n'), document.languageId)}`;
}

/** Inserts `(ACME-12)` after the keyword of the same TODO (found again: the document may have moved on). */
async function linkComment(document: vscode.TextDocument, todo: TodoComment, displayId: string): Promise<boolean> {
  const now = todosIn(document)
    .filter((t) => t.keyword === todo.keyword && t.text === todo.text)
    .sort((a, b) => Math.abs(a.keywordStart - todo.keywordStart) - Math.abs(b.keywordStart - todo.keywordStart))[0];
  const insert = todoReferenceInsert(displayId);
  if (!now || insert === undefined) {
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.insert(document.uri, document.positionAt(now.keywordEnd), insert);
  return vscode.workspace.applyEdit(edit);
}
