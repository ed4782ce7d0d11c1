/**
 * The first task panel of a window against the later ones (issue: the first task opened after
 * start-up showed a blank panel for a moment). Each run starts a fresh code-server with the .vsix
 * installed, signs in as alice, expands the biggest list and opens a task from the tree: the window's
 * first task panel and first webview. Then, after Close All Editors each time, LATER_OPENS more, each
 * cold too (a new page), timed the same way: Enter → the new page's first contentful paint (the
 * title row). The baseline extension (bench/host/emptyExtension.ts) does the same with its empty
 * webview in a window of its own: what VS Code itself spends on a window's first webview.
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Workbench } from '../../test/e2e/workbench';
import { artifactsDir } from '../../test/host/paths';
import type { BenchContext } from '../context';
import { buildEmptyExtension, EMPTY_KEY, EMPTY_READY_TEXT } from '../host/emptyExtension';
import { emptyFirstAndLaterOpens, firstAndLaterOpens } from '../host/panelSteps';
import { pressUntil, signIn } from '../host/steps';
import { median, pairedRatios, summarize } from '../stats';
import { packageExtension, VSIX } from './bundle';

const LATER_OPENS = 3;
const TARGET_RATIO = 1.3;

interface FirstAndLater {
  firstPaintMs: number;
  laterPaintMs: number[];
}

async function inWindow(
  name: string,
  vsix: string,
  settings: Record<string, unknown>,
  measure: (wb: Workbench) => Promise<FirstAndLater>,
): Promise<FirstAndLater> {
  const runDir = join(artifactsDir, 'bench', name);
  rmSync(runDir, { recursive: true, force: true });
  const wb = await Workbench.open({ runDir, vsix, settings });
  try {
    return await measure(wb);
  } catch (error) {
    await wb.screenshot(`bench-failure-${name}`);
    throw error;
  } finally {
    await wb.close();
  }
}

export async function firstOpenFigure(ctx: BenchContext): Promise<void> {
  if (!existsSync(VSIX)) {
    packageExtension(); // --only without the bundle figure, on a fresh clone
  }
  const emptyVsix = buildEmptyExtension(true);
  const ours: FirstAndLater[] = [];
  const empty: FirstAndLater[] = [];
  try {
    for (let run = 0; run < ctx.runs; run++) {
      await ctx.reset({ limit: 60, windowMs: 60_000 });
      ours.push(
        await inWindow(`first-open-${run}`, VSIX, { 'taskPlatform.baseUrl': ctx.sandbox.baseUrl }, async (wb) => {
          await signIn(wb);
          return firstAndLaterOpens(wb, LATER_OPENS);
        }),
      );
      empty.push(
        await inWindow(`first-open-empty-${run}`, emptyVsix, {}, async (wb) => {
          await pressUntil(wb, EMPTY_KEY, wb.statusBarItem(EMPTY_READY_TEXT));
          return emptyFirstAndLaterOpens(wb, LATER_OPENS);
        }),
      );
      ctx.log(
        `  run ${run + 1}: extension ${JSON.stringify(ours.at(-1))}, empty extension ${JSON.stringify(empty.at(-1))}`,
      );
    }
  } finally {
    rmSync(dirname(emptyVsix), { recursive: true, force: true });
  }
  addRows(ctx, ours, empty);
}

function addRows(ctx: BenchContext, ours: FirstAndLater[], empty: FirstAndLater[]): void {
  const first = ours.map((o) => o.firstPaintMs);
  const later = ours.map((o) => median(o.laterPaintMs));
  const emptyFirst = empty.map((e) => e.firstPaintMs);
  const emptyLater = empty.map((e) => median(e.laterPaintMs));
  const every = (rows: FirstAndLater[]): string => JSON.stringify(rows.map((r) => [r.firstPaintMs, ...r.laterPaintMs]));
  ctx.add({
    figure: 'panel open',
    measure: `first task of a window: Enter on a task row → title row painted, against the window's later cold opens (median of ${LATER_OPENS})`,
    unit: 'ms',
    value: summarize(first),
    baseline: { label: 'a later cold open, same window', value: summarize(later) },
    ratio: pairedRatios(first, later),
    note:
      'a fresh window signed in as alice, the biggest list expanded, a task focused with the arrow keys and opened with ' +
      "Enter: the window's first task panel and first webview; then Close All Editors and the next task; " +
      `painted = the new page's first-contentful-paint entry; the empty extension's webview, first then later, in a window of its own: ` +
      `${summarize(emptyFirst).median.toFixed(0)} ms then ${summarize(emptyLater).median.toFixed(0)} ms (VS Code's own first-webview cost); ` +
      `every open, first then later, run by run: ${every(ours)}, baseline ${every(empty)}`,
  });
  const ratio = pairedRatios(first, emptyFirst);
  ctx.add({
    figure: 'panel open',
    measure: "first task of a window, against the empty extension's first webview in a window of its own",
    unit: 'ms',
    value: summarize(first),
    baseline: { label: "empty webview, the window's first: key → title painted", value: summarize(emptyFirst) },
    ratio,
    target: { text: `≤ ${TARGET_RATIO}× empty webview`, met: ratio.median <= TARGET_RATIO },
    note: "what the window's first open costs beyond VS Code's own first webview: the task panel's code (read ahead once signed in) and its page",
  });
}
