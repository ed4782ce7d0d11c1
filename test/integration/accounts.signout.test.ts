// Several accounts, one of them signed out or not restored yet (docs/decisions/accounts.md): a
// command with no target works while any account is signed in, restores no account it does not
// need, and a sign-out says whose it was. Alice (primary) and Bob on the demo world, Frank on the other.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parseAccountKey } from '../../src/core/accounts/account';
import type { AccountKey } from '../../src/core/accounts/account';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import type { OtherWorld } from './helpers';
import { otherWorld, requestLog, sandboxControl, waitFor } from './helpers';

describe('Accounts signed out or not restored: commands with no target, the sign-out', function () {
  this.timeout(90_000);
  const driver = useExtension();
  let api: TestApi;
  let other: OtherWorld;
  let demoBaseUrl: string;

  /** Frank's account key and a task of his, as a reference carrying it. */
  const frankTask = async (): Promise<{ workspaceId: string; taskId: string; account: AccountKey; title: string }> => {
    const frank = (await api.accounts.getSessions()).find((s) => s.account.label.startsWith('Frank'));
    assert.ok(frank, 'Frank is signed in');
    const fx = await other.control<{
      workspaces: { acme: { id: string } };
      tasks: { first_acme_task: { id: string; title: string } };
    }>('GET', '/fixtures');
    return {
      workspaceId: fx.workspaces.acme.id,
      taskId: fx.tasks.first_acme_task.id,
      account: frank.id as AccountKey,
      title: fx.tasks.first_acme_task.title,
    };
  };
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
    await addAccount(other.baseUrl, 'other-token-frank');
    await addAccount(demoBaseUrl, 'demo-token-bob');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await driver.signOutOthers();
    await api.session.signOut();
  });

  it('Follow Task with no target, the primary account signed out and others signed in: says to open a task, sends nothing', async () => {
    driver.script();
    await vscode.commands.executeCommand('taskPlatform.signOut');
    assert.equal(api.session.state.kind, 'signedOut');
    await clearLogs();
    const prompter = driver.script();
    assert.equal(await vscode.commands.executeCommand('taskPlatform.followTask'), false);
    assert.deepEqual(
      prompter.messages.map((m) => `${m.level} ${m.text}`),
      ['info Open a task or select one in a tree first.'],
      'not "sign in first": Bob and Frank are signed in',
    );
    // No account restored for it (their background reads may run meanwhile).
    const restores = async (log: Promise<{ path: string; token_label: string }[]>): Promise<string[]> =>
      (await log).filter((r) => r.path === '/api/user').map((r) => r.token_label);
    assert.deepEqual(await restores(requestLog()), [], 'nothing asked of the first service');
    assert.deepEqual(await restores(other.requestLog()), [], 'nothing asked of the other service');
    await driver.signInAs('demo-token-alice');
  });

  it("Restore Task with no target waits on no account but the picked entry's: Bob's is not restored", async () => {
    const his = await frankTask();
    driver.script([], ['Delete']);
    await vscode.commands.executeCommand('taskPlatform.deleteTask', his);
    const bob = api.services.accounts
      .current()
      .find((s) => s.state.kind === 'signedIn' && s.state.user.name.startsWith('Bob'));
    assert.ok(bob, 'Bob is signed in');
    // Bob's service answers his check only after a long while: a command that restored him waits on it.
    await sandboxControl('POST', '/faults', { method: 'GET', path: '/api/user', kind: 'latency', latency_ms: 8_000 });
    try {
      bob.invalidate();
      await clearLogs();
      driver.script([], [his.title]);
      assert.equal(await vscode.commands.executeCommand('taskPlatform.restoreTask'), true);
      assert.equal(bob.state.kind, 'unknown', "Bob's account was not restored for it");
      assert.deepEqual(
        (await other.requestLog())
          .filter((r) => r.method !== 'GET')
          .map((r) => `${r.method} ${r.path.split('/').slice(-2).join('/')} ${r.token_label}`),
        [`POST ${his.taskId}/restore frank`],
        'restored as Frank, on his service',
      );
    } finally {
      await sandboxControl('DELETE', '/faults');
    }
    assert.equal((await bob.ensure()).kind, 'signedIn', 'Bob is restored when asked, later');
  });

  it('signing out one of several accounts names it in the notice', async () => {
    const bob = (await api.accounts.getSessions()).find((s) => s.account.label.startsWith('Bob'));
    assert.ok(bob, 'Bob is signed in');
    const told = driver.script();
    await api.accounts.removeSession(bob.id);
    assert.match(
      told.messages.at(-1)?.text ?? '',
      /^Signed out of Task Platform as Bob Member \(127\.0\.0\.1:\d+\)\. The other accounts stay signed in\.$/,
    );
  });

  it('Frank signed out with a change queued: it is kept, named as his, and sent through him when he is back', async () => {
    const his = await frankTask();
    const frank = parseAccountKey(his.account);
    assert.ok(frank);
    const queued = (): number => api.services.outboxes.for(frank.baseUrl, frank.userId).pending.length;
    await other.control('POST', '/faults', { path: '/api/**', kind: 'reset_before' });
    const kept = `${frank.userId} (${new URL(other.baseUrl).host}), signed out: 1 change(s) kept, sent when this account signs in again.`;
    try {
      driver.script([], ['Critical']);
      await vscode.commands.executeCommand('taskPlatform.setPriority', his);
      assert.equal(queued(), 1, "Frank's write is queued");
      const told = driver.script();
      await api.accounts.removeSession(his.account);
      assert.match(told.messages.at(-1)?.text ?? '', /^Signed out of Task Platform as Frank Founder /);
      // Alice alone is signed in; Frank's change is still counted, and said to be his and kept.
      await waitFor(() => api.outbox.statusBar.tooltip.includes(kept) || undefined, 'the kept change named');
      assert.match(api.outbox.statusBar.text, /cloud-upload\) 1$/);
      const review = driver.script();
      await vscode.commands.executeCommand('taskPlatform.showPendingChanges');
      assert.deepEqual(
        review.messages.map((m) => m.text),
        [`No changes are waiting to be sent to Task Platform. ${kept}`],
      );
    } finally {
      await other.control('DELETE', '/faults');
    }
    await clearLogs();
    await addAccount(other.baseUrl, 'other-token-frank');
    await waitFor(() => !api.outbox.statusBar.tooltip.includes('signed out') || undefined, 'no longer kept');
    const connectivity = api.outbox.connectivityOf(his.account);
    assert.ok(connectivity, 'his account has its connectivity again');
    assert.equal(await connectivity.flush(), true);
    assert.equal(queued(), 0);
    assert.deepEqual(
      (await other.requestLog()).filter((r) => r.method === 'PATCH').map((r) => `${r.status} ${r.token_label}`),
      ['200 frank'],
      'sent once, through his account',
    );
    assert.deepEqual(
      (await requestLog()).filter((r) => r.method !== 'GET'),
      [],
      'nothing of it sent to the first service',
    );
  });

  it('with one account left, the sign-out notice keeps the words of before', async () => {
    await driver.signOutOthers();
    const told = driver.script();
    await vscode.commands.executeCommand('taskPlatform.signOut');
    assert.deepEqual(
      told.messages.map((m) => m.text),
      ['Signed out of Task Platform.'],
    );
    await driver.signInAs('demo-token-alice');
  });
});
