/**
 * Runs the integration suite (test/integration, bundled to out/test/integration) inside a real VS Code
 * extension host: code-server's Node extension host, driven by headless Chromium, like
 * @vscode/test-electron's --extensionDevelopmentPath/--extensionTestsPath but offline. The workbench
 * honours the `payload` URL parameter only with the smoke-test driver switch on; it then reports the
 * host's console through window.codeAutomationLog and the result through window.codeAutomationExit.
 * Exit code: 0 pass, 1 test failures, 2 set-up problem, 124 timeout.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { startSandbox } from '../../sandbox/server';
import { launchBrowser } from './browser';
import { startCodeServer } from './codeServer';
import { artifactsDir, repoRoot } from './paths';

const timeoutMs = Number(process.env.INTEGRATION_TIMEOUT_S ?? 1200) * 1000;

async function main(): Promise<number> {
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--tests'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    return 2;
  }
  const runDir = join(artifactsDir, 'integration');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const workspace = join(runDir, 'workspace');
  const sandbox = await startSandbox({ seed: 'demo', rateLimit: 0, quiet: true });
  const server = await startCodeServer({
    runDir,
    workspace,
    smokeTestDriver: true,
    // The Inbox does not poll on its timer here: the suites count requests (its test checks by hand).
    settings: { 'taskPlatform.baseUrl': sandbox.baseUrl, 'taskPlatform.inbox.pollIntervalSeconds': 0 },
    env: {
      TASK_PLATFORM_SANDBOX_ORIGIN: sandbox.origin,
      TASK_PLATFORM_TEST_WORKSPACE: workspace,
      TASK_PLATFORM_TEST_RATE_WINDOW_MS: '2000',
    },
  }).catch(async (error: unknown) => {
    await sandbox.stop();
    throw error;
  });
  const browser = await launchBrowser(join(runDir, 'chromium-profile'));
  const automationLog = createWriteStream(join(runDir, 'automation.log'));
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const result = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationLog', (_level: unknown, args: unknown) => {
        const text = Array.isArray(args) ? format(...(args as unknown[])) : String(args);
        automationLog.write(text + '\n');
        if (!isWorkbenchNoise(text)) {
          process.stdout.write(text + '\n');
        }
      });
      void page.exposeFunction('codeAutomationExit', (code: unknown) => resolve(Number(code) === 0 ? 0 : 1));
    });
    const authority = new URL(server.url).host;
    const remote = (path: string): string => `vscode-remote://${authority}${path}`;
    const payload = [
      ['extensionDevelopmentPath', remote(repoRoot)],
      ['extensionTestsPath', remote(join(repoRoot, 'out', 'test', 'integration', 'index.js'))],
    ];
    // Only the navigation's start is awaited: the suite's own exit (or the run's timeout below) is what
    // ends the wait, so a slow first load on a busy machine is not a set-up failure.
    await page.goto(
      `${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
      { waitUntil: 'commit', timeout: 120_000 },
    );
    const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(124), timeoutMs).unref());
    const code = await Promise.race([result, timeout]);
    if (code !== 0) {
      await page.screenshot({ path: join(runDir, 'final.png') }).catch(() => undefined);
      console.error(code === 124 ? `integration: no result after ${timeoutMs / 1000} s` : 'integration: failures');
    }
    return code;
  } finally {
    automationLog.end();
    await browser.close().catch(() => undefined);
    await server.stop();
    await sandbox.stop();
  }
}

// The workbench's own log lines arrive through the same hook as the extension host's console.
const noise = [
  /^Resolv(ing|ed) connection token/,
  /^Creating a socket/,
  /^\[reconnection-grace-time\]/,
  /^\[Service Worker\]/,
  /^\[AgentHost:/,
  /^Creation of workbench contribution/,
  /^Updating additional builtin/,
  /^Ignoring fetching additional builtin/,
  /^Extension host test runner exit code/,
  /^\[AccountPolicyGate\]/,
  /^\[ChatModelSelection\]/,
  /^Canceled: Canceled/,
];
function isWorkbenchNoise(text: string): boolean {
  return noise.some((r) => r.test(text));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('integration: set-up failed:', error);
    process.exit(2);
  },
);
