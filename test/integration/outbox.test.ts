import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { accountKey } from '../../src/core/accounts/account';
import type { ApiClient } from '../../src/core/api/client';
import type { TaskNode, TreeNode } from '../../src/core/tree/nodes';
import { useCommandsDriver, writes } from './driver';
import type { Json } from './driver';
import { sandboxControl, waitFor } from './helpers';

/**
 * writes made while the service cannot be reached are kept (global storage, per account),
 * survive a reload, and are applied exactly once, in order, when it comes back; one the service
 * refuses on replay is shown with its input.
 */
describe('Offline changes: kept, replayed in order after a reload, exactly once', function () {
  const w = useCommandsDriver(this);

  const offline = (): Promise<unknown> => sandboxControl('POST', '/faults', { path: '/api/**', kind: 'reset_before' });
  const online = (): Promise<unknown> => sandboxControl('DELETE', '/faults');

  function client(): ApiClient {
    const state = w.api.session.state;
    assert.equal(state.kind, 'signedIn');
    return (state as { client: ApiClient }).client;
  }
  function outbox(): NonNullable<ReturnType<typeof w.api.outbox.outboxes.current>> {
    const box = w.api.outbox.outboxes.current(w.api.session.state);
    assert.ok(box, 'the signed-in account has an outbox');
    return box;
  }
  /** The explorer's node of a list, found by walking workspaces, spaces and folders (loads them). */
  async function listNode(listId: string): Promise<TreeNode> {
    let level: TreeNode[] = await w.api.explorer.getChildren();
    while (level.length > 0) {
      const found = level.find((n) => n.kind === 'list' && n.listId === listId);
      if (found) {
        return found;
      }
      const containers = level.filter((n) => n.kind === 'workspace' || n.kind === 'space' || n.kind === 'folder');
      level = (await Promise.all(containers.map((n) => w.api.explorer.getChildren(n)))).flat();
    }
    assert.fail(`list ${listId} is not in the tree`);
  }
  async function queued(write: Promise<unknown>): Promise<void> {
    // The extension's bundle has its own error classes: recognise the kind, not the class.
    await assert.rejects(write, (error: unknown) => (error as { kind?: string }).kind === 'queued');
  }
  /**
   * What a window reload does: the in-memory queue and session are gone; the queue is read back from
   * global storage by the next session. Reloaded while offline, the session cannot be restored yet.
   */
  async function reload(): Promise<void> {
    w.api.outbox.outboxes.forgetLoaded();
    w.api.session.invalidate();
    assert.equal((await w.api.session.ensure()).kind, 'error', 'still offline after the reload');
  }

  afterEach(async () => {
    await online();
    for (const write of [...(w.api.outbox.outboxes.current(w.api.session.state)?.all ?? [])]) {
      await outbox().discard(write.key);
    }
  });

  it('20 edits of different kinds made offline are all applied once, in order, after a reload', async () => {
    const acme = w.acme;
    const a = w.ref('task_with_comments');
    const b = w.ref('blocker_task');
    const mover = w.ref('task_blocked_by_completed');
    const doomed = w.ref('task_with_attachments');
    // Online first: the pickers' statuses and members are read once and cached (Directory).
    w.script([], ['Ready']);
    await vscode.commands.executeCommand('taskPlatform.setStatus', a);
    w.script([], ['Bob Member']);
    await vscode.commands.executeCommand('taskPlatform.assign', b);

    const apiList = await listNode(w.fx.lists.api);
    await w.api.explorer.getChildren(apiList);
    await offline();
    const prompter = w.script([], ['In Progress', 'Critical', 'Unassigned', 'Tomorrow']);
    await vscode.commands.executeCommand('taskPlatform.setStatus', a); //  1
    await vscode.commands.executeCommand('taskPlatform.setPriority', a); //  2
    await vscode.commands.executeCommand('taskPlatform.assign', b); //  3
    await vscode.commands.executeCommand('taskPlatform.setDueDate', b); //  4
    assert.equal(
      outbox().pending.length,
      4,
      `queued by the commands: ${prompter.messages.map((m) => m.text).join(' | ')}`,
    );
    assert.ok(!prompter.messages.some((m) => m.level === 'error'), 'a queued change is not reported as an error');
    const writesSoFar = (await w.requests(writes)).length;

    const api = client();
    for (let i = 1; i <= 3; i++) {
      await queued(api.updateTask(acme, a.taskId, { title: `Offline title ${i}` })); //  5-7
    }
    await queued(api.updateTask(acme, a.taskId, { description: 'Written on a train' })); //  8
    for (let i = 1; i <= 5; i++) {
      await queued(api.createComment(acme, a.taskId, { body: `offline comment ${i}` })); //  9-13
    }
    await queued(api.addDependency(acme, b.taskId, mover.taskId)); // 14
    await queued(
      api.setCustomFieldValues(w.fx.tasks.task_with_custom_fields.id, [
        { custom_field_definition_id: w.fx.custom_fields.number, value: 42 },
      ]),
    ); // 15
    await queued(api.moveTask(mover.taskId, { target_type: 'list', target_id: w.fx.lists.database })); // 16
    await queued(api.createTask(acme, { list_id: w.fx.lists.api, title: 'Created offline' })); // 17
    // The list shows the task it will get, from memory, and a click reviews it.
    const queuedRow = (await w.api.explorer.getChildren(apiList)).find((n) => n.kind === 'queued');
    assert.ok(
      queuedRow?.kind === 'queued' && queuedRow.title === 'Created offline',
      'the list shows the task created offline',
    );
    assert.equal(w.api.explorer.getTreeItem(queuedRow).command?.command, 'taskPlatform.showPendingChanges');
    assert.match(String(w.api.explorer.getTreeItem(queuedRow).description), /waiting to be sent/);
    await queued(api.resolveComment(acme, w.fx.comments.task_id, w.fx.comments.assigned_unresolved)); // 18
    await queued(api.deleteTask(acme, doomed.taskId)); // 19
    await queued(api.updateTask(acme, b.taskId, { priority: 'low' })); // 20
    assert.equal(outbox().pending.length, 20);
    assert.equal((await w.requests(writes)).length, writesSoFar, 'known offline: the later writes sent no request');
    assert.match(w.api.outbox.statusBar.text, /cloud-upload\) 20/);
    assert.ok(
      prompter.messages.some((m) => /kept and will be sent/.test(m.text)),
      'told once that changes are kept',
    );

    await reload();
    // Reloaded offline: no account is known yet, but the stored changes are shown, read-only.
    await waitFor(
      () => (/cloud-upload\) 20/.test(w.api.outbox.statusBar.text) ? true : undefined),
      'the stored count in the status bar after the reload',
    );
    const listing = w.script([], [undefined]);
    await vscode.commands.executeCommand('taskPlatform.showPendingChanges');
    assert.equal(listing.offered[0]?.length, 20, 'Show Pending Changes lists the 20 stored changes');
    assert.ok(
      listing.offered[0]!.every((i) => /waiting: Task Platform cannot be reached/.test(i.detail ?? '')),
      'each says why it waits',
    );
    assert.match(listing.asked[0] ?? '', /cannot be reached/);
    await sandboxControl('DELETE', '/requests');
    await online();
    // The connectivity probe restores the session, which reads the queue back and sends it.
    assert.equal(await w.api.outbox.connectivity.probe(), true);
    assert.equal(w.api.session.state.kind, 'signedIn');
    await waitFor(() => (outbox().all.length === 0 ? true : undefined), 'the queue to drain', 60_000);

    const log = (await sandboxControl<{ data: Json[] }>('GET', '/requests')).data.filter((r) => r.method !== 'GET');
    assert.equal(log.length, 20, `one request per queued write: ${log.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    const taskA = await w.task(a.taskId);
    assert.equal(taskA.title, 'Offline title 3', 'the last title wins: applied in order');
    assert.equal(taskA.description, 'Written on a train');
    assert.equal(taskA.priority, 'critical');
    assert.equal(taskA.status_id, w.fx.statuses.api.find((s: Json) => s.name === 'In Progress').id);
    const taskB = await w.task(b.taskId);
    assert.equal(taskB.assignee_id, null);
    assert.ok(taskB.due_date, 'due date set');
    assert.equal(taskB.priority, 'low');
    const comments = (await w.rows('comments'))
      .filter((c) => c.task_id === a.taskId && /^offline comment/.test(c.body))
      .map((c) => c.body);
    assert.deepEqual(
      comments,
      [1, 2, 3, 4, 5].map((i) => `offline comment ${i}`),
    );
    assert.equal((await w.rows('tasks')).filter((t) => t.title === 'Created offline').length, 1);
    assert.equal((await w.task(mover.taskId)).list_id, w.fx.lists.database);
    assert.equal(
      (await w.rows('dependencies')).filter((d) => d.blocked_task_id === b.taskId && d.blocker_task_id === mover.taskId)
        .length,
      1,
    );
    assert.ok((await w.task(doomed.taskId)).deleted_at, 'sent to Trash');
    // The tree and open panels hear of what the replay applied (outbox/publish.ts), as after any write.
    await waitFor(
      () => w.changes.find((c) => c.kind === 'updated' && c.task.id === a.taskId && c.task.title === 'Offline title 3'),
      'the replayed edits announced',
    );
    await waitFor(
      () => w.changes.find((c) => c.kind === 'deleted' && c.taskId === doomed.taskId),
      'the replayed delete announced',
    );
    await waitFor(
      () => w.changes.find((c) => c.kind === 'created' && c.task.title === 'Created offline'),
      'the replayed create announced',
    );
    await waitFor(async () => {
      const rows = await w.api.explorer.getChildren(await listNode(w.fx.lists.api));
      return !rows.some((n) => n.kind === 'queued') &&
        rows.some((n) => n.kind === 'task' && n.row.title === 'Created offline')
        ? true
        : undefined;
    }, 'the list shows the created task in place of the waiting row');
    const withFields = w.fx.tasks.task_with_custom_fields.id;
    const announced = await waitFor(
      () => w.changes.find((c) => c.kind === 'updated' && c.task.id === withFields),
      'the replayed custom field (flat route) announced',
    );
    assert.ok(
      announced.kind === 'updated' && JSON.stringify(announced.task).includes('42'),
      'announced with the value the replay set',
    );
    assert.equal(w.api.outbox.statusBar.text, '', 'nothing queued: the item is hidden');
  });

  it('a change the service refuses on replay is reported with its input and can be discarded', async () => {
    const a = w.ref('task_with_comments');
    await offline();
    const prompter = w.script([], []);
    await queued(client().updateTask(w.acme, a.taskId, { status_id: '00000000-0000-4000-8000-000000000000' }));
    await queued(client().createComment(w.acme, a.taskId, { body: 'still delivered' }));
    await online();
    await w.api.outbox.connectivity.probe();
    await waitFor(() => (outbox().pending.length === 0 ? true : undefined), 'the replay', 30_000);
    assert.equal(outbox().rejected.length, 1);
    await waitFor(
      () => prompter.messages.find((m) => m.level === 'warn' && /refused a change/.test(m.text)),
      'the refusal notice',
    );
    assert.ok(
      (await w.rows('comments')).some((c) => c.body === 'still delivered'),
      'the next change went on',
    );
    assert.match(w.api.outbox.statusBar.text, /warning\) 1/);

    // Review: the entry shows the reason and the original input; Discard after a confirmation.
    const review = w.script([], [undefined]);
    await vscode.commands.executeCommand('taskPlatform.showPendingChanges');
    const entry = review.offered[0]?.find((i) => /Update task/.test(i.label));
    assert.ok(entry, 'the refused change is listed');
    assert.match(entry.detail ?? '', /status_id/);
    assert.match(entry.description ?? '', /422/);
    w.script([], [entry.label, 'Discard', 'Discard']);
    await vscode.commands.executeCommand('taskPlatform.showPendingChanges');
    assert.equal(outbox().all.length, 0);
  });

  it("changes another window of the account stored are kept by this window's saves, and sent after a reload", async () => {
    const a = w.ref('task_with_comments');
    const state = w.api.session.state;
    assert.equal(state.kind, 'signedIn');
    const { baseUrl, user } = state as { baseUrl: string; user: { id: string } };
    // What another window stored meanwhile: its account's entry in the shared global state.
    const account = accountKey({ baseUrl, userId: user.id });
    const storedNow = (): Array<{ key: string }> =>
      w.api.services.globalState.get<Record<string, Array<{ key: string }>>>('taskPlatform.outbox', {})[account] ?? [];
    const other = {
      key: `other-window-${Date.now()}`,
      operation: 'createComment',
      method: 'POST',
      path: `/workspaces/${w.acme}/tasks/${a.taskId}/comments`,
      body: JSON.stringify({ body: 'from the other window' }),
      heldAt: Date.now(),
      reason: 'offline',
    };
    const all = w.api.services.globalState.get<Record<string, unknown[]>>('taskPlatform.outbox', {});
    await w.api.services.globalState.update('taskPlatform.outbox', { ...all, [account]: [...storedNow(), other] });
    // This window queues a change of its own and saves its queue: the other window's entry stays.
    await offline();
    w.script([], []);
    await queued(client().createComment(w.acme, a.taskId, { body: 'from this window' }));
    assert.deepEqual(
      storedNow()
        .map((e) => e.key)
        .sort(),
      [other.key, outbox().all[0]!.key].sort(),
      "both windows' changes are stored",
    );
    // A reload (this window, or the other one) reads both and sends both, once each.
    await online();
    w.api.outbox.outboxes.forgetLoaded();
    w.api.session.invalidate();
    assert.equal((await w.api.session.ensure()).kind, 'signedIn');
    await w.api.outbox.connectivity.flush();
    await waitFor(() => (outbox().all.length === 0 ? true : undefined), 'both sent', 30_000);
    const bodies = (await w.rows('comments')).map((c) => c.body as string);
    assert.equal(bodies.filter((b) => b === 'from the other window').length, 1);
    assert.equal(bodies.filter((b) => b === 'from this window').length, 1);
    await waitFor(() => (storedNow().length === 0 ? true : undefined), 'nothing left stored');
  });

  it('entries a tampered profile put in global storage are dropped after a reload; only a real write is sent', async () => {
    const a = w.ref('task_with_comments');
    const state = w.api.session.state;
    assert.equal(state.kind, 'signedIn');
    const { baseUrl, user } = state as { baseUrl: string; user: { id: string } };
    const account = accountKey({ baseUrl, userId: user.id });
    const task = `/workspaces/${w.acme}/tasks/${a.taskId}`;
    const entry = (key: string, fields: Record<string, unknown>): Record<string, unknown> => ({
      key,
      operation: 'updateTask',
      method: 'PATCH',
      path: task,
      body: '{"title":"hijacked"}',
      heldAt: Date.now(),
      reason: 'offline',
      ...fields,
    });
    const tampered = [
      entry('t-delete', { method: 'DELETE', body: undefined }),
      entry('t-dotdot', { path: `${task}/../../../spaces` }),
      entry('t-origin', { path: `//evil.example/api${task}` }),
      entry('t-encoded', { path: `/workspaces/${w.acme}/tasks/${a.taskId}%2F..` }),
      entry('t-query', { path: `${task}?_method=DELETE` }),
      entry('t-unknown', {
        operation: 'deleteWorkspace',
        method: 'DELETE',
        path: `/workspaces/${w.acme}`,
        body: undefined,
      }),
      entry('t-proto', { body: '{"__proto__":{"x":1},"title":"hijacked"}' }),
      entry('t-huge', { body: JSON.stringify({ title: 'hijacked', description: 'A'.repeat(1_100_000) }) }),
      entry('real', {
        operation: 'createComment',
        method: 'POST',
        path: `${task}/comments`,
        body: JSON.stringify({ body: 'the real one' }),
      }),
    ];
    const all = w.api.services.globalState.get<Record<string, unknown[]>>('taskPlatform.outbox', {});
    await w.api.services.globalState.update('taskPlatform.outbox', { ...all, [account]: tampered });
    await sandboxControl('DELETE', '/requests');
    w.api.outbox.outboxes.forgetLoaded();
    w.api.session.invalidate();
    assert.equal((await w.api.session.ensure()).kind, 'signedIn');
    await w.api.outbox.connectivity.flush();
    await waitFor(() => (outbox().all.length === 0 ? true : undefined), 'the queue emptied', 30_000);
    const sent = await w.requests(writes);
    assert.deepEqual(sent, [`POST /api${task}/comments`], 'only the real write reached the service');
    assert.equal((await w.task(a.taskId)).title === 'hijacked', false);
    const left = w.api.services.globalState.get<Record<string, unknown[]>>('taskPlatform.outbox', {})[account] ?? [];
    assert.deepEqual(left, [], 'nothing tampered is kept');
  });

  it('a subtask created offline under a task without subtasks opens the task and shows the waiting row', async () => {
    const list = await listNode(w.fx.lists.api);
    const leaf = (await w.api.explorer.getChildren(list)).find(
      (n): n is TaskNode => n.kind === 'task' && !n.row.subtask_count,
    );
    assert.ok(leaf, 'a task without subtasks in the list');
    assert.equal(w.api.explorer.getTreeItem(leaf).collapsibleState, vscode.TreeItemCollapsibleState.None);
    await offline();
    w.script([], []);
    await queued(
      client().createTask(w.acme, {
        list_id: w.fx.lists.api,
        parent_task_id: leaf.taskId,
        title: 'Subtask written offline',
      }),
    );
    assert.equal(w.api.explorer.getTreeItem(leaf).collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    const rows = await w.api.explorer.getChildren(leaf);
    assert.ok(
      rows.some((n) => n.kind === 'queued' && n.title === 'Subtask written offline'),
      'the waiting row under its parent',
    );
    assert.ok(!(await w.api.explorer.getChildren(list)).some((n) => n.kind === 'queued'), 'not under the list');
  });

  it('a refused change can be fixed: Edit and Retry sends nothing for broken JSON, and sends the fixed input once', async () => {
    const a = w.ref('task_with_comments');
    await offline();
    w.script([], []);
    await queued(client().updateTask(w.acme, a.taskId, { status_id: '00000000-0000-4000-8000-000000000000' }));
    await online();
    await w.api.outbox.connectivity.probe();
    await waitFor(() => (outbox().rejected.length === 1 ? true : undefined), 'the refusal', 30_000);
    const label = await listed();
    await sandboxControl('DELETE', '/requests');

    w.script(['{"status_id": '], [label, 'Edit and Retry…']);
    await vscode.commands.executeCommand('taskPlatform.showPendingChanges');
    assert.equal((await w.requests(writes)).length, 0, 'broken JSON: no request');
    assert.equal(outbox().rejected.length, 1, 'still kept');
    // A body the queue would drop on replay (a prototype key) is refused here, not lost later.
    w.script(['{"__proto__": {"is_admin": true}, "status_id": "x"}'], [label, 'Edit and Retry…']);
    await vscode.commands.executeCommand('taskPlatform.showPendingChanges');
    assert.equal((await w.requests(writes)).length, 0, 'prototype key: no request');
    assert.equal(outbox().rejected.length, 1, 'still kept, as it was');

    const ready = w.fx.statuses.api.find((s: Json) => s.name === 'Ready').id;
    w.script([JSON.stringify({ status_id: ready })], [label, 'Edit and Retry…']);
    await vscode.commands.executeCommand('taskPlatform.showPendingChanges');
    assert.equal(outbox().all.length, 0);
    assert.equal((await w.task(a.taskId)).status_id, ready);
    assert.deepEqual(await w.requests(writes), [`PATCH /api/workspaces/${w.acme}/tasks/${a.taskId}`]);
  });

  /** The label Show Pending Changes gives the one refused entry. */
  async function listed(): Promise<string> {
    const review = w.script([], [undefined]);
    await vscode.commands.executeCommand('taskPlatform.showPendingChanges');
    const entry = review.offered[0]?.find((i) => i.iconPath instanceof vscode.ThemeIcon && i.iconPath.id === 'warning');
    assert.ok(entry);
    return entry.label;
  }
});
