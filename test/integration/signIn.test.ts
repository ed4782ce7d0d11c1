import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { Commands } from '../../src/extension/common/commandIds';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import { quietRequestLog, requestLog, sandboxControl } from './helpers';

const alice = 'demo-token-alice';

describe('Foundation: activation and sign-in against the sandbox', function () {
  const driver = useExtension();
  const { script } = driver;
  let api: TestApi;
  let sandboxBaseUrl: string;

  before(() => {
    api = driver.api;
    sandboxBaseUrl = vscode.workspace.getConfiguration('taskPlatform').get<string>('baseUrl', '');
    assert.match(sandboxBaseUrl, /^http:\/\/127\.0\.0\.1:\d+\/api$/);
  });

  beforeEach(async () => {
    await sandboxControl('POST', '/reset', { seed: 'demo' });
  });

  afterEach(async () => {
    await setBaseUrl(sandboxBaseUrl);
  });

  it('activates without any request and registers its commands', async () => {
    assert.equal(typeof api.activationMs, 'number');
    const commands = await vscode.commands.getCommands(true);
    // Every command id (package.json's and the internal ones, checked against each other in
    // test/unit/extension/common/commandIds.test.ts) has a handler.
    for (const id of Object.values(Commands)) {
      assert.ok(commands.includes(id), `${id} is registered`);
    }
    assert.equal((await requestLog()).length, 0, 'activation sent no request');
  });

  it('starts signed out, with an empty tree so the welcome view shows', async () => {
    api.session.invalidate();
    assert.equal((await api.session.ensure()).kind, 'signedOut');
    assert.deepEqual(await api.explorer.getChildren(), []);
  });

  it('refuses an empty token without sending a request', async () => {
    const prompter = script(['   ']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.signIn'), false);
    assert.match(prompter.messages[0]?.text ?? '', /cannot be empty/);
    assert.equal((await requestLog()).length, 0);
  });

  it('reports a token the service refuses, and stores nothing', async () => {
    const prompter = script(['not-a-real-token']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.signIn'), false);
    assert.match(prompter.messages[0]?.text ?? '', /refused this token/);
    assert.ok(!prompter.messages[0]?.text.includes('not-a-real-token'), 'the message never repeats the token');
    const log = await requestLog();
    assert.deepEqual(
      log.map((r) => [r.method, r.path, r.status]),
      [['GET', '/api/user', 401]],
    );
    api.session.invalidate();
    assert.equal((await api.session.ensure()).kind, 'signedOut');
  });

  it('signs in with a valid token, shows the account and its workspaces, and restores from SecretStorage', async () => {
    const prompter = script([alice]);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.signIn'), true);
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    assert.match(prompter.messages.at(-1)?.text ?? '', /Signed in to Task Platform as Alice/);
    const rows = await api.explorer.getChildren();
    const labels = rows.map((r) => (api.explorer.getTreeItem(r).label as string) ?? '');
    assert.deepEqual([...labels].sort(), ['Acme', 'Side Project']);
    assert.equal(api.explorer.view.description, state.kind === 'signedIn' ? state.user.name : '');

    // A new session (as after a reload) finds the token in SecretStorage and checks it once.
    // What the sign-in started in the background (the tree, learning prefixes) ends first.
    await quietRequestLog();
    api.session.invalidate();
    const before = (await requestLog()).length;
    assert.equal((await api.session.ensure()).kind, 'signedIn');
    const after = await requestLog();
    assert.deepEqual(
      after.slice(before).map((r) => [r.path, r.token_label]),
      [['/api/user', 'alice']],
    );
  });

  it('signs out: the token is deleted and the tree is empty again', async () => {
    script([alice]);
    await vscode.commands.executeCommand('taskPlatform.signIn');
    script([]);
    await vscode.commands.executeCommand('taskPlatform.signOut');
    assert.equal(api.session.state.kind, 'signedOut');
    api.session.invalidate();
    assert.equal((await api.session.ensure()).kind, 'signedOut');
    assert.deepEqual(await api.explorer.getChildren(), []);
  });

  it('refuses a base URL that is not https, before asking for the token', async () => {
    await setBaseUrl('http://tasks.example.com/api');
    const prompter = script([alice]);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.signIn'), false);
    assert.match(prompter.messages[0]?.text ?? '', /not valid.*https/i);
    assert.equal(prompter.asked.length, 0, 'the token was never asked for');
    assert.equal((await requestLog()).length, 0);
  });

  describe('services that are not the API', () => {
    let server: Server | undefined;
    afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

    async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
      server = createServer(handler);
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    }

    it('says so when the base URL answers with HTML', async () => {
      await setBaseUrl(
        await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>')),
      );
      const prompter = script([alice]);
      assert.equal(await vscode.commands.executeCommand('taskPlatform.signIn'), false);
      assert.match(prompter.messages[0]?.text ?? '', /did not answer like the Task Platform API/);
    });

    it('names the host when it cannot be reached', async () => {
      const url = await serve(() => undefined);
      await new Promise<void>((resolve) => server?.close(() => resolve()));
      server = undefined;
      await setBaseUrl(url);
      const prompter = script([alice]);
      assert.equal(await vscode.commands.executeCommand('taskPlatform.signIn'), false);
      assert.match(prompter.messages[0]?.text ?? '', new RegExp(`127\\.0\\.0\\.1:${new URL(url).port}`));
    });

    it('times out on a host that never answers, naming it', async function () {
      this.timeout(30_000);
      await vscode.workspace
        .getConfiguration('taskPlatform')
        .update('requestTimeoutSeconds', 3, vscode.ConfigurationTarget.Global);
      try {
        const url = await serve(() => undefined /* never answers */);
        await setBaseUrl(url);
        const prompter = script([alice]);
        assert.equal(await vscode.commands.executeCommand('taskPlatform.signIn'), false);
        const text = prompter.messages[0]?.text ?? '';
        assert.match(text, /did not answer in time/);
        assert.ok(text.includes(`127.0.0.1:${new URL(url).port}`), text);
      } finally {
        await vscode.workspace
          .getConfiguration('taskPlatform')
          .update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
      }
    });
  });
});

async function setBaseUrl(url: string): Promise<void> {
  await vscode.workspace.getConfiguration('taskPlatform').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}
