// Several accounts, one of them signed out or not restored yet (docs/decisions/accounts.md): a
// command with no target works while any account is signed in, restores no account it does not
// need, and a sign-out says whose it was. Alice (primary) and Bob on the demo world, Frank on the other.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AccountKey } from '../../src/core/accounts/account';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import type { OtherWorld } from './helpers';
import { otherWorld, requestLog, sandboxControl } from './helpers';

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
