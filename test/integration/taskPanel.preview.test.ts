import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import type { TaskPanel } from '../../src/extension/taskPanel/panel';
import type { HostMessage } from '../../src/shared/taskPanel/protocol';
import { useExtension } from './driver';
import { requestLog, sandboxControl, waitFor } from './helpers';

interface FixtureTask {
  id: string;
  display_id: string;
  title: string;
  list_id: string;
}

type Name = 'task_with_comments' | 'task_with_activity' | 'task_with_custom_fields' | 'blocker_task';

/** The editor tabs of task panels, across every group: what the user sees pile up (or not). */
function taskTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('taskPlatform.task'));
}

/** The tab count once VS Code's tab model has caught up with the panels (it is told a moment later). */
async function tabCount(expected: number): Promise<number> {
  await waitFor(() => taskTabs().length === expected, `${expected} task tab(s)`, 5_000).catch(() => undefined);
  return taskTabs().length;
}

/** Every message the host posts to this panel's webview from now on (the real postMessage still runs). */
function spyPosts(panel: TaskPanel): HostMessage[] {
  const seen: HostMessage[] = [];
  const webview = panel.panel.webview;
  const post = webview.postMessage.bind(webview);
  webview.postMessage = (message: HostMessage) => {
    seen.push(message);
    return post(message);
  };
  return seen;
}

/**
 * The preview panel in a real extension host: one task after another goes into ONE reused webview
 * panel, swapped by a message; a pinned panel is never reused; with the setting off every task has
 * its own panel. Signed in as dave (the task panel suite's budget).
 */
describe('Task panel preview: one reused panel', function () {
  this.timeout(150_000);
  const driver = useExtension();
  let api: TestApi;
  let ws: string;
  let tasks: Record<Name, FixtureTask>;

  const ref = (t: FixtureTask) => ({
    workspaceId: ws,
    taskId: t.id,
    row: { id: t.id, title: t.title, display_id: t.display_id, list_id: t.list_id },
  });

  async function openTask(t: FixtureTask): Promise<TaskPanel> {
    await vscode.commands.executeCommand('taskPlatform.openTask', ref(t));
    return waitFor(() => api.taskPanels.get(ws, t.id), `the panel of ${t.display_id}`);
  }

  async function loaded(panel: TaskPanel, t: FixtureTask): Promise<void> {
    await waitFor(
      () => panel.model.task.id === t.id && panel.model.complete && panel.model.comments && panel.model.activity,
      `${t.display_id} loaded`,
      60_000,
    );
  }

  before(async () => {
    api = driver.api;
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    const fx = await sandboxControl<{ workspaces: { acme: { id: string } }; tasks: Record<Name, FixtureTask> }>(
      'GET',
      '/fixtures',
    );
    ws = fx.workspaces.acme.id;
    tasks = fx.tasks;
    if (api.session.state.kind !== 'signedIn') await driver.signInAs('demo-token-dave');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('panel.preview', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  afterEach(async () => {
    await sandboxControl('DELETE', '/faults');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(() => api.taskPanels.all().length === 0, 'every panel closed');
  });

  it('paints the known row in the page itself, as escaped text, before its script runs', async () => {
    const t = tasks.task_with_activity;
    await vscode.commands.executeCommand('taskPlatform.openTask', {
      workspaceId: ws,
      taskId: t.id,
      row: {
        id: t.id,
        title: '<img src=x onerror=alert(1)><script>alert(2)</script>"\u202eevil',
        display_id: 'ACME-1"><b>',
        priority: 'high',
        status: { id: t.id, name: '<i>Doing</i>' },
      },
    });
    const panel = await waitFor(() => api.taskPanels.get(ws, t.id), 'the panel');
    const page = panel.panel.webview.html;
    const firstPaint = /<div id="first-paint">([\s\S]*?)<\/main>/.exec(page)?.[1] ?? '';
    assert.ok(firstPaint, `the known row is in the page: ${page}`);
    assert.match(firstPaint, /&#60;img src=x onerror=alert\(1\)&#62;&#60;script&#62;alert\(2\)&#60;\/script&#62;&#34;/);
    assert.match(firstPaint, /ACME-1&#34;&#62;&#60;b&#62;/);
    assert.match(firstPaint, /&#60;i&#62;Doing&#60;\/i&#62;.*high/);
    assert.doesNotMatch(firstPaint, /<(img|script|b|i)[\s>]/, 'no markup from the row');
    assert.doesNotMatch(firstPaint, /\u202e/, 'no bidi control character');
    assert.equal((page.match(/<script/g) ?? []).length, 1, 'still a single script, by nonce');
    await loaded(panel, t);
  });

  it('opens B into the preview panel showing A: the same webview gets a message, no new panel, one tab', async () => {
    const a = tasks.task_with_activity;
    const b = tasks.task_with_comments;
    const c = tasks.task_with_custom_fields;
    const panel = await openTask(a);
    assert.equal(panel.preview, true, 'a task opened from the tree goes into the preview panel');
    await loaded(panel, a);
    await waitFor(() => panel.pageTaskId === a.id, 'the page shows A');
    const page = panel.panel.webview.html;
    const posts = spyPosts(panel);

    await vscode.commands.executeCommand('taskPlatform.openTask', ref(b));
    // At once, before any answer: B's title from the row, in the same panel.
    assert.equal(api.taskPanels.get(ws, b.id), panel, 'B is shown by the same TaskPanel');
    assert.equal(api.taskPanels.get(ws, a.id), undefined, 'A is no longer shown anywhere');
    assert.equal(panel.panel.title, `${b.display_id} ${b.title}`, 'the tab title is B from the row');
    assert.equal(panel.panel.webview.html, page, 'no new page: the webview was not reloaded');
    assert.deepEqual(
      posts.slice(0, 1).map((m) => m.type === 'model' && [m.fresh, m.model.task.id, m.model.task.title]),
      [[true, b.id, b.title]],
      'the first message is B, fresh, from the row',
    );
    await loaded(panel, b);
    const bComments = await sandboxControl<{ data: { id: string }[] }>('GET', `/state/comments?task_id=${b.id}`);
    const ids = new Set(bComments.data.map((x) => x.id));
    assert.ok(
      panel.model.comments!.items.every((x) => ids.has(x.id)),
      "only B's comments",
    );

    await openTask(c);
    assert.equal(api.taskPanels.get(ws, c.id), panel);
    assert.equal(api.taskPanels.all().length, 1, 'one panel');
    assert.equal(await tabCount(1), 1, 'one editor tab after three tasks');
    assert.equal(
      posts.filter((m) => m.type === 'model' && m.fresh).length,
      2,
      'each swap was one fresh model posted to the same webview',
    );
  });

  it("drops A's late answers once B is shown, and still sends what the page asked about A to A", async () => {
    const a = tasks.task_with_activity;
    const b = tasks.task_with_comments;
    // A's comments answer late: it arrives after B is shown.
    await sandboxControl('POST', '/faults', {
      method: 'GET',
      path: `/api/workspaces/*/tasks/${a.id}/comments`,
      kind: 'latency',
      latency_ms: 2500,
      times: 1,
    });
    const panel = await openTask(a);
    await waitFor(() => panel.model.activity, "A's activity (its comments still on their way)", 30_000);
    assert.equal(panel.model.comments, undefined);
    await openTask(b);
    await loaded(panel, b);
    const bComments = new Set(
      (await sandboxControl<{ data: { id: string }[] }>('GET', `/state/comments?task_id=${b.id}`)).data.map(
        (x) => x.id,
      ),
    );
    // Wait out A's answer (its read is aborted; whatever still came back must not land on B).
    await new Promise((r) => setTimeout(r, 3000));
    assert.equal(panel.model.task.id, b.id);
    assert.ok(
      panel.model.comments!.items.every((x) => bComments.has(x.id)),
      "no comment of A on B's panel",
    );

    // The page shows B; the host shows A again, and before the page hears of it, the page's edit of
    // B arrives: it goes to B (what the user saw), and its answer and update do not land on A.
    await waitFor(() => panel.pageTaskId === b.id, 'the page says it shows B');
    const dropped = panel.dropped;
    panel.show(ref(a));
    const outcome = await panel.receive({
      type: 'edit',
      id: 'late-1',
      change: { field: 'title', value: 'Edited on B' },
    });
    assert.equal(outcome?.ok, true);
    const title = async (id: string): Promise<string> =>
      (await sandboxControl<{ data: { title: string }[] }>('GET', `/state/tasks?id=${id}`)).data[0]!.title;
    assert.equal(await title(b.id), 'Edited on B', 'the edit went to B, the task the page showed');
    assert.equal(await title(a.id), a.title, 'A is untouched');
    assert.equal(panel.model.task.id, a.id);
    assert.equal(panel.model.task.title, a.title, "B's answer did not change A's model");
    assert.equal(panel.panel.title, `${a.display_id} ${a.title}`);
    assert.ok(panel.dropped > dropped, "B's update and answer were dropped");
  });

  it('a task passed over at once (arrow, Enter, arrow, Enter) costs no request', async () => {
    const [a, b, c] = [tasks.task_with_activity, tasks.task_with_comments, tasks.task_with_custom_fields];
    const panel = await openTask(a);
    await loaded(panel, a);
    await sandboxControl('DELETE', '/requests');
    panel.show(ref(b));
    assert.equal(panel.panel.title, `${b.display_id} ${b.title}`, 'B shows its row at once');
    panel.show(ref(c));
    await loaded(panel, c);
    const paths = (await requestLog()).map((r) => r.path);
    assert.ok(!paths.some((p) => p.includes(b.id)), `nothing asked about B:\n${paths.join('\n')}`);
    assert.ok(
      paths.some((p) => p.endsWith(`/tasks/${c.id}`)),
      'C is loaded',
    );
  });

  it('never reuses a pinned panel: first edit, Keep Task Open, double click', async () => {
    const [a, b, c, d] = [
      tasks.task_with_activity,
      tasks.task_with_comments,
      tasks.task_with_custom_fields,
      tasks.blocker_task,
    ];
    const first = await openTask(a);
    await first.receive({ type: 'keep' }); // what the page sends on the first edit
    assert.equal(first.preview, false, 'the first edit pins');
    assert.equal(first.model.inPreview, false, 'and the page hears of it (its Keep Open button goes)');

    const second = await openTask(b);
    assert.notEqual(second, first, 'a pinned panel is not reused: B gets a new preview panel');
    assert.equal(second.preview, true);
    assert.equal(api.taskPanels.get(ws, a.id), first, 'A stays where it was');
    second.panel.reveal();
    await waitFor(() => second.panel.active, 'the preview panel in front');
    assert.equal(await vscode.commands.executeCommand('taskPlatform.keepTaskOpen'), second);
    assert.equal(second.preview, false, 'Keep Task Open pins');

    // A double click in the tree runs the open command twice in a row.
    await vscode.commands.executeCommand('taskPlatform.openTask', ref(c));
    await vscode.commands.executeCommand('taskPlatform.openTask', ref(c));
    const third = api.taskPanels.get(ws, c.id)!;
    assert.ok(third !== first && third !== second);
    assert.equal(third.preview, false, 'a double click pins');

    const fourth = await openTask(d);
    assert.equal(fourth.preview, true);
    assert.equal(api.taskPanels.all().length, 4);
    assert.equal(await tabCount(4), 4, 'three pinned tabs and one preview tab');

    // A read leaves it a preview; a write pins it even without the page's own `keep`.
    await fourth.receive({ type: 'loadMore', id: 'm1', section: 'activity' });
    assert.equal(fourth.preview, true, 'loading more is no edit');
    await fourth.receive({ type: 'edit', id: 'e1', change: { field: 'priority', value: 'high' } });
    assert.equal(fourth.preview, false, 'an edit pins');
  });

  it('with taskPlatform.panel.preview off, every task opens in its own panel, as before', async () => {
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('panel.preview', 'off', vscode.ConfigurationTarget.Global);
    try {
      const a = await openTask(tasks.task_with_activity);
      const b = await openTask(tasks.task_with_comments);
      assert.notEqual(a, b);
      assert.equal(a.preview, false);
      assert.equal(b.preview, false);
      assert.notEqual(a.panel.webview.html, b.panel.webview.html, 'two pages');
      assert.equal(await tabCount(2), 2);
    } finally {
      await vscode.workspace
        .getConfiguration('taskPlatform')
        .update('panel.preview', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
