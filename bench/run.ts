/**
 * `npm run bench`: ONE run of every benchmark figure against the sandbox on the `large` seed
 * (127.0.0.1 only), each with its baseline measured in the same run, `--runs` times (default 3)
 * where a figure repeats. Prints the table and writes bench-results.json at the repository root;
 * `npm run bench -- --readme` then (or alone, with --readme-only) writes the README's Performance
 * section from that file (bench/readme.ts).
 * Options: --runs N, --only fig1,fig2 (figure ids below), --readme, --readme-only.
 * Needs node --expose-gc for the heap figures (the npm script passes it) and, for the workbench,
 * accounts, table and budgets figures, the VS Code host of `npm test` (scripts/host/setup.sh, run here first).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../test/host/paths';
import { startSandbox } from '../sandbox/server';
import { createContext } from './context';
import type { Figure } from './context';
import { accountsFigure } from './figures/accounts';
import { budgetsFigure } from './figures/budgets';
import { bundleFigure } from './figures/bundle';
import { burstFigure } from './figures/burst';
import { codeRefsFigure } from './figures/codeRefs';
import { firstOpenFigure } from './figures/firstOpen';
import { inboxFigure } from './figures/inbox';
import { knownSpaceHoverFigure } from './figures/knownSpaceHover';
import { linearTimeFigure } from './figures/linearTime';
import { mcpFigure } from './figures/mcp';
import { tableFigure } from './figures/table';
import { treeBuildFigure, treeLoadFigure } from './figures/tree';
import { workbenchFigures } from './figures/workbench';
import { writeReadme } from './readme';
import { consoleTable, machine } from './report';
import type { BenchResults, Measure } from './report';

export const RESULTS_FILE = join(repoRoot, 'bench-results.json');

/** In order: bundle first (it builds the .vsix the workbench figures install). */
const figures: [string, Figure][] = [
  ['bundle', bundleFigure],
  ['tree-load', treeLoadFigure],
  ['tree-build', treeBuildFigure],
  ['code-refs', codeRefsFigure],
  ['hover-known-space', knownSpaceHoverFigure],
  ['linear-time', linearTimeFigure],
  ['workbench', workbenchFigures],
  ['accounts', accountsFigure],
  ['first-open', firstOpenFigure],
  ['burst', burstFigure],
  ['mcp', mcpFigure],
  ['inbox', inboxFigure],
  ['table', tableFigure],
  ['budgets', budgetsFigure],
];

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  if (process.argv.includes('--readme-only')) {
    writeReadme(RESULTS_FILE);
    return 0;
  }
  const runs = Number(option('--runs') ?? 3);
  const only = option('--only')?.split(',');
  if (!only || ['workbench', 'accounts', 'first-open', 'table', 'budgets'].some((id) => only.includes(id))) {
    // The real-host figures need the offline VS Code host of the tests (idempotent, cached after).
    execFileSync('bash', ['scripts/host/setup.sh'], { stdio: 'inherit', cwd: repoRoot });
  }
  const started = new Date();
  const sink: { measures: Measure[]; notes: string[] } = { measures: [], notes: [] };
  const failures: { figure: string; error: string }[] = [];
  const sandbox = await startSandbox({ seed: 'large', quiet: true, rateLimit: 60, rateWindowMs: 60_000 });
  const ctx = createContext(sandbox, runs, sink);
  try {
    for (const [id, figure] of figures.filter(([id]) => !only || only.includes(id))) {
      const t = performance.now();
      ctx.log(`bench: ${id}…`);
      try {
        await figure(ctx);
      } catch (error) {
        failures.push({ figure: id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        ctx.log(`bench: ${id} FAILED: ${String(error)}`);
      }
      ctx.log(`bench: ${id} done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
  } finally {
    await sandbox.stop();
  }
  const finished = new Date();
  const results: BenchResults = {
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationS: Math.round((finished.getTime() - started.getTime()) / 1000),
    runs,
    machine: machine(),
    notes: sink.notes,
    measures: sink.measures,
    failures,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `\nTask Platform benchmark: ${runs} runs, ${results.durationS} s, ${results.machine.nproc} cores (${results.machine.cpu}), Node ${results.machine.node}\n`,
  );
  console.log(consoleTable(results.measures));
  for (const m of results.measures.filter((x) => x.note)) {
    console.log(`  ${m.figure} / ${m.measure}: ${m.note}`);
  }
  for (const n of results.notes) {
    console.log(`  note: ${n}`);
  }
  for (const f of failures) {
    console.log(`  FAILED ${f.figure}: ${f.error.split('\n')[0]}`);
  }
  console.log(`\nwrote ${RESULTS_FILE}`);
  if (process.argv.includes('--readme')) {
    writeReadme(RESULTS_FILE);
  }
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
