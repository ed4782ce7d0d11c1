/**
 * The figures that need the real extension host: start-up, panel open, search and idle. Each run
 * starts a fresh code-server with the .vsix installed (so start-up is cold) and then, as alice on
 * the `large` seed: signs in, hovers a task reference in a C file, opens the task with 1,200
 * comments and 3,200 activity entries, types a search, expands a list and leaves one panel and one
 * list open with polling on, then opens ten tasks from the tree and reads the extension host's heap.
 * The baseline extension (bench/host/emptyExtension.ts) does the same with its empty webview.
 *   start-up: VS Code's activation time (code loading + activate(), Show Running Extensions), the
 *     activate() body the extension logs, and host start (code-server spawned) to the view usable
 *     (the Task Platform view showing its Sign In button); against an extension that registers one
 *     command (bench/host/emptyExtension.ts) started the same way, usable = its command has run
 *     (through a key bound to it, pressed until it works: the palette lists commands as of its opening).
 *   idle: every `*poll*` setting the extension contributes is divided by one factor (at most
 *     IDLE_MAX_SCALE, and no interval under POLL_FLOOR_SECONDS, see stats.ts scaledPollSettings),
 *     requests are read from the sandbox log over IDLE_WINDOW_MS, and requests per hour at the
 *     default intervals = count x (1 h / window) / factor (stats.ts requestsPerHour). Polls
 *     added later are measured too, as long as their interval is such a setting.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Workbench } from '../../test/e2e/workbench';
import { artifactsDir, repoRoot } from '../../test/host/paths';
import type { BenchContext, LargeFixtures } from '../context';
import { packageExtension, VSIX } from './bundle';
import {
  EMPTY_ID,
  EMPTY_KEY,
  EMPTY_READY_TEXT,
  STARTUP_EVENT,
  buildEmptyExtension,
  installAlongside,
} from '../host/emptyExtension';
import { hoverReference, writeHoverFile } from '../host/hoverSteps';
import type { HoverRun } from '../host/hoverSteps';
import { emptyPanelOpens, extensionHostHeap, treeOpens } from '../host/panelSteps';
import type { Opens } from '../host/panelSteps';
import { addBaselineRows } from './workbenchRows';
import {
  expandFirstList,
  KEY_DELAY_MS,
  loggedActivateMs,
  openHeavyTask,
  pressUntil,
  runningActivationMs,
  SEARCH_QUERY,
  settledRequests,
  signIn,
  typeSearch,
} from '../host/steps';
import type { PanelOpen } from '../host/steps';
import { pairedRatios, requestsPerHour, scaledPollSettings, summarize } from '../stats';

const IDLE_MAX_SCALE = 10;
/** The shortest interval a poller accepts in its code (taskPanel/poller.ts MIN_SECONDS; the tree's is 30 s). */
const POLL_FLOOR_SECONDS = 5;
const IDLE_WINDOW_MS = 100_000;
const EXTENSION_ID = 'task-platform.task-platform';
/** Windows opened only as far as start-up, after the full runs: start-up is the noisiest figure. */
const START_UP_EXTRA_RUNS = 8;
/** Tasks opened while a task panel is open, after the cold one (ten in all, then the heap is read). */
export const WARM_OPENS = 9;

interface StartUp {
  /** Host start to the workbench showing its activity bar (the same for any extension). */
  workbenchMs: number;
  activationMs: number;
  activateBodyMs: number;
  usableMs: number;
}

export interface EmptyRun {
  startUp: StartUp;
  panel: Opens & { firstMs: number };
  heap: { heapUsed: number; rss: number };
}

async function emptyRun(vsix: string, run: number, full: true): Promise<EmptyRun>;
async function emptyRun(vsix: string, run: number, full: false): Promise<Pick<EmptyRun, 'startUp'>>;
async function emptyRun(vsix: string, run: number, full: boolean): Promise<EmptyRun | Pick<EmptyRun, 'startUp'>> {
  const runDir = join(artifactsDir, 'bench', `empty-${run}`);
  rmSync(runDir, { recursive: true, force: true });
  const wb = await Workbench.open({ runDir, vsix, settings: {} });
  const workbenchMs = Date.now() - wb.server.startedAt;
  try {
    await pressUntil(wb, EMPTY_KEY, wb.statusBarItem(EMPTY_READY_TEXT));
    const usableMs = Date.now() - wb.server.startedAt;
    const activationMs = await runningActivationMs(wb, 'Bench Empty Extension');
    const activateBodyMs = loggedActivateMs(wb.server.userDataDir, EMPTY_ID);
    const startUp = { workbenchMs, activationMs, activateBodyMs, usableMs };
    if (!full) {
      return { startUp };
    }
    const panel = await emptyPanelOpens(wb, WARM_OPENS);
    const heap = await extensionHostHeap(wb);
    return { startUp, panel, heap };
  } catch (error) {
    await wb.screenshot('bench-failure-empty');
    throw error;
  } finally {
    await wb.close();
  }
}

export interface OursRun {
  startUp: StartUp;
  /** The heavy task, opened through Open Task. */
  panel: PanelOpen;
  /** Tasks of the biggest list opened from the tree, and the request budget shown after them. */
  opens: Opens & { budget: string; tabs: number };
  hover: HoverRun;
  heap: { heapUsed: number; rss: number };
  searchRequests: number;
  idleRequests: number;
}

async function oursRun(ctx: BenchContext, run: number, setup: Setup, full: true): Promise<OursRun>;
async function oursRun(ctx: BenchContext, run: number, setup: Setup, full: false): Promise<Pick<OursRun, 'startUp'>>;
async function oursRun(
  ctx: BenchContext,
  run: number,
  setup: Setup,
  full: boolean,
): Promise<OursRun | Pick<OursRun, 'startUp'>> {
  const fx = await ctx.reset({ limit: 60, windowMs: 60_000 });
  const runDir = join(artifactsDir, 'bench', `extension-${run}`);
  rmSync(runDir, { recursive: true, force: true });
  // The baseline extension next to ours (it activates on its heap key only), and the hover's file.
  installAlongside(runDir, setup.heapVsix);
  const hoverTask = await firstTaskOf(ctx, fx.lists.big_2);
  mkdirSync(join(runDir, 'workspace'), { recursive: true });
  writeHoverFile(join(runDir, 'workspace'), hoverTask.display_id);
  const wb = await Workbench.open({
    runDir,
    vsix: VSIX,
    settings: {
      'taskPlatform.baseUrl': ctx.sandbox.baseUrl,
      // The budget item hides while plenty is left; the row reads it after the opens.
      'taskPlatform.statusBar.requestBudget': 'always',
      ...setup.pollSettings,
    },
  });
  const workbenchMs = Date.now() - wb.server.startedAt;
  try {
    await wb.openContainer('Task Platform');
    await wb.sidebar().getByRole('button', { name: 'Sign In' }).first().waitFor({ timeout: 60_000 });
    const usableMs = Date.now() - wb.server.startedAt;
    const activationMs = await runningActivationMs(wb, 'Task Platform');
    const startUp = {
      workbenchMs,
      activationMs,
      activateBodyMs: loggedActivateMs(wb.server.userDataDir, EXTENSION_ID),
      usableMs,
    };
    return full ? { startUp, ...(await asUser(ctx, wb, fx, run, hoverTask, setup)) } : { startUp };
  } catch (error) {
    await wb.screenshot('bench-failure-extension');
    throw error;
  } finally {
    await wb.close();
  }
}

/** A top-level task of a list (not one the tree loads first: the hover must not find it cached). */
async function firstTaskOf(ctx: BenchContext, listId: string): Promise<{ display_id: string; title: string }> {
  const rows = await ctx.control<{ data: { display_id: string; title: string }[] }>(
    'GET',
    `/state/tasks?list_id=${encodeURIComponent(listId)}&parent_task_id=null&deleted_at=null`,
  );
  if (!rows.data[0]) {
    throw new Error(`no task in list ${listId}`);
  }
  return rows.data[0];
}

/**
 * Signed in as alice: the first hover on a reference and cached hovers; the heavy task through Open
 * Task (the window's first webview); the search; one list and one panel left open while idle; then,
 * with no editor open, ten tasks of the biggest list opened from the tree (cold, then warm) and the
 * extension host's heap. The tree opens come last: they spend about a minute's request budget, and
 * what queues behind it would slow the steps after them and land in the idle window.
 */
async function asUser(
  ctx: BenchContext,
  wb: Workbench,
  fx: LargeFixtures,
  run: number,
  hoverTask: { display_id: string; title: string },
  setup: Setup,
): Promise<Omit<OursRun, 'startUp'>> {
  await signIn(wb);
  const hover = await hoverReference(ctx, wb, hoverTask.display_id, hoverTask.title);
  await wb.runCommand('View: Close All Editors');
  const panel = await openHeavyTask(ctx, wb, fx);
  await wb.runCommand('View: Close All Editors');
  const searchRequests = await typeSearch(ctx, wb);
  await expandFirstList(wb);
  await openHeavyTask(ctx, wb, fx);
  await settledRequests(ctx);
  await ctx.clearRequests();
  await new Promise((r) => setTimeout(r, IDLE_WINDOW_MS));
  const idleRequests = (await ctx.requests()).length;
  if (run === 0) {
    await wb.screenshot('bench-idle');
  }
  await wb.runCommand('View: Close All Editors');
  // The opens run at the default poll intervals, as a user's window does: the idle window's shorter
  // ones would add background reads (a 2,500-task list every 100 s) that no user has.
  await useDefaultPolls(wb, setup.pollDefaults);
  const opens = await treeOpens(wb, WARM_OPENS);
  const heap = await extensionHostHeap(wb);
  if (run === 0) {
    await wb.screenshot('bench-tree-opens');
  }
  return { panel, opens, hover, heap, searchRequests, idleRequests };
}

export async function workbenchFigures(ctx: BenchContext): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    contributes?: { configuration?: unknown };
  };
  const poll = scaledPollSettings(manifest, IDLE_MAX_SCALE, POLL_FLOOR_SECONDS);
  if (!existsSync(VSIX)) {
    packageExtension(); // --only without the bundle figure, on a fresh clone
  }
  const activation = (
    JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { activationEvents?: string[] }
  ).activationEvents;
  if (!activation?.includes(STARTUP_EVENT)) {
    // The start-up baseline activates as ours does; if ours no longer does, the baseline must follow.
    throw new Error(`package.json no longer activates on ${STARTUP_EVENT}: change the start-up baseline to match`);
  }
  const emptyVsix = buildEmptyExtension(true);
  const heapVsix = buildEmptyExtension(false);
  try {
    await measureAll(
      ctx,
      { emptyVsix, heapVsix, pollSettings: poll.settings, pollDefaults: poll.defaults },
      poll.scale,
    );
  } finally {
    rmSync(dirname(emptyVsix), { recursive: true, force: true });
    rmSync(dirname(heapVsix), { recursive: true, force: true });
  }
}

interface Setup {
  /** The start-up baseline (activates on STARTUP_EVENT). */
  emptyVsix: string;
  /** The heap reader installed next to ours (activates on its key only). */
  heapVsix: string;
  pollSettings: Record<string, number>;
  /** The same settings at their defaults (package.json). */
  pollDefaults: Record<string, number>;
}

/**
 * Puts the poll settings back to their defaults in the workspace's settings (which override the
 * user settings the window started with); the pollers read them again on the change.
 */
async function useDefaultPolls(wb: Workbench, defaults: Record<string, number>): Promise<void> {
  const dir = join(wb.runDir, 'workspace', '.vscode');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), `${JSON.stringify(defaults, null, 2)}\n`);
  await new Promise((resolve) => setTimeout(resolve, 2000)); // VS Code reads the file again on its change
}

async function measureAll(ctx: BenchContext, setup: Setup, scale: number): Promise<void> {
  const { emptyVsix, pollSettings } = setup;
  const empty: EmptyRun[] = [];
  const ours: OursRun[] = [];
  // One launch of each, not counted: the first code-server start of a run reads everything from a cold disk cache.
  await emptyRun(emptyVsix, -1, false);
  await oursRun(ctx, -1, setup, false);
  for (let run = 0; run < ctx.runs; run++) {
    // Alternating keeps drift of a busy machine from landing on one side only.
    empty.push(await emptyRun(emptyVsix, run, true));
    ours.push(await oursRun(ctx, run, setup, true));
    ctx.log(
      `  run ${run + 1}: extension ${JSON.stringify(ours.at(-1))}, empty extension ${JSON.stringify(empty.at(-1))}`,
    );
  }
  // Start-up varies most from one window to the next: more windows, each only as far as start-up.
  const startUps = { ours: ours.map((o) => o.startUp), empty: empty.map((e) => e.startUp) };
  for (let run = ctx.runs; run < ctx.runs + START_UP_EXTRA_RUNS; run++) {
    startUps.empty.push((await emptyRun(emptyVsix, run, false)).startUp);
    startUps.ours.push((await oursRun(ctx, run, setup, false)).startUp);
  }
  ctx.log(`  start-up: extension ${JSON.stringify(startUps.ours)}, empty extension ${JSON.stringify(startUps.empty)}`);
  addStartUp(ctx, startUps.ours, startUps.empty);
  addBaselineRows(ctx, ours, empty);
  const search = ours.map((o) => o.searchRequests);
  const sr = pairedRatios(
    search,
    search.map(() => 1),
  );
  ctx.add({
    figure: 'search',
    measure: `requests typing "${SEARCH_QUERY}" (12 keys, ${KEY_DELAY_MS} ms apart)`,
    unit: 'req',
    value: summarize(search),
    baseline: { label: 'the last query', value: summarize([1]) },
    ratio: sr,
    target: { text: 'ratio 1.0', met: sr.median <= 1, limitedBy: 'the debounce' },
  });
  const hourly = ours.map((o) => requestsPerHour(o.idleRequests, IDLE_WINDOW_MS, scale));
  ctx.add({
    figure: 'idle',
    measure: 'requests per hour, one panel + one list open, polling on',
    unit: 'req/h',
    value: summarize(hourly),
    note: `poll settings ${JSON.stringify(pollSettings)} (defaults / ${scale}); ${IDLE_WINDOW_MS / 1000} s window per run; requests/h = count × ${3_600_000 / IDLE_WINDOW_MS} / ${scale}; raw counts ${JSON.stringify(ours.map((o) => o.idleRequests))}; the window has focus and the panel is in front`,
  });
}

function addStartUp(ctx: BenchContext, ours: StartUp[], empty: StartUp[]): void {
  const pick = (rows: StartUp[], k: keyof StartUp): number[] => rows.map((r) => r[k]);
  const runs = ours.length;
  const rows: [keyof StartUp, string, string | undefined][] = [
    [
      'activationMs',
      'activation (VS Code: code loading + activate())',
      `as Developer: Show Running Extensions reports it; both extensions activate on ${STARTUP_EVENT}; ${runs} windows each (the full runs and ${START_UP_EXTRA_RUNS} more opened only as far as start-up)`,
    ],
    ['activateBodyMs', 'activate() body (logged by the extension)', undefined],
    [
      'workbenchMs',
      'host start → workbench shown',
      "code-server spawned to the activity bar in Chromium: the host's own cost, before any extension is used",
    ],
    [
      'usableMs',
      'host start → view usable',
      'from spawning code-server (fresh profile) to the Task Platform view showing its Sign In button; for the empty extension, to its command having run (its key, pressed every 100 ms from the moment the page shows)',
    ],
  ];
  for (const [key, label, note] of rows) {
    const ratio = pairedRatios(pick(ours, key), pick(empty, key));
    ctx.add({
      figure: 'start-up',
      measure: label,
      unit: 'ms',
      value: summarize(pick(ours, key)),
      baseline: { label: 'empty extension', value: summarize(pick(empty, key)) },
      ratio,
      ...(key === 'activationMs' ? { target: { text: '≤ 1.3× empty extension', met: ratio.median <= 1.3 } } : {}),
      note,
    });
  }
}
