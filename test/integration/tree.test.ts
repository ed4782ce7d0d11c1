import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ListNode, TaskNode, TreeNode } from '../../src/core/tree/nodes';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import { quietRequestLog, requestLog, sandboxControl, sandboxOrigin, ScriptedPrompter, waitFor } from './helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures are untyped JSON */
type Json = any;

describe('Explorer tree against the sandbox', function () {
  const driver = useExtension();
  const { script, signInAs, install } = driver;
  let api: TestApi;
  let fx: Json;

  const labelOf = (tree: { getTreeItem(n: TreeNode): vscode.TreeItem }, node: TreeNode): string =>
    String(tree.getTreeItem(node).label);

  async function child(parent: TreeNode | undefined, label: string): Promise<TreeNode> {
    const nodes = await api.explorer.getChildren(parent);
    const found = nodes.find((n) => labelOf(api.explorer, n) === label);
    assert.ok(found, `"${label}" not among ${nodes.map((n) => labelOf(api.explorer, n)).join(', ')}`);
    return found;
  }

  async function path(...labels: string[]): Promise<TreeNode> {
    let node: TreeNode | undefined;
    for (const label of labels) {
      node = await child(node, label);
    }
    return node!;
  }

  /** The sandbox's own evaluation of an index query, as alice, over plain HTTP. */
  async function sandboxRows(
    workspaceId: string,
    query: Record<string, string>,
    token = 'demo-token-alice',
  ): Promise<string[]> {
    const url = new URL(`${sandboxOrigin()}/api/workspaces/${workspaceId}/tasks`);
    Object.entries(query).forEach(([k, v]) => url.searchParams.set(k, v));
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    return ((await res.json()) as { data: { id: string }[] }).data.map((r) => r.id).sort();
  }

  const taskIds = (nodes: TreeNode[]): string[] =>
    nodes
      .filter((n): n is TaskNode => n.kind === 'task')
      .map((n) => n.taskId)
      .sort();

  before(() => {
    api = driver.api;
  });

  beforeEach(async () => {
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl('GET', '/fixtures');
    await api.explorer.filter.set({});
    await api.myTasks.filter.set({});
    await signInAs('demo-token-alice');
  });

  it('walks workspace -> space -> folder -> list -> task -> subtasks 3 levels deep', async () => {
    const deep = fx.tasks.task_with_subtasks_3_deep;
    const list = await path('Acme', 'Engineering', 'Backend', 'API');
    const rows = await api.explorer.getChildren(list);
    const parent = rows.find((n) => n.kind === 'task' && n.taskId === deep.id) as TaskNode;
    assert.ok(parent, 'the 3-deep task is in its list');
    const item = api.explorer.getTreeItem(parent);
    assert.equal(item.label, deep.title);
    assert.ok(
      String(item.description).startsWith(deep.display_id),
      `description starts with the display id: ${item.description}`,
    );
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.equal((item.iconPath as vscode.Uri).scheme, 'data', 'status icon drawn in the status colour');
    assert.ok(item.tooltip instanceof vscode.MarkdownString);
    assert.equal(item.command?.command, 'taskPlatform.openTask');
    let level: TaskNode = parent;
    for (let depth = 1; depth <= 3; depth++) {
      const kids = (await api.explorer.getChildren(level)).filter((n): n is TaskNode => n.kind === 'task');
      assert.ok(kids.length > 0, `level ${depth} has subtasks`);
      assert.ok(kids.every((k) => k.row.parent_task_id === level.taskId));
      level = kids.find((k) => (k.row.subtask_count ?? 0) > 0) ?? kids[0]!;
    }
    const log = await requestLog();
    assert.ok(
      !log.some((r) => r.path.endsWith('/subtasks')),
      'subtasks come from /tasks/children, not one /subtasks call per task',
    );
    assert.equal(api.explorer.getTreeItem(list).description, `${rows.filter((r) => r.kind === 'task').length} tasks`);
  });

  it('bob never sees the private space and never gets an error for it', async () => {
    await signInAs('demo-token-bob');
    const spaces = await api.explorer.getChildren(await child(undefined, 'Acme'));
    assert.deepEqual(spaces.map((s) => labelOf(api.explorer, s)).sort(), ['Engineering', 'Marketing']);
    const log = await requestLog();
    assert.ok(
      log.every((r) => r.status < 400),
      `no error answers: ${log.map((r) => `${r.path} ${r.status}`).join(', ')}`,
    );
  });

  it('filters by priority through the filter bar and shows the rows the sandbox evaluates', async () => {
    const list = (await path('Acme', 'Engineering', 'Backend', 'API')) as ListNode;
    await api.explorer.getChildren(list);
    script([], ['Priority…', 'high | critical']);
    await vscode.commands.executeCommand('taskPlatform.explorer.filter');
    assert.deepEqual(api.explorer.filter.spec.priorities, ['critical', 'high']);
    assert.match(String(api.explorer.view.description), /critical, high/);
    const filter = JSON.stringify({
      match: 'all',
      conditions: [{ field: 'priority', op: 'in', values: ['high', 'critical'] }],
    });
    const expected = await sandboxRows(list.workspaceId, { list_id: list.listId, filter });
    assert.ok(expected.length > 0);
    assert.deepEqual(taskIds(await api.explorer.getChildren(list)), expected);
    const sent = (await requestLog()).filter(
      (r) => r.path.endsWith('/tasks') && r.method === 'GET' && r.token_label === 'alice',
    );
    assert.ok(
      sent.some((r) => decodeURIComponent(JSON.stringify(r)).includes('priority')),
      `the filter went to the server: ${JSON.stringify(sent.at(-1))}`,
    );
    await vscode.commands.executeCommand('taskPlatform.explorer.clearFilter');
    assert.deepEqual(
      taskIds(await api.explorer.getChildren(list)),
      await sandboxRows(list.workspaceId, { list_id: list.listId }),
    );
  });

  it('filters by status name, due preset and text, each as the sandbox evaluates them', async () => {
    const list = (await path('Acme', 'Engineering', 'Frontend', 'Web App')) as ListNode;
    const all = (await api.explorer.getChildren(list)).filter((n): n is TaskNode => n.kind === 'task');
    const statusName = all[0]!.row.status!.name;
    const statusIds = (fx.statuses.engineering as { id: string; name: string }[])
      .filter((s) => s.name === statusName)
      .map((s) => s.id);
    const cases: { choices: string[]; spec: object; query: Record<string, string> }[] = [
      {
        choices: ['Status…', statusName],
        spec: { statusNames: [statusName] },
        query: {
          filter: JSON.stringify({ match: 'all', conditions: [{ field: 'status_id', op: 'in', values: statusIds }] }),
        },
      },
      {
        choices: ['Due Date…', 'Overdue'],
        spec: { due: 'overdue' },
        query: {
          filter: JSON.stringify({ match: 'all', conditions: [{ field: 'due_date', op: 'in', values: ['overdue'] }] }),
        },
      },
    ];
    for (const c of cases) {
      await api.explorer.filter.set({});
      script([], c.choices);
      await vscode.commands.executeCommand('taskPlatform.explorer.filter');
      assert.deepEqual(api.explorer.filter.spec, c.spec);
      assert.deepEqual(
        taskIds(await api.explorer.getChildren(list)),
        await sandboxRows(list.workspaceId, { list_id: list.listId, ...c.query }),
        JSON.stringify(c.spec),
      );
    }
    await api.explorer.filter.set({});
    const word = all[0]!.row.title.split(' ')[0]!;
    script([word], ['Title or Id Contains…']);
    await vscode.commands.executeCommand('taskPlatform.explorer.filter');
    assert.deepEqual(
      taskIds(await api.explorer.getChildren(list)),
      await sandboxRows(list.workspaceId, { list_id: list.listId, search: word }),
    );
  });

  it('refuses a search text over 255 characters without a request', async () => {
    const prompter = script(['x'.repeat(256)], ['Title or Id Contains…']);
    await vscode.commands.executeCommand('taskPlatform.explorer.filter');
    assert.match(prompter.messages.at(-1)?.text ?? '', /255/);
    assert.equal(api.explorer.filter.spec.text, undefined);
    assert.ok(!(await requestLog()).some((r) => JSON.stringify(r).includes('search')), 'no request carried the search');
  });

  it('Delete acts on the task selected in the view it is pressed in (My Tasks, Saved Views)', async () => {
    /** Selects `task` in `tree`, presses Delete there (its keybinding passes the view), reads the question. */
    async function deleteIn(
      viewId: string,
      tree: { view: vscode.TreeView<any> },
      task: { taskId: string; row?: { display_id?: string } },
    ): Promise<void> {
      await vscode.commands.executeCommand(`${viewId}.focus`);
      await tree.view.reveal(task, { select: true, focus: true });
      await waitFor(
        () => (tree.view.selection.some((n) => n.kind === 'task' && n.taskId === task.taskId) ? true : undefined),
        `the task is selected in ${viewId}`,
      );
      const prompter = script(); // no answer: the confirmation is declined, nothing is deleted
      await vscode.commands.executeCommand('taskPlatform.tree.deleteSelected', viewId);
      assert.match(prompter.messages[0]?.text ?? '', new RegExp(`^Delete ${task.row!.display_id} `));
    }
    const acmeNode = (await api.myTasks.getChildren()).find(
      (n) => n.kind === 'workspace' && n.workspaceId === fx.workspaces.acme.id,
    )!;
    const [group] = await api.myTasks.getChildren(acmeNode);
    const mine = (await api.myTasks.getChildren(group)).find((n): n is TaskNode => n.kind === 'task')!;
    await deleteIn('taskPlatform.myTasks', api.myTasks, mine);

    script();
    assert.equal(await vscode.commands.executeCommand('taskPlatform.pinView', fx.views.space_view), true);
    const root = (await api.savedViews.getChildren()).find((n) => n.kind === 'view')!;
    // Another task than the one still selected in My Tasks, so the two views cannot be confused.
    const viewed = (await api.savedViews.getChildren(root)).find(
      (n): n is TaskNode => n.kind === 'task' && n.taskId !== mine.taskId,
    )!;
    await deleteIn('taskPlatform.savedViews', api.savedViews, viewed);
    await vscode.commands.executeCommand('taskPlatform.unpinView', root);
  });

  it("My Tasks groups the user's tasks by status and by priority, as the sandbox counts them", async () => {
    const acme = fx.workspaces.acme.id;
    const mine = JSON.stringify({
      match: 'all',
      conditions: [{ field: 'assignee_id', op: 'in', values: [fx.users.alice.id] }],
    });
    const expected = (
      await Promise.all(
        ['engineering', 'marketing', 'leadership'].map((s) =>
          sandboxRows(acme, { space_id: fx.spaces[s], filter: mine }),
        ),
      )
    )
      .flat()
      .sort();
    const roots = await api.myTasks.getChildren();
    const acmeNode = roots.find((n) => n.kind === 'workspace' && n.workspaceId === acme)!;
    for (const groupBy of ['status', 'priority'] as const) {
      await api.myTasks.setGroupBy(groupBy);
      const groups = await api.myTasks.getChildren(acmeNode);
      assert.ok(groups.every((g) => g.kind === 'group' && g.groupBy === groupBy));
      const rows = (await Promise.all(groups.map((g) => api.myTasks.getChildren(g)))).flat();
      assert.deepEqual(taskIds(rows), expected, `grouped by ${groupBy}`);
      if (groupBy === 'priority') {
        const order = groups.map((g) => (g.kind === 'group' ? g.label : ''));
        const ranks = order.map((p) => ['critical', 'high', 'medium', 'low'].indexOf(p));
        assert.deepEqual(
          [...ranks].sort((a, b) => a - b),
          ranks,
          `critical first: ${order.join(', ')}`,
        );
      }
    }
  });

  it('Group By… on a list: groups and counts from one index call, remembered per list, regrouped on a status change', async () => {
    const acme = fx.workspaces.acme.id;
    const list = (await path('Acme', 'Engineering', 'Backend', 'API')) as ListNode;
    await api.explorer.getChildren(list);
    const prompter = script([], ['by status']);
    await quietRequestLog();
    await sandboxControl('DELETE', '/requests');
    try {
      await vscode.commands.executeCommand('taskPlatform.explorer.groupBy', list);
      assert.deepEqual(
        prompter.offered[0]?.map((i) => i.label),
        ['not grouped', 'by status', 'by priority', 'by assignee'],
      );
      const groups = await api.explorer.getChildren(list);
      assert.ok(groups.length > 1 && groups.every((g) => g.kind === 'group' && g.groupBy === 'status'));
      // This list's reads only: My Tasks reads the same index, by space, on its own schedule.
      const reads = (await requestLog()).filter((r) => r.path.endsWith('/tasks') && r.query?.list_id === fx.lists.api);
      assert.equal(reads.length, 1, `one index call for rows and counts: ${JSON.stringify(reads.map((r) => r.query))}`);
      assert.match(String(api.explorer.getTreeItem(list).description), /tasks · by status$/);
      // The counts are the index's group_counts, keyed by status id.
      const url = new URL(`${sandboxOrigin()}/api/workspaces/${acme}/tasks`);
      url.searchParams.set('list_id', fx.lists.api);
      url.searchParams.set('group_by', 'status');
      const page = (await (await fetch(url, { headers: { authorization: 'Bearer demo-token-alice' } })).json()) as {
        group_counts: Record<string, number>;
      };
      for (const g of groups) {
        if (g.kind === 'group') {
          assert.equal(g.count, page.group_counts[g.tasks[0]!.status!.id], g.label);
          assert.equal(api.explorer.getTreeItem(g).description, String(g.count));
        }
      }
      // Remembered for this list only.
      assert.equal(api.explorer.groupOf(list), 'status');
      assert.equal(api.explorer.groupOf({ listId: fx.lists.database }), 'none');
      // A status change moves the task to its new group.
      const first = groups[0]!;
      const task = (await api.explorer.getChildren(first))[0] as TaskNode;
      const target = groups.find((g) => g !== first && g.kind === 'group')!;
      const targetName = target.kind === 'group' ? target.label : '';
      script([], [targetName]);
      await vscode.commands.executeCommand('taskPlatform.setStatus', task);
      await waitFor(async () => {
        const now = await api.explorer.getChildren(list);
        const group = now.find((g) => g.kind === 'group' && g.label === targetName);
        const rows = group ? await api.explorer.getChildren(group) : [];
        return rows.some((r) => r.kind === 'task' && r.taskId === task.taskId) || undefined;
      }, 'the task under its new status');
    } finally {
      script([], ['not grouped']);
      await vscode.commands.executeCommand('taskPlatform.explorer.groupBy', list);
    }
    assert.ok((await api.explorer.getChildren(list)).every((n) => n.kind === 'task'));
  });

  it('moves a task by drag and drop; the sandbox and the tree agree', async () => {
    const api1 = (await path('Acme', 'Engineering', 'Backend', 'API')) as ListNode;
    const database = (await path('Acme', 'Engineering', 'Backend', 'Database')) as ListNode;
    const task = (await api.explorer.getChildren(api1)).find(
      (n): n is TaskNode => n.kind === 'task' && !n.row.subtask_count,
    )!;
    await api.explorer.getChildren(database);
    const prompter = script([]);
    const data = new vscode.DataTransfer();
    api.trees.dragAndDrop.handleDrag([task], data);
    await api.trees.dragAndDrop.handleDrop(database, data);
    const state = await sandboxControl<Json>('GET', '/state/tasks');
    const stored = (Array.isArray(state) ? state : state.data).find((t: Json) => t.id === task.taskId);
    assert.equal(stored.list_id, database.listId, 'moved in the sandbox');
    await waitFor(
      async () => taskIds(await api.explorer.getChildren(database)).includes(task.taskId) || undefined,
      'the task under Database',
    );
    assert.ok(!taskIds(await api.explorer.getChildren(api1)).includes(task.taskId), 'gone from API');
    assert.ok(!prompter.messages.some((m) => m.level === 'error'), 'no error for an accepted move');
  });

  it('a drop the server refuses leaves the tree as it was and says why', async () => {
    const api1 = (await path('Acme', 'Engineering', 'Backend', 'API')) as ListNode;
    const before = taskIds(await api.explorer.getChildren(api1));
    const task = (await api.explorer.getChildren(api1)).find((n): n is TaskNode => n.kind === 'task')!;
    const ideas = (await path('Side Project', 'Garden', 'Main', 'Ideas')) as ListNode;
    const prompter = script([]);
    const data = new vscode.DataTransfer();
    api.trees.dragAndDrop.handleDrag([task], data);
    await api.trees.dragAndDrop.handleDrop(ideas, data);
    const error = prompter.messages.find((m) => m.level === 'error');
    assert.ok(error, 'an error message');
    assert.match(error.text, /Could not move .+: target_id/);
    assert.deepEqual(taskIds(await api.explorer.getChildren(api1)), before);
  });

  it('a task dragged out of a task tree carries its display id as text/plain; the move data stays', async () => {
    const text = (data: vscode.DataTransfer): Thenable<string> | undefined => data.get('text/plain')?.asString();
    const list = (await path('Acme', 'Engineering', 'Backend', 'API')) as ListNode;
    const [first, second] = (await api.explorer.getChildren(list)).filter((n): n is TaskNode => n.kind === 'task');
    const data = new vscode.DataTransfer();
    api.trees.dragAndDrop.handleDrag([first!, list, second!], data);
    assert.match(first!.row.display_id ?? '', /^ACME-\d+$/);
    assert.equal(await text(data), `${first!.row.display_id} ${second!.row.display_id}`);
    assert.ok(data.get('application/vnd.code.tree.taskplatform.explorer'), 'a drop on a list still moves');
    const listOnly = new vscode.DataTransfer();
    api.trees.dragAndDrop.handleDrag([list], listOnly);
    assert.equal(listOnly.get('text/plain'), undefined, 'a list drops no text');

    const acmeNode = (await api.myTasks.getChildren()).find(
      (n) => n.kind === 'workspace' && n.workspaceId === fx.workspaces.acme.id,
    )!;
    const [group] = await api.myTasks.getChildren(acmeNode);
    const mine = (await api.myTasks.getChildren(group)).find((n): n is TaskNode => n.kind === 'task')!;
    const fromMyTasks = new vscode.DataTransfer();
    api.myTasks.dragOut.handleDrag([group!, mine], fromMyTasks);
    assert.equal(await text(fromMyTasks), mine.row.display_id);
    assert.deepEqual(api.myTasks.dragOut.dropMimeTypes, [], 'nothing drops on My Tasks');

    script();
    assert.equal(await vscode.commands.executeCommand('taskPlatform.pinView', fx.views.space_view), true);
    const root = (await api.savedViews.getChildren()).find((n) => n.kind === 'view')!;
    const viewed = (await api.savedViews.getChildren(root)).find((n): n is TaskNode => n.kind === 'task')!;
    const fromView = new vscode.DataTransfer();
    api.savedViews.dragOut.handleDrag([root, viewed], fromView);
    assert.equal(await text(fromView), viewed.row.display_id);
    await vscode.commands.executeCommand('taskPlatform.unpinView', root);
  });

  it('an error row says why and Retry loads again', async () => {
    // A list read before keeps its rows when a reload fails (marked out of date); an earlier test may
    // have read this one: start from nothing, so the next read of its tasks is the faulty one.
    api.explorer.refresh();
    const list = (await path('Acme', 'Engineering', 'Backend', 'Imports')) as ListNode;
    await sandboxControl('POST', '/faults', {
      method: 'GET',
      path: '/api/workspaces/*/tasks',
      query: { list_id: list.listId }, // nothing else read meanwhile (My Tasks, polling) takes the fault
      kind: 'malformed_json',
      times: 1,
    });
    const rows = await api.explorer.getChildren(list);
    assert.equal(rows.length, 1);
    const error = rows[0]!;
    assert.equal(error.kind, 'message');
    const item = api.explorer.getTreeItem(error);
    assert.match(String(item.label), /Could not load \(.+\)\. Retry/);
    assert.equal(item.command?.command, 'taskPlatform.tree.retry');
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    const again = await api.explorer.getChildren(list);
    assert.ok(
      again.some((n) => n.kind === 'task'),
      'tasks after Retry',
    );
  });

  it('a change the extension made refreshes only that row, with no request', async () => {
    const list = (await path('Acme', 'Engineering', 'Backend', 'API')) as ListNode;
    const node = (await api.explorer.getChildren(list)).find((n): n is TaskNode => n.kind === 'task')!;
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the list's own re-render settle
    const fired: (TreeNode | undefined)[] = [];
    const before = (await quietRequestLog()).length;
    const sub = api.explorer.onDidChangeTreeData((n) => fired.push(n as TreeNode | undefined));
    api.services.changes.fire({
      kind: 'updated',
      workspaceId: node.workspaceId,
      task: { ...(node.row as Json), title: 'Renamed in place' },
    });
    await waitFor(() => fired.length > 0 || undefined, 'a tree event');
    sub.dispose();
    assert.deepEqual(fired, [node]);
    assert.equal(api.explorer.getTreeItem(node).label, 'Renamed in place');
    // Nor does My Tasks, when an earlier test loaded it: a new title moves no task between its groups.
    const after = await quietRequestLog();
    assert.deepEqual(
      after.slice(before).map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`),
      [],
    );
  });

  it('background polling re-reads loaded lists only, and notices a change made elsewhere', async () => {
    const list = (await path('Acme', 'Engineering', 'Backend', 'API')) as ListNode;
    const rows = (await api.explorer.getChildren(list)).filter((n): n is TaskNode => n.kind === 'task');
    await vscode.commands.executeCommand('taskPlatform.explorer.focus');
    await waitFor(() => api.explorer.view.visible || undefined, 'the view is visible');
    const res = await fetch(`${sandboxOrigin()}/api/workspaces/${list.workspaceId}/tasks/${rows[0]!.taskId}`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer demo-token-bob', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Changed by Bob' }),
    });
    assert.equal(res.status, 200);
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    const limiter = state.kind === 'signedIn' ? state.client.limiter : undefined;
    await waitFor(
      () => (limiter!.snapshot().remaining >= limiter!.snapshot().limit / 2 ? true : undefined),
      'half of the budget free',
    );
    const before = (await requestLog()).length;
    api.trees.poller.setWindowFocused(true); // the test host's window may not have focus
    const sent = await api.trees.poller
      .tick()
      .finally(() => api.trees.poller.setWindowFocused(vscode.window.state.focused));
    const polled = (await requestLog()).slice(before);
    assert.ok(sent >= 1, 'at least the expanded list was re-read');
    assert.equal(sent, polled.length);
    assert.ok(
      polled.every((r) => r.path.endsWith('/tasks')),
      'only task index reads',
    );
    const after = (await api.explorer.getChildren(list)).filter((n): n is TaskNode => n.kind === 'task');
    assert.ok(after.some((n) => n.row.title === 'Changed by Bob'));
  });

  it('Refresh while the service cannot be reached keeps the rows shown and says they may be out of date', async () => {
    const list = (await path('Acme', 'Engineering', 'Backend', 'API')) as ListNode;
    const shown = taskIds(await api.explorer.getChildren(list));
    assert.ok(shown.length > 0);
    await sandboxControl('POST', '/faults', { path: '/api/**', kind: 'reset_before' });
    try {
      await vscode.commands.executeCommand('taskPlatform.refresh');
      assert.deepEqual(taskIds(await api.explorer.getChildren(list)), shown, 'the last rows, not an error row');
      assert.match(api.explorer.view.message ?? '', /cannot be reached/);
    } finally {
      await sandboxControl('DELETE', '/faults');
    }
    await vscode.commands.executeCommand('taskPlatform.refresh');
    assert.deepEqual(taskIds(await api.explorer.getChildren(list)), shown);
    assert.equal(api.explorer.view.message, undefined, 'the note goes once the rows are fresh');
  });

  it('a token revoked mid-session turns into "token rejected" with Sign In offered, and nothing is cleared', async () => {
    const prompter = script([]);
    const acme = await child(undefined, 'Acme');
    await sandboxControl('POST', '/tokens/revoke', { token: 'demo-token-alice' });
    api.explorer.refresh(acme);
    const rows = await api.explorer.getChildren(acme);
    assert.equal(rows[0]?.kind, 'message');
    assert.match(String(api.explorer.getTreeItem(rows[0]!).label), /token rejected/);
    await waitFor(() => (api.session.state.kind === 'rejected' ? true : undefined), 'the session turns to rejected');
    await waitFor(
      () => prompter.messages.find((m) => /rejected the stored token/.test(m.text)),
      'the user is told and offered Sign In',
    );
    // The stored token is kept until the user acts (a 401 clears nothing silently).
    api.session.invalidate();
    assert.equal((await api.session.ensure()).kind, 'rejected');
  });

  it('reveals a list or a task from ids alone (the panel breadcrumb), walking only the path', async () => {
    const deep = fx.tasks.task_with_subtasks_3_deep;
    api.explorer.refresh();
    await vscode.commands.executeCommand('taskPlatform.explorer.focus');
    const revealed = await vscode.commands.executeCommand('taskPlatform.revealInExplorer', {
      workspaceId: fx.workspaces.acme.id,
      listId: deep.list_id,
      taskId: deep.id,
    });
    assert.equal(revealed, true);
    await waitFor(
      () => api.explorer.view.selection.find((n) => n.kind === 'task' && n.taskId === deep.id),
      'the task is selected',
    );
    assert.equal(
      await vscode.commands.executeCommand('taskPlatform.revealInExplorer', { workspaceId: 'not-a-uuid' }),
      false,
      'a malformed target is refused',
    );
  });

  it('deletes a task from its context menu and Undo restores it; the tree follows both', async () => {
    const list = (await path('Acme', 'Engineering', 'Backend', 'API')) as ListNode;
    const parent = (await api.explorer.getChildren(list)).find(
      (n): n is TaskNode => n.kind === 'task' && (n.row.subtask_count ?? 0) > 0,
    )!;
    // The "Deleted …" notification waits until the test clicks Undo.
    let clickUndo: (choice: string) => void = () => undefined;
    const prompter = new (class extends ScriptedPrompter {
      override info(text: string, ...actions: string[]): Thenable<string | undefined> {
        return actions.includes('Undo')
          ? new Promise((resolve) => (clickUndo = resolve))
          : super.info(text, ...actions);
      }
    })([], ['Delete']);
    install(prompter);
    await vscode.commands.executeCommand('taskPlatform.deleteTask', parent);
    assert.match(prompter.messages[0]?.text ?? '', /subtask/, 'the confirmation names the subtasks');
    await waitFor(
      async () => (!taskIds(await api.explorer.getChildren(list)).includes(parent.taskId) ? true : undefined),
      'the task leaves the tree',
    );
    clickUndo('Undo');
    await waitFor(
      async () => (taskIds(await api.explorer.getChildren(list)).includes(parent.taskId) ? true : undefined),
      'the task is back after Undo',
    );
    const state = await sandboxControl<Json>('GET', '/state/tasks');
    const stored = (Array.isArray(state) ? state : state.data).find((t: Json) => t.id === parent.taskId);
    assert.equal(stored.deleted_at, null, 'restored in the sandbox');
    const back = (await api.explorer.getChildren(list)).find(
      (n): n is TaskNode => n.kind === 'task' && n.taskId === parent.taskId,
    )!;
    assert.equal(
      (await api.explorer.getChildren(back)).filter((n) => n.kind === 'task').length,
      parent.row.subtask_count,
      'its subtasks came back too',
    );
  });

  it('shows the request budget in the status bar, with a warning while requests wait for a slot', async () => {
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    const limiter = state.kind === 'signedIn' ? state.client.limiter : undefined;
    await waitFor(() => (limiter!.snapshot().remaining === limiter!.limit ? true : undefined), 'a full budget', 10_000);
    // 60, or 40 once an earlier suite had VS Code start the MCP server (it takes 20 of the 60).
    const n = limiter!.limit;
    // The item follows the limiter as it changes: a request of a view that was still settling can
    // take a slot for a moment, so wait for the item to show the whole budget.
    await waitFor(() => api.budget.text === `$(pulse) ${n}/${n}` || undefined, `the item at ${n}/${n}`);
    // Spend the whole budget, then ask for one more: it waits, and the item says so.
    const permits = await Promise.all(Array.from({ length: limiter!.limit }, () => limiter!.acquire('user')));
    const waiting = limiter!.acquire('background');
    await waitFor(() => (api.budget.text.includes('+1') ? true : undefined), 'the waiting request shown');
    assert.equal(api.budget.text, `$(watch) 0/${n} +1`);
    permits.forEach((p) => p.release());
    (await waiting).release();
  });

  it('background polling pauses while the views are hidden, the window is not focused or less than half of the budget is left', async () => {
    const list = (await path('Acme', 'Engineering', 'Backend', 'API')) as ListNode;
    await api.explorer.getChildren(list);
    const state = api.session.state;
    const limiter = state.kind === 'signedIn' ? state.client.limiter : undefined;
    await waitFor(() => (limiter!.snapshot().remaining === limiter!.limit ? true : undefined), 'a full budget');

    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(
      () => (!api.explorer.view.visible && !api.myTasks.view.visible ? true : undefined),
      'the views hidden',
    );
    const before = (await requestLog()).length;
    assert.equal(await api.trees.poller.tick(), 0, 'hidden: no request');

    await vscode.commands.executeCommand('taskPlatform.explorer.focus');
    await waitFor(() => (api.explorer.view.visible ? true : undefined), 'the view shown');
    const permits = await Promise.all(Array.from({ length: limiter!.limit / 2 + 1 }, () => limiter!.acquire('user')));
    assert.equal(await api.trees.poller.tick(), 0, 'budget under half: no request');
    permits.forEach((p) => p.release());
    await waitFor(() => (limiter!.snapshot().remaining === limiter!.limit ? true : undefined), 'a full budget again');

    api.trees.poller.setWindowFocused(false);
    assert.equal(await api.trees.poller.tick(), 0, 'window not focused: no request');
    assert.equal((await requestLog()).length, before, 'nothing was sent by the skipped polls');

    // Back in focus after a missed poll: one poll soon (2 s), not a wait for the next interval (5 min).
    api.trees.poller.setWindowFocused(true);
    await waitFor(
      async () =>
        (await requestLog()).slice(before).some((r) => r.method === 'GET' && r.path.endsWith('/tasks'))
          ? true
          : undefined,
      'the poll after focus returns',
      15_000,
    );
    api.trees.poller.setWindowFocused(vscode.window.state.focused);
  });
});
