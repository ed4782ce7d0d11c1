import * as vscode from 'vscode';
import type { TaskRow } from '../../core/api/schemas';
import { isDisplayId } from '../../core/tasks/displayId';
import { inert } from '../../core/text/inert';
import { myTaskRows } from '../../core/tree/myTasksModel';
import type { ReferenceFinder } from './finder';

/** Commit messages: Source Control's box and `git commit`'s editor. */
export const COMMIT_MESSAGE_SELECTOR: vscode.DocumentSelector = [{ language: 'scminput' }, { language: 'git-commit' }];

/** How long the user's tasks read for one completion serve the next ones. */
const FRESH_MS = 60_000;
/** Workspaces read for one completion: the first active ones (each costs one request per space). */
const MAX_WORKSPACES = 3;

/**
 * `#` in a commit message offers the user's own tasks by title; accepting one writes its display
 * id in place of `#…`. The tasks are read once (the My Tasks query: one index call per space) and
 * kept for a minute, and VS Code filters them while the user types, so typing sends nothing.
 */
export class MyTaskCompletion implements vscode.CompletionItemProvider {
  private cached: { account: string; at: number; rows: Promise<TaskRow[]> } | undefined;

  constructor(private readonly finder: ReferenceFinder) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    const before = document.lineAt(position.line).text.slice(0, position.character);
    const typed = /(?:^|\s)#([^\s#]*)$/.exec(before)?.[1];
    if (typed === undefined) {
      return undefined;
    }
    let rows: TaskRow[];
    try {
      rows = await this.myTasks();
    } catch {
      // Completion stays quiet on failure; the next `#` tries again.
      this.cached = undefined;
      return undefined;
    }
    if (token.isCancellationRequested) {
      return undefined;
    }
    const range = new vscode.Range(position.translate(0, -(typed.length + 1)), position);
    const items = rows
      // Only display ids of the grammar are offered: accepting an item writes its id into the message.
      .filter((row) => isDisplayId(row.display_id))
      .map((row) => {
        const title = inert(row.title, 200);
        const item = new vscode.CompletionItem(
          { label: title, description: row.display_id as string },
          vscode.CompletionItemKind.Reference,
        );
        item.insertText = row.display_id as string;
        item.range = range;
        item.filterText = `#${title} ${row.display_id}`;
        item.detail = row.status?.name ? inert(row.status.name, 80) : undefined;
        return item;
      });
    return new vscode.CompletionList(items, false);
  }

  private myTasks(): Promise<TaskRow[]> {
    const state = this.finder.signedIn;
    if (!state) {
      return Promise.resolve([]);
    }
    const account = state.user.id;
    if (this.cached?.account === account && Date.now() - this.cached.at < FRESH_MS) {
      return this.cached.rows;
    }
    const workspaces = state.user.workspaces.filter((w) => w.pivot?.is_active !== false).slice(0, MAX_WORKSPACES);
    const rows = Promise.all(workspaces.map((w) => myTaskRows(state.client, w.id, state.user.id))).then((all) =>
      all.flat(),
    );
    this.cached = { account, at: Date.now(), rows };
    return rows;
  }
}
