import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TaskRef } from '../../src/extension/tasks/ref';
import { useCommandsDriver, writes } from './driver';
import type { Json } from './driver';
import { sandboxControl, waitFor } from './helpers';
import type { ScriptedQuickPick } from './helpers';

describe('Task commands: triage, inbound address, task URIs', function () {
  const w = useCommandsDriver(this);

  const ready = (pick: ScriptedQuickPick<vscode.QuickPickItem>, label: RegExp, what: string): Promise<true> =>
    waitFor(() => (!pick.busy && pick.items.some((i) => label.test(i.label)) ? true : undefined), what);

  it('Triage walks a list one task at a time with single keys, and writes what was chosen', async () => {
    const list = { kind: 'list', workspaceId: w.acme, listId: w.fx.lists.design, name: 'Design System' };
    const prompter = w.script([]);
    const done = vscode.commands.executeCommand<{ total: number; seen: number; changed: number }>(
      'taskPlatform.triage',
      list,
    );
    const pick = await prompter.livePick();
    await ready(pick, /^Next task$/, 'the first task');
    const total = Number(/of (\d+)/.exec(pick.title ?? '')?.[1]);
    assert.match(pick.title ?? '', /^Triage Design System · 1 of \d+$/);
    const firstId = (await w.rows('tasks', `?list_id=${w.fx.lists.design}`)).length > 0;
    assert.ok(firstId && total > 1);

    // p -> priority choices; pick Critical; back on the task with the new value shown.
    pick.setValue('p');
    await ready(pick, /^Critical$/, 'priority choices');
    pick.accept('Critical');
    await ready(pick, /^Priority: Critical$/, 'the task again, with its new priority');
    // s -> status; d -> a typed date; a -> assignee.
    pick.setValue('s');
    await ready(pick, /^In Progress$/, 'status choices');
    pick.accept('In Progress');
    await ready(pick, /^Status: In Progress$/, 'new status');
    pick.setValue('d');
    await ready(pick, /^No due date$/, 'due date choices');
    pick.setValue('2027-04-01');
    await ready(pick, /^Due 2027-04-01$/, 'the typed date offered');
    pick.accept('Due 2027-04-01');
    await ready(pick, /^Due date: 2027-04-01$/, 'new due date');
    pick.setValue('o');
    if (w.recordingOpen) {
      await waitFor(() => (w.opened.length === 1 ? true : undefined), 'the task opened');
    }
    const patches = await w.requests(writes);
    assert.equal(patches.length, 3);
    const taskId = /tasks\/([0-9a-f-]+)$/.exec(patches[0] ?? '')?.[1] ?? '';
    const task = await w.task(taskId);
    assert.equal(task.priority, 'critical');
    assert.equal(String(task.due_date).slice(0, 10), '2027-04-01');
    assert.equal(w.changes.filter((c) => c.kind === 'updated').length, 3);

    // n -> next task, progress moves; the button does the same.
    pick.setValue('n');
    await waitFor(() => (/· 2 of/.test(pick.title ?? '') ? true : undefined), 'the second task');
    pick.pressButton('Next task (n)');
    await waitFor(() => (/· 3 of/.test(pick.title ?? '') ? true : undefined), 'the third task');
    pick.hide();
    assert.deepEqual(await done, { total, seen: 3, changed: 1 });
  });

  it('Triage walks given tasks (a filter result) and ends after the last one', async () => {
    const a = w.ref('task_with_comments');
    const b = w.ref('blocker_task');
    const prompter = w.script([]);
    const done = vscode.commands.executeCommand<Json>('taskPlatform.triage', {
      workspaceId: w.acme,
      name: 'Overdue',
      tasks: [a, { workspaceId: w.acme, taskId: b.taskId }],
    });
    const pick = await prompter.livePick();
    await ready(pick, /^Next task$/, 'the first task');
    assert.equal(pick.title, 'Triage Overdue · 1 of 2');
    pick.setValue('a');
    await ready(pick, /^Unassigned$/, 'assignee choices');
    pick.accept('Unassigned');
    await ready(pick, /^Assignee: unassigned$/, 'no assignee');
    pick.setValue('n');
    await waitFor(() => (pick.title === 'Triage Overdue · 2 of 2' ? true : undefined), 'the second task');
    assert.match(pick.placeholder ?? '', /ACME-125/);
    pick.setValue('n');
    assert.deepEqual(await done, { total: 2, seen: 2, changed: 1 });
    assert.equal((await w.task(a.taskId)).assignee_id, null);
  });

  it('Triage of an empty list says so, without opening a pick', async () => {
    await sandboxControl('POST', '/reset', { seed: 'empty' });
    const list = { workspaceId: w.acme, listId: w.fx.lists.hiring, name: 'Hiring' };
    const prompter = w.script([]);
    const summary = await vscode.commands.executeCommand<Json>('taskPlatform.triage', list);
    assert.deepEqual(summary, { total: 0, seen: 0, changed: 0 });
    assert.match(prompter.messages[0]?.text ?? '', /Nothing to triage: Hiring has no tasks/);
    assert.equal(prompter.livePicks.length, 0);
  });

  it('Inbound address: shows an existing one (a pure read) and copies it', async () => {
    const list = { kind: 'list', workspaceId: w.acme, listId: w.fx.inbound.list_with_address, name: 'Q4 Launch' };
    const prompter = w.script([], ['Copy Address']);
    const outcome = await vscode.commands.executeCommand<Json>('taskPlatform.showInboundAddress', list);
    assert.equal(outcome.created, false);
    assert.equal(await vscode.env.clipboard.readText(), outcome.address.email_address);
    assert.match(prompter.messages[0]?.text ?? '', /becomes a task in Q4 Launch/);
    assert.deepEqual(await w.requests(writes), [], 'reading never creates');
  });

  it('Inbound address: a list without one is not changed unless asked; Generate creates it (201)', async () => {
    const list = { kind: 'list', workspaceId: w.acme, listId: w.fx.inbound.list_without_address, name: 'Social Media' };
    const declined = w.script([], [undefined]);
    await vscode.commands.executeCommand('taskPlatform.showInboundAddress', list);
    assert.match(declined.messages[0]?.text ?? '', /Social Media has no inbound email address/);
    assert.deepEqual(await w.rows('inbound_addresses', `?list_id=${list.listId}`), []);

    w.script([], ['Generate Address', 'Copy Address']);
    const outcome = await vscode.commands.executeCommand<Json>('taskPlatform.showInboundAddress', list);
    assert.equal(outcome.created, true);
    assert.equal((await w.rows('inbound_addresses', `?list_id=${list.listId}`)).length, 1);
    assert.equal(await vscode.env.clipboard.readText(), outcome.address.email_address);
  });

  it('Inbound address from the palette asks for the list', async () => {
    const prompter = w.script([], ['Acme', 'Q4 Launch']);
    const outcome = await vscode.commands.executeCommand<Json>('taskPlatform.showInboundAddress');
    assert.ok(outcome.address.email_address);
    assert.ok(prompter.asked.length >= 2);
  });

  // The handler itself cannot be reached here: in the web workbench (code-server), openExternal sends
  // a vscode:// URI to the browser instead of the URI handler. Its path parsing is unit-tested
  // (taskIdFromUriPath) and what it then runs is this:
  it('Go to Task takes what the URI handler passes (display id), and opens it', async () => {
    w.script([]);
    const ref = await vscode.commands.executeCommand<TaskRef>('taskPlatform.goToTask', 'ACME-91');
    assert.equal(ref?.taskId, w.fx.tasks.task_with_subtasks_3_deep.id);
  });
});
