// `npm test`: every tier, in order, each real: format and lint, type check, unit (Node, against the sandbox),
// integration (inside a real VS Code extension host), end-to-end (a real workbench in Chromium).
// The integration suite runs twice: on the current VS Code and on the oldest one the extension declares.
// Every tier runs even when an earlier one failed, so one run shows everything; the exit code is
// non-zero when any tier failed. The last line is the plain "N passed, N failed" summary.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { counts, failures, failureTitles } from './mochaReport.mjs';

const tiers = [
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'unit', cmd: ['npx', 'mocha'] },
  { name: 'integration', cmd: ['npm', 'run', '--silent', 'test:integration'] },
  // The same suite on the oldest VS Code the extension declares (engines.vscode; test/host/paths.ts).
  {
    name: 'integration-1.105',
    cmd: ['npm', 'run', '--silent', 'test:integration'],
    env: { TASK_PLATFORM_VSCODE_LINE: 'minimum' },
  },
  { name: 'e2e', cmd: ['npm', 'run', '--silent', 'test:e2e'] },
];
const only = process.env.TIERS?.split(',');

function run(cmd, env = {}, echo = true) {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let out = '';
    const tee = (stream, target) =>
      stream.on('data', (chunk) => {
        out += chunk;
        if (echo) target.write(chunk);
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });
}

// A fresh clone: install what the tiers need first (both steps are quick no-ops once done).
if (!existsSync('node_modules/.package-lock.json')) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
}
const selected = only ? tiers.filter((t) => only.includes(t.name)) : tiers;
const needsMinimum = (t) => t.env?.TASK_PLATFORM_VSCODE_LINE === 'minimum';
let minimumHost;
if (selected.some((t) => t.name.startsWith('integration') || t.name === 'e2e')) {
  // The offline VS Code hosts (code-server, the Node it needs, Debian chromium): idempotent, cached after.
  execFileSync('bash', ['scripts/host/setup.sh', 'current'], { stdio: 'inherit' });
  // The oldest host serves one tier, late in the run: on a fresh machine its native build (minutes)
  // runs beside lint and type checking instead of ahead of them. Its output is shown if it fails.
  if (selected.some(needsMinimum)) minimumHost = run(['bash', 'scripts/host/setup.sh', 'minimum'], {}, false);
}

// Tiers that do not time anything: the oldest host's build may run beside them. Every other tier
// (unit tests with deadlines, the hosts) starts only once the build is done, so no test shares
// the two cores with a native build by chance.
const untimed = new Set(['lint', 'typecheck']);
let minimumReady;
// The two integration tiers run side by side: each host keeps about one core busy (most of a
// suite waits on the sandbox and the workbench), so together they take little more than one.
// The first one's output streams; the second's is printed when it ends, whole.
const sideBySide = new Set(['integration', 'integration-1.105']);
const results = [];
for (let i = 0; i < selected.length; i++) {
  const tier = selected[i];
  const next = selected[i + 1];
  const pair = sideBySide.has(tier.name) && next && sideBySide.has(next.name) ? [tier, next] : [tier];
  i += pair.length - 1;
  console.log(`\n===== ${pair.map((t) => t.name).join(' + ')} =====`);
  const started = Date.now();
  if (minimumHost && !minimumReady && !untimed.has(tier.name)) {
    minimumReady = await minimumHost;
    console.log(`[hosts] the oldest VS Code host is ready (waited ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  const env = pair.length > 1 ? await builtOnce() : {};
  const outcomes = await Promise.all(pair.map((t, n) => runTier(t, env, n === 0)));
  for (const [n, outcome] of outcomes.entries()) {
    if (n > 0) console.log(`\n===== ${pair[n].name} (ran beside ${tier.name}) =====\n${outcome.out}`);
    results.push(outcome);
  }
}

/** One tier's result; a tier whose host failed to install counts as one failure. */
async function runTier(tier, env, echo) {
  const started = Date.now();
  if (needsMinimum(tier) && minimumReady && minimumReady.code !== 0) {
    if (echo) console.log(minimumReady.out);
    return { ...tier, code: minimumReady.code, out: minimumReady.out, seconds: 0, passed: 0, failed: 1, pending: 0 };
  }
  const { code, out } = await run(tier.cmd, { ...tier.env, ...env }, echo);
  return { ...tier, code, out, seconds: (Date.now() - started) / 1000, ...counts(out) };
}

/** Builds the extension and its suites once for hosts that run at the same time (they read the same files). */
async function builtOnce() {
  const { code, out } = await run(['node', 'esbuild.mjs', '--tests'], {}, false);
  if (code !== 0) {
    console.log(out);
    return {};
  }
  return { TASK_PLATFORM_TESTS_BUILT: '1' };
}

for (const r of results.filter((t) => t.code !== 0)) {
  const blocks = failures(r.out);
  if (blocks.length === 0) continue;
  console.log(`\n===== ${r.name}: failures =====`);
  for (const block of blocks) console.log(block);
}

console.log('\n===== summary =====');
let passed = 0;
let failed = 0;
for (const r of results) {
  // A tier that failed without a mocha count (type errors, set-up failure) counts as one failure.
  const tierFailed = r.code !== 0 ? Math.max(r.failed, 1) : r.failed;
  passed += r.passed;
  failed += tierFailed;
  console.log(
    `${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name.padEnd(17)} ${String(r.passed).padStart(4)} passed ${String(tierFailed).padStart(3)} failed ${String(r.pending).padStart(3)} pending  ${r.seconds.toFixed(0)} s`,
  );
}
// The failed tests' titles last, so even a short tail of the log names them.
for (const r of results.filter((t) => t.code !== 0)) {
  for (const title of failureTitles(failures(r.out)).slice(0, 10)) console.log(`failed in ${r.name}: ${title}`);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
