import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TaskNode, TreeNode } from '../../src/core/tree/nodes';
import { dueDisplay } from '../../src/core/text/dates';
import { inertMarkdown } from '../../src/core/text/inert';
import type { BoardPanel } from '../../src/extension/board/panel';
import type { TablePanel } from '../../src/extension/table/panel';
import { escapeAttr } from '../../src/extension/taskPanel/html';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import type { Json } from './driver';
import { sandboxControl, waitFor } from './helpers';

/**
 * One seeded overdue task of the Database list, read in each surface the host builds: the tree's
 * description, tooltip and decoration, the board's card, the table's row and the task panel's first
 * paint (the page's own render uses the same function, core/text/dates.ts; the e2e tier reads it).
 */
describe('Due dates: the same words and overdue mark in tree, board, table and panel', function () {
  this.timeout(150_000);
  const driver = useExtension();
  let api: TestApi;
  let fx: Json;
  let ws: string;

  before(async () => {
    api = driver.api;
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl<Json>('GET', '/fixtures');
    ws = fx.workspaces.acme.id;
    // Its own token: the other suites' request budgets stay theirs.
    await driver.signInAs('demo-token-bob');
    await api.explorer.filter.set({});
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The next suites sign in as they need: Bob must not be the account they find.
    await api.session.signOut();
  });

  async function child(parent: TreeNode | undefined, label: string): Promise<TreeNode> {
    const nodes = await api.explorer.getChildren(parent);
    const found = nodes.find((n) => String(api.explorer.getTreeItem(n).label) === label);
    assert.ok(found, `"${label}" in the tree`);
    return found;
  }

  it('an overdue task of the seed reads "Due <day>, overdue" in all four', async () => {
    const board = (await vscode.commands.executeCommand('taskPlatform.openBoard', {
      workspaceId: ws,
      listId: fx.lists.database,
      name: 'Database',
    })) as BoardPanel;
    await board.loaded;
    const card = board.model.columns.flatMap((c) => c.cards).find((c) => c.overdue);
    assert.ok(card, 'the seed has an overdue task in Database (due three days ago, open)');
    const stored = (await sandboxControl<Json>('GET', `/state/tasks?id=${card.id}`)).data[0];
    const expected = dueDisplay(stored.due_date, false, new Date(), vscode.env.language);
    assert.ok(expected?.overdue, `stored due ${stored.due_date} is before now`);
    if (vscode.env.language === 'en') assert.match(expected.text, /^(yesterday|\d days ago)$/, 'near: relative');
    const label = `Due ${expected.text}, overdue`;

    // The board: the card's text and its overdue flag (the page shows them as they are).
    assert.equal(card.dueText, expected.text);
    assert.equal(card.due, stored.due_date.slice(0, 10));

    // The table: the same row's Due Date cell.
    const table = (await vscode.commands.executeCommand('taskPlatform.openTable', {
      workspaceId: ws,
      listId: fx.lists.database,
      name: 'Database',
    })) as TablePanel;
    await table.loaded;
    const row = await waitFor(() => table.model.rows.find((r) => r.id === card.id), 'the row in the table');
    assert.equal(row.dueText, expected.text);
    assert.equal(row.overdue, true);

    // The tree: description, tooltip and the decoration's flag.
    const list = await child(
      await child(await child(await child(undefined, 'Acme'), 'Engineering'), 'Backend'),
      'Database',
    );
    const node = (await api.explorer.getChildren(list)).find((n) => n.kind === 'task' && n.taskId === card.id) as
      TaskNode | undefined;
    assert.ok(node, 'the task in the tree');
    const item = api.explorer.getTreeItem(node);
    assert.ok(String(item.description).includes(` · ${label}`), `tree description: ${item.description}`);
    assert.ok(
      (item.tooltip as vscode.MarkdownString).value.includes(`Due: ${inertMarkdown(`${expected.text}, overdue`)}`),
      'tree tooltip: the same words, no raw GMT time',
    );
    assert.equal(item.resourceUri?.query, 'overdue', 'the decoration colours it as overdue');

    // The task panel: the known row written into the page before its script runs.
    await vscode.commands.executeCommand('taskPlatform.openTask', { workspaceId: ws, taskId: card.id, row: node.row });
    const panel = await waitFor(() => api.taskPanels.get(ws, card.id), 'the panel');
    assert.ok(panel.panel.webview.html.includes(`<span>${escapeAttr(label)}</span>`), 'panel first paint');
  });
});
