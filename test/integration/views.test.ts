import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import { requestLog, sandboxControl, sandboxOrigin, waitFor } from './helpers';
import type { ScriptedQuickPick, ScriptedPrompter } from './helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures are untyped JSON */
type Json = any;

describe('Saved views', function () {
  this.timeout(60_000);
  const driver = useExtension();
  const { script, signInAs } = driver;
  let api: TestApi;
  let fx: Json;

  /** The sandbox's own evaluation of a view: every page at per_page 100, over plain HTTP. */
  async function sandboxView(viewId: string, token = 'demo-token-alice'): Promise<{ ids: string[]; body: Json }> {
    const ids: string[] = [];
    let body: Json;
    for (let page = 1; ; page++) {
      const res = await fetch(`${sandboxOrigin()}/api/views/${viewId}/tasks?per_page=100&page=${page}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(res.status, 200);
      body = await res.json();
      ids.push(...body.data.map((r: Json) => r.id));
      if (page >= body.last_page) {
        return { ids, body };
      }
    }
  }

  /** Runs a view by id and reads every page through "Load more", as a user would. */
  async function runToEnd(
    prompter: ScriptedPrompter,
    viewId: string,
  ): Promise<ScriptedQuickPick<vscode.QuickPickItem>> {
    assert.equal(await vscode.commands.executeCommand('taskPlatform.runView', viewId), true);
    const pick = await prompter.livePick(prompter.livePicks.length - 1);
    while (pick.item(/Load more/)) {
      const before = pick.items.length;
      pick.accept(/Load more/);
      await waitFor(() => (!pick.busy && pick.items.length !== before ? true : undefined), 'the next page');
    }
    return pick;
  }

  const rowIds = (pick: ScriptedQuickPick<vscode.QuickPickItem>): string[] =>
    pick.items.flatMap((i) => ((i as Json).row ? [(i as Json).row.id] : []));

  before(() => {
    api = driver.api;
  });
  beforeEach(async () => {
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl('GET', '/fixtures');
    await signInAs('demo-token-alice');
  });

  for (const name of [
    'list_view',
    'folder_view',
    'space_view',
    'space_view_with_location',
    'list_view_with_location',
    'sprint_view',
    'folder_view_critical',
    'list_view_low_inside_folder',
  ]) {
    it(`runs ${name} and pages to the last page: rows equal the sandbox's evaluation`, async () => {
      const prompter = script();
      const pick = await runToEnd(prompter, fx.views[name]);
      const sent = (await requestLog()).filter((r) => r.path.startsWith('/api/views/'));
      const expected = await sandboxView(fx.views[name]);
      assert.deepEqual(rowIds(pick), expected.ids);
      assert.match(
        pick.title ?? '',
        new RegExp(
          `${expected.body.filtered_count} of ${expected.body.total_count} tasks, ${expected.body.completed_count} completed`,
        ),
      );
      assert.ok(
        sent.every((r) => !/filter|sorts|group_by/.test(JSON.stringify((r as Json).query ?? ''))),
        'never filter, sorts or group_by',
      );
      assert.equal(sent.length, Math.max(1, Math.ceil(expected.ids.length / 50)), 'one request per page of 50');
    });
  }

  it('bob gets the 403 and 404 messages the API defines, and a bad id is refused without a request', async () => {
    await signInAs('demo-token-bob');
    const cases: [string, RegExp][] = [
      [fx.views.private_view_alice, /You may not see the view/],
      [fx.views.leadership_view, /You may not see the view/],
      [fx.views.side_view, /was not found: the id is unknown, or it belongs to a workspace you are not a member of/],
    ];
    for (const [viewId, message] of cases) {
      const prompter = script();
      assert.equal(await vscode.commands.executeCommand('taskPlatform.runView', viewId), false);
      assert.match(prompter.messages.at(-1)?.text ?? '', message);
    }
    const prompter = script();
    await sandboxControl('DELETE', '/requests');
    assert.equal(await vscode.commands.executeCommand('taskPlatform.runView', 'not-a-view'), false);
    assert.match(prompter.messages.at(-1)?.text ?? '', /not a view id/);
    assert.equal((await requestLog()).filter((r) => r.path.startsWith('/api/views/')).length, 0);
  });

  it("Run Saved View with nothing given offers the sidebar's views and a pasted link", async () => {
    const sidebarName = 'Engineering — everything';
    let prompter = script([], [sidebarName]);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.runView'), true);
    const pick = await prompter.livePick(0);
    assert.match(pick.title ?? '', /Engineering — everything/);
    pick.hide();
    const link = `${new URL(sandboxOrigin()).origin}/v/${fx.views.list_view}`;
    prompter = script([link], ['Paste a View Link or Id…']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.runView'), true);
    const second = await prompter.livePick(0);
    assert.deepEqual(rowIds(second).slice(0, 3), (await sandboxView(fx.views.list_view)).ids.slice(0, 3));
    prompter = script(['https://elsewhere.example.com/v/' + fx.views.list_view], ['Paste a View Link or Id…']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.runView'), false);
    assert.match(prompter.messages.at(-1)?.text ?? '', /points to https:\/\/elsewhere\.example\.com/);
  });

  it('pins a view: it becomes a root of Saved Views, pages as it expands, renames and unpins', async () => {
    script();
    const viewId = fx.views.space_view;
    assert.equal(await vscode.commands.executeCommand('taskPlatform.pinView', viewId), true);
    const roots = await api.savedViews.getChildren();
    const root = roots.find((n) => n.kind === 'view' && n.view.id === viewId);
    assert.ok(root, 'the pinned view is a root');
    const first = await api.savedViews.getChildren(root);
    assert.equal(first.filter((n) => n.kind === 'task').length, 50);
    assert.equal(first.at(-1)?.kind, 'viewMore');
    await api.savedViews.more(viewId);
    const second = await api.savedViews.getChildren(root);
    assert.equal(second.filter((n) => n.kind === 'task').length, 100);
    const expected = (await sandboxView(viewId)).ids.slice(0, 100);
    assert.deepEqual(
      second.flatMap((n) => (n.kind === 'task' ? [n.taskId] : [])),
      expected,
    );
    const tooltip = api.savedViews.getTreeItem(root).tooltip as vscode.MarkdownString;
    assert.match(tooltip.value.replace(/&nbsp;/g, ' '), /up to 60 seconds old/);

    script(['Eng all']);
    await vscode.commands.executeCommand('taskPlatform.renamePinnedView', root);
    const renamed = (await api.savedViews.getChildren()).find((n) => n.kind === 'view' && n.view.id === viewId);
    assert.equal(renamed?.kind === 'view' && renamed.view.name, 'Eng all');
    await vscode.commands.executeCommand('taskPlatform.unpinView', renamed);
    assert.ok(!(await api.savedViews.getChildren()).some((n) => n.kind === 'view' && n.view.id === viewId));
  });

  it("pinned views belong to the account: bob does not see alice's", async () => {
    script();
    await vscode.commands.executeCommand('taskPlatform.pinView', fx.views.list_view);
    assert.ok((await api.savedViews.getChildren()).length > 0);
    await signInAs('demo-token-bob');
    assert.deepEqual(await api.savedViews.getChildren(), []);
  });

  it('pinned and recent views and learned prefixes sync through Settings Sync; the outbox never does', async () => {
    script();
    await vscode.commands.executeCommand('taskPlatform.pinView', fx.views.list_view);
    const viewsKeys = api.services.globalState.keys().filter((k) => k.startsWith('savedViews:'));
    assert.ok(viewsKeys.length > 0, 'the pinned view is stored');
    // What the extension declared to VS Code (globalState.setKeysForSync), computed again now.
    const synced = api.syncedKeys();
    assert.deepEqual([...synced], ['taskPlatform.codeLinks.prefixes', ...viewsKeys.sort()]);
    assert.ok(!synced.includes('taskPlatform.outbox'));
    const root = (await api.savedViews.getChildren()).find(
      (n) => n.kind === 'view' && n.view.id === fx.views.list_view,
    );
    await vscode.commands.executeCommand('taskPlatform.unpinView', root);
  });
});
