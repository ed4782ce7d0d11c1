import * as assert from 'node:assert/strict';
import { closeSession, filesContaining, openSession } from './fixtures';
import type { Session } from './fixtures';

const token = 'demo-token-alice';

describe('e2e: the Task Platform MCP server in a real workbench', function () {
  let session: Session | undefined;

  before(async () => {
    // The test host turns AI features off (no model here); the MCP server list needs them on, and the
    // server is offered only once its setting is on (the chat tools are the default surface).
    session = await openSession('mcp', {
      settings: { 'chat.disableAIFeatures': false, 'taskPlatform.ai.mcpServer.enabled': true },
    });
    const wb = session.workbench;
    await wb.openContainer('Task Platform');
    await wb.sidebar().getByRole('button', { name: 'Sign In' }).first().click();
    await wb.answerInput(token);
    await wb.treeRow('Acme').waitFor({ timeout: 60_000 });
    await wb.dismissSignInToast();
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
    const wb = session!.workbench;
    const rows = wb.page.locator('.quick-input-list .monaco-list-row');
    await wb.runCommand('MCP: List Servers');
    const server = rows.filter({ hasText: 'Task Platform' }).first();
    await server.waitFor({ timeout: 30_000 });
    await wb.screenshot('60-mcp-list-servers');
    await server.click();
    const start = rows.filter({ hasText: /Start Server/ }).first();
    await start.waitFor({ timeout: 10_000 });
    await start.click();
    await wb.quickInput().waitFor({ state: 'hidden', timeout: 10_000 });

    await wb.runCommand('MCP: List Servers');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Task Platform' })
      .first()
      .waitFor({ timeout: 30_000 });
    const running = rows
      .filter({ hasText: 'Task Platform' })
      .filter({ hasText: /Running|18 tools/i })
      .first();
    await running.waitFor({ timeout: 60_000 });
    // VS Code's own log of the server (Output, "MCP: Task Platform") says what it found.
    await wb.page
      .locator('.part.panel .view-lines', { hasText: 'Discovered 18 tools' })
      .first()
      .waitFor({ timeout: 30_000 });
    // The Output panel can take focus as the log appears, which closes the quick pick (seen on a
    // slow CI machine): show the list again, so the picture has both and the state is read again.
    if (!(await running.isVisible())) {
      await wb.runCommand('MCP: List Servers');
    }
    await running.waitFor({ timeout: 30_000 });
    await wb.screenshot('61-mcp-server-running');
    await wb.page.keyboard.press('Escape');
  });
});
