import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { BOARD_BUDGET, INBOX_BUDGET, TABLE_BUDGET, VIEW_BUDGET } from '../../src/core/budgets';
import type { BoardPanel } from '../../src/extension/board/panel';
import type { TablePanel } from '../../src/extension/table/panel';
import type { TestApi } from '../../src/extension/main';
import { endlessId } from '../hostile/endless';
import { startHostileServer } from '../hostile/server';
import type { HostileServer } from '../hostile/server';
import { useExtension } from './driver';
import { sandboxControl, sandboxOrigin, ScriptedPrompter, waitFor } from './helpers';

/**
 * Whole operations against the hostile server's endless but valid mode (test/hostile/endless.ts):
 * signed in through the server while it passes requests on to the sandbox, then every answer is
 * valid and nothing ever runs out. Each operation ends within its budget (src/core/budgets.ts),
 * counted at the server, says what it left out, and a command run meanwhile still answers.
 */
/** Requests of one operation against the cap it was tested with, for the bench (bench/figures/budgets.ts). */
export interface BudgetFigure {
  requests: number;
  cap: number;
}

/** Where the figures go: beside the run's workspace, in artifacts/integration (cleared at each run). */
export const BUDGET_FIGURES_FILE = 'operation-budgets.json';

describe('Operation budgets against an endless but valid server', function () {
  this.timeout(240_000);
  const figures: Record<string, unknown> = {};
  /** Checks the operation's requests against its cap and keeps both for the bench. */
  const within = (operation: string, requests: number, cap: number): void => {
    figures[operation] = { requests, cap } satisfies BudgetFigure;
    assert.ok(requests <= cap, `${operation}: ${requests} requests, cap ${cap}`);
  };
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
    const workspace = process.env.TASK_PLATFORM_TEST_WORKSPACE;
    if (workspace) writeFileSync(join(dirname(workspace), BUDGET_FIGURES_FILE), JSON.stringify(figures, null, 2));
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
    within('board', sent, BOARD_BUDGET.pages + BOARD_BUDGET.lists);
    const model = board.model;
    assert.equal(model.error, undefined);
    assert.equal(model.loading, false);
    assert.ok(model.loaded <= BOARD_BUDGET.rows, `${model.loaded} rows kept`);
    assert.ok(model.loaded > 0);
    assert.match(model.notice ?? '', /Showing \d+ tasks of \d+: a board reads the statuses of at most 20 lists/);
  });

  it('Open as Table on a space ends within its rows and lists, says what it left out, and a command answers meanwhile', async () => {
    const before = server.count('endless');
    const table = (await vscode.commands.executeCommand('taskPlatform.openTable', {
      kind: 'space',
      workspaceId: endlessId(9, 1),
      spaceId: endlessId(7, 1),
      name: 'Endless',
    })) as TablePanel | undefined;
    assert.ok(table, 'the command returns the table');
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('taskPlatform.openTable'));
    await table.loaded;
    // Scrolled to the end: every matching row in one read, which the endless index never runs out of.
    await table.receive({ type: 'more' });
    await table.loaded;
    const sent = server.count('endless') - before;
    // Two index reads, statuses and custom fields of the budget's lists, the members and the sidebar.
    within('table', sent, 2 + 2 * TABLE_BUDGET.lists + 2);
    const model = table.model;
    assert.equal(model.error, undefined);
    assert.equal(model.loading, false);
    assert.equal(model.rows.length, TABLE_BUDGET.rows, 'the rows kept');
    assert.equal(model.loadedAll, false);
    assert.match(model.notice ?? '', /Showing the first 5000 tasks of \d+\. Filter, or open a list, for the rest\./);
  });

  it('a saved view as a table, sorted, reads at most its pages and says it is not sorted past them', async () => {
    const before = server.count('endless');
    const table = (await vscode.commands.executeCommand('taskPlatform.openTable', {
      kind: 'view',
      key: 'endless',
      view: { id: endlessId(6, 1), name: 'Endless view' },
    })) as TablePanel | undefined;
    assert.ok(table, 'the command returns the table');
    await table.loaded;
    await table.receive({ type: 'sort', sorts: [{ key: 'title', direction: 'asc' }] });
    await table.loaded;
    const sent = server.count('endless') - before;
    within('saved view as a table, sorted', sent, TABLE_BUDGET.viewPages + 2 * TABLE_BUDGET.lists + 2);
    assert.equal(table.model.error, undefined);
    assert.match(table.model.notice ?? '', /This view has more than 2000 rows/);
  });

  it('Run Saved View from the palette stops offering more at its budget and says what it left out', async () => {
    const prompter = driver.install(new ScriptedPrompter());
    const before = server.count('endless');
    assert.equal(await vscode.commands.executeCommand('taskPlatform.runView', endlessId(6, 1)), true);
    const pick = await prompter.livePick(prompter.livePicks.length - 1);
    // A user pressing "Load more" for as long as it is offered.
    while (pick.item(/Load more/)) {
      const shown = pick.items.length;
      pick.accept(/Load more/);
      await waitFor(() => (!pick.busy && pick.items.length !== shown ? true : undefined), 'the next page');
    }
    const sent = server.count('endless') - before;
    // The pages, and the sidebar of each workspace that names the view.
    const state = api.session.state;
    const workspaces = state.kind === 'signedIn' ? state.user.workspaces.length : 0;
    within('saved view, Run Saved View', sent, VIEW_BUDGET.pages + workspaces);
    assert.ok(
      pick.item(/Showing the first 1000 tasks of \d+\. Open the view as a table, or narrow it on the service/),
      pick.items.at(-1)?.label,
    );
    pick.hide();
  });

  it('Open as Board on a space of 300 lists describes 20 of them, and a user request fired meanwhile is answered', async () => {
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    if (state.kind !== 'signedIn') return;
    const ws = endlessId(9, 2);
    /** A request of the user's (the same client and limiter as the board), timed from send to answer. */
    const userRequest = async (): Promise<number> => {
      const started = performance.now();
      await state.client.listSpaces(ws, { priority: 'user' });
      return performance.now() - started;
    };
    server.setEndlessLists(300);
    try {
      const before = server.count('endless');
      const board = (await vscode.commands.executeCommand('taskPlatform.openBoard', {
        kind: 'space',
        workspaceId: ws,
        spaceId: endlessId(7, 2),
        name: '300 lists',
      })) as BoardPanel | undefined;
      assert.ok(board, 'the command returns the board');
      const duringLoad = board.model.loading;
      const during = await userRequest();
      await board.loaded;
      const sent = server.count('endless') - before - 1;
      const alone = await userRequest();
      // Three pages of 100 rows, and the statuses of the budget's lists only.
      within('board of 300 lists', sent, 3 + BOARD_BUDGET.lists);
      assert.equal(board.model.error, undefined);
      assert.match(
        board.model.notice ?? '',
        /Showing \d+ tasks of 300: a board reads the statuses of at most 20 lists/,
      );
      figures['user request during a 300-list board load'] = { during, alone, duringLoad };
    } finally {
      server.setEndlessLists(undefined);
    }
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
    within('Inbox check', sent, 4 + INBOX_BUDGET.requests);
    assert.ok(second.deferred > 0, 'tasks were left for the next check');
    assert.match(String(api.inbox.tree.view.message), /left for the next check/);
  });
});
