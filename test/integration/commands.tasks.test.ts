import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { useCommandsDriver, writes } from './driver';
import { sandboxControl, sandboxOrigin, waitFor, workspaceFile } from './helpers';

describe('Task commands: move, subtask, delete and undo, restore, create', function () {
  const w = useCommandsDriver(this);

  it('Move Task to another list (after confirming) moves it with its subtasks and announces it', async () => {
    const ref = w.ref('task_with_subtasks_3_deep');
    const prompter = w.script([], ['List', 'Database', 'Move']);
    await vscode.commands.executeCommand('taskPlatform.moveTask', ref);
    const task = await w.task(ref.taskId);
    assert.equal(task.list_id, w.fx.lists.database);
    assert.ok(!prompter.offered[1]?.some((i) => i.label === 'API'), 'the current list is not offered');
    const moved = w.changes.find((c) => c.kind === 'moved');
    assert.ok(moved && moved.kind === 'moved' && moved.fromListId === w.fx.lists.api);
    const children = await w.rows('tasks', `?parent_task_id=${ref.taskId}`);
    assert.ok(children.length > 0 && children.every((c) => c.list_id === w.fx.lists.database));
  });

  it('Move Task moves a multi-selection and reports per task (moveTasks, reused by drag and drop)', async () => {
    const a = w.ref('task_with_comments');
    const b = w.ref('blocker_task');
    const prompter = w.script([], ['List', 'Web App', 'Move']);
    const outcomes = await vscode.commands.executeCommand<{ ok: boolean }[]>('taskPlatform.moveTask', a, [a, b]);
    assert.deepEqual(
      outcomes?.map((o) => o.ok),
      [true, true],
    );
    assert.match(prompter.messages[0]?.text ?? '', /Move 2 tasks to Web App\?/);
    assert.equal((await w.task(a.taskId)).list_id, w.fx.lists.webapp);
    assert.equal((await w.task(b.taskId)).list_id, w.fx.lists.webapp);
    assert.equal(w.changes.filter((c) => c.kind === 'moved').length, 2);
  });

  it('Move Task to a sprint; declining the confirmation sends nothing', async () => {
    const ref = w.ref('task_with_comments');
    w.script([], ['Sprint', 'Sprint 2', undefined]);
    await vscode.commands.executeCommand('taskPlatform.moveTask', ref);
    assert.deepEqual(await w.requests(writes), []);
    w.script([], ['Sprint', 'Sprint 2', 'Move']);
    await vscode.commands.executeCommand('taskPlatform.moveTask', ref);
    assert.equal((await w.task(ref.taskId)).sprint_id, w.fx.sprints.sprint2);
  });

  it('Move Task falls back to walking spaces, folders and lists when the sidebar cannot be read', async () => {
    await sandboxControl('POST', '/faults', {
      method: 'GET',
      path: '/api/workspaces/*/sidebar',
      kind: 'malformed_json',
    });
    const ref = w.ref('side_task'); // Side Project: its targets are not cached yet in this suite
    const prompter = w.script([], ['List', 'Todo', 'Move']);
    await vscode.commands.executeCommand('taskPlatform.moveTask', ref);
    assert.equal((await w.task(ref.taskId)).list_id, w.fx.lists.todo);
    const reads = await w.requests((l) => l.startsWith('GET '));
    assert.ok(
      reads.some((l) => l.endsWith('/sidebar')),
      'the sidebar was tried first',
    );
    assert.ok(
      reads.some((l) => l.endsWith('/lists')),
      'then the documented routes',
    );
    assert.equal(prompter.offered[0]?.find((i) => i.label === 'Sprint')?.description, 'no sprints known');
  });

  it("Add Subtask creates a child in the parent's list; an empty title sends nothing", async () => {
    const ref = w.ref('task_with_comments');
    const empty = w.script(['   ']);
    await vscode.commands.executeCommand('taskPlatform.addSubtask', ref);
    assert.match(empty.messages[0]?.text ?? '', /title cannot be empty/);
    assert.deepEqual(await w.requests(writes), []);
    w.script(['Write the regression test']);
    const task = await vscode.commands.executeCommand<{ id: string }>('taskPlatform.addSubtask', ref);
    const row = await w.task(task?.id ?? '');
    assert.equal(row.parent_task_id, ref.taskId);
    assert.equal(row.list_id, w.fx.lists.api);
    assert.equal(w.changes[0]?.kind, 'created');
  });

  it('Delete Task names the subtask count, trashes the tree, and Undo restores it', async () => {
    const ref = w.ref('task_with_subtasks_3_deep');
    const prompter = w.script([], ['Delete', 'Undo']);
    const receipt = await vscode.commands.executeCommand<{ subtasks_deleted: number }>('taskPlatform.deleteTask', ref);
    assert.ok(receipt && receipt.subtasks_deleted >= 2);
    assert.match(prompter.messages[0]?.text ?? '', /Delete ACME-91 "Payment service rewrite" and its 2 subtask\(s\)\?/);
    assert.match(prompter.messages[1]?.text ?? '', /Deleted ACME-91 .* and \d+ subtask\(s\)/);
    await waitFor(
      async () => (await w.task(ref.taskId)).deleted_at === null || undefined,
      'the undo restored the task',
    );
    assert.deepEqual(
      w.changes.map((c) => c.kind),
      ['deleted', 'restored'],
    );
    const children = await w.rows('tasks', `?parent_task_id=${ref.taskId}`);
    assert.ok(
      children.every((c) => c.deleted_at === null),
      'the subtasks came back too',
    );
  });

  it('Restore Task offers the tasks deleted in this session, and restores one', async () => {
    const ref = w.ref('task_with_comments');
    w.script([], ['Delete']);
    await vscode.commands.executeCommand('taskPlatform.deleteTask', ref);
    assert.notEqual((await w.task(ref.taskId)).deleted_at, null);
    const prompter = w.script([], ['Flaky login tests']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.restoreTask'), true);
    assert.equal((await w.task(ref.taskId)).deleted_at, null);
    assert.match(prompter.asked[0] ?? '', /Restore Task/);
  });

  it('Restore Task by id restores a task deleted elsewhere, and says plainly there is no Trash listing', async () => {
    const trashed = w.fx.trash.trashed_task as string;
    const prompter = w.script([trashed], ['Restore by task id…', 'Acme']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.restoreTask'), true);
    assert.equal((await w.task(trashed)).deleted_at, null);
    const restores = await w.requests(writes);
    assert.deepEqual(restores, [`POST /api/workspaces/${w.acme}/trash/task/${trashed}/restore`]);
    assert.ok(prompter.offered[0]?.length, 'a pick was offered');
  });

  it('Create Task on a list node: title, then Create; too long a title sends nothing', async () => {
    const list = { kind: 'list', workspaceId: w.acme, listId: w.fx.lists.database, name: 'Database' };
    const long = w.script(['x'.repeat(256)]);
    await vscode.commands.executeCommand('taskPlatform.createTask', list);
    assert.match(long.messages[0]?.text ?? '', /256 characters long; the limit is 255/);
    assert.deepEqual(await w.requests(writes), []);

    w.script(['Add an index on invoices.customer_id', ''], ['Create']);
    const created = await vscode.commands.executeCommand<{ id: string; display_id: string }>(
      'taskPlatform.createTask',
      list,
    );
    const row = await w.task(created?.id ?? '');
    assert.equal(row.title, 'Add an index on invoices.customer_id');
    assert.equal(row.list_id, w.fx.lists.database);
    assert.equal(w.changes[0]?.kind, 'created');
  });

  it('Create Task from the palette: workspace, list, title, details (priority, assignee, due date)', async () => {
    w.script(
      ['Rotate the API keys', '', '2027-03-01'],
      ['Acme', 'API', 'Priority…', 'High', 'Assignee…', 'Bob Member', 'Due Date…', 'Pick a date…', 'Create'],
    );
    const created = await vscode.commands.executeCommand<{ id: string }>('taskPlatform.createTask');
    const row = await w.task(created?.id ?? '');
    assert.equal(row.list_id, w.fx.lists.api);
    assert.equal(row.priority, 'high');
    assert.equal(row.assignee_id, w.fx.users.bob.id);
    assert.equal(String(row.due_date).slice(0, 10), '2027-03-01');
    assert.equal((await w.requests((l) => l.startsWith('POST '))).length, 1);
    // The list just used is offered first next time, under "Recent".
    const again = w.script([], ['Acme', undefined]);
    await vscode.commands.executeCommand('taskPlatform.createTask');
    assert.deepEqual(
      again.offered[1]?.slice(0, 2).map((i) => i.label),
      ['Recent', 'API'],
    );
    assert.equal(again.offered[1]?.filter((i) => i.label === 'API').length, 1, 'a recent list is not listed twice');
  });

  it('Create Task from an editor selection puts the code and its workspace path and line in the description', async () => {
    const file = workspaceFile('src/retry.ts', 'const a = 1;\n// TODO: handle the 409 on retry\nconst b = 2;\n');
    const doc = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(1, 0, 1, 32);
    try {
      const list = { kind: 'list', workspaceId: w.acme, listId: w.fx.lists.api, name: 'API' };
      const prompter = w.script([undefined]);
      await vscode.commands.executeCommand('taskPlatform.createTask', list);
      assert.equal(prompter.asked.length, 1);
      // The scripted input returned undefined (cancel): try again, accepting the suggested title.
      w.script(['// TODO: handle the 409 on retry'], ['Create']);
      const created = await vscode.commands.executeCommand<{ id: string }>('taskPlatform.createTask', list);
      const row = await w.task(created?.id ?? '');
      assert.match(row.description, /```typescript\n\/\/ TODO: handle the 409 on retry\n```/);
      // Every member reads it: the path in the workspace, no address of this machine, no link.
      assert.match(row.description, /From src\\\/retry\\\.ts\\:2/);
      assert.doesNotMatch(row.description, /file:|vscode-remote:|\]\(/);
      assert.ok(!row.description.includes(vscode.Uri.joinPath(file, '..').fsPath), 'no absolute local path');
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('Create Task asks for the required custom fields, refuses to skip them, then creates and sets them', async () => {
    const list = { kind: 'list', workspaceId: w.acme, listId: w.fx.lists.social, name: 'Social Media' };
    // Escape on a required field cancels Create Task: nothing is written.
    const cancelled = w.script(['Plan the launch thread', 'Threads and images'], [undefined]);
    await vscode.commands.executeCommand('taskPlatform.createTask', list);
    assert.ok(!cancelled.offered[0]?.some((i) => i.label === 'Skip'), 'a required dropdown cannot be skipped');
    assert.deepEqual(
      cancelled.offered[0]?.map((i) => i.label),
      ['Email', 'Social', 'Web'],
    );
    assert.deepEqual(await w.requests(writes), []);

    // An empty required text is refused (and asked again) before any request; an optional field is set
    // from the details; then one POST and one PUT.
    const prompter = w.script(
      ['Plan the launch thread', 'Threads and images', '', 'SOC-7', 'abc', '3'],
      ['Social', 'Estimate (h)…', 'Create'],
    );
    const created = await vscode.commands.executeCommand<{ id: string }>('taskPlatform.createTask', list);
    assert.ok(created, 'created');
    assert.ok(
      prompter.messages.some((m) => /Campaign code is required/.test(m.text)),
      JSON.stringify(prompter.messages),
    );
    assert.ok(
      prompter.messages.some((m) => /Estimate \(h\): this value does not fit/.test(m.text)),
      'a number field refuses text',
    );
    const sent = await w.requests(writes);
    assert.deepEqual(
      sent.map((l) => l.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')),
      ['POST /api/workspaces/:id/tasks', 'PUT /api/tasks/:id/custom-field-values'],
    );
    const task = await w.task(created.id);
    assert.equal(task.description, 'Threads and images');
    const values = (await w.rows('custom_field_values', `?task_id=${created.id}`))
      .map((v: { value_text: string | null; value_number: number | null }) => v.value_text ?? v.value_number)
      .sort();
    assert.deepEqual(values, [3, 'SOC-7', 'Social'].sort());
  });

  it('Create Task in a list with no task: the fields are read from the new task, the required ones asked, then PUT', async () => {
    // Empty Social Media (as bob, so alice's request budget is left to the extension).
    const bob = { authorization: 'Bearer demo-token-bob' };
    const index = `${sandboxOrigin()}/api/workspaces/${w.acme}/tasks?list_id=${w.fx.lists.social}`;
    const rows = ((await (await fetch(index, { headers: bob })).json()) as { data: { id: string }[] }).data;
    for (const row of rows) {
      const res = await fetch(`${sandboxOrigin()}/api/workspaces/${w.acme}/tasks/${row.id}`, {
        method: 'DELETE',
        headers: bob,
      });
      assert.equal(res.status, 200);
    }
    await sandboxControl('DELETE', '/requests');
    const list = { kind: 'list', workspaceId: w.acme, listId: w.fx.lists.social, name: 'Social Media' };
    w.script(['First of its list', '', 'SOC-1'], ['Create', 'Email']);
    const created = await vscode.commands.executeCommand<{ id: string }>('taskPlatform.createTask', list);
    assert.ok(created, 'created');
    // The list's reads and the new task's requests (a poll may read other lists' tasks beside them).
    const sent = (await w.requestsAbout(w.fx.lists.social, created.id)).map((l) =>
      l.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id'),
    );
    assert.deepEqual(
      sent.filter((l) => /\/tasks$|custom-field/.test(l)),
      [
        'GET /api/workspaces/:id/tasks',
        'POST /api/workspaces/:id/tasks',
        'GET /api/tasks/:id/custom-fields',
        'PUT /api/tasks/:id/custom-field-values',
      ],
    );
    const values = (await w.rows('custom_field_values', `?task_id=${created.id}`)).map((v) => v.value_text).sort();
    assert.deepEqual(values, ['Email', 'SOC-1']);
  });
});
