import * as assert from 'node:assert/strict';
import { closeSession, filesContaining, openSession } from './fixtures';
import type { Session } from './fixtures';
import { quickInputState } from './quickInput';
import type { Workbench } from './workbench';
import type { Locator } from 'playwright-core';

const token = 'demo-token-alice';

describe('e2e: the Task Platform MCP server in a real workbench', function () {
  let session: Session | undefined;

  before(async () => {
    session = await signedInSession('mcp', {});
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-mcp-${this.currentTest.title.replace(/\W+/g, '-')}`);
    }
  });

  after(async () => {
    const runDir = session?.workbench.runDir;
    await closeSession(session);
    // The resolved definition carried the token in the server's environment: VS Code must not have
    // written it anywhere (its MCP caches, state, logs).
    if (runDir) {
      const installedPackage = (path: string): boolean =>
        /[\\/]extensions[\\/]task-platform\.task-platform-[^\\/]+$/.test(path);
      assert.deepEqual(
        filesContaining(runDir, token, installedPackage),
        [],
        'the token appears in files written during the run',
      );
    }
  });

  it('lists the Task Platform server among the MCP servers, starts it, and VS Code finds its 18 tools', async () => {
    await startServer(session!.workbench, 18, { listed: '60-mcp-list-servers', running: '61-mcp-server-running' });
  });
});

/**
 * MCP: List Servers, then Start Server on Task Platform; resolves once VS Code's own log of the server
 * says how many tools it found (`tools`), with the list showing it running.
 */
async function startServer(wb: Workbench, tools: number, shots: { listed?: string; running: string }): Promise<void> {
  const rows = wb.page.locator('.quick-input-list .monaco-list-row');
  await wb.runCommand('MCP: List Servers');
  const server = rows.filter({ hasText: 'Task Platform' }).first();
  await server.waitFor({ timeout: 30_000 });
  if (shots.listed) await wb.screenshot(shots.listed);
  await wb.pick('Task Platform');
  await wb.pick('Start Server');
  await wb.quickInput().waitFor({ state: 'hidden', timeout: 10_000 });

  const running = rows
    .filter({ hasText: 'Task Platform' })
    .filter({ hasText: new RegExp(`Running|${tools} tools`, 'i') })
    .first();
  await listedUntil(wb, running, 60_000);
  // VS Code's own log of the server (Output, "MCP: Task Platform") says what it found.
  await wb.page
    .locator('.part.panel .view-lines', { hasText: `Discovered ${tools} tools` })
    .first()
    .waitFor({ timeout: 30_000 });
  // The Output panel can take focus as the log appears, which closes the quick pick (seen on a
  // slow CI machine): show the list again, so the picture has both and the state is read again.
  await listedUntil(wb, running, 30_000);
  await wb.screenshot(shots.running);
  await wb.closeQuickInput();
}

/**
 * Shows MCP: List Servers until `row` is in it. The Output panel can take focus as the server's log
 * appears, which closes the quick pick (seen on a slow CI machine): the list is shown again then. A
 * list that is open, or still opening, is given time to show the row rather than opened over (F1 on
 * an opening palette raced it closed: "element is not visible" on CI); anything else open is
 * closed by runCommand, which opens the palette afresh and checks it took.
 */
async function listedUntil(wb: Workbench, row: Locator, timeoutMs: number): Promise<void> {
  const serverList = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Task Platform' });
  const deadline = Date.now() + timeoutMs;
  while (!(await row.isVisible())) {
    if (Date.now() > deadline) throw new Error(`MCP: List Servers never showed ${String(row)}`);
    const state = await quickInputState(wb.page);
    const listing = state.open && !state.value.startsWith('>') && (await serverList.count()) > 0;
    if (!listing) await wb.runCommand('MCP: List Servers');
    await row.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
}

/** A workbench with AI features and the MCP setting on (plus `settings`), signed in as alice. */
async function signedInSession(name: string, settings: Record<string, unknown>): Promise<Session> {
  // The test host turns AI features off (no model here); the MCP server list needs them on, and the
  // server is offered only once its setting is on (the chat tools are the default surface).
  const session = await openSession(name, {
    settings: { 'chat.disableAIFeatures': false, 'taskPlatform.ai.mcpServer.enabled': true, ...settings },
  });
  const wb = session.workbench;
  await wb.signInFromView(token);
  await wb.dismissSignInToast();
  return session;
}

describe('e2e: the MCP server VS Code starts, in read-only mode', function () {
  let session: Session | undefined;

  before(async () => {
    session = await signedInSession('mcp-read-only', { 'taskPlatform.ai.readOnly': true });
  });

  after(() => closeSession(session));

  it('offers the 15 read tools and none of the three that write', async () => {
    const wb = session!.workbench;
    await startServer(wb, 15, { running: '62-mcp-server-read-only' });
    // The server says so itself when it starts (its stderr, in VS Code's log of it).
    await wb.page.locator('.part.panel .view-lines', { hasText: 'read-only' }).first().waitFor({ timeout: 30_000 });
  });
});
