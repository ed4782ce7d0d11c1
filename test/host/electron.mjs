// The same integration suite under @vscode/test-electron, for machines that can download VS Code
// (these cannot: use `npm run test:integration`, which runs it in code-server's extension host).
// Needs a sandbox: it starts one on a free port and points the extension at it.
import { runTests } from '@vscode/test-electron';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

register();
const { startSandbox } = await import('../../sandbox/server.ts');
const root = resolve(import.meta.dirname, '..', '..');
const sandbox = await startSandbox({ seed: 'demo', rateLimit: 0, quiet: true });
const userData = mkdtempSync(join(tmpdir(), 'tp-electron-'));
mkdirSync(join(userData, 'User'), { recursive: true });
writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify({ 'taskPlatform.baseUrl': sandbox.baseUrl }));
const workspace = join(userData, 'workspace');
mkdirSync(workspace);
let code = 0;
try {
  await runTests({
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'out', 'test', 'integration', 'index.js'),
    launchArgs: [workspace, `--user-data-dir=${userData}`, '--disable-extensions'],
    extensionTestsEnv: { TASK_PLATFORM_SANDBOX_ORIGIN: sandbox.origin, TASK_PLATFORM_TEST_WORKSPACE: workspace },
  });
} catch (error) {
  console.error('test-electron run failed:', error);
  code = 1;
} finally {
  await sandbox.stop();
}
process.exit(code);
