// Several accounts, one of them signed out or not restored yet (docs/decisions/accounts.md): a
// command with no target works while any account is signed in, restores no account it does not
// need, and a sign-out says whose it was. Alice (primary) and Bob on the demo world, Frank on the other.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
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
});
