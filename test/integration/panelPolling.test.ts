import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import type { TaskPanel } from '../../src/extension/taskPanel/panel';
import type { PanelPoller } from '../../src/extension/taskPanel/poller';
import type { TaskChange } from '../../src/extension/tasks/changes';
import { useExtension } from './driver';
import { requestLog, sandboxControl, sandboxOrigin, waitFor } from './helpers';

interface Fixtures {
  workspaces: { acme: { id: string } };
  users: Record<string, { id: string; name: string }>;
  tasks: Record<string, { id: string; display_id: string; title: string; list_id: string }>;
}

/** Another user (bob, his own token) writes through the sandbox's API, as the web app would. */
async function asBob(method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${sandboxOrigin()}/api${path}`, {
    method,
    headers: { authorization: 'Bearer demo-token-bob', 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `bob's ${method} ${path} answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Change polling of open task panels in a real extension host: bob changes the task through
 * the sandbox, the test calls the poller's tick() (no sleeps) and reads the panel's model and the
 * sandbox's request log. Signed in as erin, so this suite spends its own budget.
 */
describe('Task panel change polling', function () {
  this.timeout(120_000);
  let api: TestApi;
  let fx: Fixtures;
  let ws: string;
  let poller: PanelPoller;
  let timer = false;
  const driver = useExtension();
  const changes: TaskChange[] = [];

  async function open(task: { id: string }): Promise<TaskPanel> {
    await vscode.commands.executeCommand('taskPlatform.openTask', { workspaceId: ws, taskId: task.id });
    const panel = await waitFor(() => api.taskPanels.get(ws, task.id), 'the panel');
    await waitFor(
      () =>
        panel.model.complete && panel.model.activity && panel.model.comments && panel.model.statuses ? true : undefined,
      'the panel loaded',
      60_000,
    );
    panel.panel.reveal();
    await waitFor(() => (panel.panel.active && panel.panel.visible ? true : undefined), 'the panel in front');
    return panel;
  }

  /** Erin's requests since the log was cleared (bob's writes are his). */
  async function erinRequests(): Promise<string[]> {
    return (await requestLog())
      .filter((r) => r.token_label.includes('erin'))
      .map((r) => `${r.method} ${r.path.replace(`/api/workspaces/${ws}`, '')}`);
  }

  async function fullBudget(): Promise<void> {
    const state = api.session.state;
    const limiter = state.kind === 'signedIn' ? state.client.limiter : undefined;
    await waitFor(
      () => (limiter && limiter.snapshot().remaining === limiter.limit ? true : undefined),
      'a full budget',
    );
  }

  before(async () => {
    api = driver.api;
    poller = api.taskPanels.poller!;
    timer = poller.timerEnabled;
    poller.timerEnabled = false; // only tick() polls here, so the request log is the test's alone
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl<Fixtures>('GET', '/fixtures');
    ws = fx.workspaces.acme.id;
    api.changes.onDidChange((c) => changes.push(c));
    await driver.signInAs('demo-token-erin');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    poller.timerEnabled = timer;
    await api.session.signOut(); // the suites after this one start signed out
  });

  beforeEach(async () => {
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    poller.setWindowFocused(true);
    changes.length = 0;
  });

  afterEach(async () => {
    poller.setWindowFocused(vscode.window.state.focused);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows a change made by someone else in place, with a notice, in two requests, and tells the tree', async () => {
    const t = fx.tasks.task_with_activity!;
    const panel = await open(t);
    const other = panel.model.statuses!.find((s) => s.id !== panel.model.task.status_id)!;
    await asBob('PATCH', `/workspaces/${ws}/tasks/${t.id}`, { status_id: other.id, priority: 'critical' });
    await fullBudget();
    await sandboxControl('DELETE', '/requests');

    const sent = await poller.tick();
    assert.deepEqual(
      await erinRequests(),
      [`GET /tasks/${t.id}/activity`, `GET /tasks/${t.id}`],
      'one activity page, one task read',
    );
    assert.equal(sent, 2);
    assert.equal(panel.model.task.status_id, other.id);
    assert.equal(panel.model.task.priority, 'critical');
    const notice = panel.model.notice;
    assert.ok(notice, 'a notice is shown');
    assert.deepEqual(notice.actors, [fx.users.bob!.name]);
    assert.deepEqual([...notice.fields].sort(), ['priority', 'status_id']);
    assert.deepEqual(
      panel.model.activity!.items.slice(0, 2).map((e) => e.actor_id),
      [fx.users.bob!.id, fx.users.bob!.id],
      'new entries on top of the timeline',
    );
    const told = changes.find((c) => c.kind === 'updated' && c.task.id === t.id);
    assert.ok(
      told && told.kind === 'updated' && told.task.status_id === other.id,
      'the tree hears of it (TaskChanges updated)',
    );

    await panel.receive({ type: 'dismissNotice' });
    assert.equal(panel.model.notice, undefined, 'dismissed');
    await sandboxControl('DELETE', '/requests');
    assert.equal(await poller.tick(), 1);
    assert.deepEqual(await erinRequests(), [`GET /tasks/${t.id}/activity`], 'nothing new: one request');
    assert.equal(panel.model.notice, undefined);
  });

  it('adds a comment someone else wrote to the comment list (one comments page)', async () => {
    const t = fx.tasks.task_with_activity!;
    const panel = await open(t);
    await asBob('POST', `/workspaces/${ws}/tasks/${t.id}/comments`, {
      body: 'Bob: looks good to me',
      parent_id: null,
      mentions: [],
      assignee_id: null,
    });
    await fullBudget();
    await sandboxControl('DELETE', '/requests');
    await poller.tick();
    assert.deepEqual(await erinRequests(), [`GET /tasks/${t.id}/activity`, `GET /tasks/${t.id}/comments`]);
    assert.ok(panel.model.comments!.items.some((c) => c.body === 'Bob: looks good to me'));
    assert.match(JSON.stringify(panel.model.notice?.entries.map((e) => e.action)), /comment_added/);
  });

  it('after more changes than two activity pages, reloads the task and starts the timeline again', async () => {
    const t = fx.tasks.task_with_activity!;
    const panel = await open(t);
    for (let i = 1; i <= 61; i++) {
      await asBob('PATCH', `/workspaces/${ws}/tasks/${t.id}`, { title: `Bob edit ${i}` });
    }
    await fullBudget();
    await sandboxControl('DELETE', '/requests');
    await poller.tick();
    const sent = await erinRequests();
    assert.equal(
      sent.filter((r) => r === `GET /tasks/${t.id}/activity`).length,
      3,
      'two pages, then the first page again',
    );
    assert.ok(sent.includes(`GET /tasks/${t.id}`) && sent.includes(`GET /tasks/${t.id}/comments`), sent.join('\n'));
    assert.equal(panel.model.task.title, 'Bob edit 61');
    assert.equal(panel.model.activity!.items[0]!.new_value?.title, 'Bob edit 61');
    assert.equal(panel.model.activity!.items.length, 30, 'one fresh page');
    await sandboxControl('DELETE', '/requests');
    assert.equal(await poller.tick(), 1, 'the next poll is one request again');
  });

  it('our own writes make no notice and no re-read', async () => {
    const t = fx.tasks.task_with_activity!;
    const panel = await open(t);
    const outcome = await panel.receive({
      type: 'edit',
      id: 'own1',
      change: { field: 'title', value: 'Renamed by erin' },
    });
    assert.equal(outcome?.ok, true);
    await fullBudget();
    await sandboxControl('DELETE', '/requests');
    await poller.tick();
    assert.deepEqual(await erinRequests(), [`GET /tasks/${t.id}/activity`]);
    assert.equal(panel.model.notice, undefined);
    assert.equal(panel.model.task.title, 'Renamed by erin');
  });

  it('sends nothing while the window is unfocused, the panel hidden, or less than half of the budget is left', async () => {
    const t = fx.tasks.task_with_activity!;
    const panel = await open(t);
    await asBob('PATCH', `/workspaces/${ws}/tasks/${t.id}`, { priority: 'low' });
    await fullBudget();
    await sandboxControl('DELETE', '/requests');

    poller.setWindowFocused(false);
    assert.equal(poller.intervalOf(panel), 0);
    assert.equal(await poller.tick(), 0, 'unfocused window: no request');

    poller.setWindowFocused(true);
    await vscode.commands.executeCommand('workbench.action.files.newUntitledFile');
    await waitFor(() => (!panel.panel.visible ? true : undefined), 'the panel hidden behind another editor');
    assert.equal(poller.intervalOf(panel), 0);
    assert.equal(await poller.tick(), 0, 'hidden panel: no request');

    panel.panel.reveal();
    await waitFor(() => (panel.panel.visible ? true : undefined), 'the panel shown again');
    const state = api.session.state;
    const limiter = state.kind === 'signedIn' ? state.client.limiter : undefined;
    const permits = await Promise.all(Array.from({ length: limiter!.limit / 2 + 1 }, () => limiter!.acquire('user')));
    assert.equal(await poller.tick(), 0, 'budget under half: no request');
    permits.forEach((p) => p.release());
    assert.deepEqual(await erinRequests(), [], 'the sandbox saw nothing from erin');
    assert.equal(panel.model.task.priority !== 'low', true, 'and the panel did not change');

    await fullBudget();
    assert.equal(await poller.tick(), 2, 'back in front, focused, with budget: it polls');
    assert.equal(panel.model.task.priority, 'low');
  });

  it('polls the panel in front faster than a visible one behind, and is off at 0', async () => {
    const panel = await open(fx.tasks.task_with_activity!);
    const config = vscode.workspace.getConfiguration('taskPlatform');
    assert.equal(poller.intervalOf(panel), 15_000, 'active: 15 s');
    await config.update('panel.pollIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(poller.intervalOf(panel), 0, '0 turns it off');
    } finally {
      await config.update('panel.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
    await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({ content: 'beside' }),
      vscode.ViewColumn.Beside,
    );
    await waitFor(
      () => (panel.panel.visible && !panel.panel.active ? true : undefined),
      'the panel visible, not in front',
    );
    assert.equal(poller.intervalOf(panel), 60_000, 'visible behind: 60 s');
  });
});
