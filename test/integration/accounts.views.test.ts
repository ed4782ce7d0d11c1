// The views with several accounts (docs/decisions/accounts.md): a root per account in Workspaces
// and My Tasks, every node under it carrying its account, ids that never collide, a drag across
// accounts refused, one account's failure shown under its own root. Alice on the demo sandbox,
// Frank on the other world's, Bob (a second user of the demo sandbox) for one test.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AccountNode, ListNode, TaskNode, TreeNode } from '../../src/core/tree/nodes';
import type { TestApi } from '../../src/extension/main';
import type { SavedViewsNode } from '../../src/extension/views/savedViewsTree';
import { useExtension } from './driver';
import type { OtherWorld } from './helpers';
import { otherWorld, requestLog, sandboxControl, waitFor } from './helpers';

type Tree = { getChildren(n?: TreeNode): Promise<TreeNode[]>; getTreeItem(n: TreeNode): vscode.TreeItem };
/** Any of the three views, for its top level. */
type View = { getChildren(): Promise<readonly { readonly kind: string }[]> };

describe('Several accounts in the views: a root per account, nodes carrying it', function () {
  this.timeout(90_000);
  const driver = useExtension();
  let api: TestApi;
  let other: OtherWorld;
  let demoBaseUrl: string;

  const labelOf = (tree: Tree, node: TreeNode): string => String(tree.getTreeItem(node).label);
  const roots = async (tree: View = api.explorer): Promise<AccountNode[]> =>
    (await tree.getChildren()).filter((n): n is AccountNode => n.kind === 'account');
  const rootOf = async (name: string, tree: View = api.explorer): Promise<AccountNode> => {
    const found = (await roots(tree)).find((r) => r.name.startsWith(name));
    assert.ok(found, `a root for ${name}`);
    return found;
  };
  /** Walks labels down from `from` (the view's top when undefined). */
  const path = async (from: TreeNode | undefined, ...labels: string[]): Promise<TreeNode> => {
    let node = from;
    for (const label of labels) {
      const children = await api.explorer.getChildren(node);
      const next = children.find((n) => labelOf(api.explorer, n) === label);
      assert.ok(next, `"${label}" not among ${children.map((n) => labelOf(api.explorer, n)).join(', ')}`);
      node = next;
    }
    return node!;
  };
  const tasksOf = async (list: TreeNode): Promise<TaskNode[]> =>
    (await api.explorer.getChildren(list)).filter((n): n is TaskNode => n.kind === 'task');
  const clearLogs = async (): Promise<void> => {
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
  };
  const addAccount = async (baseUrl: string, token: string): Promise<void> => {
    driver.script([baseUrl, token]);
    await api.accounts.createSession();
    driver.unscript();
  };

  before(async () => {
    api = driver.api;
    other = await otherWorld();
    await other.control('POST', '/reset');
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await api.session.signOut();
    await driver.signOutOthers();
    await driver.signInAs('demo-token-alice');
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    demoBaseUrl = state.kind === 'signedIn' ? state.baseUrl : '';
    await api.explorer.filter.set({});
    await api.myTasks.filter.set({});
    await addAccount(other.baseUrl, 'other-token-frank');
  });
  after(async () => {
    await other.control('DELETE', '/faults').catch(() => undefined);
    await driver.signOutOthers();
    await api.session.signOut();
  });

  it("Workspaces and My Tasks show Alice's and Frank's roots; Frank's nodes read only his service", async () => {
    const top = await roots();
    assert.deepEqual(
      top.map((r) => [r.name, r.host]),
      [
        ['Alice Admin', new URL(demoBaseUrl).host],
        ['Frank Founder', new URL(other.baseUrl).host],
      ],
      'one root per account, in the order they were added',
    );
    const item = api.explorer.getTreeItem(top[1]!);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'account');
    assert.equal(item.description, new URL(other.baseUrl).host);
    assert.deepEqual(
      (await roots(api.myTasks)).map((r) => r.name),
      ['Alice Admin', 'Frank Founder'],
    );

    await clearLogs();
    const frank = await rootOf('Frank');
    const list = await path(frank, 'Acme Labs', 'Research', 'Lab', 'Experiments');
    const rows = await tasksOf(list);
    assert.ok(rows.length > 0, 'his tasks');
    for (const node of [list, ...rows]) {
      assert.equal(node.account, frank.account, `${node.key} carries Frank's account`);
    }
    assert.ok(
      (await other.requestLog()).every((r) => r.token_label === 'frank'),
      'only his token on his service',
    );
    assert.deepEqual(
      (await requestLog()).filter((r) => r.token_label !== 'alice'),
      [],
      'nothing of his reached the first service',
    );
    const hers = await path(await rootOf('Alice'), 'Acme');
    assert.equal(hers.account, (await rootOf('Alice')).account);
  });

  it('the same workspace under Alice and Bob has two ids, each node its own account', async () => {
    await addAccount(demoBaseUrl, 'demo-token-bob');
    try {
      await waitFor(async () => (await roots()).length === 3 || undefined, 'three roots');
      const alice = await path(await rootOf('Alice'), 'Acme');
      const bob = await path(await rootOf('Bob'), 'Acme');
      assert.equal(alice.kind === 'workspace' && alice.workspaceId, bob.kind === 'workspace' && bob.workspaceId);
      const ids = [alice, bob].map((n) => api.explorer.getTreeItem(n).id);
      assert.notEqual(ids[0], ids[1], 'ids never collide');
      assert.notEqual(alice.account, bob.account);
      assert.equal(api.explorer.getParent(bob)?.key, (await rootOf('Bob')).key, 'its parent is its root');
    } finally {
      for (const session of api.services.accounts.current()) {
        const state = session.state;
        if (state.kind === 'signedIn' && state.user.name.startsWith('Bob')) await session.signOut();
      }
    }
    await waitFor(async () => (await roots()).length === 2 || undefined, 'two roots again');
  });

  it("Set Priority on Frank's tree node reaches only his sandbox", async () => {
    const list = await path(await rootOf('Frank'), 'Acme Labs', 'Research', 'Lab', 'Experiments');
    const task = (await tasksOf(list))[0]!;
    await clearLogs();
    driver.script([], ['High']);
    const updated = await vscode.commands.executeCommand<{ priority?: string }>('taskPlatform.setPriority', task);
    assert.equal(updated?.priority, 'high');
    assert.deepEqual(
      (await other.requestLog()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.token_label}`),
      ['PATCH frank'],
    );
    assert.deepEqual(
      (await requestLog()).filter((r) => r.method !== 'GET' || r.path.includes(task.taskId)),
      [],
      'nothing of the command sent to the first service',
    );
  });

  it("Reveal in Workspaces finds Frank's task under his root", async () => {
    const frank = await rootOf('Frank');
    const fx = await other.control<{
      workspaces: { acme: { id: string } };
      spaces: { research: string };
      folders: { lab: string };
      lists: { experiments: string };
      tasks: { first_acme_task: { id: string } };
    }>('GET', '/fixtures');
    const target = {
      workspaceId: fx.workspaces.acme.id,
      spaceId: fx.spaces.research,
      folderId: fx.folders.lab,
      listId: fx.lists.experiments,
      taskId: fx.tasks.first_acme_task.id,
      account: frank.account,
    };
    assert.equal(await vscode.commands.executeCommand('taskPlatform.revealInExplorer', target), true);
    const [selected] = api.explorer.view.selection;
    assert.ok(selected?.kind === 'task' && selected.taskId === target.taskId, 'his task is selected');
    assert.equal(selected.account, frank.account);
  });

  it("a drag of Alice's task onto Frank's list is refused with a message and sends nothing", async () => {
    const hers = (await tasksOf(await path(await rootOf('Alice'), 'Acme', 'Engineering', 'Backend', 'API')))[0]!;
    const his = (await path(await rootOf('Frank'), 'Acme Labs', 'Research', 'Lab', 'Experiments')) as ListNode;
    await clearLogs();
    const prompter = driver.script();
    const data = new vscode.DataTransfer();
    api.trees.dragAndDrop.handleDrag([hers], data);
    const dragged = data.get('application/vnd.code.tree.taskplatform.explorer')?.value as unknown;
    assert.deepEqual(dragged, [{ taskId: hers.taskId, account: hers.account }], 'the drag carries the account');
    assert.deepEqual(await api.trees.dragAndDrop.drop(his, data), []);
    assert.ok(
      prompter.messages.some((m) => /different Task Platform accounts/.test(m.text)),
      JSON.stringify(prompter.messages),
    );
    assert.deepEqual(await other.requestLog(), []);
    assert.deepEqual(
      (await requestLog()).filter((r) => r.method !== 'GET'),
      [],
    );
  });

  it("Saved Views: each account's pinned views under its root; running Frank's acts with his account", async () => {
    const frank = await rootOf('Frank');
    const demo = await sandboxControl<{ views: { list_view: string } }>('GET', '/fixtures');
    const his = await other.control<{ views: { list_view: string } }>('GET', '/fixtures');
    const pin = (viewId: string, account?: string): Thenable<boolean> =>
      vscode.commands.executeCommand('taskPlatform.pinView', { viewId, ...(account && { account }) });
    driver.script(); // a prompt would fail the test rather than wait
    assert.equal(await pin(demo.views.list_view), true);
    assert.equal(await pin(his.views.list_view, frank.account), true);
    const tree = api.savedViews;
    await waitFor(async () => (await roots(tree)).length === 2 || undefined, 'a root per account in Saved Views');
    const views = async (name: string): Promise<SavedViewsNode[]> => tree.getChildren(await rootOf(name, tree));
    assert.deepEqual(
      (await views('Alice')).map((n) => n.kind === 'view' && n.view.id),
      [demo.views.list_view],
    );
    const [hisView] = await views('Frank');
    assert.ok(hisView?.kind === 'view' && hisView.view.id === his.views.list_view, 'his pinned view under his root');
    assert.equal(hisView.account, frank.account);

    await clearLogs();
    const rows = await tree.getChildren(hisView);
    assert.ok(
      rows.length > 0 && rows.every((r) => r.kind !== 'task' || r.account === frank.account),
      'rows carry his account',
    );
    const prompter = driver.script();
    assert.equal(
      await vscode.commands.executeCommand('taskPlatform.runView', hisView),
      true,
      'Run Saved View on his node',
    );
    (await prompter.livePick(0)).hide();
    const paths = (await other.requestLog()).map((r) => `${r.token_label} ${r.path}`);
    assert.ok(paths.filter((p) => p.includes(`/views/${his.views.list_view}/`)).length >= 2, paths.join('\n'));
    assert.ok(
      paths.every((p) => p.startsWith('frank ')),
      paths.join('\n'),
    );
    assert.deepEqual(
      (await requestLog()).filter((r) => r.path.includes(his.views.list_view)),
      [],
      'nothing of his view sent to the first service',
    );
  });

  it("Open as Board from the palette, in a folder that uses Frank's account, opens his list as him", async () => {
    const frank = await rootOf('Frank');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.services.accounts.chooseForFolder(frank.account);
    try {
      await clearLogs();
      driver.script([], ['Acme Labs', 'Experiments']);
      const board = await vscode.commands.executeCommand<{
        source: { account?: string; id: string; name: string };
        loaded: Promise<unknown>;
      }>('taskPlatform.openBoard');
      driver.unscript();
      assert.ok(board, 'a board opened');
      await board.loaded;
      assert.equal(board.source.account, frank.account);
      assert.equal(board.source.name, 'Experiments');
      const his = (await other.requestLog()).filter((r) => r.path.includes(board.source.id) || r.query?.list_id);
      assert.ok(his.length > 0 && his.every((r) => r.token_label === 'frank'), JSON.stringify(his));
      assert.deepEqual(
        (await requestLog()).filter((r) => r.path.includes(board.source.id) || r.query?.list_id === board.source.id),
        [],
        'nothing of his list asked of the first service',
      );
    } finally {
      await api.services.accounts.chooseForFolder(undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it("with Frank's service unreachable his root shows the error; Alice's tree still loads", async () => {
    await other.control('POST', '/faults', { path: '/api/**', kind: 'reset_before' });
    const frank = await rootOf('Frank');
    // His root while his name cannot be read: found by his account (its label is his user id then).
    const his = async (): Promise<AccountNode> => (await roots()).find((r) => r.account === frank.account)!;
    try {
      api.services.accounts.find(frank.account)?.invalidate(); // as after a restart: his account is read again
      api.explorer.refresh();
      await waitFor(
        async () => (await api.explorer.getChildren(await his())).some((n) => n.kind === 'message') || undefined,
        'an error under his root',
      );
      const rows = await api.explorer.getChildren(await his());
      assert.equal(rows.length, 1);
      assert.match(labelOf(api.explorer, rows[0]!), /Cannot reach Task Platform/);
      assert.equal(rows[0]!.kind === 'message' && rows[0].parentKey, frank.key, 'under his root');
      const list = await path(await rootOf('Alice'), 'Acme', 'Engineering', 'Backend', 'API');
      assert.ok((await tasksOf(list)).length > 0, "Alice's tasks load");
    } finally {
      await other.control('DELETE', '/faults');
    }
    api.explorer.refreshKey(frank.key); // the error row's Retry
    await waitFor(
      async () =>
        (await api.explorer.getChildren(await rootOf('Frank'))).some((n) => labelOf(api.explorer, n) === 'Acme Labs') ||
        undefined,
      'his workspaces back after Retry',
    );
  });

  it('signing out Frank: the roots vanish and the tree is the one-account tree again', async () => {
    await driver.signOutOthers();
    await waitFor(async () => (await roots()).length === 0 || undefined, 'no roots');
    const top = await api.explorer.getChildren();
    assert.deepEqual(
      top.map((n) => [n.kind, n.key, n.account]),
      top.map((n) => ['workspace', `ws:${n.kind === 'workspace' ? n.workspaceId : ''}`, undefined]),
    );
    assert.ok(top.some((n) => labelOf(api.explorer, n) === 'Acme'));
    assert.equal((await roots(api.myTasks)).length, 0);
    assert.equal((await roots(api.savedViews)).length, 0);
  });
});
