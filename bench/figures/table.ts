/**
 * Open as Table on the biggest list of the `large` seed (2,500 tasks), in the real workbench, against
 * the same rows rendered as a plain HTML <table> in the baseline extension's webview, which receives
 * them by one postMessage (bench/host/emptyExtension.ts, openTable). One fresh window per run, signed
 * in as alice, the explorer open down to the list's folder, one webview shown and closed first (the
 * first webview of a window costs VS Code seconds whoever opens it); then ours and the baseline, one
 * after the other, their order alternating from run to run, Close All Editors between them.
 *   first rows: right click on the list, Open as Table → the grid's first data row in the DOM; the
 *     baseline: its key → the plain table's first row in the DOM (all 2,500 rendered at once).
 *   full scroll: the rows' scroll container set to its bottom (every frame, see tableSteps.ts) →
 *     the last row (aria-rowindex = aria-rowcount; the plain table's last <tr>) inside the window.
 *   smooth scroll: then, every row loaded, the container moved from top to bottom in even steps, one
 *     per animation frame: the 95th percentile frame against the plain table's, scrolled the same way.
 *   requests: task index requests (GET /workspaces/{w}/tasks of that list) from the open to the
 *     last row shown, read from the sandbox's request log, against the fewest the API allows: one
 *     (per_page=0 returns every matching row in one body, docs/api/openapi.yaml#listTasks).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Workbench } from '../../test/e2e/workbench';
import { artifactsDir } from '../../test/host/paths';
import type { BenchContext, LoggedRequest } from '../context';
import {
  buildEmptyExtension,
  EMPTY_KEY,
  EMPTY_PANEL_KEY,
  EMPTY_READY_TEXT,
  emptyPanelTitle,
  installAlongside,
  TABLE_ROWS_FILE,
} from '../host/emptyExtension';
import { visibleWebview } from '../host/panelSteps';
import { pressUntil, settledRequests, signIn, TOKEN } from '../host/steps';
import { BIG_LIST_PATH, oursTable, plainRows, plainTable, SCROLL_FRAMES, showBigList } from '../host/tableSteps';
import type { TableTimes } from '../host/tableSteps';
import { packageExtension, VSIX } from './bundle';
import { pairedRatios, summarize } from '../stats';

const FIRST_ROWS_TARGET = 1.5;
/**
 * Scrolling to the end waits for one request of every row the first page left out, which the plain
 * table never makes (it got them all before it was shown): a ratio of about 8 to 10 on this machine,
 * the request being most of it. The target keeps it there; a slower page or a second request shows.
 */
const FULL_SCROLL_TARGET_RATIO = 12;
/** The 95th percentile frame of a smooth scroll against the plain table's (ratios survive a busy machine). */
const SMOOTH_TARGET_RATIO = 1.5;
/** The design: the first page (per_page=100) at once, then one per_page=0 request for the rest. */
const REQUESTS_TARGET = 2;

interface TableRun {
  ours: TableTimes;
  plain: TableTimes;
  /** Task index requests of the big list between the open and the last row shown. */
  rowRequests: LoggedRequest[];
  /** Every request of that span, "METHOD path?per_page" with counts. */
  all: Record<string, number>;
}

/** The big list's rows as alice's client gets them (one request, before the log is cleared). */
async function bigListRows(ctx: BenchContext, workspaceId: string, listId: string): Promise<unknown[]> {
  const url = `${ctx.sandbox.baseUrl}/workspaces/${workspaceId}/tasks?list_id=${listId}&per_page=0`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (!res.ok) {
    throw new Error(`GET ${url}: ${res.status}`);
  }
  return ((await res.json()) as { data: unknown[] }).data;
}

async function tableRun(ctx: BenchContext, run: number, heapVsix: string): Promise<TableRun> {
  const fx = await ctx.reset({ limit: 60, windowMs: 60_000 });
  const runDir = join(artifactsDir, 'bench', `table-${run}`);
  rmSync(runDir, { recursive: true, force: true });
  installAlongside(runDir, heapVsix);
  const rows = plainRows(
    (await bigListRows(ctx, fx.workspaces.acme.id, fx.lists.big_1)) as Parameters<typeof plainRows>[0],
    BIG_LIST_PATH[BIG_LIST_PATH.length - 1]!,
  );
  mkdirSync(join(runDir, 'workspace'), { recursive: true });
  writeFileSync(join(runDir, 'workspace', TABLE_ROWS_FILE), JSON.stringify(rows));
  const wb = await Workbench.open({
    runDir,
    vsix: VSIX,
    settings: { 'taskPlatform.baseUrl': ctx.sandbox.baseUrl, 'taskPlatform.inbox.pollIntervalSeconds': 0 },
  });
  try {
    await signIn(wb);
    await showBigList(wb);
    // The baseline's keys go to the empty editor area: in the tree, Shift+F10 (in its chords) opens
    // the tree's context menu instead.
    const focusEditorArea = (): Promise<void> => wb.page.locator('.part.editor').click({ position: { x: 40, y: 40 } });
    // The baseline extension activated by its hello key (pressed until it works), then the window's
    // first webview, not counted (it costs VS Code seconds whoever opens it), opened by one press.
    await focusEditorArea();
    await pressUntil(wb, EMPTY_KEY, wb.statusBarItem(EMPTY_READY_TEXT));
    await wb.page.keyboard.press(EMPTY_PANEL_KEY);
    await visibleWebview(wb)
      .locator('#title', { hasText: emptyPanelTitle(1) })
      .waitFor({ timeout: 60_000 });
    const closeAll = async (): Promise<void> => {
      // F1 pressed while a webview has the focus may not reach the workbench: the tree takes it first.
      await wb.focusSideBar();
      await wb.runCommand('View: Close All Editors');
      await wb.page.locator('iframe.webview:visible').first().waitFor({ state: 'hidden', timeout: 10_000 });
    };
    await closeAll();
    const measureOurs = async (): Promise<Omit<TableRun, 'plain'>> => {
      await settledRequests(ctx);
      await ctx.clearRequests();
      const ours = await oursTable(wb);
      const log = await settledRequests(ctx);
      if (run === 0) await wb.screenshot('bench-table-scrolled');
      const rowRequests = log.filter(
        (r) => r.method === 'GET' && r.path.endsWith('/tasks') && r.query.list_id === fx.lists.big_1,
      );
      const all: Record<string, number> = {};
      for (const r of log) {
        const key = `${r.method} ${r.path}${r.query.per_page === undefined ? '' : `?per_page=${r.query.per_page}`}`;
        all[key] = (all[key] ?? 0) + 1;
      }
      await closeAll();
      return { ours, rowRequests, all };
    };
    const measurePlain = async (): Promise<TableTimes> => {
      await focusEditorArea();
      const plain = await plainTable(wb, rows.length);
      if (run === 0) await wb.screenshot('bench-table-plain-scrolled');
      await closeAll();
      return plain;
    };
    if (run % 2 === 0) {
      const o = await measureOurs();
      return { ...o, plain: await measurePlain() };
    }
    const plain = await measurePlain();
    return { ...(await measureOurs()), plain };
  } catch (error) {
    await wb.screenshot('bench-failure-table');
    throw error;
  } finally {
    await wb.close();
  }
}

export async function tableFigure(ctx: BenchContext): Promise<void> {
  if (!existsSync(VSIX)) {
    packageExtension(); // --only without the bundle figure, on a fresh clone
  }
  const heapVsix = buildEmptyExtension(false);
  const runs: TableRun[] = [];
  try {
    for (let run = 0; run < ctx.runs; run++) {
      runs.push(await tableRun(ctx, run, heapVsix));
      const last = runs.at(-1)!;
      const brief = ({ frameMs, ...times }: TableTimes) => ({ ...times, p95FrameMs: p95(frameMs) });
      ctx.log(
        `  run ${run + 1}: table ${JSON.stringify(brief(last.ours))}, plain ${JSON.stringify(brief(last.plain))}`,
      );
      ctx.log(`    requests ${JSON.stringify(last.all)}`);
    }
  } finally {
    rmSync(dirname(heapVsix), { recursive: true, force: true });
  }
  addRows(ctx, runs);
}

function addRows(ctx: BenchContext, runs: TableRun[]): void {
  const rowCount = runs[0]?.plain.rows ?? 0;
  const first = runs.map((r) => r.ours.firstRowsMs);
  const plainFirst = runs.map((r) => r.plain.firstRowsMs);
  const firstRatio = pairedRatios(first, plainFirst);
  ctx.add({
    figure: 'table',
    measure: `Open as Table on a ${rowCount.toLocaleString('en')}-task list → first rows shown`,
    unit: 'ms',
    value: summarize(first),
    baseline: { label: 'the same rows posted to a plain <table> in an empty webview', value: summarize(plainFirst) },
    ratio: firstRatio,
    target: { text: `≤ ${FIRST_ROWS_TARGET}× plain table`, met: firstRatio.median <= FIRST_ROWS_TARGET },
    note:
      'ours: right click on the list in the explorer, Open as Table, to the first data row of the grid in the DOM ' +
      '(its host reads the first page of 100 rows); the baseline: its key to the first <tr> of a plain table that ' +
      'got every row in one postMessage (read from a file, no request) and rendered them all; fresh window per run, ' +
      'one webview opened and closed before either; the grid reports ' +
      JSON.stringify(runs.map((r) => r.ours.rows)) +
      ' rows',
  });
  const scroll = runs.map((r) => r.ours.fullScrollMs);
  const plainScroll = runs.map((r) => r.plain.fullScrollMs);
  const scrollValue = summarize(scroll);
  const scrollRatio = pairedRatios(scroll, plainScroll);
  const rest = runs.map((r) =>
    r.rowRequests.filter((q) => q.query.per_page === '0').reduce((n, q) => n + (q.duration_ms ?? 0), 0),
  );
  ctx.add({
    figure: 'table',
    measure: 'full scroll: scroll container to its bottom → last row shown',
    unit: 'ms',
    value: scrollValue,
    baseline: { label: 'the plain <table> (every row already in the DOM)', value: summarize(plainScroll) },
    ratio: scrollRatio,
    target: {
      text: `≤ ${FULL_SCROLL_TARGET_RATIO}× plain table`,
      met: scrollRatio.median <= FULL_SCROLL_TARGET_RATIO,
      limitedBy: 'the one request for the rows past the first page, and posting them all to the page',
    },
    note:
      'the scroll container (nearest scrolling ancestor of a row) set to its bottom every animation frame until the row ' +
      'with aria-rowindex = aria-rowcount (the plain table: its last <tr>) is inside the window; ours loads the rows ' +
      `past the first page then (one per_page=0 request, ${JSON.stringify(rest.map((x) => Math.round(x)))} ms of it ` +
      'in the sandbox, run by run), the plain table has them all',
  });
  addSmoothness(ctx, runs);
  const requests = runs.map((r) => r.rowRequests.length);
  const reqRatio = pairedRatios(
    requests,
    requests.map(() => 1),
  );
  ctx.add({
    figure: 'table',
    measure: 'task index requests, open + full scroll',
    unit: 'req',
    value: summarize(requests),
    baseline: { label: 'the fewest the API allows (per_page=0: every row in one body)', value: summarize([1]) },
    ratio: reqRatio,
    target: {
      text: `${REQUESTS_TARGET} (first page, then per_page=0)`,
      met: Math.max(...requests) <= REQUESTS_TARGET,
      limitedBy: 'a first page of 100 for fast first rows',
    },
    note:
      `per_page of each, run by run: ${JSON.stringify(runs.map((r) => r.rowRequests.map((q) => q.query.per_page ?? '-')))}; ` +
      `every request of the span, run by run: ${JSON.stringify(runs.map((r) => r.all))}`,
  });
}

/** The 95th percentile of `values` (nearest rank). */
function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

function addSmoothness(ctx: BenchContext, runs: TableRun[]): void {
  const ours = runs.map((r) => p95(r.ours.frameMs));
  const plain = runs.map((r) => p95(r.plain.frameMs));
  const ratio = pairedRatios(ours, plain);
  ctx.add({
    figure: 'table',
    measure: `smooth scroll top → bottom in ${SCROLL_FRAMES} frames: 95th percentile frame`,
    unit: 'ms',
    value: summarize(ours),
    baseline: { label: 'the plain <table>, scrolled the same way', value: summarize(plain) },
    ratio,
    target: { text: `≤ ${SMOOTH_TARGET_RATIO}× plain table`, met: ratio.median <= SMOOTH_TARGET_RATIO },
    note:
      `after the full scroll (every row loaded), the scroll container moved from its top to its bottom in ${SCROLL_FRAMES} ` +
      'even steps, one per animation frame, timed in the page; the longest frame, run by run: ' +
      `${JSON.stringify(runs.map((r) => Math.round(Math.max(...r.ours.frameMs))))} ms, plain table ` +
      JSON.stringify(runs.map((r) => Math.round(Math.max(...r.plain.frameMs)))) +
      ' ms',
  });
}
