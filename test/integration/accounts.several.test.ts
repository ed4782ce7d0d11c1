// Several accounts signed in at once (docs/decisions/accounts.md): a token per account, each
// account's own session and client, the Accounts menu listing each once. Two sandboxes of different
// worlds plus a second user of the first: three accounts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parseAccountKey } from '../../src/core/accounts/account';
import type { AccountKey } from '../../src/core/accounts/account';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import type { OtherWorld } from './helpers';
import { otherWorld, requestLog, sandboxControl, waitFor } from './helpers';

const PROVIDER = 'taskPlatform';

describe('Several accounts at once: a token and a session per account, each listed once', function () {
  this.timeout(90_000);
  const driver = useExtension();
  let api: TestApi;
  let other: OtherWorld;
  let demoBaseUrl: string;

  const ids = async (): Promise<string[]> => (await api.accounts.getSessions()).map((s) => s.id).sort();
  const labels = async (): Promise<string[]> =>
    (await vscode.authentication.getAccounts(PROVIDER)).map((a) => a.label).sort();
  /** A task of the other world, as a reference carrying Frank's account. */
  const frankTask = async (): Promise<{ workspaceId: string; taskId: string; account: AccountKey }> => {
    const frank = (await api.accounts.getSessions()).find((s) => s.account.label.startsWith('Frank'));
    assert.ok(frank, 'Frank is signed in');
    const fx = await other.control<{
      workspaces: { acme: { id: string } };
      tasks: { first_acme_task: { id: string } };
    }>('GET', '/fixtures');
    return {
      workspaceId: fx.workspaces.acme.id,
      taskId: fx.tasks.first_acme_task.id,
      account: frank.id as AccountKey,
    };
  };
  /** Signs out of every account but the primary's. */
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
  });
  after(async () => {
    await api.services.accounts.chooseForFolder(undefined);
    await driver.signOutOthers();
    await api.session.signOut();
  });

  it('Add Account from the menu keeps Alice and adds Frank of the other service, checked there alone', async () => {
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    const prompter = driver.script([other.baseUrl, 'other-token-frank']);
    const created = await api.accounts.createSession();
    assert.match(created.account.label, /^Frank Founder \(127\.0\.0\.1:\d+\)$/);
    assert.equal(created.accessToken, '', 'the token stays in SecretStorage');
    assert.ok(prompter.messages.some((m) => /Added the Task Platform account of Frank Founder/.test(m.text)));
    // The check; what the new account then reads in the background (its prefixes) is his alone too.
    const theirs = await other.requestLog();
    assert.deepEqual(
      theirs.filter((r) => r.path === '/api/user').map((r) => `${r.method} ${r.path} ${r.token_label}`),
      ['GET /api/user frank'],
      'one check, on the other service',
    );
    assert.ok(
      theirs.every((r) => r.token_label === 'frank' && r.method === 'GET'),
      JSON.stringify(theirs.map((r) => `${r.method} ${r.path}`)),
    );
    // Alice's own background reads (Inbox, tree) may run meanwhile: none of it is the new account's.
    assert.deepEqual(
      (await requestLog()).filter((r) => r.token_label !== 'alice' || r.path === '/api/user'),
      [],
      'nothing of the new account sent to the first service',
    );
    assert.equal(api.session.state.kind, 'signedIn', 'Alice is still the primary account');
    const sessions = await api.accounts.getSessions();
    assert.equal(sessions.length, 2);
    assert.deepEqual(sessions.map((s) => s.account.label).sort(), [
      `Alice Admin (${new URL(demoBaseUrl).host})`,
      `Frank Founder (${new URL(other.baseUrl).host})`,
    ]);
    assert.ok(!JSON.stringify(sessions).includes('token'), JSON.stringify(sessions));
    await waitFor(async () => (await labels()).length === 2, 'VS Code lists both accounts');
  });

  it('a second user of the same service is added beside the first; the first keeps working', async () => {
    driver.script([demoBaseUrl, 'demo-token-bob']);
    const created = await api.accounts.createSession();
    assert.match(created.account.label, /^Bob Member /);
    assert.equal((await ids()).length, 3, 'three accounts, two of them on one service');
    await sandboxControl('DELETE', '/requests');
    const state = api.session.state;
    assert.ok(state.kind === 'signedIn');
    await state.client.getUser();
    assert.deepEqual(
      (await requestLog()).filter((r) => r.path === '/api/user').map((r) => r.token_label),
      ['alice'],
      "the primary session still sends Alice's token",
    );
  });

  it('an account already signed in is said so and listed once', async () => {
    const before = await ids();
    const prompter = driver.script([other.baseUrl, 'other-token-frank']);
    await assert.rejects(api.accounts.createSession(), (e: unknown) => e instanceof vscode.CancellationError);
    assert.ok(prompter.messages.some((m) => /Frank Founder at .* is already signed in/.test(m.text)));
    assert.deepEqual(await ids(), before);
  });

  it('a bad address or an empty token sends nothing', async () => {
    const before = (await other.requestLog()).length;
    let prompter = driver.script(['not an address']);
    await assert.rejects(api.accounts.createSession());
    assert.ok(
      prompter.messages.some((m) => m.level === 'error'),
      'a clear message',
    );
    prompter = driver.script([other.baseUrl, '   ']);
    await assert.rejects(api.accounts.createSession());
    assert.ok(prompter.messages.some((m) => /cannot be empty/.test(m.text)));
    assert.equal((await other.requestLog()).length, before);
  });

  it('every account comes back after a restart, each with its own token', async () => {
    const before = await ids();
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    api.session.invalidate();
    for (const session of api.services.accounts.current()) session.invalidate();
    assert.deepEqual(await ids(), before);
    assert.deepEqual(
      (await requestLog())
        .filter((r) => r.path === '/api/user')
        .map((r) => r.token_label)
        .sort(),
      ['alice', 'bob'],
    );
    assert.deepEqual(
      (await other.requestLog()).map((r) => r.token_label),
      ['frank'],
    );
  });

  it("a command on Frank's task acts with Frank's client: nothing reaches the first service", async () => {
    const ref = await frankTask();
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    driver.script([], ['Low']);
    const updated = await vscode.commands.executeCommand<{ priority?: string }>('taskPlatform.setPriority', ref);
    assert.equal(updated?.priority, 'low');
    assert.deepEqual(
      (await other.requestLog()).map((r) => `${r.method} ${r.token_label}`),
      ['PATCH frank'],
      "one write, with Frank's token, on his service",
    );
    // Alice's background reads may run meanwhile; nothing of this command is among them.
    assert.deepEqual(
      (await requestLog()).filter((r) => r.method !== 'GET' || r.path.includes(ref.taskId)),
      [],
      'nothing of the command sent to the first service',
    );
  });

  it("Restore Task and #taskPlatformTask read and write Frank's task as Frank, from a panel or Start Work's record", async () => {
    const his = await frankTask();
    const { title } = (await other.control<{ tasks: { first_acme_task: { title: string } } }>('GET', '/fixtures')).tasks
      .first_acme_task;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    // Deleted as Frank, then restored from the list of this session's deletions: the entry keeps his account.
    driver.script([], ['Delete']);
    await vscode.commands.executeCommand('taskPlatform.deleteTask', his);
    driver.script([], [title]);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.restoreTask'), true);
    const writes = (await other.requestLog()).filter((r) => r.method !== 'GET');
    assert.deepEqual(
      writes.map((r) => `${r.method} ${r.path.split('/').slice(-2).join('/')} ${r.token_label}`),
      [`DELETE tasks/${his.taskId} frank`, `POST ${his.taskId}/restore frank`],
    );
    // The model's current task: the task in front of the user, then Start Work's record, each as Frank.
    const invoke = async (): Promise<string> => {
      const result = await vscode.lm.invokeTool(
        'taskPlatform_current_task',
        { input: {}, toolInvocationToken: undefined },
        new vscode.CancellationTokenSource().token,
      );
      const part = result.content[0];
      assert.ok(part instanceof vscode.LanguageModelTextPart);
      return (JSON.parse(part.value) as { data: { task: { id: string } } }).data.task.id;
    };
    const source = api.registerTaskSource('test', () => [his]);
    try {
      assert.equal(await invoke(), his.taskId);
    } finally {
      source.dispose();
    }
    await api.codeLinks.current.set({ ...his, displayId: 'NIM-1', title, branch: 'work' });
    try {
      assert.equal(await invoke(), his.taskId);
    } finally {
      await api.codeLinks.current.set(undefined);
    }
    assert.ok(
      (await other.requestLog()).some((r) => r.method === 'GET' && r.path.endsWith(`/tasks/${his.taskId}`)),
      'read on his service',
    );
    assert.deepEqual(
      (await requestLog()).filter((r) => r.method !== 'GET' || r.path.includes(his.taskId)),
      [],
      'nothing of it sent to the first service',
    );
  });

  it('a multi-selection across accounts, or an account in a form not known, is refused before any request', async () => {
    const his = await frankTask();
    const demo = await sandboxControl<{
      workspaces: { acme: { id: string } };
      tasks: { task_with_comments: { id: string } };
    }>('GET', '/fixtures');
    const hers = { workspaceId: demo.workspaces.acme.id, taskId: demo.tasks.task_with_comments.id };
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    let prompter = driver.script([], ['Low']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.setPriority', his, [his, hers]), undefined);
    assert.ok(
      prompter.messages.some((m) => /different Task Platform accounts/.test(m.text)),
      'said why',
    );
    prompter = driver.script([], ['Low']);
    const forged = { ...his, account: 'javascript:alert(1)#frank' };
    assert.equal(await vscode.commands.executeCommand('taskPlatform.setPriority', forged), undefined);
    assert.ok(
      prompter.messages.some((m) => /names an account in a form/.test(m.text)),
      'said why',
    );
    assert.deepEqual(await other.requestLog(), []);
    assert.deepEqual(
      (await requestLog()).filter((r) => r.method !== 'GET' || r.path.includes(hers.taskId)),
      [],
    );
  });

  it('Go to Task looks in every account: NIM-2 opens as Frank; ACME-1 of both services asks, naming each account', async () => {
    const his = await frankTask();
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    let prompter = driver.script([]);
    const nim = await vscode.commands.executeCommand<{ taskId: string; account?: string }>(
      'taskPlatform.goToTask',
      'NIM-2',
    );
    assert.equal(nim?.account, his.account, "found in Frank's Nimbus, carrying his account");
    assert.deepEqual(prompter.offered, [], 'one task: nothing to pick');
    assert.ok(
      (await other.requestLog()).every((r) => r.token_label === 'frank'),
      "Frank's service saw his token only",
    );
    const first = await requestLog();
    assert.ok(first.length > 0, "Alice's workspaces were asked too");
    assert.ok(
      first.filter((r) => r.path === '/api/search').every((r) => r.token_label === 'alice'),
      "Bob sees Alice's workspaces: they are asked once, as Alice",
    );

    const frankHost = new URL(parseAccountKey(his.account)?.baseUrl ?? '').host;
    const frankName = (await other.control<{ users: { frank: { name: string } } }>('GET', '/fixtures')).users.frank
      .name;
    prompter = driver.script([], [`Acme Labs · ${frankName} (${frankHost})`]);
    const acme = await vscode.commands.executeCommand<{ taskId: string; account?: string }>(
      'taskPlatform.goToTask',
      'ACME-1',
    );
    const offered = (prompter.offered[0] ?? []).map((i) => i.label);
    assert.equal(offered.length, 2, `one per service, not per user: ${offered.join(' | ')}`);
    assert.match(offered[0] ?? '', /^Acme · Alice Admin \(127\.0\.0\.1:\d+\)$/);
    assert.match(offered[1] ?? '', /^Acme Labs · Frank .*\(127\.0\.0\.1:\d+\)$/);
    assert.equal(acme?.account, his.account);
    assert.equal(acme?.taskId, his.taskId, "Frank's ACME-1");
  });

  it('Search Tasks reads every account, names the account on each hit, and opens a hit as its account', async () => {
    const his = await frankTask();
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    const prompter = driver.script([]);
    const done = vscode.commands.executeCommand<{ taskId: string; account?: string }>('taskPlatform.searchTasks');
    const pick = await prompter.livePick();
    const hint = pick.items.map((i) => `${i.label} ${i.description ?? ''}`);
    assert.ok(
      hint.some((h) => /^Search only in Nimbus Frank/.test(h)),
      `the hint offers Frank's workspaces, named as his: ${hint.join(' | ')}`,
    );
    await pick.type('calibrate');
    const items = await waitFor(
      () => (!pick.busy && pick.items.some((i) => i.label === 'Calibrate the spectrometer') ? pick.items : undefined),
      "Frank's hit",
    );
    const hit = items.find((i) => i.label === 'Calibrate the spectrometer');
    assert.match(hit?.detail ?? '', /Acme Labs · Frank .*\(127\.0\.0\.1:\d+\)/, 'names the account');
    const searched = (await requestLog()).filter((r) => r.path === '/api/search');
    assert.ok(
      searched.length > 0 && searched.every((r) => r.token_label === 'alice'),
      'the first service: Alice, once per workspace',
    );
    assert.ok(
      (await other.requestLog()).filter((r) => r.path === '/api/search').every((r) => r.token_label === 'frank'),
    );
    pick.accept('Calibrate the spectrometer');
    const ref = await done;
    assert.equal(ref?.account, his.account);
    assert.equal(ref?.taskId, his.taskId);
  });

  it("a command with no target: the current task's account; else the folder's account, asked once and kept", async () => {
    const his = await frankTask();
    // The panels the tests above opened would be the task in front of the user.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // A task in front of the user (a focused panel, a tree selection) decides, without a question.
    const source = api.registerTaskSource('test', () => [his]);
    try {
      const prompter = driver.script([], [his.taskId]); // a reference without its row is offered by its id
      const link = await vscode.commands.executeCommand<string>('taskPlatform.copyLink');
      assert.equal(link?.startsWith(new URL(other.baseUrl).origin), true, `Frank's link: ${link}`);
      assert.ok(!prompter.asked.includes('Which Task Platform account?'), 'no account question');
    } finally {
      source.dispose();
    }
    // Nothing in front of the user: asked once, kept for the folder, not asked again.
    const frankName = (await other.control<{ users: { frank: { name: string } } }>('GET', '/fixtures')).users.frank
      .name;
    const frankLabel = `${frankName} (${new URL(other.baseUrl).host})`;
    let prompter = driver.script(['NIM-2'], [frankLabel]);
    let link = await vscode.commands.executeCommand<string>('taskPlatform.copyLink');
    assert.deepEqual(
      prompter.offered[0]?.map((i) => i.label.split(' (')[0]).sort(),
      ['Alice Admin', 'Bob Member', frankName].sort(),
      'each signed-in account offered once',
    );
    assert.equal(link, `${new URL(other.baseUrl).origin}/t/NIM-2`);
    prompter = driver.script(['NIM-2'], []);
    link = await vscode.commands.executeCommand<string>('taskPlatform.copyLink');
    assert.equal(link, `${new URL(other.baseUrl).origin}/t/NIM-2`);
    assert.deepEqual(prompter.offered, [], 'the folder keeps its account: no question');
    // Choose Account for This Folder changes it.
    driver.script([], [`Alice Admin (${new URL(demoBaseUrl).host})`]);
    await vscode.commands.executeCommand('taskPlatform.chooseFolderAccount');
    driver.script(['ACME-122'], []);
    link = await vscode.commands.executeCommand<string>('taskPlatform.copyLink');
    assert.equal(link, `${new URL(demoBaseUrl).origin}/t/ACME-122`);
  });

  it("the Inbox is one list: Frank's news names his account, opens as him and is read in his inbox", async () => {
    const fx = await other.control<{
      workspaces: { acme: { id: string } };
      users: { frank: { id: string } };
      tasks: { blocker_task: { id: string; display_id: string; assignee_id?: string } };
    }>('GET', '/fixtures');
    const ws = fx.workspaces.acme.id;
    const task = fx.tasks.blocker_task;
    await api.services.globalState.update('taskPlatform.inbox', undefined);
    api.inbox.inboxes.forgetLoaded();
    api.inbox.tree.refresh(); // what a reload does: the tree takes the inboxes read again
    const baseline = await vscode.commands.executeCommand<{ entries: unknown[] }>('taskPlatform.inbox.checkNow');
    assert.deepEqual(baseline.entries, [], 'the first check of each account only remembers');
    // Grace, on Frank's service, assigns him a task (her own token, over HTTP).
    const res = await fetch(`${other.baseUrl}/workspaces/${ws}/tasks/${task.id}`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer other-token-grace', 'content-type': 'application/json' },
      body: JSON.stringify({ assignee_id: fx.users.frank.id }),
    });
    assert.equal(res.status, 200);
    await other.control('DELETE', '/requests');
    const found = await vscode.commands.executeCommand<{ entries: unknown[] }>('taskPlatform.inbox.checkNow');
    assert.equal(found.entries.length, 1, "Frank's check found the assignment");
    assert.ok(
      (await other.requestLog()).every((r) => r.token_label === 'frank'),
      'his check read his service with his token alone',
    );

    const tree = api.inbox.tree;
    const rows = tree.getChildren();
    assert.equal(rows.length, 1);
    const row = rows[0]!;
    assert.equal(row.account, (await frankTask()).account, 'the row carries his account');
    const item = tree.getTreeItem(row);
    assert.match(String(item.description), /· Frank Founder \(127\.0\.0\.1:\d+\)$/, 'the row names his account');
    assert.equal(tree.view.badge?.value, 1, 'one badge for every account');

    // Enter opens the task as Frank, on his service, and reads the row in his inbox.
    await other.control('DELETE', '/requests');
    await sandboxControl('DELETE', '/requests');
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    const panel = await waitFor(() => api.taskPanels.get(ws, task.id, row.account), 'the panel of his task');
    await waitFor(() => tree.view.badge === undefined || undefined, 'the row read');
    assert.ok(
      (await other.requestLog()).some((r) => r.path.endsWith(`/tasks/${task.id}`) && r.token_label === 'frank'),
      'the panel read his task with his token',
    );
    assert.deepEqual(
      (await requestLog()).filter((r) => r.path.includes(task.id) || r.path.includes(ws)),
      [],
      'nothing of it reached the first service',
    );
    panel.panel.dispose();
  });

  it("chat tools route by workspace: a read of Frank's workspace goes to his service; a write's confirmation names him", async () => {
    const his = await frankTask();
    const none = new vscode.CancellationTokenSource().token;
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    await waitFor(
      () => vscode.lm.tools.some((t) => t.name === 'taskPlatform_get_task') || undefined,
      'get_task listed',
    );
    const result = await vscode.lm.invokeTool(
      'taskPlatform_get_task',
      { input: { workspace_id: his.workspaceId, task_id: his.taskId }, toolInvocationToken: undefined },
      none,
    );
    const part = result.content[0];
    assert.ok(part instanceof vscode.LanguageModelTextPart);
    assert.equal(JSON.parse(part.value).data.id, his.taskId, "Frank's task, read from his service");
    assert.deepEqual(
      (await other.requestLog()).map((r) => `${r.method} ${r.token_label}`),
      ['GET frank'],
    );
    assert.deepEqual(
      (await requestLog()).filter((r) => r.path.includes(his.taskId)),
      [],
      'nothing of it sent to the first service',
    );
    const confirmations = api.ai.confirmations;
    assert.ok(confirmations);
    confirmations.forgetReads();
    const asked = await confirmations.prepare(
      'update_task',
      { workspace_id: his.workspaceId, task_id: his.taskId, title: 'Recalibrate' },
      none,
    );
    assert.ok(asked && typeof asked.message !== 'string');
    const shown = asked.message.value.replace(/\\(.)/g, '$1');
    assert.match(shown, /Workspace: \*\*Acme Labs · Frank \w+ \(127\.0\.0\.1:\d+\)\*\*/, shown.slice(0, 300));
  });

  it("with Frank's service unreachable, Alice still writes; only his write queues, and it replays through him alone", async () => {
    const his = await frankTask();
    const frank = parseAccountKey(his.account);
    assert.ok(frank);
    const demo = await sandboxControl<{
      workspaces: { acme: { id: string } };
      tasks: { blocker_task: { id: string } };
    }>('GET', '/fixtures');
    const hers = { workspaceId: demo.workspaces.acme.id, taskId: demo.tasks.blocker_task.id };
    const queueOf = (account: { baseUrl: string; userId: string }): number =>
      api.services.outboxes.for(account.baseUrl, account.userId).pending.length;
    const alice = api.session.state.kind === 'signedIn' ? api.session.state.user.id : '';
    // Every account's workspaces loaded in the Workspaces view before his service goes.
    const roots = await api.explorer.getChildren();
    const loadTwoLevels = async (): Promise<void> => {
      for (const root of roots) {
        for (const workspace of await api.explorer.getChildren(root)) await api.explorer.getChildren(workspace);
      }
    };
    await loadTwoLevels();
    await other.control('POST', '/faults', { path: '/api/**', kind: 'reset_before' });
    try {
      // Read again: his rows stay as loaded, and the view's note says they are his, not everyone's.
      api.explorer.refreshLoaded();
      await loadTwoLevels();
      const note = api.explorer.view.message ?? '';
      assert.match(note, /^Task Platform cannot be reached for Frank Founder at 127\.0\.0\.1:\d+: showing/, note);
      assert.doesNotMatch(note, /Alice|Bob/, note);
      const told = driver.script([], ['Critical']);
      await vscode.commands.executeCommand('taskPlatform.setPriority', his);
      assert.equal(queueOf(frank), 1, "Frank's write is kept for later");
      // Shown like the primary account's would be, with his name: the status bar, a notice, the review.
      assert.match(api.outbox.statusBar.text, /cloud-upload\) 1$/);
      assert.match(
        api.outbox.statusBar.tooltip,
        /^Frank Founder \(127\.0\.0\.1:\d+\): 1 change\(s\) waiting to be sent/,
      );
      await waitFor(
        () =>
          told.messages.some((m) =>
            /^Task Platform at 127\.0\.0\.1:\d+ cannot be reached right now\. Changes made as Frank Founder are kept/.test(
              m.text,
            ),
          ) || undefined,
        "a notice that names Frank's service",
      );
      const review = driver.script();
      await vscode.commands.executeCommand('taskPlatform.showPendingChanges');
      const offered = review.offered[0]?.map((i) => i.label) ?? [];
      assert.equal(offered.length, 2, JSON.stringify(offered));
      assert.equal(offered[0], 'Send Now');
      assert.match(offered[1] ?? '', /^Update task \(priority\)/, 'his change');
      driver.script([], ['Critical']);
      const updated = await vscode.commands.executeCommand<{ priority?: string }>('taskPlatform.setPriority', hers);
      assert.equal(updated?.priority, 'critical', "Alice's write is applied at once");
      assert.equal(queueOf({ baseUrl: demoBaseUrl, userId: alice }), 0, 'nothing of hers waits');
    } finally {
      await other.control('DELETE', '/faults');
    }
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    const connectivity = api.outbox.connectivityOf(his.account);
    assert.ok(connectivity, 'his account has its own connectivity');
    assert.equal(await connectivity.flush(), true);
    assert.equal(queueOf(frank), 0);
    assert.deepEqual(
      (await other.requestLog()).filter((r) => r.method === 'PATCH').map((r) => `${r.status} ${r.token_label}`),
      ['200 frank'],
      'replayed once, through his account',
    );
    assert.deepEqual(
      (await requestLog()).filter((r) => r.method !== 'GET'),
      [],
      'nothing replayed to the first service',
    );
    const task = await fetch(`${other.baseUrl}/workspaces/${his.workspaceId}/tasks/${his.taskId}`, {
      headers: { authorization: 'Bearer other-token-frank' },
    });
    assert.equal(((await task.json()) as { priority?: string }).priority, 'critical');
  });

  it("Frank's token refused: his account alone turns rejected, is named, and comes back with a new token", async () => {
    const his = await frankTask();
    const { token } = await other.control<{ token: string }>('POST', '/tokens/rotate', { token: 'other-token-frank' });
    const prompter = driver.script([], ['Low', undefined]);
    await vscode.commands.executeCommand('taskPlatform.setPriority', his);
    const frank = api.services.accounts.find(his.account);
    await waitFor(() => frank?.state.kind === 'rejected' || undefined, "Frank's session turns rejected");
    assert.equal(api.session.state.kind, 'signedIn', 'Alice is not touched');
    await waitFor(
      () =>
        prompter.messages.some((m) => m.level === 'warn' && m.text.includes(new URL(other.baseUrl).host)) || undefined,
      'a warning that names the service of the refused account',
    );
    assert.ok(
      !prompter.messages.some((m) => /^Task Platform rejected the stored token/.test(m.text)),
      'not the primary one',
    );
    assert.deepEqual(
      (await api.accounts.getSessions()).map((s) => s.account.label.split(' (')[0]).sort(),
      ['Alice Admin', 'Bob Member'],
      'a refused account is not offered as signed in',
    );
    // The status bar shows the account that needs attention: Frank's refused token, named.
    await waitFor(() => /token rejected/.test(api.account.text) || undefined, 'the account item turns to Frank');
    assert.match(api.account.tooltip, /The stored token of Frank .*\(127\.0\.0\.1:\d+\) was refused/);
    driver.script([other.baseUrl, token]);
    const again = await api.accounts.createSession();
    assert.equal(again.id, his.account, 'the same account, its token replaced');
    assert.equal(frank?.state.kind, 'signedIn');
    // Back to Alice, with the others counted and named in the tooltip.
    await waitFor(() => /^\$\(account\) Alice Admin \+2$/.test(api.account.text) || undefined, 'Alice +2');
    assert.match(api.account.tooltip, /Also signed in: .*Bob Member \(127\.0\.0\.1:\d+\)/);
    assert.match(api.account.tooltip, /Also signed in: .*Frank \w+ \(127\.0\.0\.1:\d+\)/);
    assert.match(api.account.tooltip, /Alice Admin \(127\.0\.0\.1:\d+\): Task Platform requests: \d+ of \d+ left/);
  });

  it('signing out of one account from the menu leaves the others signed in', async () => {
    const frank = (await api.accounts.getSessions()).find((s) => s.account.label.startsWith('Frank'));
    assert.ok(frank);
    driver.script();
    await api.accounts.removeSession(frank.id);
    const left = await api.accounts.getSessions();
    assert.deepEqual(left.map((s) => s.account.label.split(' (')[0]).sort(), ['Alice Admin', 'Bob Member']);
    assert.equal(api.session.state.kind, 'signedIn');
    // Menus and enablement (Add Account, Refresh, Sign Out) still see the others signed in.
    assert.equal(api.contextKey('taskPlatform.signedIn'), true, 'still signed in for the menus');
    assert.equal(api.contextKey('taskPlatform.sessionState'), 'signedIn', "the views' welcome follows Alice");
    // Restored again: Frank's token is gone, the others' are there.
    api.session.invalidate();
    for (const session of api.services.accounts.current()) session.invalidate();
    assert.equal((await api.accounts.getSessions()).length, 2);
  });

  it('with one account left, its label is the user name alone, as before', async () => {
    await driver.signOutOthers();
    await waitFor(async () => (await labels()).length === 1, 'one account left');
    assert.deepEqual(await labels(), ['Alice Admin']);
    // The account item and the budget line in its tooltip each follow; both as before, in the end.
    const before = /^Task Platform: signed in as Alice Admin <[^>]+>\nTask Platform requests: /;
    await waitFor(
      () => (api.account.text === '$(account) Alice Admin' && before.test(api.account.tooltip)) || undefined,
      'the account item and its tooltip as before',
    );
  });
});
