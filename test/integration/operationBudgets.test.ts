import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BOARD_BUDGET, INBOX_BUDGET } from '../../src/core/budgets';
import type { BoardPanel } from '../../src/extension/board/panel';
import type { TestApi } from '../../src/extension/main';
import { endlessId } from '../hostile/endless';
import { startHostileServer } from '../hostile/server';
import type { HostileServer } from '../hostile/server';
import { useExtension } from './driver';
import { sandboxControl, sandboxOrigin } from './helpers';

/**
 * Whole operations against the hostile server's endless but valid mode (test/hostile/endless.ts):
 * signed in through the server while it passes requests on to the sandbox, then every answer is
 * valid and nothing ever runs out. Each operation ends within its budget (src/core/budgets.ts),
 * counted at the server, says what it left out, and a command run meanwhile still answers.
 */
describe('Operation budgets against an endless but valid server', function () {
  this.timeout(240_000);
  let api: TestApi;
  let server: HostileServer;
  const driver = useExtension();
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('taskPlatform');
  let previousBaseUrl: unknown;

  before(async () => {
    api = driver.api;
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    server = await startHostileServer({ lifetimeMs: 230_000 });
    server.setLive({ proxy: sandboxOrigin() });
    previousBaseUrl = config().inspect('baseUrl')?.globalValue;
    await config().update('baseUrl', server.liveBaseUrl, vscode.ConfigurationTarget.Global);
    await driver.signInAs('demo-token-alice', 'signed in through the hostile server (passing on)');
    server.setLive('endless');
  });

  after(async () => {
    server?.setLive({ proxy: sandboxOrigin() });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api?.session.signOut();
    await config().update('baseUrl', previousBaseUrl, vscode.ConfigurationTarget.Global);
    await server?.close();
  });

  it('Open as Board on a space ends within its pages, rows and lists, says so, and a command answers meanwhile', async () => {
    const before = server.count('endless');
    const board = (await vscode.commands.executeCommand('taskPlatform.openBoard', {
      kind: 'space',
      workspaceId: endlessId(9, 1),
      spaceId: endlessId(7, 1),
      name: 'Endless',
    })) as BoardPanel | undefined;
    assert.ok(board, 'the command returns the board');
    // The host answers another command while the board loads.
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('taskPlatform.openBoard'));
    await board.loaded;
    const sent = server.count('endless') - before;
    assert.ok(sent <= BOARD_BUDGET.pages + BOARD_BUDGET.lists, `${sent} requests`);
    const model = board.model;
    assert.equal(model.error, undefined);
    assert.equal(model.loading, false);
    assert.ok(model.loaded <= BOARD_BUDGET.rows, `${model.loaded} rows kept`);
    assert.ok(model.loaded > 0);
    assert.match(model.notice ?? '', /Showing \d+ tasks of \d+: a board reads the statuses of at most 20 lists/);
  });

  it('an Inbox check of thousands of assigned, changed tasks ends within its budget and says the next continues', async () => {
    const poller = api.inbox.poller;
    const first = await poller.tick(true);
    assert.ok(typeof first === 'object', `the first check ran (${String(first)})`);
    const before = server.count('endless');
    const second = await poller.tick(true);
    assert.ok(typeof second === 'object', `the second check ran (${String(second)})`);
    const sent = server.count('endless') - before;
    // Per workspace (Acme, Side Project): its spaces (one, endless) and one index read; then the budget.
    assert.ok(sent <= 4 + INBOX_BUDGET.requests, `${sent} requests at the server`);
    assert.ok(second.deferred > 0, 'tasks were left for the next check');
    assert.match(String(api.inbox.tree.view.message), /left for the next check/);
  });
});
