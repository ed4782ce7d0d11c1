import * as vscode from 'vscode';
import { signedInFor } from '../auth/guard';
import { markStepDone } from '../walkthrough/progress';
import type { TaskRow } from '../../core/api/schemas';
import { commentSpans } from '../../core/codeLinks/comments';
import { idBeforeCursor } from '../../core/codeLinks/references';
import { commentSyntax, lineCommentFor } from '../../core/codeLinks/syntax';
import { isDisplayId } from '../../core/tasks/displayId';
import { inert } from '../../core/text/inert';
import type { CommandContext } from '../common/commandContext';
import { searchForTask } from '../common/pickTask';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import type { ReferenceFinder } from './finder';

function inComment(document: vscode.TextDocument, position: vscode.Position): boolean {
  const syntax = commentSyntax(document.languageId);
  const offset = document.offsetAt(position);
  return (
    syntax !== undefined && commentSpans(document.getText(), syntax).some((s) => offset > s.start && offset <= s.end)
  );
}

/**
 * Insert Task Reference: search for a task, then write its display id at the cursor; outside a
 * comment it is wrapped in the language's comment form (`# ACME-12`, `<!-- ACME-12 -->`).
 */
export async function insertReference(ctx: CommandContext, finder: ReferenceFinder): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void prompter().warn(vscode.l10n.t('Open a file to insert a task reference into.'));
    return undefined;
  }
  const displayId = await pickDisplayId(ctx, finder, vscode.l10n.t('Insert Task Reference'));
  if (!displayId) {
    return undefined;
  }
  if (!isDisplayId(displayId)) {
    void prompter().warn(refusedMessage(vscode.l10n.t('nothing was inserted')));
    return undefined;
  }
  const { document, selection } = editor;
  await finder.languages.ready();
  const { open, close } = lineCommentFor(document.languageId);
  const text = inComment(document, selection.active) ? displayId : `${open} ${displayId}${close ? ` ${close}` : ''}`;
  await editor.edit((edit) => edit.replace(selection, text));
  markStepDone('taskLinked');
  return text;
}

/** Searches for a task and returns its display id (learning its prefix). */
async function pickDisplayId(ctx: CommandContext, finder: ReferenceFinder, title: string): Promise<string | undefined> {
  // No target: the account rule (the current task's, the only one, the folder's, else asked).
  const state = await signedInFor(ctx.services.accounts, undefined);
  const ref = state && (await searchForTask(state, title));
  if (!state || !ref) {
    return undefined;
  }
  let displayId = ref.row?.display_id;
  try {
    displayId ??= (await state.client.getTask(ref.workspaceId, ref.taskId, { priority: 'user' })).display_id;
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not read the task'), error);
    return undefined;
  }
  if (isDisplayId(displayId)) {
    finder.learn(ref.workspaceId, displayId, state);
  }
  return displayId;
}

/**
 * Why a display id from the service is not written (display ids are `ACME-12`: core/tasks/displayId.ts).
 * The value itself is not repeated: it may hold a line break, markup or a link.
 */
export function refusedMessage(outcome: string): string {
  return vscode.l10n.t(
    'The service gave this task a display id that is not letters and digits, a dash and a number (such as ACME-12): {0}.',
    outcome,
  );
}

/** Quick fix of a stale reference: replace it with a reference to another task (picked by search). */
export async function replaceReference(
  ctx: CommandContext,
  finder: ReferenceFinder,
  arg: unknown,
): Promise<string | undefined> {
  const given = arg as { uri?: unknown; start?: unknown; end?: unknown } | undefined;
  if (typeof given?.uri !== 'string' || typeof given.start !== 'number' || typeof given.end !== 'number') {
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(given.uri));
  const old = finder.scan(document).find((r) => r.start === given.start && r.end === given.end);
  const displayId = old && (await pickDisplayId(ctx, finder, vscode.l10n.t('Replace {0}', old.displayId)));
  // The document may have changed while the user searched: find the same reference again.
  const now =
    old &&
    finder
      .scan(document)
      .filter((r) => r.displayId === old.displayId)
      .sort((a, b) => Math.abs(a.start - old.start) - Math.abs(b.start - old.start))[0];
  if (!now || !displayId) {
    return undefined;
  }
  if (!isDisplayId(displayId)) {
    void prompter().warn(refusedMessage(vscode.l10n.t('the reference was not replaced')));
    return undefined;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(now.start), document.positionAt(now.end)), displayId);
  return (await vscode.workspace.applyEdit(edit)) ? displayId : undefined;
}

/**
 * Completion in comments: after `ACME-` (a known prefix) offers the tasks already resolved and one
 * search of that prefix (docs/api/openapi.yaml#searchWorkspace: display ids match); VS Code filters the list while the
 * user types,
 * so there is one request per completion session, not per keystroke.
 */
export class ReferenceCompletion implements vscode.CompletionItemProvider {
  constructor(private readonly finder: ReferenceFinder) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    const before = document.lineAt(position.line).text.slice(0, position.character);
    const match = idBeforeCursor(before);
    const prefix = match?.prefix;
    if (!match || !prefix || !this.finder.prefixes().prefixes().includes(prefix) || !inComment(document, position)) {
      return undefined;
    }
    const range = new vscode.Range(position.translate(0, -match.length), position);
    const resolver = this.finder.resolver();
    const rows = new Map<string, TaskRow>();
    // Only display ids of the grammar are offered: accepting an item writes its label into the file.
    const offer = (row: TaskRow): void =>
      void (isDisplayId(row.display_id) && row.display_id.startsWith(`${prefix}-`) && rows.set(row.display_id, row));
    resolver?.cachedTasks().forEach(({ task }) => offer(task));
    const state = this.finder.signedIn;
    const workspaces = this.finder.prefixes().workspacesFor(prefix, state?.user.workspaces.map((w) => w.id) ?? []);
    for (const workspaceId of state ? workspaces.slice(0, 2) : []) {
      try {
        const result = await state?.client.search(
          { q: `${prefix}-${match.number}`, workspace_id: workspaceId, type: 'tasks', per_page: 20 },
          { priority: 'user' },
        );
        (result?.tasks?.hits ?? []).forEach((hit) => offer(hit as TaskRow));
      } catch {
        // Completion stays quiet on failure: the cached tasks are still offered.
      }
      if (token.isCancellationRequested) {
        return undefined;
      }
    }
    const items = [...rows.values()].map((row) => {
      const item = new vscode.CompletionItem(
        { label: row.display_id as string, description: inert(row.title, 200) },
        vscode.CompletionItemKind.Reference,
      );
      item.insertText = row.display_id as string;
      item.range = range;
      item.filterText = `${row.display_id} ${inert(row.title, 200)}`;
      return item;
    });
    return new vscode.CompletionList(items, false);
  }
}
