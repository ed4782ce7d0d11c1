// The account in VS Code's Accounts menu: an authentication provider over the one session. The
// menu itself is driven in test/e2e/accounts.e2e.test.ts; here, what VS Code's API sees of it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { inert } from '../../src/core/text/inert';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import { requestLog, sandboxControl, waitFor } from './helpers';

const PROVIDER = 'taskPlatform';
const alice = 'demo-token-alice';

describe('Accounts menu: the signed-in account through vscode.authentication', function () {
  this.timeout(60_000);
  const driver = useExtension();
  let api: TestApi;
  const events: vscode.AuthenticationSessionsChangeEvent[] = [];
  let listener: vscode.Disposable | undefined;
  const labels = async (): Promise<string[]> =>
    (await vscode.authentication.getAccounts(PROVIDER)).map((account) => account.label);

  before(async () => {
    api = driver.api;
    listener = vscode.authentication.onDidChangeSessions((e) => {
      if (e.provider.id === PROVIDER) {
        events.push(e);
      }
    });
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await api.session.signOut();
  });
  after(async () => {
    listener?.dispose();
    await api.session.signOut();
  });

  it('Sign In puts the account in the menu; its session names the user and never carries the token', async () => {
    assert.deepEqual(await labels(), []);
    const before = events.length;
    await driver.signInAs(alice);
    await waitFor(() => events.length > before, 'the provider announced the new session');
    assert.deepEqual(await labels(), ['Alice Admin']);
    const sessions = await api.accounts.getSessions();
    assert.equal(sessions.length, 1);
    assert.equal(sessions[0]?.account.label, 'Alice Admin');
    assert.equal(sessions[0]?.accessToken, '', 'the token stays in SecretStorage');
    assert.ok(!JSON.stringify(sessions).includes(alice), JSON.stringify(sessions));
    // VS Code hands a session to an extension only once the user has let it use the account (its
    // allow list; no extension is on it here, the tests' own included): silently, none gets one.
    assert.equal(await vscode.authentication.getSession(PROVIDER, [], { silent: true }), undefined);
  });

  it('removing the session from the menu is Sign Out: the token is deleted and the account leaves', async () => {
    if (api.session.state.kind !== 'signedIn') {
      await driver.signInAs(alice);
    }
    const [session] = await api.accounts.getSessions();
    assert.ok(session);
    const prompter = driver.script();
    const before = events.length;
    await api.accounts.removeSession(session.id);
    assert.equal(api.session.state.kind, 'signedOut');
    assert.match(prompter.messages.at(-1)?.text ?? '', /Signed out of Task Platform/);
    await waitFor(() => events.length > before, 'the provider announced the removal');
    assert.deepEqual(await labels(), []);
    // Restored from SecretStorage again: nothing there.
    api.session.invalidate();
    assert.equal((await api.session.ensure()).kind, 'signedOut');
    assert.deepEqual(await api.accounts.getSessions(), []);
  });

  it('Sign Out from the menu works while the service cannot be reached, and forgets the token', async () => {
    if (api.session.state.kind !== 'signedIn') {
      await driver.signInAs(alice);
    }
    const [session] = await api.accounts.getSessions();
    assert.ok(session);
    await sandboxControl('POST', '/faults', { path: '/api/**', kind: 'reset_before' });
    try {
      api.session.invalidate();
      assert.equal((await api.session.ensure()).kind, 'error');
      driver.script();
      await api.accounts.removeSession(session.id);
      assert.equal(api.session.state.kind, 'signedOut');
    } finally {
      await sandboxControl('DELETE', '/faults');
    }
    api.session.invalidate();
    assert.equal((await api.session.ensure()).kind, 'signedOut', 'no token left in SecretStorage');
  });

  it('Sign Out from the command removes the account from the menu too', async () => {
    await driver.signInAs(alice);
    assert.deepEqual(await labels(), ['Alice Admin']);
    const before = events.length;
    driver.script();
    await vscode.commands.executeCommand('taskPlatform.signOut');
    await waitFor(() => events.length > before, 'the provider announced the sign-out');
    assert.deepEqual(await labels(), []);
  });

  it('signing in from the menu runs Sign In; a cancelled one creates nothing', async () => {
    driver.script([undefined]);
    await assert.rejects(api.accounts.createSession());
    assert.equal(api.session.state.kind, 'signedOut');
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    driver.script([alice]);
    const created = await api.accounts.createSession();
    assert.equal(created.account.label, 'Alice Admin');
    assert.equal(api.session.state.kind, 'signedIn');
    // The views may start reading once signed in; the token is checked once.
    assert.deepEqual(
      (await requestLog()).filter((r) => r.path === '/api/user').map((r) => `${r.method} ${r.path}`),
      ['GET /api/user'],
      'one check of the token, as the Sign In command makes',
    );
    assert.deepEqual(await labels(), ['Alice Admin']);
  });

  it("a hostile user name is the account's plain label, made inert", async () => {
    const { member_name: name } = await sandboxControl<{ member_name: string }>('POST', '/fixtures/xss');
    await api.session.signOut();
    await driver.signInAs('demo-token-mallory');
    assert.deepEqual(await labels(), [inert(name, 100)]);
    assert.equal((await api.accounts.getSessions())[0]?.account.label, inert(name, 100));
  });
});
