import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import type { TablePanel } from '../../src/extension/table/panel';
import type { TableHostMessage } from '../../src/shared/table/protocol';
import { useExtension } from './driver';
import type { Json } from './driver';
import { quietRequestLog, requestLog, sandboxControl, sandboxOrigin, ScriptedPrompter, waitFor } from './helpers';

type Row = Record<string, unknown>;

async function storedTasks(): Promise<Row[]> {
  return (await sandboxControl<{ data: Row[] }>('GET', '/state/tasks')).data;
}

/** The requests since the log was last cleared, once it is quiet. */
async function freshLog(): Promise<Awaited<ReturnType<typeof requestLog>>> {
  await quietRequestLog();
  await sandboxControl('DELETE', '/requests');
  return [];
}

/**
 * Open as Table against the sandbox, in a real extension host: sorts, groups and edits go through the
 * table's message entry point (what its page posts) and are read back from the request log and the
 * store.
 */
describe('Table', function () {
  this.timeout(150_000);
  const driver = useExtension();
  let api: TestApi;
  let fx: Json;
  let ws: string;

  async function open(arg: unknown): Promise<TablePanel> {
    const table = (await vscode.commands.executeCommand('taskPlatform.openTable', arg)) as TablePanel | undefined;
    assert.ok(table, 'the command returns the table');
    await table.loaded;
    assert.equal(table.model.error, undefined);
    return table;
  }
  const openList = (listId: string, name: string) => open({ workspaceId: ws, listId, name });
  /** The Backend folder: API (its own statuses), Database and Imports (the space's). */
  const openBackend = () =>
    open({
      kind: 'folder',
      workspaceId: ws,
      spaceId: fx.spaces.engineering,
      folderId: fx.folders.backend,
      name: 'Backend',
    });

  let asked = 0;
  function answer<T extends TableHostMessage['type']>(table: TablePanel, type: T, id: string) {
    const found = table.answers.find((m) => m.type === type && 'id' in m && m.id === id);
    assert.ok(found, `a ${type} answer for ${id}`);
    return found as Extract<TableHostMessage, { type: T }>;
  }

  before(async () => {
    api = driver.api;
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl<Json>('GET', '/fixtures');
    ws = fx.workspaces.acme.id;
    await driver.signInAs('demo-token-erin');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  beforeEach(async () => {
    await sandboxControl('POST', '/reset', { seed: 'demo' });
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens a list as rows of its top-level tasks, with the counts in the title and custom field columns', async () => {
    const table = await openList(fx.lists.api, 'API');
    const stored = (await storedTasks()).filter(
      (t) => t.list_id === fx.lists.api && !t.parent_task_id && !t.deleted_at,
    );
    const model = table.model;
    assert.deepEqual(new Set(model.rows.map((r) => r.id)), new Set(stored.map((t) => t.id)));
    assert.equal(model.counts.total, stored.length);
    assert.equal(model.loadedAll, true);
    assert.match(table.panel.title, new RegExp(`API \\(${stored.length}, ${model.counts.completed} done\\)`));
    assert.deepEqual(
      model.columns.slice(0, 6).map((c) => c.key),
      ['title', 'status', 'priority', 'assignee', 'due', 'list'],
    );
    assert.ok(
      model.columns.some((c) => c.key === `cf:${fx.custom_fields.checkbox}` && c.kind === 'checkbox'),
      'the list-level checkbox field is a column',
    );
    assert.ok(model.rows.every((r) => r.listName === 'API'));
    const again = await vscode.commands.executeCommand('taskPlatform.openTable', {
      workspaceId: ws,
      listId: fx.lists.api,
      name: 'x',
    });
    assert.equal(again, table, 'opening the same list again brings its table to front');
    assert.equal(api.tables.all().length, 1);
    await table.receive({ type: 'open', taskId: model.rows[0]!.id });
    await waitFor(() => api.taskPanels.get(ws, model.rows[0]!.id), 'the task panel of the row');
  });

  it('a header sort is the index sorts; a grouping its group_by with its field first', async () => {
    const table = await openList(fx.lists.api, 'API');
    await freshLog();
    await table.receive({
      type: 'sort',
      sorts: [
        { key: 'due', direction: 'asc' },
        { key: 'priority', direction: 'desc' },
      ],
    });
    let index = (await requestLog()).filter((r) => r.path === `/api/workspaces/${ws}/tasks`);
    assert.equal(index.length, 1);
    assert.deepEqual(JSON.parse(index[0]!.query!.sorts!), [
      { field: 'due_date', direction: 'asc' },
      { field: 'priority', direction: 'desc' },
    ]);
    const dues = table.model.rows.map((r) => r.due).filter((d) => d !== undefined);
    assert.deepEqual(dues, [...dues].sort(), 'rows in due order');

    await sandboxControl('DELETE', '/requests');
    await table.receive({ type: 'group', by: 'priority' });
    index = (await requestLog()).filter((r) => r.path === `/api/workspaces/${ws}/tasks`);
    assert.equal(index.length, 1);
    assert.equal(index[0]!.query!.group_by, 'priority');
    assert.deepEqual(
      JSON.parse(index[0]!.query!.sorts!).map((s: { field: string }) => s.field),
      ['priority', 'due_date'],
    );
    const groups = table.model.groups ?? [];
    const stored = (await storedTasks()).filter(
      (t) => t.list_id === fx.lists.api && !t.parent_task_id && !t.deleted_at,
    );
    for (const group of groups) {
      assert.equal(group.count, stored.filter((t) => (t.priority ?? 'none') === group.key).length, group.key);
      assert.equal(table.model.rows[group.start]?.priority ?? 'none', group.key);
    }
    assert.ok(groups.length > 1, 'several priorities');
  });

  it('grouped by list (no index sort for it): every row in one request, ordered by list on the host', async () => {
    const table = await openBackend();
    await freshLog();
    await table.receive({ type: 'group', by: 'list' });
    const index = (await requestLog()).filter((r) => r.path === `/api/workspaces/${ws}/tasks`);
    assert.equal(index.length, 1);
    assert.equal(index[0]!.query!.per_page, '0');
    assert.equal(index[0]!.query!.group_by, 'list');
    assert.ok(!(index[0]!.query!.sorts ?? '').includes('list'));
    const { rows, groups = [] } = table.model;
    assert.deepEqual(
      groups.map((g) => g.label),
      ['API', 'Database', 'Imports'],
    );
    for (const [i, group] of groups.entries()) {
      const end = groups[i + 1]?.start ?? rows.length;
      assert.equal(end - group.start, group.count, group.label);
      assert.ok(rows.slice(group.start, end).every((r) => r.listId === group.key));
    }
  });

  it('a sort clicked while the previous one loads wins: the slower answer is dropped', async () => {
    const table = await openList(fx.lists.api, 'API');
    await sandboxControl('POST', '/faults', {
      method: 'GET',
      path: '/api/workspaces/*/tasks',
      query: { list_id: fx.lists.api },
      kind: 'latency',
      latency_ms: 1500,
      times: 1,
    });
    const first = table.receive({ type: 'sort', sorts: [{ key: 'title', direction: 'asc' }] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await table.receive({ type: 'sort', sorts: [{ key: 'title', direction: 'desc' }] });
    await first;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const titles = table.model.rows.map((r) => r.title.toLocaleLowerCase());
    assert.deepEqual(titles, [...titles].sort().reverse(), 'rows in the last sort asked');
    assert.equal(table.model.loading, false);
  });

  it('an inline priority edit is one PATCH the sandbox has; the same edit again sends nothing', async () => {
    const table = await openList(fx.lists.database, 'Database');
    const row = table.model.rows.find((r) => r.priority !== 'critical')!;
    await freshLog();
    await table.receive({ type: 'edit', id: `e${++asked}`, taskId: row.id, key: 'priority', value: 'critical' });
    assert.equal(answer(table, 'result', `e${asked}`).ok, true);
    await table.receive({ type: 'edit', id: `e${++asked}`, taskId: row.id, key: 'priority', value: 'critical' });
    assert.equal(answer(table, 'result', `e${asked}`).ok, true);
    const patches = (await requestLog()).filter((r) => r.method === 'PATCH');
    assert.deepEqual(
      patches.map((r) => r.path),
      [`/api/workspaces/${ws}/tasks/${row.id}`],
    );
    assert.equal((await storedTasks()).find((t) => t.id === row.id)?.priority, 'critical');
    assert.equal(table.model.rows.find((r) => r.id === row.id)?.priority, 'critical');
    await table.receive({ type: 'edit', id: `e${++asked}`, taskId: row.id, key: 'priority', value: 'urgent' });
    assert.equal(answer(table, 'result', `e${asked}`).ok, false, 'not a priority: refused before sending');
  });

  it('a custom field cell is one PUT of its value, checked first; the row shows it', async () => {
    const table = await openList(fx.lists.api, 'API');
    const key = `cf:${fx.custom_fields.dropdown}`;
    const column = table.model.columns.find((c) => c.key === key);
    assert.deepEqual(
      column?.options?.map((o) => o.value),
      ['Minor', 'Major', 'Critical'],
    );
    const row = table.model.rows.find((r) => r.fields[key] !== 'Critical')!;
    await freshLog();
    await table.receive({ type: 'edit', id: 'cf1', taskId: row.id, key, value: 'Blocker' });
    assert.equal(answer(table, 'result', 'cf1').ok, false, 'not one of the options');
    await table.receive({ type: 'edit', id: 'cf2', taskId: row.id, key, value: 'Critical' });
    assert.equal(answer(table, 'result', 'cf2').ok, true);
    const writes = (await requestLog()).filter((r) => r.method !== 'GET');
    assert.deepEqual(
      writes.map((r) => `${r.method} ${r.path}`),
      [`PUT /api/tasks/${row.id}/custom-field-values`],
    );
    assert.equal(table.model.rows.find((r) => r.id === row.id)?.fields[key], 'Critical');
    const values = (await sandboxControl<{ data: Row[] }>('GET', `/state/custom_field_values?task_id=${row.id}`)).data;
    assert.ok(
      values.some((v) => v.custom_field_definition_id === fx.custom_fields.dropdown && v.value_text === 'Critical'),
    );
  });

  it('a batch status change of five rows previews them, then sends five PATCHes, each once', async () => {
    const table = await openBackend();
    // In Progress of the space's lists; API has its own In Progress (same name and type).
    const doing = fx.statuses.engineering.find((s: { name: string }) => s.name === 'In Progress');
    const rows = table.model.rows.filter((r) => r.listId !== fx.lists.api && r.statusId !== doing.id).slice(0, 4);
    const already = table.model.rows.find((r) => r.statusId === doing.id);
    const apiRow = table.model.rows.find((r) => r.listId === fx.lists.api && r.status !== 'In Progress');
    assert.ok(rows.length === 4 && already && apiRow, 'four rows to change, one already In Progress, one of API');
    const picked = [...rows, apiRow, already].map((r) => r.id);
    await freshLog();
    await table.receive({ type: 'batchPreview', id: 'b1', taskIds: picked, key: 'status', value: doing.id });
    const preview = answer(table, 'batchPreview', 'b1');
    assert.equal(preview.changes.length, 5, 'the row already In Progress is left out');
    assert.equal(preview.unchanged, 1);
    assert.deepEqual(preview.refused, []);
    assert.ok(preview.changes.every((c) => c.to === 'In Progress' && c.from !== 'In Progress'));
    assert.equal((await requestLog()).length, 0, 'a preview sends nothing');
    // A value no row can take is said per row, not counted as "already has it".
    await table.receive({
      type: 'batchPreview',
      id: 'b0',
      taskIds: picked.slice(0, 2),
      key: 'priority',
      value: 'urgent',
    });
    const refused = answer(table, 'batchPreview', 'b0');
    assert.deepEqual([refused.changes.length, refused.unchanged], [0, 0]);
    assert.deepEqual(
      refused.refused.map((r) => r.taskId),
      picked.slice(0, 2),
    );
    assert.ok(refused.refused.every((r) => r.reason.length > 0));
    await table.receive({ type: 'batchPreview', id: 'b1', taskIds: picked, key: 'status', value: doing.id });
    await table.receive({ type: 'batchApply', id: 'b1' });
    await table.receive({ type: 'batchApply', id: 'b1' });
    const results = table.answers.filter((m) => m.type === 'batchResult');
    assert.deepEqual(
      results.map((r) => (r.type === 'batchResult' ? r.results.filter((x) => x.ok).length : -1)),
      [5, 0],
      'the second apply finds nothing to send',
    );
    const patches = (await requestLog()).filter((r) => r.method === 'PATCH');
    assert.equal(patches.length, 5);
    assert.equal(new Set(patches.map((p) => p.path)).size, 5, 'each row once');
    const stored = await storedTasks();
    for (const id of picked) {
      const task = stored.find((t) => t.id === id)!;
      const status = [...fx.statuses.engineering, ...fx.statuses.api].find(
        (s: { id: string }) => s.id === task.status_id,
      );
      assert.equal(status?.name, 'In Progress', `${id} is In Progress`);
    }
  });

  it('a saved view is sorted and grouped on the host: its requests carry no sorts', async () => {
    const view = { id: fx.views.folder_view, name: 'Backend — open work', workspaceId: ws };
    const table = await open({ kind: 'view', key: 'v', view });
    assert.ok(table.model.counts.filtered !== undefined, 'the view gives its filtered count');
    await freshLog();
    await table.receive({ type: 'sort', sorts: [{ key: 'title', direction: 'desc' }] });
    await table.receive({ type: 'group', by: 'assignee' });
    const log = await requestLog();
    assert.ok(log.length > 0 && log.every((r) => r.path === `/api/views/${view.id}/tasks`), 'only the view read');
    assert.ok(log.every((r) => !r.query?.sorts && !r.query?.group_by && !r.query?.filter));
    const model = table.model;
    assert.equal(model.loadedAll, true);
    assert.equal(model.rows.length, model.counts.filtered);
    for (const group of model.groups ?? []) {
      const inGroup = model.rows.slice(group.start, group.start + group.count);
      assert.ok(
        inGroup.every((r) => (r.assigneeId ?? 'none') === group.key),
        group.label,
      );
      const titles = inGroup.map((r) => r.title.toLocaleLowerCase());
      assert.deepEqual(titles, [...titles].sort().reverse(), `${group.label} by title, descending`);
    }
  });

  it('hostile titles stay text; malformed messages are dropped', async () => {
    const hostile = '<img src=x onerror=alert(1)> [run](command:workbench.action.quit) $(alert)';
    const res = await fetch(`${sandboxOrigin()}/api/workspaces/${ws}/tasks`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-token-alice', 'content-type': 'application/json' },
      body: JSON.stringify({ list_id: fx.lists.database, title: hostile }),
    });
    assert.equal(res.status, 201);
    const table = await openList(fx.lists.database, 'Database');
    const row = table.model.rows.find((r) => r.title.startsWith('<img'));
    assert.ok(row, 'the row is there, its title as text');
    assert.ok(!row.title.includes(']('), 'no link survives');
    assert.ok(!table.panel.webview.html.includes('<img'), 'nothing of it is in the page markup');
    const refused = table.refused;
    await table.receive({ type: 'open', taskId: row.id, command: 'workbench.action.quit' });
    await table.receive({ type: 'sort', sorts: new Array(4).fill({ key: 'title', direction: 'asc' }) });
    await table.receive({ type: 'edit', id: 'x', taskId: 'ACME-1', key: 'priority', value: 'low' });
    assert.equal(table.refused, refused + 3);
  });
  it("the tree's filter bar: the index's filter for a list, applied on the host for a view", async () => {
    const table = await openList(fx.lists.api, 'API');
    const view = await open({
      kind: 'view',
      key: 'v',
      view: { id: fx.views.folder_view, name: 'Backend', workspaceId: ws },
    });
    try {
      await freshLog();
      driver.install(new ScriptedPrompter([], ['Priority…', 'high | critical']));
      await table.receive({ type: 'filter' });
      await table.loaded;
      const index = (await requestLog()).filter((r) => r.path === `/api/workspaces/${ws}/tasks`);
      assert.equal(index.length, 1);
      const [condition] = JSON.parse(index[0]!.query!.filter!).conditions;
      assert.deepEqual(
        [condition.field, condition.op, [...condition.values].sort()],
        ['priority', 'in', ['critical', 'high']],
      );
      assert.ok(table.model.rows.length > 0);
      assert.ok(table.model.rows.every((r) => r.priority === 'high' || r.priority === 'critical'));
      assert.ok(table.model.filterLabel?.includes('high'));

      const before = view.model.rows.length;
      await sandboxControl('DELETE', '/requests');
      driver.install(new ScriptedPrompter([], ['Priority…', 'high']));
      await view.receive({ type: 'filter' });
      await view.loaded;
      const log = await requestLog();
      assert.ok(log.every((r) => r.path === `/api/views/${fx.views.folder_view}/tasks` && !r.query?.filter));
      assert.ok(
        view.model.rows.length > 0 && view.model.rows.length < before,
        `${view.model.rows.length} of ${before}`,
      );
      assert.ok(view.model.rows.every((r) => r.priority === 'high'));
    } finally {
      await table.filter.set({});
      await view.filter.set({});
    }
  });

  it('switches to the board of the same list and back through the title bar command', async () => {
    const table = await openList(fx.lists.database, 'Database');
    await table.receive({ type: 'switchToBoard' });
    const board = api.boards.all().find((b) => b.source.id === fx.lists.database);
    assert.ok(board, 'the board of the same list');
    await waitFor(() => board.panel.active || undefined, 'the board active');
    const back = await vscode.commands.executeCommand('taskPlatform.openTable');
    assert.equal(back, table, 'Open as Table from the board brings its table back');
  });

  it('offline, an edit waits in the outbox, marked pending on its row, and is sent once when the service is back', async () => {
    const table = await openList(fx.lists.database, 'Database');
    const row = table.model.rows.find((r) => r.priority !== 'low')!;
    driver.install(new ScriptedPrompter());
    await sandboxControl('POST', '/faults', { path: '/api/**', kind: 'reset_before' });
    await table.receive({ type: 'edit', id: 'off', taskId: row.id, key: 'priority', value: 'low' });
    assert.equal(answer(table, 'result', 'off').ok, true);
    await waitFor(
      () => table.model.rows.find((r) => r.id === row.id && r.priority === 'low')?.pending,
      'the row at low, marked not sent',
    );
    await sandboxControl('DELETE', '/faults');
    await sandboxControl('DELETE', '/requests');
    assert.equal(await api.outbox.connectivity.probe(), true);
    await waitFor(
      () => table.model.rows.find((r) => r.id === row.id && !r.pending),
      'the edit sent and the mark gone',
      60_000,
    );
    assert.equal((await requestLog()).filter((r) => r.method === 'PATCH').length, 1, 'replayed once');
    assert.equal((await storedTasks()).find((t) => t.id === row.id)?.priority, 'low');
  });

  it("someone else's change shows at the next poll of a visible table, never while the window is away", async () => {
    const table = await openList(fx.lists.database, 'Database');
    const row = table.model.rows.find((r) => r.priority !== 'critical')!;
    const res = await fetch(`${sandboxOrigin()}/api/workspaces/${ws}/tasks/${row.id}`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer demo-token-bob', 'content-type': 'application/json' },
      body: JSON.stringify({ priority: 'critical' }),
    });
    assert.equal(res.status, 200);
    await waitFor(() => table.panel.visible || undefined, 'the table visible');
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    await waitFor(() => {
      const { remaining, limit, paused } = state.client.limiter.snapshot();
      return remaining * 2 >= limit && !paused ? true : undefined;
    }, 'half the budget or more left');
    api.tables.setWindowFocused(false);
    assert.equal(await api.tables.poll(), 0, 'no poll while the window is away');
    api.tables.setWindowFocused(true);
    assert.equal(await api.tables.poll(), 1);
    assert.equal(table.model.rows.find((r) => r.id === row.id)?.priority, 'critical');
  });

  it('the 2,500-task list: its first 100 rows at once, the rest in one per_page=0 request on scrolling', async () => {
    await sandboxControl('POST', '/reset', { seed: 'large' });
    const large = await sandboxControl<Json>('GET', '/fixtures');
    // Erin is not in the large seed's Acme.
    await driver.signInAs('demo-token-alice');
    try {
      await freshLog();
      const table = await open({ workspaceId: large.workspaces.acme.id, listId: large.lists.big_1, name: 'Big' });
      const index = () => requestLog().then((log) => log.filter((r) => r.path.endsWith('/tasks') && r.query?.list_id));
      assert.deepEqual(
        (await index()).map((r) => r.query?.per_page),
        ['100'],
      );
      assert.equal(table.model.rows.length, 100);
      assert.equal(table.model.total, large.big_list_size);
      assert.equal(table.model.loadedAll, false);
      await table.receive({ type: 'more' });
      await table.receive({ type: 'more' });
      assert.deepEqual(
        (await index()).map((r) => r.query?.per_page),
        ['100', '0'],
        'two requests for a full scroll',
      );
      assert.equal(table.model.rows.length, large.big_list_size);
      assert.equal(table.model.loadedAll, true);

      // A view of the same 2,500 tasks: its own pages, one more per scroll; a sort loads 20 pages at most.
      const viewId = large.views.big_list_view;
      await sandboxControl('DELETE', '/requests');
      const view = await open({ kind: 'view', key: 'v', view: { id: viewId, name: 'Big view' } });
      const pages = () =>
        requestLog().then((log) =>
          log.filter((r) => r.path === `/api/views/${viewId}/tasks`).map((r) => r.query?.page),
        );
      assert.deepEqual(await pages(), ['1']);
      await view.receive({ type: 'more' });
      assert.deepEqual(await pages(), ['1', '2'], 'the next page only');
      assert.equal(view.model.rows.length, 200);
      await sandboxControl('DELETE', '/requests');
      const served = view.model.rows.map((r) => r.id);
      await view.receive({ type: 'sort', sorts: [{ key: 'title', direction: 'asc' }] });
      assert.equal((await pages()).length, 20, 'twenty pages, no more');
      assert.equal(view.model.rows.length, 2_000);
      assert.ok(view.model.notice, 'the table says the view is too big to sort here');
      assert.deepEqual(
        view.model.rows.slice(0, 200).map((r) => r.id),
        served,
        "the view's own order kept",
      );
    } finally {
      await sandboxControl('POST', '/reset', { seed: 'demo' });
      await driver.signInAs('demo-token-erin');
    }
  });
});
