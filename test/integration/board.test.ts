import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import type { BoardPanel } from '../../src/extension/board/panel';
import { useExtension } from './driver';
import type { Json } from './driver';
import { quietRequestLog, requestLog, sandboxControl, sandboxOrigin, ScriptedPrompter, waitFor } from './helpers';

type Row = Record<string, unknown>;

async function storedTask(id: string): Promise<Row> {
  const rows = (await sandboxControl<{ data: Row[] }>('GET', `/state/tasks?id=${id}`)).data;
  const row = rows.find((r) => r.id === id);
  assert.ok(row, `task ${id} in the sandbox`);
  return row;
}

/**
 * Open as Board against the sandbox, in a real extension host: moves go through the board's message
 * entry point (what its page posts) and are read back from the request log and the store.
 */
describe('Board', function () {
  this.timeout(150_000);
  const driver = useExtension();
  let api: TestApi;
  let fx: Json;
  let ws: string;
  let listId: string;

  async function openBoard(): Promise<BoardPanel> {
    const board = (await vscode.commands.executeCommand('taskPlatform.openBoard', {
      workspaceId: ws,
      listId,
      name: 'Database',
    })) as BoardPanel | undefined;
    assert.ok(board, 'the command returns the board');
    await board.loaded;
    assert.equal(board.model.error, undefined);
    return board;
  }

  const column = (board: BoardPanel, name: string) => {
    const found = board.model.columns.find((c) => c.name === name);
    assert.ok(found, `column ${name} in ${board.model.columns.map((c) => c.name).join(', ')}`);
    return found;
  };

  /** What the page posts when a card goes to the column named `name`. */
  let asked = 0;
  const move = (board: BoardPanel, taskId: string, name: string) =>
    board.receive({ type: 'move', id: `m${++asked}`, taskId, column: column(board, name).key });

  before(async () => {
    api = driver.api;
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl<Json>('GET', '/fixtures');
    ws = fx.workspaces.acme.id;
    listId = fx.lists.database;
    // Its own token: the other suites' request budgets stay theirs.
    await driver.signInAs('demo-token-erin');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  beforeEach(async () => {
    await sandboxControl('POST', '/reset', { seed: 'demo' });
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens a list as one column per status of the list, with every top-level task as a card', async () => {
    const board = await openBoard();
    assert.deepEqual(
      board.model.columns.map((c) => c.name),
      fx.statuses.engineering.map((s: { name: string }) => s.name),
    );
    const stored = (await sandboxControl<{ data: Row[] }>('GET', '/state/tasks')).data.filter(
      (t) => t.list_id === listId && !t.parent_task_id && !t.deleted_at,
    );
    const cards = board.model.columns.flatMap((c) => c.cards);
    assert.equal(cards.length, stored.length);
    assert.equal(board.model.total, stored.length);
    const again = await vscode.commands.executeCommand('taskPlatform.openBoard', {
      workspaceId: ws,
      listId,
      name: 'x',
    });
    assert.equal(again, board, 'opening the same list again brings its board to front');
    assert.equal(api.boards.all().length, 1);
  });

  it('a tab restored after a reload opens on what its page kept; a state naming no source closes it unread', async () => {
    // A tab as VS Code hands it over: already in its editor group (closing one still opening logs an error).
    const tab = async (): Promise<vscode.WebviewPanel> => {
      const panel = vscode.window.createWebviewPanel(
        'taskPlatform.board',
        'Board: Database',
        vscode.ViewColumn.Active,
        {},
      );
      await waitFor(() => panel.visible || undefined, 'the tab shown');
      return panel;
    };
    const restored = await tab();
    // What the page keeps: the host's `reopen` message, a tree node's argument.
    const kept = { reopen: { kind: 'list', workspaceId: ws, listId, name: 'Database' } };
    await api.boards.serializer.deserializeWebviewPanel(restored, kept);
    const board = api.boards.all().find((b) => b.panel === restored);
    assert.ok(board, 'the restored tab is a board again');
    await board.loaded;
    assert.equal(board.source.id, listId);
    assert.ok(board.model.columns.flatMap((c) => c.cards).length > 0, 'its cards read again');

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await quietRequestLog();
    await sandboxControl('DELETE', '/requests');
    const bad: unknown[] = [
      undefined,
      {},
      { reopen: 'list' },
      { reopen: { kind: 'list', workspaceId: ws, listId: '../../tasks', name: 'Database' } },
      { reopen: { kind: 'list', workspaceId: 'not-a-workspace', listId, name: 'x' } },
      { reopen: { kind: 'view', view: { id: '<img src=x>', name: 'x' } } },
    ];
    for (const state of bad) {
      const panel = await tab();
      let closed = false;
      panel.onDidDispose(() => (closed = true));
      await api.boards.serializer.deserializeWebviewPanel(panel, state);
      assert.ok(closed, `closed: ${JSON.stringify(state)}`);
    }
    assert.equal(api.boards.all().length, 0);
    assert.deepEqual(await requestLog(), [], 'nothing was read for them');
  });

  it('a move posted by the page is one PATCH of the status; the same move again sends nothing', async () => {
    const board = await openBoard();
    const card = column(board, 'To Do').cards[0];
    assert.ok(card, 'a card in To Do');
    await quietRequestLog();
    await sandboxControl('DELETE', '/requests');
    const outcome = await move(board, card.id, 'Done');
    assert.deepEqual(outcome, { ok: true, sent: true });
    assert.ok(
      column(board, 'Done').cards.some((c) => c.id === card.id),
      'the card is in Done',
    );
    const again = await move(board, card.id, 'Done');
    assert.deepEqual(again, { ok: true, sent: false });
    const patches = (await requestLog()).filter((r) => r.method === 'PATCH');
    assert.deepEqual(
      patches.map((r) => r.path),
      [`/api/workspaces/${ws}/tasks/${card.id}`],
    );
    const doneId = fx.statuses.engineering.find((s: { name: string }) => s.name === 'Done').id;
    assert.equal((await storedTask(card.id)).status_id, doneId);
  });

  it('a move whose answer is lost is retried with the same key and applied once', async () => {
    const board = await openBoard();
    const card = column(board, 'To Do').cards[0]!;
    await sandboxControl('POST', '/faults', {
      method: 'PATCH',
      path: '/api/workspaces/*/tasks/*',
      kind: 'reset_after',
      times: 1,
    });
    await sandboxControl('DELETE', '/requests');
    const outcome = await move(board, card.id, 'Review');
    assert.equal(outcome?.ok, true);
    const patches = (await requestLog()).filter((r) => r.method === 'PATCH') as unknown as {
      idempotency_key: string;
    }[];
    assert.equal(patches.length, 2, 'the lost answer and the retry');
    assert.equal(new Set(patches.map((p) => p.idempotency_key)).size, 1, 'one key for both');
    const activity = (await sandboxControl<{ data: Row[] }>('GET', `/state/activity?task_id=${card.id}`)).data;
    assert.equal(activity.filter((a) => JSON.stringify(a.new_value ?? {}).includes('status')).length, 1);
  });

  it('a refused move snaps back with the reason; malformed messages are dropped', async () => {
    const board = await openBoard();
    const card = column(board, 'To Do').cards[0]!;
    // Someone else sends the task to the Trash: the board still shows it, the service answers 404.
    const res = await fetch(`${sandboxOrigin()}/api/workspaces/${ws}/tasks/${card.id}`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer demo-token-alice' },
    });
    assert.equal(res.status, 200);
    driver.install(new ScriptedPrompter());
    const outcome = await move(board, card.id, 'Done');
    assert.equal(outcome?.ok, false);
    assert.match(outcome && !outcome.ok ? outcome.error : '', /no longer exists/);
    assert.ok(
      column(board, 'To Do').cards.some((c) => c.id === card.id),
      'the card is back in To Do',
    );
    const refused = board.refused;
    await board.receive({ type: 'move', id: 'm2', taskId: card.id, column: 'x', extra: '<img src=x>' });
    await board.receive({ type: 'move', id: 'm3', taskId: 'not-a-uuid', column: 'x' });
    assert.equal(board.refused, refused + 2);
  });

  it("a folder board merges its lists' statuses by name and type; a move takes the task's own list's status", async () => {
    const board = (await vscode.commands.executeCommand('taskPlatform.openBoard', {
      kind: 'folder',
      workspaceId: ws,
      spaceId: fx.spaces.engineering,
      folderId: fx.folders.backend,
      name: 'Backend',
    })) as BoardPanel;
    await board.loaded;
    const names = board.model.columns.map((c) => c.name);
    // API has its own statuses; Database and Imports the space's. In Progress (active) is in both: one column.
    for (const name of ['Backlog', 'Ready', 'To Do', 'In Progress', 'Review', 'Blocked', 'Shipped', 'Done']) {
      assert.equal(names.filter((n) => n === name).length, 1, `${name} once in ${names.join(', ')}`);
    }
    const stored = (await sandboxControl<{ data: Row[] }>('GET', '/state/tasks')).data;
    const listOf = new Map(stored.map((t) => [t.id as string, t.list_id as string]));
    const cards = board.model.columns.flatMap((c) => c.cards);
    const apiCard = cards.find(
      (c) => listOf.get(c.id) === fx.lists.api && !column(board, 'In Progress').cards.includes(c),
    );
    const dbCard = cards.find((c) => listOf.get(c.id) === listId);
    assert.ok(apiCard && dbCard, 'cards of both lists');
    await quietRequestLog();
    await sandboxControl('DELETE', '/requests');
    const refused = await move(board, dbCard.id, 'Shipped');
    assert.equal(refused?.ok, false, 'Shipped is not a status of Database');
    const moved = await move(board, apiCard.id, 'In Progress');
    assert.deepEqual(moved, { ok: true, sent: true });
    assert.equal((await requestLog()).filter((r) => r.method === 'PATCH').length, 1);
    const apiInProgress = fx.statuses.api.find((s: { name: string }) => s.name === 'In Progress').id;
    assert.equal((await storedTask(apiCard.id)).status_id, apiInProgress);
  });

  it("a saved view as a board: the view's own rows and counts, moves as for a list", async () => {
    const view = { id: fx.views.folder_view, name: 'Backend — open work', workspaceId: ws, pinned: true };
    const board = (await vscode.commands.executeCommand('taskPlatform.openBoard', {
      kind: 'view',
      key: 'v',
      view,
    })) as BoardPanel;
    await board.loaded;
    assert.equal(board.model.error, undefined);
    const log = await requestLog();
    assert.ok(
      log.some((r) => r.path === `/api/views/${view.id}/tasks`),
      'the view was evaluated by the service',
    );
    const cards = board.model.columns.flatMap((c) => c.cards);
    assert.equal(cards.length, board.model.filtered);
    assert.ok(cards.length > 0);
    // A task of Database (the space's statuses) to Review.
    const stored = (await sandboxControl<{ data: Row[] }>('GET', '/state/tasks')).data;
    const card = cards.find((c) => stored.some((t) => t.id === c.id && t.list_id === listId))!;
    assert.ok(card, 'a Database task in the view');
    const moved = await move(board, card.id, 'Review');
    assert.equal(moved?.ok, true);
    const review = fx.statuses.engineering.find((s: { name: string }) => s.name === 'Review').id;
    assert.equal((await storedTask(card.id)).status_id, review);
  });

  it('offline, a move waits in the outbox, marked on its card, and is sent once when the service is back', async () => {
    const board = await openBoard();
    const card = column(board, 'To Do').cards[0]!;
    driver.install(new ScriptedPrompter());
    await sandboxControl('POST', '/faults', { path: '/api/**', kind: 'reset_before' });
    const outcome = await move(board, card.id, 'Done');
    assert.deepEqual(outcome, { ok: true, sent: false });
    await waitFor(
      () => column(board, 'Done').cards.find((c) => c.id === card.id)?.pending,
      'the card in Done, marked not sent',
    );
    await sandboxControl('DELETE', '/faults');
    await sandboxControl('DELETE', '/requests');
    assert.equal(await api.outbox.connectivity.probe(), true);
    await waitFor(
      () => column(board, 'Done').cards.find((c) => c.id === card.id && !c.pending),
      'the move sent and the mark gone',
      60_000,
    );
    const patches = (await requestLog()).filter((r) => r.method === 'PATCH');
    assert.equal(patches.length, 1, 'replayed once');
    const doneId = fx.statuses.engineering.find((s: { name: string }) => s.name === 'Done').id;
    assert.equal((await storedTask(card.id)).status_id, doneId);
  });

  it("someone else's change shows at the next poll of a visible board, never while the window is away", async () => {
    const board = await openBoard();
    const card = column(board, 'To Do').cards[0]!;
    const review = fx.statuses.engineering.find((s: { name: string }) => s.name === 'Review').id;
    const res = await fetch(`${sandboxOrigin()}/api/workspaces/${ws}/tasks/${card.id}`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer demo-token-bob', 'content-type': 'application/json' },
      body: JSON.stringify({ status_id: review }),
    });
    assert.equal(res.status, 200);
    await waitFor(() => board.panel.visible || undefined, 'the board visible');
    // A poll also needs half the budget left: earlier suites may have spent it (the runner's short
    // rate window gives it back).
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    await waitFor(() => {
      const { remaining, limit, paused } = state.client.limiter.snapshot();
      return remaining * 2 >= limit && !paused ? true : undefined;
    }, 'half the budget or more left');
    api.boards.setWindowFocused(false);
    assert.equal(await api.boards.poll(), 0, 'no poll while the window is away');
    assert.ok(column(board, 'To Do').cards.some((c) => c.id === card.id));
    api.boards.setWindowFocused(true);
    // A poll reads nothing (and sends nothing) while the budget is below half or the board is hidden
    // behind another editor for a moment; the first poll that reads the board must show the change.
    await waitFor(async () => (await api.boards.poll()) === 1, 'a poll that reads the visible board');
    assert.ok(
      column(board, 'Review').cards.some((c) => c.id === card.id),
      'the card moved to Review',
    );
  });

  it('a change told on the bus moves the card in place, with no request', async () => {
    const board = await openBoard();
    const card = column(board, 'To Do').cards[0]!;
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    const task = await state.client.getTask(ws, card.id);
    await quietRequestLog();
    const before = (await requestLog()).length;
    const review = fx.statuses.engineering.find((s: { name: string }) => s.name === 'Review');
    api.changes.fire({
      kind: 'updated',
      workspaceId: ws,
      task: { ...task, status_id: review.id, status: { ...review, color: '#f5a623' } },
    });
    await waitFor(() => column(board, 'Review').cards.some((c) => c.id === card.id), 'the card in Review');
    assert.equal((await requestLog()).length, before);
  });
});
