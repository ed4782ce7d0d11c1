import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox, SeedName } from '../../sandbox/server';
import { startCodeServer } from './codeServer';
import { artifactsDir, repoRoot } from './paths';
import { stopTree } from './processes';

/**
 * What `npm start` runs: the sandbox, esbuild in watch mode, and code-server with this repository
 * loaded as a development extension (through the workbench's `payload` parameter, which needs the
 * smoke-test driver switch). Reload the browser window after a rebuild to pick changes up.
 */
export interface DevHostOptions {
  port: number;
  sandboxPort: number;
  seed: string;
  /** `--second-world`: the port of a second sandbox serving the other world (an account to add); off when absent. */
  secondWorldPort?: number;
}

export async function runDevHost(options: DevHostOptions): Promise<void> {
  const sandbox = await startSandbox({ port: options.sandboxPort, seed: options.seed as SeedName });
  const second =
    options.secondWorldPort === undefined
      ? undefined
      : await startSandbox({ port: options.secondWorldPort, seed: 'other' });
  const runDir = join(artifactsDir, 'dev-host');
  const workspace = join(runDir, 'workspace');
  const server = await startCodeServer({
    runDir,
    workspace,
    smokeTestDriver: true,
    port: options.port,
    settings: { 'taskPlatform.baseUrl': sandbox.baseUrl },
  });
  const watch = spawn(process.execPath, ['esbuild.mjs', '--watch'], { cwd: repoRoot, stdio: 'inherit' });
  const authority = new URL(server.url).host;
  const payload = JSON.stringify([['extensionDevelopmentPath', `vscode-remote://${authority}${repoRoot}`]]);
  const url = `${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`;
  // One write, so that whoever reads the output sees the whole banner at once.
  process.stdout.write(
    [
      '',
      'Task Platform is running against the sandbox.',
      `  VS Code:  ${url}`,
      `  Sandbox:  ${sandbox.baseUrl}`,
      '  Tokens:   demo-token-alice (admin), demo-token-bob (member), demo-token-carol (Side Project)',
      '  Sign in:  open the Task Platform view in the activity bar and press "Sign In".',
      ...(second ? secondWorldBanner(second) : []),
      'Press Ctrl+C to stop.',
      '',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await stopTree(watch.pid);
  await server.stop();
  await sandbox.stop();
  await second?.stop();
}

/** The second world's lines of the banner: where it is and how to sign in to it as another account. */
function secondWorldBanner(second: Sandbox): string[] {
  return [
    `  Second:   ${second.baseUrl}   (the other world: workspaces Acme Labs ACME-, Nimbus NIM-)`,
    `  Tokens:   ${second.tokens.map((t) => `${t.token} (${t.role})`).join(', ')}`,
    '  Use it:   as a second account: its address and one of these tokens.',
  ];
}
