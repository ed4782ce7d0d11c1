/**
 * Operation budgets (src/core/budgets.ts) against the hostile server's endless but valid mode
 * (test/hostile/endless.ts), measured by the real extension in the real host: the integration suite
 * "Operation budgets against an endless but valid server" (test/integration/operationBudgets.test.ts)
 * is run once per bench run and writes what it counted at the server.
 *   requests: per operation (board, table, saved view run from the palette and as a sorted table,
 *     Inbox check), the requests the server received against the cap the test holds it to.
 *   a user's click during a big board: Open as Board on a space of 300 lists (3 pages, 20 lists
 *     described, the rest left out), a user request fired on the same client as the load starts,
 *     its time against the same request alone just after, in the same run.
 * The runner's own sandbox and host serve it (the bench's `large` sandbox is not used here).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, repoRoot } from '../../test/host/paths';
import type { BenchContext } from '../context';
import { pairedRatios, summarize } from '../stats';

const SUITE = 'Operation budgets against an endless but valid server';
/** Written by the suite (BUDGET_FIGURES_FILE there), beside the run's workspace. */
const FIGURES = join(artifactsDir, 'integration', 'operation-budgets.json');
/** A click may wait a little for the board's requests in flight, never for its whole load. */
const CLICK_TARGET_RATIO = 2;

interface RunFigures {
  [operation: string]: { requests?: number; cap?: number; during?: number; alone?: number; duringLoad?: boolean };
}

function runSuite(): RunFigures {
  execFileSync(process.execPath, ['--import', 'tsx', 'test/host/extensionTests.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, INTEGRATION_GREP: SUITE },
  });
  if (!existsSync(FIGURES)) {
    throw new Error(`the suite wrote no ${FIGURES}`);
  }
  return JSON.parse(readFileSync(FIGURES, 'utf8')) as RunFigures;
}

export async function budgetsFigure(ctx: BenchContext): Promise<void> {
  const runs: RunFigures[] = [];
  for (let run = 0; run < ctx.runs; run++) {
    ctx.log(`budgets: run ${run + 1} of ${ctx.runs} (the integration suite)`);
    runs.push(runSuite());
  }
  const operations = Object.keys(runs[0] ?? {}).filter((op) => runs[0]![op]!.cap !== undefined);
  for (const operation of operations) {
    const requests = runs.map((r) => r[operation]?.requests ?? Number.NaN);
    const caps = runs.map((r) => r[operation]?.cap ?? Number.NaN);
    const ratio = pairedRatios(requests, caps);
    ctx.add({
      figure: 'budgets',
      measure: `requests of one ${operation} on an endless server, against its cap`,
      unit: 'req',
      value: summarize(requests),
      baseline: { label: 'cap (src/core/budgets.ts)', value: summarize(caps) },
      ratio,
      target: { text: 'ratio ≤ 1', met: requests.every((n, i) => n <= caps[i]!) },
    });
  }
  const click = runs.map((r) => r['user request during a 300-list board load'] ?? {});
  const during = click.map((c) => c.during ?? Number.NaN);
  const alone = click.map((c) => c.alone ?? Number.NaN);
  const ratio = pairedRatios(during, alone);
  ctx.add({
    figure: 'budgets',
    measure: 'a user request fired as Open as Board on a space of 300 lists starts: time',
    unit: 'ms',
    value: summarize(during),
    baseline: { label: 'the same request alone', value: summarize(alone) },
    ratio,
    target: { text: `ratio < ${CLICK_TARGET_RATIO}`, met: ratio.median < CLICK_TARGET_RATIO },
    note: `the board was still loading when the request was fired in ${click.filter((c) => c.duringLoad).length} of ${click.length} runs`,
  });
}
