import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from '../host/browser';
import { artifactsDir, repoRoot } from '../host/paths';
import { freePort, stopTree, waitFor } from '../host/processes';
import { screenshotsDir } from './workbench';

/**
 * The README's first command, followed as a new user would: `npm start` (here `node scripts/start.mjs`
 * with free ports), open the address it prints, sign in with a demo token, see the workspaces.
 */
describe('e2e: npm start, as the README says (run against the sandbox, sign in)', function () {
  let child: ChildProcess | undefined;
  let browser: BrowserContext | undefined;
  let output = '';

  after(async () => {
    await browser?.close().catch(() => undefined);
    // npm start runs until stopped: stop it and everything it started (sandbox, esbuild, code-server) by PID.
    await stopTree(child?.pid);
  });

  it('prints a VS Code address with the extension loaded, and the demo token signs in', async () => {
    const [port, sandboxPort] = [await freePort(), await freePort()];
    child = spawn(
      process.execPath,
      ['scripts/start.mjs', '--port', String(port), '--sandbox-port', String(sandboxPort)],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // The banner may arrive in several chunks: wait until both of its lines are in.
    const url = await waitFor(
      () =>
        (/Sandbox:\s+http:\/\/127\.0\.0\.1:\d+\/api/.test(output) ? /VS Code:\s+(\S+)/.exec(output)?.[1] : undefined) ??
        (child?.exitCode !== null ? Promise.reject(new Error(`npm start exited:\n${output}`)) : undefined),
      180_000,
      'the address and the sandbox line npm start prints',
    );
    const user = await fetch(`http://127.0.0.1:${sandboxPort}/api/user`, {
      headers: { authorization: 'Bearer demo-token-alice' },
    });
    assert.equal(user.status, 200);

    browser = await launchBrowser(join(artifactsDir, 'e2e', 'npm-start', 'chromium-profile'));
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(url);
    const item = page.locator('.part.activitybar .action-label[aria-label^="Task Platform"]').first();
    await item.waitFor({ timeout: 120_000 });
    await item.click();
    await page.locator('.part.sidebar').getByRole('button', { name: 'Sign In' }).first().click();
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    await input.fill('demo-token-alice');
    await page.keyboard.press('Enter');
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'Acme' }).first().waitFor({ timeout: 60_000 });
    mkdirSync(screenshotsDir, { recursive: true });
    await page.screenshot({ path: join(screenshotsDir, '00-npm-start-signed-in.png') });
  });
});
