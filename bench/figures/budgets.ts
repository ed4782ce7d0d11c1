/**
 * Operation budgets (src/core/budgets.ts) against the hostile server's endless but valid mode
 * (test/hostile/endless.ts), measured by the real extension in the real host: the integration suite
 * "Operation budgets against an endless but valid server" (test/integration/operationBudgets.test.ts)
 * is run once per bench run and writes what it counted at the server.
 *   requests: per operation (board, table, saved view run from the palette and as a sorted table,
 *     Inbox check), the requests the server received against the cap the test holds it to.
 *   a user's click during a big board: Open as Board on a space of 300 lists (a page of 100 lists,
 *     20 described, the rest left out), a user request fired on the same client as the board's
 *     status reads are sent, its time against the same request alone just after (the median of
 *     three), in the same run.
 * The runner's own sandbox and host serve it (the bench's `large` sandbox is not used here).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, repoRoot } from '../../test/host/paths';
import type { BenchContext } from '../context';
import { pairedRatios, summarize } from '../stats';
import { HOST_BOUNDS } from '../../test/integration/hostBounds';

const SUITE = 'Operation budgets against an endless but valid server';
/** Written by the suite (BUDGET_FIGURES_FILE there), beside the run's workspace. */
const FIGURES = join(artifactsDir, 'integration', 'operation-budgets.json');
/** A click may wait a little for the board's requests in flight, never for its whole load. */
const CLICK_TARGET_RATIO = 2;

interface RunFigures {
  [operation: string]: {
    requests?: number;
    cap?: number;
    during?: number;
    alone?: number;
    duringLoad?: boolean;
    heldMs?: number;
    heapMb?: number;
    commandMs?: number;
  };
}

/** The host during the operation (test/integration/hostWatch.ts), where the suite watched it. */
function hostFigures(ctx: BenchContext, operation: string, runs: RunFigures[]): void {
  const held = runs.map((r) => r[operation]?.heldMs ?? Number.NaN);
  if (held.some((ms) => Number.isNaN(ms))) return;
  const heap = runs.map((r) => r[operation]?.heapMb ?? Number.NaN);
  const command = runs.map((r) => r[operation]?.commandMs ?? Number.NaN);
  ctx.add({
    figure: 'budgets',
    measure: `${operation} on an endless server: the longest the extension host was held`,
    unit: 'ms',
    value: summarize(held),
    target: { text: `≤ ${HOST_BOUNDS.heldMs} ms`, met: held.every((ms) => ms <= HOST_BOUNDS.heldMs) },
    note: `heap growth ${summarize(heap).median.toFixed(0)} MB, a command meanwhile ${summarize(command).median.toFixed(0)} ms (medians)`,
  });
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
    hostFigures(ctx, operation, runs);
  }
  const click = runs.map((r) => r['user request during a 300-list board load'] ?? {});
  const during = click.map((c) => c.during ?? Number.NaN);
  const alone = click.map((c) => c.alone ?? Number.NaN);
  const ratio = pairedRatios(during, alone);
  ctx.add({
    figure: 'budgets',
    measure: 'a user request fired as a board of 300 lists sends its status reads: time',
    unit: 'ms',
    value: summarize(during),
    baseline: { label: 'the same request alone', value: summarize(alone) },
    ratio,
    target: { text: `ratio < ${CLICK_TARGET_RATIO}`, met: ratio.median < CLICK_TARGET_RATIO },
    note: `the board was still loading when the user was answered in ${click.filter((c) => c.duringLoad).length} of ${click.length} runs`,
  });
}
