import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import type { InboxEntry } from '../../src/core/inbox/state';
import { INBOX_KEY } from '../../src/extension/inbox/inboxes';
import { liveInPlainText, shortCorpus } from '../hostile/corpus';
import { useExtension } from './driver';
import { sandboxControl, sandboxOrigin, waitFor } from './helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures and answers are untyped JSON */
type Json = any;

/**
 * The Inbox in the extension host against the sandbox: bob (his own token, over HTTP) assigns a task
 * to alice, mentions her in a comment on her task and moves a task she follows; one check later
 * the Inbox shows three entries that say so, the badge says 3, Enter opens the task at the comment,
 * Mark All Read clears the badge, and what was seen and read survives a reload of the inbox state.
 */
describe('Inbox', function () {
  this.timeout(90_000);
  const driver = useExtension();
  let api: TestApi;
  let fx: Json;
  let ws: string;

  async function asBob(method: string, path: string, body: unknown): Promise<Json> {
    const res = await fetch(`${sandboxOrigin()}/api${path}`, {
      method,
      headers: { authorization: 'Bearer demo-token-bob', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.ok(res.ok, `${method} ${path} as bob: ${res.status}`);
    return res.json();
  }

  async function engineering(): Promise<Json[]> {
    const res = await fetch(`${sandboxOrigin()}/api/workspaces/${ws}/tasks?space_id=${fx.spaces.engineering}`, {
      headers: { authorization: 'Bearer demo-token-alice' },
    });
    return (await res.json()).data;
  }

  const tree = () => api.inbox.tree;
  /** An unread row's label is highlighted: a TreeItemLabel rather than a string. */
  const labelOf = (item: vscode.TreeItem): string =>
    typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
  const labels = async () =>
    tree()
      .getChildren()
      .map((e) => labelOf(tree().getTreeItem(e)));

  before(() => {
    api = driver.api;
  });
  beforeEach(async () => {
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl('GET', '/fixtures');
    ws = fx.workspaces.acme.id;
    await api.services.globalState.update(INBOX_KEY, undefined);
    api.inbox.inboxes.forgetLoaded();
    await driver.signInAs('demo-token-alice');
  });
  after(() => api.session.signOut());

  it('shows three entries after bob acts, badge 3; Enter opens the task at the comment; Mark All Read', async () => {
    const me = fx.users.alice.id;
    const rows = (await engineering()).filter((r) => !r.parent_task_id);
    const others = rows.filter((r) => r.assignee_id !== me);
    const toAssign = others[0];
    const followed = others[1];
    const hers = rows.find((r) => r.assignee_id === me);
    assert.ok(toAssign && followed && hers, 'the seed has tasks of alice and of others in Engineering');

    assert.equal(
      await vscode.commands.executeCommand('taskPlatform.followTask', { workspaceId: ws, taskId: followed.id }),
      true,
    );
    const first: Json = await vscode.commands.executeCommand('taskPlatform.inbox.checkNow');
    assert.deepEqual(first.entries, [], 'the first check only remembers');
    assert.equal(tree().view.badge, undefined);

    await asBob('PATCH', `/workspaces/${ws}/tasks/${toAssign.id}`, { assignee_id: me });
    const comment = await asBob('POST', `/workspaces/${ws}/tasks/${hers.id}/comments`, {
      body: 'Alice, can you look at this?',
      mentions: [me],
    });
    const statuses = (await (
      await fetch(`${sandboxOrigin()}/api/lists/${followed.list_id}/statuses`, {
        headers: { authorization: 'Bearer demo-token-alice' },
      })
    ).json()) as { data: { id: string; name: string }[] };
    const next = statuses.data.find((s) => s.id !== followed.status_id)!;
    await asBob('PATCH', `/workspaces/${ws}/tasks/${followed.id}`, { status_id: next.id });

    const second: Json = await vscode.commands.executeCommand('taskPlatform.inbox.checkNow');
    assert.equal(second.entries.length, 3);
    const shown = await labels();
    assert.equal(shown.length, 3);
    for (const expected of [
      `Bob Member assigned ${toAssign.display_id} to you`,
      `Bob Member mentioned you on ${hers.display_id}`,
      `Bob Member set the status of ${followed.display_id} to ${next.name}`,
    ]) {
      assert.ok(shown.includes(expected), `"${expected}" in ${JSON.stringify(shown)}`);
    }
    assert.equal(tree().view.badge?.value, 3, 'the badge counts the unread');

    // Enter on the mention runs the row's command: the task opens, at the comment, and the row is read.
    const mention = tree()
      .getChildren()
      .find((e: InboxEntry) => e.kind === 'mention')!;
    const command = tree().getTreeItem(mention).command!;
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    const panel = await waitFor(() => api.taskPanels.get(ws, hers.id), 'the panel of the task');
    assert.equal(panel.model.reveal?.commentId, comment.id, 'the panel is asked to show the comment');
    await waitFor(() => tree().view.badge?.value === 2 || undefined, 'the badge to say 2');
    panel.panel.dispose();

    await vscode.commands.executeCommand('taskPlatform.inbox.markAllRead');
    assert.equal(tree().view.badge, undefined, 'Mark All Read clears the badge');

    // A reload: the inbox state is read again from global state.
    api.inbox.inboxes.forgetLoaded();
    tree().refresh();
    assert.equal(tree().getChildren().length, 3, 'the entries survive');
    assert.equal(tree().view.badge, undefined, 'and stay read');
    assert.ok(api.inbox.inboxes.current(api.session.state)!.isFollowed(followed.id), 'the follow survives');
    const third: Json = await vscode.commands.executeCommand('taskPlatform.inbox.checkNow');
    assert.deepEqual(third.entries, [], 'nothing is reported twice after the reload');
  });

  it('shows hostile titles inert: no link, icon or invisible character in any row', async () => {
    const me = fx.users.alice.id;
    const task = (await engineering()).find((r) => !r.parent_task_id && r.assignee_id !== me);
    await vscode.commands.executeCommand('taskPlatform.followTask', { workspaceId: ws, taskId: task.id });
    await vscode.commands.executeCommand('taskPlatform.inbox.checkNow');
    for (const payload of shortCorpus) {
      await asBob('PATCH', `/workspaces/${ws}/tasks/${task.id}`, { title: payload.text });
      const result: Json = await vscode.commands.executeCommand('taskPlatform.inbox.checkNow');
      assert.equal(result.entries.length, 1, `${payload.name}: one entry`);
      for (const entry of tree().getChildren()) {
        const item = tree().getTreeItem(entry);
        for (const [part, text] of [
          ['label', labelOf(item)],
          ['description', String(item.description)],
          ['tooltip', String(item.tooltip)],
          ['accessibility label', item.accessibilityInformation?.label ?? ''],
        ] as const) {
          assert.equal(liveInPlainText(text), undefined, `${payload.name}, ${part}: ${text.slice(0, 200)}`);
        }
      }
    }
  });

  it('notifies of an assignment only when the setting is on, in plain text', async () => {
    const me = fx.users.alice.id;
    const [first, second] = (await engineering()).filter((r) => !r.parent_task_id && r.assignee_id !== me);
    const config = vscode.workspace.getConfiguration('taskPlatform');
    const before = config.inspect<boolean>('inbox.notifications')?.globalValue;
    const prompter = driver.script();
    await vscode.commands.executeCommand('taskPlatform.inbox.checkNow');
    await asBob('PATCH', `/workspaces/${ws}/tasks/${first.id}`, { assignee_id: me });
    await vscode.commands.executeCommand('taskPlatform.inbox.checkNow');
    assert.equal(prompter.messages.length, 0, 'off by default');
    await config.update('inbox.notifications', true, vscode.ConfigurationTarget.Global);
    try {
      const hostile = shortCorpus.find((p) => p.name === 'command link')!.text;
      await asBob('PATCH', `/workspaces/${ws}/tasks/${second.id}`, { title: hostile, assignee_id: me });
      await vscode.commands.executeCommand('taskPlatform.inbox.checkNow');
      assert.equal(prompter.messages.length, 1);
      const text = prompter.messages[0]!.text;
      assert.match(text, new RegExp(`^Bob Member assigned ${second.display_id} to you: Evil`));
      assert.equal(liveInPlainText(text), undefined, `no link in the notification: ${text}`);
    } finally {
      await config.update('inbox.notifications', before, vscode.ConfigurationTarget.Global);
    }
  });

  it('polls only while focused, and not again within the interval another check ran in', async () => {
    const config = vscode.workspace.getConfiguration('taskPlatform');
    const before = config.inspect<number>('inbox.pollIntervalSeconds')?.globalValue;
    await config.update('inbox.pollIntervalSeconds', 600, vscode.ConfigurationTarget.Global);
    try {
      const poller = api.inbox.poller;
      poller.setWindowFocused(false);
      assert.equal(await poller.tick(), 'unfocused');
      poller.setWindowFocused(true);
      assert.notEqual(typeof (await poller.tick(true)), 'string', 'Check Now checks');
      assert.equal(await poller.tick(), 'recent', 'a check ran within the interval (this window or another)');
    } finally {
      await config.update('inbox.pollIntervalSeconds', before, vscode.ConfigurationTarget.Global);
    }
  });
});
