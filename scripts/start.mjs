// `npm start`: run the extension against the bundled sandbox, from a fresh clone.
// 1. installs npm dependencies (if missing) and the offline VS Code host (code-server),
// 2. builds the extension and keeps rebuilding on change,
// 3. starts the sandbox (demo seed) and a VS Code (code-server) with the extension loaded as a
//    development extension, its base URL pointed at the sandbox,
// 4. prints the address to open in a browser and the demo tokens. Ctrl+C stops everything.
// Options: --port N (VS Code, default 8080), --sandbox-port N (default 4010), --seed demo|large|empty,
// --second-world (also a sandbox of the other world, for a second account: sandbox/README.md#worlds)
// with --second-world-port N (default: the sandbox port + 1).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
}
execFileSync('bash', ['scripts/host/setup.sh'], { stdio: 'inherit' });
if (spawnSync(process.execPath, ['esbuild.mjs'], { stdio: 'inherit' }).status !== 0) {
  process.exit(1);
}

// tsImport loads the TypeScript dev host in its own namespace: a global register() plus import()
// fails on Node 20 with ERR_REQUIRE_CYCLE_MODULE (the host's modules are CommonJS-compiled TS).
const { tsImport } = await import('tsx/esm/api');
const { runDevHost } = await tsImport('../test/host/devHost.ts', import.meta.url);
const sandboxPort = Number(arg('sandbox-port', '4010'));
await runDevHost({
  port: Number(arg('port', '8080')),
  sandboxPort,
  seed: arg('seed', 'demo'),
  secondWorldPort: process.argv.includes('--second-world')
    ? Number(arg('second-world-port', String(sandboxPort + 1)))
    : undefined,
});
