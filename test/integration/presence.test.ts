import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ListNode, TreeNode } from '../../src/core/tree/nodes';
import { INBOX_KEY } from '../../src/extension/inbox/inboxes';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import { quietRequestLog, requestLog, sandboxControl, waitFor } from './helpers';
import type { RequestLogEntry } from './helpers';

interface Fixtures {
  workspaces: { acme: { id: string } };
  tasks: Record<string, { id: string }>;
}

/**
 * Polls and the person at the window (ui/presence.ts): with the window focused but the user inactive
 * (VS Code's WindowState.active false, stood in for through the TestApi), the timers' panel, tree and
 * Inbox polls send nothing, as the sandbox's request log shows; activity brings one catch-up of each,
 * on their own timers (nothing here calls a poll after the user is back).
 */
describe('Polls wait for an active user', function () {
  this.timeout(180_000);
  const driver = useExtension();
  let api: TestApi;
  let fx: Fixtures;

  const label = (node: TreeNode): string => {
    const item = api.explorer.getTreeItem(node).label;
    return typeof item === 'string' ? item : (item?.label ?? '');
  };
  async function list(...labels: string[]): Promise<ListNode> {
    let node: TreeNode | undefined;
    for (const name of labels) {
      const children = await api.explorer.getChildren(node);
      node = children.find((n) => label(n) === name);
      assert.ok(node, `"${name}" in the tree`);
    }
    return node as ListNode;
  }
  const daves = (log: RequestLogEntry[]): RequestLogEntry[] => log.filter((r) => r.token_label.includes('dave'));

  let inboxInterval: number | undefined;

  before(() => {
    api = driver.api;
    inboxInterval = vscode.workspace
      .getConfiguration('taskPlatform')
      .inspect<number>('inbox.pollIntervalSeconds')?.globalValue;
  });

  afterEach(async () => {
    // The runner turns the Inbox's polling off; this suite turned it on: back to the runner's value.
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('inbox.pollIntervalSeconds', inboxInterval, vscode.ConfigurationTarget.Global);
    api.taskPanels.poller!.timerEnabled = false; // as the extension starts it in tests
    api.simulateWindowState(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.session.signOut();
  });

  it('focused but inactive: no panel, tree or Inbox poll reaches the sandbox; activity resumes each', async () => {
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl<Fixtures>('GET', '/fixtures');
    const ws = fx.workspaces.acme.id;
    const task = fx.tasks.task_with_comments!;
    api.simulateWindowState({ focused: true, active: true });
    // In tests the panels' poll timer is off (tests drive tick()); here the timers are what is tested.
    api.taskPanels.poller!.timerEnabled = true;
    // The runner turns the Inbox's polling off (0); here it polls, on its default interval.
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('inbox.pollIntervalSeconds', 120, vscode.ConfigurationTarget.Global);
    await api.services.globalState.update(INBOX_KEY, undefined);
    api.inbox.inboxes.forgetLoaded();
    await driver.signInAs('demo-token-dave');

    // Something for each poll: an open panel in front, a loaded list in a visible tree, the Inbox.
    await vscode.commands.executeCommand('taskPlatform.openTask', { workspaceId: ws, taskId: task.id });
    const panel = await waitFor(() => api.taskPanels.get(ws, task.id), 'the panel');
    await waitFor(() => (panel.model.complete && panel.model.activity ? true : undefined), 'the panel loaded', 60_000);
    await vscode.commands.executeCommand('taskPlatform.explorer.focus');
    await waitFor(() => (api.explorer.view.visible ? true : undefined), 'the tree shown');
    await api.explorer.getChildren(await list('Acme', 'Engineering', 'Backend', 'API'));
    panel.panel.reveal();
    await waitFor(() => (panel.panel.visible ? true : undefined), 'the panel visible');

    // A full budget, so that no poll below is skipped for want of one (the runner's short rate window).
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    const limiter = state.client.limiter;
    await waitFor(() => (limiter.snapshot().remaining === limiter.limit ? true : undefined), 'a full budget', 60_000);

    // The user stops: the window keeps its focus, VS Code reports no recent activity.
    api.simulateWindowState({ focused: true, active: false });
    // No Inbox check counts as recent, so the one after the user is back is not skipped as such.
    await api.services.globalState.update(INBOX_KEY, undefined);
    api.inbox.inboxes.forgetLoaded();
    const before = (await quietRequestLog()).length;
    const stats = {
      panel: api.taskPanels.poller!.stats.polls,
      tree: api.trees.poller.stats.ticks,
      inbox: api.inbox.poller.stats.checks,
    };
    // What each timer would do when due: nothing is sent.
    assert.equal(await api.taskPanels.poller!.tick(), 0, 'no panel poll');
    assert.equal(await api.trees.poller.tick(), 0, 'no tree poll');
    assert.equal(await api.inbox.poller.tick(), 'unfocused', 'no Inbox check');
    assert.deepEqual(daves((await requestLog()).slice(before)), [], 'the sandbox saw no request');

    // Activity again: one catch-up of each, soon, from their timers.
    api.simulateWindowState({ focused: true, active: true });
    const ran = (): string =>
      JSON.stringify({
        panel: api.taskPanels.poller!.stats,
        tree: api.trees.poller.stats,
        inbox: api.inbox.poller.stats,
        before: stats,
      });
    // The panel's next poll is due one interval (15 s in front) after its last; the others in 2 s.
    for (const [what, done] of [
      ['a tree poll', () => api.trees.poller.stats.ticks > stats.tree],
      ['an Inbox check', () => api.inbox.poller.stats.checks > stats.inbox],
      ['a panel poll', () => api.taskPanels.poller!.stats.polls > stats.panel],
    ] as const) {
      await waitFor(() => done() || undefined, `${what} after the user is back`, 90_000).catch((error: unknown) => {
        throw new Error(`${String(error)}: ${ran()}`);
      });
    }
    const sent = daves((await requestLog()).slice(before)).map((r) => `${r.method} ${r.path}`);
    assert.ok(
      sent.some((r) => r.endsWith(`/tasks/${task.id}/activity`)),
      `the panel's poll reached the sandbox: ${sent.join(', ')}`,
    );
    assert.ok(
      sent.some((r) => r === `GET /api/workspaces/${ws}/tasks`),
      `the tree's and the Inbox's reads reached the sandbox: ${sent.join(', ')}`,
    );
  });
});
