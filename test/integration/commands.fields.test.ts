import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { presetDate } from '../../src/core/tasks/dates';
import { useCommandsDriver, writes } from './driver';
import { quietRequestLog, sandboxControl } from './helpers';

describe('Task commands: status, priority, assignee, due date, copy', function () {
  const w = useCommandsDriver(this);

  it("Set Status offers the statuses of the task's list (cached) and writes the chosen one", async () => {
    const ref = w.ref('task_with_subtasks_3_deep'); // list API, custom statuses
    const prompter = w.script([], ['Shipped']);
    const task = await vscode.commands.executeCommand<{ status_id: string }>('taskPlatform.setStatus', ref);
    const shipped = w.fx.statuses.api.find((s: { name: string }) => s.name === 'Shipped').id;
    assert.equal(task?.status_id, shipped);
    assert.equal((await w.task(ref.taskId)).status_id, shipped);
    assert.deepEqual(
      prompter.offered[0]?.map((i) => i.label),
      ['Backlog', 'Ready', 'In Progress', 'Blocked', 'Shipped'],
    );
    assert.equal(w.changes.length, 1);
    assert.equal(w.changes[0]?.kind, 'updated');

    // A second task of the same list: the statuses come from the cache.
    w.script([], ['Ready']);
    await vscode.commands.executeCommand('taskPlatform.setStatus', w.ref('task_with_comments'));
    const statusReads = await w.requests((l) => l.endsWith('/statuses'));
    assert.ok(statusReads.length <= 1, 'the statuses of one list are read at most once: ' + statusReads.join(', '));
  });

  it('Set Priority from the palette asks for the task (display id) and patches only the priority', async () => {
    const prompter = w.script(['ACME-91'], ['Critical']);
    await vscode.commands.executeCommand('taskPlatform.setPriority');
    const task = await w.task(w.fx.tasks.task_with_subtasks_3_deep.id);
    assert.equal(task.priority, 'critical');
    assert.deepEqual(await w.requests(writes), [`PATCH /api/workspaces/${w.acme}/tasks/${task.id}`]);
    assert.ok(prompter.asked.includes('Set Priority'));
  });

  it('Set Priority and Assign act on every task of a tree multi-selection', async () => {
    const a = w.ref('task_with_comments');
    const b = w.ref('blocker_task');
    const prompter = w.script([], ['Low', 'Bob Member']);
    const updated = await vscode.commands.executeCommand<unknown[]>('taskPlatform.setPriority', a, [a, b]);
    assert.equal(updated?.length, 2);
    assert.match(prompter.asked[0] ?? '', /Set Priority/);
    await vscode.commands.executeCommand('taskPlatform.assign', b, [a, b]);
    for (const id of [a.taskId, b.taskId]) {
      const task = await w.task(id);
      assert.equal(task.priority, 'low');
      assert.equal(task.assignee_id, w.fx.users.bob.id);
    }
    assert.equal(w.changes.filter((c) => c.kind === 'updated').length, 4);
  });

  it('Assign offers the members plus Unassigned, and can clear the assignee', async () => {
    const ref = w.ref('task_with_subtasks_3_deep');
    const prompter = w.script([], ['Bob Member']);
    await vscode.commands.executeCommand('taskPlatform.assign', ref);
    assert.equal((await w.task(ref.taskId)).assignee_id, w.fx.users.bob.id);
    assert.equal(prompter.offered[0]?.[0]?.label, 'Unassigned');
    w.script([], ['Unassigned']);
    await vscode.commands.executeCommand('taskPlatform.assign', ref);
    assert.equal((await w.task(ref.taskId)).assignee_id, null);
  });

  it('Set Due Date: a preset, a typed date, clearing it; a bad date never reaches the server', async () => {
    const ref = w.ref('task_with_comments');
    w.script([], ['Tomorrow']);
    await vscode.commands.executeCommand('taskPlatform.setDueDate', ref);
    assert.equal(String((await w.task(ref.taskId)).due_date).slice(0, 10), presetDate('tomorrow', new Date()));

    w.script(['2027-01-15'], ['Pick a date…']);
    await vscode.commands.executeCommand('taskPlatform.setDueDate', ref);
    assert.equal(String((await w.task(ref.taskId)).due_date).slice(0, 10), '2027-01-15');

    const before = (await w.requests(writes)).length;
    const bad = w.script(['2027-02-30'], ['Pick a date…']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.setDueDate', ref), undefined);
    assert.match(bad.messages[0]?.text ?? '', /2027-02-30 is not a day of the calendar/);
    const notDate = w.script(['next friday'], ['Pick a date…']);
    await vscode.commands.executeCommand('taskPlatform.setDueDate', ref);
    assert.match(notDate.messages[0]?.text ?? '', /YYYY-MM-DD/);
    assert.equal((await w.requests(writes)).length, before, 'no write for a bad date');

    w.script([], ['No due date']);
    await vscode.commands.executeCommand('taskPlatform.setDueDate', ref);
    assert.equal((await w.task(ref.taskId)).due_date, null);
  });

  it('Copy Link and Copy Display Id put the link and the id on the clipboard', async () => {
    const ref = w.ref('task_with_comments');
    w.script([]);
    const link = await vscode.commands.executeCommand<string>('taskPlatform.copyLink', ref);
    const origin = new URL(vscode.workspace.getConfiguration('taskPlatform').get<string>('baseUrl', '')).origin;
    assert.equal(link, `${origin}/t/ACME-122`);
    assert.equal(await vscode.env.clipboard.readText(), link);
    await vscode.commands.executeCommand('taskPlatform.copyDisplayId', ref);
    assert.equal(await vscode.env.clipboard.readText(), 'ACME-122');
    // Only this task's reads count: the trees may refresh in the background meanwhile.
    assert.deepEqual(await w.requests((l) => l.includes(ref.taskId)), [], 'the row had the display id: no request');
    // The link the sandbox serves for it is a page naming the task.
    const page = await fetch(link);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /ACME-122/);
  });

  it('Open in Browser opens the link Copy Link copies, once, without the question task links get', async () => {
    const ref = w.ref('task_with_comments');
    const origin = new URL(vscode.workspace.getConfiguration('taskPlatform').get<string>('baseUrl', '')).origin;
    const opened: string[] = [];
    const restore = w.api.setLinkSink(async (uri) => (opened.push(uri.toString(true)), true));
    try {
      // The sandbox is on 127.0.0.1, which a link in task text is questioned for (taskPanel.test.ts);
      // this link is built on the configured service's own address.
      const prompter = w.script([]);
      assert.equal(await vscode.commands.executeCommand('taskPlatform.openInBrowser', ref), 'opened');
      assert.deepEqual(opened, [`${origin}/t/ACME-122`], 'once, the web link of the task');
      assert.deepEqual(prompter.messages, [], 'no question');
      // From the palette with one task in front of the user (a focused panel): that one, no pick.
      const source = w.api.registerTaskSource('test', () => [ref]);
      try {
        const palette = w.script([]);
        assert.equal(await vscode.commands.executeCommand('taskPlatform.openInBrowser'), 'opened');
        assert.deepEqual(opened.slice(1), [`${origin}/t/ACME-122`]);
        assert.deepEqual(palette.offered, [], 'nothing to pick');
      } finally {
        source.dispose();
      }
      assert.deepEqual(await w.requests((l) => l.includes(ref.taskId)), [], 'the row had the display id: no request');
    } finally {
      restore();
    }
  });

  it('from the palette, offers the task in front of the user (tree selection or panel) first', async () => {
    const ref = w.ref('task_with_comments');
    const source = w.api.registerTaskSource('test', () => [
      { workspaceId: ref.workspaceId, taskId: ref.taskId, row: ref.row },
    ]);
    try {
      const prompter = w.script([], ['Flaky login tests', 'High']);
      await vscode.commands.executeCommand('taskPlatform.setPriority');
      assert.deepEqual(
        prompter.offered[0]?.map((i) => i.label),
        ['Flaky login tests', 'Search for another task…'],
      );
      assert.equal((await w.task(ref.taskId)).priority, 'high');
      // Polls may read beside the command: count its writes and its searches.
      assert.deepEqual(
        await w.requests((l) => !l.startsWith('GET ') || l.endsWith('/search')),
        [`PATCH /api/workspaces/${w.acme}/tasks/${ref.taskId}`],
        'no search: the current task was picked',
      );
    } finally {
      source.dispose();
    }
  });

  it('reports a task that is gone plainly, and a rejected token by turning the session to "rejected"', async () => {
    const gone = {
      workspaceId: w.acme,
      taskId: w.fx.trash.trashed_task,
      row: { id: w.fx.trash.trashed_task, title: 'Old sharding spike', display_id: 'ACME-131' },
    };
    const prompter = w.script([], ['Low']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.setPriority', gone), undefined);
    assert.match(
      prompter.messages[0]?.text ?? '',
      /Could not update ACME-131 "Old sharding spike": it no longer exists or you cannot see it/,
    );

    await sandboxControl('POST', '/tokens/rotate', { token: 'demo-token-alice' });
    const rejected = w.script([], ['Low']);
    assert.equal(
      await vscode.commands.executeCommand('taskPlatform.setPriority', w.ref('task_with_comments')),
      undefined,
    );
    assert.equal(w.api.session.state.kind, 'rejected');
    assert.deepEqual(
      rejected.messages.filter((m) => m.level === 'error'),
      [],
      'the session offers Sign In instead of an error popup',
    );
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await w.signInAs('demo-token-alice');
  });

  it('says "sign in first" without any request when signed out', async () => {
    const prompter = w.script([]);
    await w.api.session.signOut();
    // What the last test's sign-in started may still be arriving: count from when it has ended.
    const before = (await quietRequestLog()).length;
    try {
      assert.equal(await vscode.commands.executeCommand('taskPlatform.setPriority'), undefined);
      assert.match(prompter.messages[0]?.text ?? '', /Sign in to Task Platform first/);
      assert.equal((await w.requests()).length, before);
    } finally {
      await w.signInAs('demo-token-alice');
    }
  });
});
