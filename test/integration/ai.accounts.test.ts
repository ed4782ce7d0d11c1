// One MCP server for every signed-in account (docs/decisions/accounts.md, "Assistants"): the
// definition VS Code keeps names each account and no token; the resolved one carries each token
// with its own lease; the server sends a call to the service of its workspace's account.
import { existsSync } from 'node:fs';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ACCOUNTS_VAR } from '../../src/core/mcp/accountsVar';
import { LEASE_VAR, readLease } from '../../src/core/mcp/lease';
import type { McpServerProvider } from '../../src/extension/ai/mcpProvider';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import type { OtherWorld } from './helpers';
import { connectMcp, otherWorld, requestLog, sandboxControl, waitFor } from './helpers';

// Erin on the demo service and Heidi on the other world's: tokens no later suite counts on.
const erin = 'demo-token-erin';
const heidi = 'other-token-heidi';

describe('AI: one MCP server for every signed-in account', function () {
  this.timeout(90_000);
  const driver = useExtension();
  let api: TestApi;
  let provider: McpServerProvider;
  let other: OtherWorld;
  let changes = 0;
  let listener: vscode.Disposable | undefined;

  const provided = async (): Promise<vscode.McpStdioServerDefinition[]> =>
    (await provider.provideMcpServerDefinitions()) ?? [];
  const mcpSetting = (on: boolean | undefined): Thenable<void> =>
    vscode.workspace
      .getConfiguration('taskPlatform')
      .update('ai.mcpServer.enabled', on, vscode.ConfigurationTarget.Global);
  before(async () => {
    api = driver.api;
    assert.ok(api.ai.mcpProvider);
    provider = api.ai.mcpProvider;
    listener = provider.onDidChangeMcpServerDefinitions(() => changes++);
    other = await otherWorld();
    await other.control('POST', '/reset');
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await api.session.signOut();
    await driver.signOutOthers();
    await mcpSetting(true);
    await driver.signInAs(erin);
  });
  after(async () => {
    listener?.dispose();
    await driver.signOutOthers();
    await api.session.signOut();
    await mcpSetting(undefined);
  });

  it('with two accounts the definition names both and no token; the resolved environment alone carries each', async () => {
    const [alone] = await provided();
    assert.ok(alone);
    assert.equal(alone.env[ACCOUNTS_VAR], undefined, 'one account: the definition is as it always was');

    const before = changes;
    driver.script([other.baseUrl, heidi]);
    await api.accounts.createSession();
    await waitFor(() => changes > before || undefined, 'onDidChangeMcpServerDefinitions after Add Account');
    const [server, ...rest] = await provided();
    assert.ok(server);
    assert.equal(rest.length, 0, 'one server for both accounts');
    assert.notEqual(server.version, alone.version, 'another account: VS Code restarts a running server');
    const fx = await other.control<{ users: { heidi: { id: string } }; workspaces: { nimbus: { id: string } } }>(
      'GET',
      '/fixtures',
    );
    assert.equal(server.env.TASK_PLATFORM_BASE_URL, alone.env.TASK_PLATFORM_BASE_URL, 'the first account as before');
    assert.deepEqual(JSON.parse(String(server.env[ACCOUNTS_VAR])), [
      { base_url: other.baseUrl, user_id: fx.users.heidi.id },
    ]);
    for (const token of [erin, heidi]) {
      assert.ok(!JSON.stringify(server).includes(token), `the provided definition has no token (${token})`);
    }

    const resolved = await provider.resolveMcpServerDefinition(server);
    assert.ok(resolved);
    assert.equal(resolved.env.TASK_PLATFORM_TOKEN, erin);
    const [more, ...none] = JSON.parse(String(resolved.env[ACCOUNTS_VAR])) as Record<string, unknown>[];
    assert.equal(none.length, 0);
    assert.equal(more?.token, heidi);
    assert.equal(more?.base_url, other.baseUrl);
    assert.ok(typeof more?.lease === 'string' && more.lease !== resolved.env[LEASE_VAR], 'a lease of its own');
    const elsewhere = JSON.stringify({
      label: resolved.label,
      command: resolved.command,
      args: resolved.args,
      cwd: resolved.cwd,
      version: resolved.version,
      kept: server,
      settings: vscode.workspace.getConfiguration('taskPlatform'),
    });
    for (const token of [erin, heidi]) {
      assert.ok(!elsewhere.includes(token), `${token}: only in the resolved environment`);
    }

    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    const client = await connectMcp(resolved);
    try {
      const nimbus = fx.workspaces.nimbus.id;
      const answer = await client.callTool({ name: 'list_spaces', arguments: { workspace_id: nimbus } });
      assert.ok(!answer.isError, JSON.stringify(answer.content));
      assert.ok(
        (await other.requestLog()).some(
          (r) => r.path === `/api/workspaces/${nimbus}/spaces` && r.token_label === 'heidi',
        ),
        "Heidi's workspace was read on her service, with her token",
      );
      assert.deepEqual(
        (await requestLog()).filter((r) => r.path.includes(nimbus) || r.token_label === 'heidi'),
        [],
        'nothing of it reached the first service',
      );
    } finally {
      await client.close();
    }
    assert.ok(
      existsSync(more.lease as string) && readLease(more.lease as string).server,
      "the server shared Heidi's budget",
    );
    assert.equal(provider.checkLease(Date.now() + 5 * 60_000), false, 'every share ends once its record is stale');
  });

  it('signing the second account out offers the one-account definition again, without a token for it', async () => {
    const before = changes;
    await driver.signOutOthers();
    await waitFor(() => changes > before || undefined, 'onDidChangeMcpServerDefinitions after signing out');
    const [server, ...rest] = await provided();
    assert.ok(server);
    assert.equal(rest.length, 0);
    assert.equal(server.env[ACCOUNTS_VAR], undefined);
    const resolved = await provider.resolveMcpServerDefinition(server);
    assert.equal(resolved?.env[ACCOUNTS_VAR], undefined, 'no other account, no token of it');
    assert.ok(!JSON.stringify(resolved).includes(heidi));
  });
});
