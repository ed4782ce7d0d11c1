// The task panel, board and table act as the account of what they show (docs/decisions/accounts.md):
// Alice (primary) and Bob on the first sandbox, Frank on the other world's sandbox. Each check reads
// both sandboxes' request logs: what is shown as Frank is read and written on his service alone.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BoardPanel } from '../../src/extension/board/panel';
import type { TestApi } from '../../src/extension/main';
import type { TablePanel } from '../../src/extension/table/panel';
import type { TaskPanel } from '../../src/extension/taskPanel/panel';
import { useExtension } from './driver';
import type { OtherWorld, RequestLogEntry } from './helpers';
import { otherWorld, requestLog, sandboxControl, waitFor } from './helpers';

interface OtherFixtures {
  workspaces: { acme: { id: string } };
  tasks: Record<'first_acme_task' | 'task_with_subtasks', { id: string; list_id: string; title: string }>;
}

describe('Accounts: the task panel, board and table act as the account of what they show', function () {
  this.timeout(120_000);
  const driver = useExtension();
  let api: TestApi;
  let other: OtherWorld;
  let ofx: OtherFixtures;
  let frank: string;
  let bob: string;

  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('taskPlatform');
  const clearLogs = async (): Promise<void> => {
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
  };
  /** What reached the first service about the other world's ids (Alice's own background reads aside). */
  const leaked = async (): Promise<RequestLogEntry[]> =>
    (await requestLog()).filter(
      (r) => r.method !== 'GET' || r.token_label === 'frank' || r.path.includes(ofx.workspaces.acme.id),
    );
  /** Every section of a panel is in (or failed): its reads are over. */
  const settled = (panel: TaskPanel): Promise<unknown> =>
    waitFor(() => {
      const m = panel.model;
      return m.complete && m.activity && m.comments && m.subtasks && m.dependencies && m.statuses ? true : undefined;
    }, 'every section of the panel');
  const openTask = async (ref: { workspaceId: string; taskId: string; account?: string }): Promise<TaskPanel> => {
    await vscode.commands.executeCommand('taskPlatform.openTask', ref);
    const panel = await waitFor(() => api.taskPanels.get(ref.workspaceId, ref.taskId, ref.account), 'the panel');
    await settled(panel);
    return panel;
  };
  const frankRef = (task: { id: string }): { workspaceId: string; taskId: string; account: string } => ({
    workspaceId: ofx.workspaces.acme.id,
    taskId: task.id,
    account: frank,
  });

  before(async () => {
    api = driver.api;
    other = await otherWorld();
    await other.control('POST', '/reset');
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    ofx = await other.control<OtherFixtures>('GET', '/fixtures');
    await api.session.signOut();
    await driver.signOutOthers();
    await driver.signInAs('demo-token-alice');
    driver.script([other.baseUrl, 'other-token-frank']);
    frank = (await api.accounts.createSession()).id;
    driver.script([api.session.state.kind === 'signedIn' ? api.session.state.baseUrl : '', 'demo-token-bob']);
    bob = (await api.accounts.createSession()).id;
    // Every task in a panel of its own: the preview panel would show one task after the other.
    await config().update('panel.preview', 'off', vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await config().update('panel.preview', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await driver.signOutOthers();
    await api.session.signOut();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("Frank's task opens and is edited from the panel on his service alone; what it opens is his too", async () => {
    await clearLogs();
    const panel = await openTask(frankRef(ofx.tasks.task_with_subtasks));
    assert.equal(panel.account, frank);
    assert.equal(panel.model.account, frank, 'the page keeps the account for a reload');
    assert.equal(panel.model.task.title, ofx.tasks.task_with_subtasks.title);
    const outcome = await panel.receive({
      type: 'edit',
      id: 'e1',
      change: { field: 'title', value: 'Edited by Frank' },
    });
    assert.deepEqual(outcome, { ok: true });
    const patches = (await other.requestLog()).filter((r) => r.method === 'PATCH');
    assert.deepEqual(
      patches.map((r) => `${r.path} ${r.token_label}`),
      [`/api/workspaces/${ofx.workspaces.acme.id}/tasks/${ofx.tasks.task_with_subtasks.id} frank`],
    );
    assert.ok(
      (await other.requestLog()).every((r) => r.token_label === 'frank'),
      "every read and write with Frank's token",
    );
    // A subtask opened from the panel is seen through Frank's account as well.
    const sub = panel.model.subtasks?.[0];
    assert.ok(sub, 'a subtask');
    await panel.receive({ type: 'openTask', taskId: sub.id });
    const subPanel = await waitFor(
      () => api.taskPanels.get(ofx.workspaces.acme.id, sub.id, frank),
      "the subtask's panel, as Frank",
    );
    await settled(subPanel);
    assert.equal(subPanel.model.errors.task, undefined);
    assert.deepEqual(await leaked(), [], 'nothing of it sent to the first service');
  });

  it('the same task seen by Alice and by Bob opens two panels, each reading with its own token', async () => {
    const demo = await sandboxControl<{
      workspaces: { acme: { id: string } };
      tasks: { task_with_comments: { id: string } };
    }>('GET', '/fixtures');
    const ref = { workspaceId: demo.workspaces.acme.id, taskId: demo.tasks.task_with_comments.id };
    await clearLogs();
    const hers = await openTask(ref);
    const his = await openTask({ ...ref, account: bob });
    assert.notEqual(hers, his, 'two panels');
    assert.equal(api.taskPanels.all().length, 2);
    assert.equal(hers.account, api.session.key);
    assert.equal(his.account, bob);
    assert.notEqual(hers.panel, his.panel);
    const reads = (await requestLog()).filter(
      (r) => r.path === `/api/workspaces/${ref.workspaceId}/tasks/${ref.taskId}`,
    );
    assert.deepEqual([...new Set(reads.map((r) => r.token_label))].sort(), ['alice', 'bob']);
    assert.equal(hers.model.me === his.model.me, false, 'each panel knows its own user');
    // Opened again, each account's panel comes to front: no third panel.
    await vscode.commands.executeCommand('taskPlatform.openTask', { ...ref, account: bob });
    await vscode.commands.executeCommand('taskPlatform.openTask', ref);
    assert.equal(api.taskPanels.all().length, 2);
  });

  it("a board and a table of Frank's list read on his service alone; a card moved there writes there only", async () => {
    const task = ofx.tasks.first_acme_task;
    const node = {
      kind: 'list',
      workspaceId: ofx.workspaces.acme.id,
      listId: task.list_id,
      name: 'Lab',
      account: frank,
    };
    await clearLogs();
    const board = (await vscode.commands.executeCommand('taskPlatform.openBoard', node)) as BoardPanel | undefined;
    assert.ok(board, 'the board opens');
    await board.loaded;
    assert.equal(board.model.error, undefined);
    assert.equal(board.source.account, frank);
    const cards = board.model.columns.flatMap((c) => c.cards);
    assert.ok(
      cards.some((c) => c.id === task.id),
      "Frank's task is a card",
    );
    const target = board.model.columns.find((c) => !c.cards.some((card) => card.id === task.id));
    assert.ok(target, 'another column');
    const moved = await board.receive({ type: 'move', id: 'm1', taskId: task.id, column: target.key });
    assert.deepEqual(moved, { ok: true, sent: true });
    assert.deepEqual(
      (await other.requestLog()).filter((r) => r.method === 'PATCH').map((r) => `${r.path} ${r.token_label}`),
      [`/api/workspaces/${ofx.workspaces.acme.id}/tasks/${task.id} frank`],
    );
    // The card opens the task as Frank.
    await board.receive({ type: 'open', taskId: task.id });
    await waitFor(() => api.taskPanels.get(ofx.workspaces.acme.id, task.id, frank), "the card's task, as Frank");

    const table = (await vscode.commands.executeCommand('taskPlatform.openTable', node)) as TablePanel | undefined;
    assert.ok(table, 'the table opens');
    await table.loaded;
    assert.equal(table.model.error, undefined);
    assert.ok(table.model.rows.some((r) => r.id === task.id));
    // A poll is background work: it reads only while half of the account's budget is left, which
    // the board, table and panel above may have spent for a moment on a loaded machine.
    await waitFor(() => {
      const state = api.services.accounts.find(frank)?.state;
      const budget = state?.kind === 'signedIn' ? state.client.limiter.snapshot() : undefined;
      return (budget && budget.remaining >= budget.limit / 2 && !budget.paused) || undefined;
    }, "half of Frank's budget left");
    api.tables.setWindowFocused(true); // someone is at the window: a poll reads
    try {
      assert.equal(await api.tables.poll(), 1, "the table's poll reads through Frank's client");
    } finally {
      api.tables.setWindowFocused(vscode.window.state.focused);
    }
    assert.ok(
      (await other.requestLog()).every((r) => r.token_label === 'frank'),
      "every read and write with Frank's token",
    );
    assert.deepEqual(await leaked(), [], 'nothing of it sent to the first service');
  });

  it('a reload restores each tab as its account; with that account signed out it says so and sends nothing', async () => {
    const tab = async (viewType: string): Promise<vscode.WebviewPanel> => {
      const panel = vscode.window.createWebviewPanel(viewType, 'Restored', vscode.ViewColumn.Active, {});
      await waitFor(() => panel.visible || undefined, 'the tab shown');
      return panel;
    };
    const panel = await openTask(frankRef(ofx.tasks.first_acme_task));
    // What the page keeps (webview/taskPanel/app.ts save()): the model's task and account.
    const kept = {
      workspaceId: panel.model.workspaceId,
      taskId: panel.model.task.id,
      account: panel.model.account,
      drafts: {},
    };
    assert.equal(kept.account, frank);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const restored = await tab('taskPlatform.task');
    await api.taskPanels.serializer.deserializeWebviewPanel(restored, kept);
    const again = api.taskPanels.all().find((p) => p.panel === restored);
    assert.ok(again, 'the tab is a task panel again');
    assert.equal(again.account, frank, "as Frank's");
    await settled(again);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    await api.services.accounts.find(frank)?.signOut();
    await clearLogs();
    const prompter = driver.script();
    const orphan = await tab('taskPlatform.task');
    let closed = false;
    orphan.onDidDispose(() => (closed = true));
    await api.taskPanels.serializer.deserializeWebviewPanel(orphan, kept);
    assert.equal(closed, false, 'the tab stays, saying why it is empty');
    assert.match(api.taskPanels.missing.get(orphan) ?? '', /is not signed in/);
    assert.match(orphan.webview.html, /is not signed in/);
    assert.equal(api.taskPanels.all().length, 0, 'no panel was made for it');
    await waitFor(
      () => prompter.messages.some((m) => m.level === 'warn' && /is not signed in/.test(m.text)) || undefined,
      'a warning with the way back',
    );
    const boardTab = await tab('taskPlatform.board');
    const reopen = {
      kind: 'list',
      workspaceId: ofx.workspaces.acme.id,
      listId: ofx.tasks.first_acme_task.list_id,
      name: 'Lab',
      account: frank,
    };
    await api.boards.serializer.deserializeWebviewPanel(boardTab, { reopen });
    assert.match(api.boards.missing.get(boardTab) ?? '', /is not signed in/);
    assert.equal(api.boards.all().length, 0);
    assert.deepEqual(await other.requestLog(), [], 'nothing sent to his service');
    assert.deepEqual(await leaked(), [], 'nor to the first one');
  });
});
