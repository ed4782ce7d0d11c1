// `npm run stress -- --tier e2e --runs 3 --hogs 2 [--grep <title fragment>] [test files...]`
// Runs one test tier `runs` times in a row with `hogs` CPU hogs (busy-loop child processes) beside it,
// so a test that passes only on an idle machine fails here, before it lands. Reports each run (passed,
// failed, seconds, steps the e2e driver had to retry) and every failure with its title, its first
// error line and the screenshots taken of it (copied to artifacts/stress/<stamp>/, since the next run
// overwrites artifacts/screenshots and artifacts/integration). Exit code 1 when any run failed.
//   --tier      e2e (default), integration, integration-1.105 or unit
//   --runs      how many runs in a row (default 3)
//   --hogs      CPU hogs beside them (default 2); each stops with the script, or after --hog-minutes
//   --grep      only the tests whose full title holds this (INTEGRATION_GREP for the integration tiers)
//   files       e2e or unit only: these spec files instead of the whole tier
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { counts, failures, failureTitles } from './mochaReport.mjs';

function parseArgs(argv) {
  const options = { tier: 'e2e', runs: 3, hogs: 2, grep: undefined, hogMinutes: 180, files: [], package: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i];
    if (arg === '--tier') options.tier = value();
    else if (arg === '--runs') options.runs = Number(value());
    else if (arg === '--hogs') options.hogs = Number(value());
    else if (arg === '--grep') options.grep = value();
    else if (arg === '--hog-minutes') options.hogMinutes = Number(value());
    else if (arg === '--no-package') options.package = false;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else options.files.push(arg);
  }
  if (!['e2e', 'integration', 'integration-1.105', 'unit'].includes(options.tier)) {
    throw new Error(`unknown tier ${options.tier} (e2e, integration, integration-1.105, unit)`);
  }
  // Bounded: a typo must not start a night of runs or a hundred hogs.
  if (!(options.runs >= 1 && options.runs <= 20)) throw new Error('--runs: 1 to 20');
  if (!(options.hogs >= 0 && options.hogs <= 8)) throw new Error('--hogs: 0 to 8');
  if (!(options.hogMinutes > 0 && options.hogMinutes <= 600)) throw new Error('--hog-minutes: 1 to 600');
  return options;
}

/**
 * Mocha's options from a tier's config file. Mocha adds file arguments to the config's spec rather
 * than replacing it, so with files the config is not passed: its other options are, one by one.
 */
function config(path, files) {
  if (files.length === 0) return ['--config', path];
  const c = JSON.parse(readFileSync(path, 'utf8'));
  const args = ['--no-config', ...[c.require ?? []].flat().flatMap((r) => ['--require', r])];
  if (c.timeout !== undefined) args.push('--timeout', String(c.timeout));
  if (c.exit) args.push('--exit');
  return args;
}

/** The command of one run of the tier. */
function tierCommand(o) {
  const grep = o.grep ? ['--grep', o.grep] : [];
  switch (o.tier) {
    case 'e2e':
      return { cmd: ['npx', 'mocha', ...config('test/e2e/.mocharc.json', o.files), ...grep, ...o.files], env: {} };
    case 'unit':
      return { cmd: ['npx', 'mocha', ...config('.mocharc.json', o.files), ...grep, ...o.files], env: {} };
    default:
      return {
        cmd: ['npm', 'run', '--silent', 'test:integration'],
        env: {
          ...(o.grep ? { INTEGRATION_GREP: o.grep } : {}),
          ...(o.tier === 'integration-1.105' ? { TASK_PLATFORM_VSCODE_LINE: 'minimum' } : {}),
        },
      };
  }
}

/** A busy loop in a child process; it ends by itself after `minutes`, or as soon as this script is gone. */
const HOG = `
const end = Date.now() + Number(process.env.HOG_MINUTES) * 60_000;
const alive = () => { try { process.kill(Number(process.env.HOG_PARENT), 0); return true; } catch { return false; } };
for (let n = 0; Date.now() < end; n++) if (n % 1e7 === 0 && !alive()) break;
`;

function startHogs(n, minutes) {
  const hogs = [];
  for (let i = 0; i < n; i++) {
    hogs.push(
      spawn(process.execPath, ['-e', HOG], {
        stdio: 'ignore',
        env: { HOG_MINUTES: String(minutes), HOG_PARENT: String(process.pid) },
      }),
    );
  }
  return hogs;
}

function stopHogs(hogs) {
  for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
}

function run(cmd, env, logPath) {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let out = '';
    const keep = (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code, signal) => {
      writeFileSync(logPath, out);
      resolve({ code: code ?? (signal ? 1 : 0), out });
    });
  });
}

/** Screens the e2e driver recorded in this run: of failures, and of steps it had to retry. */
function screens(out) {
  const of = (re) => [...out.matchAll(re)].map((m) => m[1].trim());
  return {
    failed: of(/\[e2e\] screen of the failure: (\S+)/g),
    retried: of(/\[e2e\] retry: .*; screen: (\S+)/g),
  };
}

/** Copies `paths` into `dir` (the next run overwrites the originals); returns the copies' paths. */
function keep(paths, dir) {
  mkdirSync(dir, { recursive: true });
  return paths.filter(existsSync).map((path) => {
    const copy = join(dir, basename(path));
    copyFileSync(path, copy);
    return copy;
  });
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = join('artifacts', 'stress', stamp);
  mkdirSync(dir, { recursive: true });
  if (o.tier === 'e2e' && o.package) {
    const built = await run(['npm', 'run', '--silent', 'package'], {}, join(dir, 'package.log'));
    if (built.code !== 0) throw new Error('npm run package failed');
  }
  const { cmd, env } = tierCommand(o);
  console.log(`[stress] ${o.tier}: ${o.runs} run(s) of \`${cmd.join(' ')}\` with ${o.hogs} CPU hog(s)`);
  const hogs = startHogs(o.hogs, o.hogMinutes);
  const stop = () => {
    stopHogs(hogs);
    process.exit(130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const runs = [];
  try {
    for (let i = 1; i <= o.runs; i++) {
      console.log(`\n===== stress run ${i}/${o.runs} =====`);
      const started = Date.now();
      const { code, out } = await run(cmd, env, join(dir, `run-${i}.log`));
      const seconds = (Date.now() - started) / 1000;
      const shots = screens(out);
      const failedScreens = keep(shots.failed, join(dir, `run-${i}`, 'failed'));
      if (code !== 0 && o.tier.startsWith('integration')) {
        failedScreens.push(...keep([join('artifacts', 'integration', 'final.png')], join(dir, `run-${i}`, 'failed')));
      }
      const retried = keep(shots.retried, join(dir, `run-${i}`, 'retries'));
      const titles = failureTitles(failures(out));
      runs.push({ run: i, code, seconds, ...counts(out), titles, failedScreens, retried });
      // Written after every run: a stress run stopped early still leaves its figures so far.
      writeFileSync(join(dir, 'report.json'), JSON.stringify({ ...o, runs }, null, 2));
      const r = runs.at(-1);
      console.log(`[stress] run ${i}: ${r.passed} passed, ${r.failed} failed, ${seconds.toFixed(0)} s`);
    }
  } finally {
    stopHogs(hogs);
  }
  report(o, runs, dir);
  return runs.every((r) => r.code === 0) ? 0 : 1;
}

function report(o, runs, dir) {
  console.log(`\n===== stress: ${o.tier}, ${o.runs} run(s), ${o.hogs} hog(s) =====`);
  for (const r of runs) {
    const failed = r.code !== 0 ? Math.max(r.failed, 1) : r.failed;
    console.log(
      `${r.code === 0 ? 'ok  ' : 'FAIL'} run ${r.run}: ${r.passed} passed, ${failed} failed, ${r.pending} pending, ` +
        `${r.seconds.toFixed(0)} s, ${r.retried.length} step retry(ies)`,
    );
    for (const title of r.titles) console.log(`     failed: ${title}`);
    for (const shot of r.failedScreens) console.log(`     screen: ${shot}`);
    for (const shot of r.retried) console.log(`     retried step, screen: ${shot}`);
  }
  const total = runs.reduce((sum, r) => sum + (r.code !== 0 ? Math.max(r.failed, 1) : 0), 0);
  const seconds = runs.map((r) => r.seconds);
  console.log(
    `[stress] runs: ${runs.length}, failures: ${total}, seconds per run: ${seconds.map((s) => s.toFixed(0)).join(', ')} ` +
      `(mean ${(seconds.reduce((a, b) => a + b, 0) / seconds.length).toFixed(0)}); logs and screens in ${dir}`,
  );
  writeFileSync(join(dir, 'report.json'), JSON.stringify({ ...o, runs }, null, 2));
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[stress] ${error.message}`);
    process.exit(2);
  },
);
