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
const results = [];
// The untimed tiers run side by side (each on one of the two cores), their outputs shown in turn.
const early = selected.filter((t) => untimed.has(t.name));
const runs = early.map(async (tier) => {
  const started = Date.now();
  const { code, out } = await run(tier.cmd, tier.env, false);
  return { ...tier, code, out, seconds: (Date.now() - started) / 1000, ...counts(out) };
});
for (const result of await Promise.all(runs)) {
  console.log(`\n===== ${result.name} =====`);
  process.stdout.write(result.out);
  results.push(result);
}
for (const tier of selected.filter((t) => !untimed.has(t.name))) {
  console.log(`\n===== ${tier.name} =====`);
  const started = Date.now();
  if (minimumHost && !minimumReady && !untimed.has(tier.name)) {
    minimumReady = await minimumHost;
    console.log(`[hosts] the oldest VS Code host is ready (waited ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  if (needsMinimum(tier) && minimumReady && minimumReady.code !== 0) {
    console.log(minimumReady.out);
    results.push({
      ...tier,
      code: minimumReady.code,
      out: minimumReady.out,
      seconds: 0,
      passed: 0,
      failed: 1,
      pending: 0,
    });
    continue;
  }
  const { code, out } = await run(tier.cmd, tier.env);
  results.push({ ...tier, code, out, seconds: (Date.now() - started) / 1000, ...counts(out) });
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
