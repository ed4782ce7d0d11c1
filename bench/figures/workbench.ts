/**
 * The figures that need the real extension host: start-up, panel open, search and idle. Each run
 * starts a fresh code-server with the .vsix installed (so start-up is cold) and then, as alice on
 * the `large` seed: signs in, opens the task with 1,200 comments and 3,200 activity entries, types a
 * search, expands a list and leaves one panel and one list open with polling on.
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
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Workbench } from '../../test/e2e/workbench';
import { artifactsDir, repoRoot } from '../../test/host/paths';
import type { BenchContext, LargeFixtures } from '../context';
import { packageExtension, VSIX } from './bundle';
import { EMPTY_ID, EMPTY_KEY, EMPTY_READY_TEXT, buildEmptyExtension } from '../host/emptyExtension';
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

interface StartUp {
  /** Host start to the workbench showing its activity bar (the same for any extension). */
  workbenchMs: number;
  activationMs: number;
  activateBodyMs: number;
  usableMs: number;
}

async function emptyRun(vsix: string, run: number): Promise<StartUp> {
  const runDir = join(artifactsDir, 'bench', `empty-${run}`);
  rmSync(runDir, { recursive: true, force: true });
  const wb = await Workbench.open({ runDir, vsix, settings: {} });
  const workbenchMs = Date.now() - wb.server.startedAt;
  try {
    await pressUntil(wb, EMPTY_KEY, wb.statusBarItem(EMPTY_READY_TEXT));
    const usableMs = Date.now() - wb.server.startedAt;
    const activationMs = await runningActivationMs(wb, 'Bench Empty Extension');
    return { workbenchMs, activationMs, activateBodyMs: loggedActivateMs(wb.server.userDataDir, EMPTY_ID), usableMs };
  } catch (error) {
    await wb.screenshot('bench-failure-empty');
    throw error;
  } finally {
    await wb.close();
  }
}

interface OursRun {
  startUp: StartUp;
  panel: PanelOpen;
  searchRequests: number;
  idleRequests: number;
}

async function oursRun(
  ctx: BenchContext,
  run: number,
  pollSettings: Record<string, number>,
  full = true,
): Promise<OursRun> {
  const fx = await ctx.reset({ limit: 60, windowMs: 60_000 });
  const runDir = join(artifactsDir, 'bench', `extension-${run}`);
  rmSync(runDir, { recursive: true, force: true });
  const wb = await Workbench.open({
    runDir,
    vsix: VSIX,
    settings: { 'taskPlatform.baseUrl': ctx.sandbox.baseUrl, ...pollSettings },
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
    if (!full) {
      return {
        startUp,
        panel: { shellMs: 0, firstRenderMs: 0, loadedMs: 0, requests: 0, sandboxMs: 0 },
        searchRequests: 0,
        idleRequests: 0,
      };
    }
    return { startUp, ...(await asUser(ctx, wb, fx, run)) };
  } catch (error) {
    await wb.screenshot('bench-failure-extension');
    throw error;
  } finally {
    await wb.close();
  }
}

/** Signed in as alice: the panel open, the search, then one list and one panel left open while idle. */
async function asUser(
  ctx: BenchContext,
  wb: Workbench,
  fx: LargeFixtures,
  run: number,
): Promise<Omit<OursRun, 'startUp'>> {
  await signIn(wb);
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
  return { panel, searchRequests, idleRequests };
}

export async function workbenchFigures(ctx: BenchContext): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    contributes?: { configuration?: unknown };
  };
  const poll = scaledPollSettings(manifest, IDLE_MAX_SCALE, POLL_FLOOR_SECONDS);
  if (!existsSync(VSIX)) {
    packageExtension(); // --only without the bundle figure, on a fresh clone
  }
  const emptyVsix = buildEmptyExtension();
  try {
    await measureAll(ctx, emptyVsix, poll.settings, poll.scale);
  } finally {
    rmSync(dirname(emptyVsix), { recursive: true, force: true });
  }
}

async function measureAll(
  ctx: BenchContext,
  emptyVsix: string,
  pollSettings: Record<string, number>,
  scale: number,
): Promise<void> {
  const empty: StartUp[] = [];
  const ours: OursRun[] = [];
  // One launch of each, not counted: the first code-server start of a run reads everything from a cold disk cache.
  await emptyRun(emptyVsix, -1);
  await oursRun(ctx, -1, pollSettings, false);
  for (let run = 0; run < ctx.runs; run++) {
    // Alternating keeps drift of a busy machine from landing on one side only.
    empty.push(await emptyRun(emptyVsix, run));
    ours.push(await oursRun(ctx, run, pollSettings));
    ctx.log(
      `  run ${run + 1}: extension ${JSON.stringify(ours.at(-1))}, empty extension ${JSON.stringify(empty.at(-1))}`,
    );
  }
  addStartUp(
    ctx,
    ours.map((o) => o.startUp),
    empty,
  );
  addPanel(
    ctx,
    ours.map((o) => o.panel),
  );
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
  const rows: [keyof StartUp, string, string | undefined][] = [
    [
      'activationMs',
      'activation (VS Code: code loading + activate())',
      'as Developer: Show Running Extensions reports it',
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
    ctx.add({
      figure: 'start-up',
      measure: label,
      unit: 'ms',
      value: summarize(pick(ours, key)),
      baseline: { label: 'empty extension', value: summarize(pick(empty, key)) },
      ratio: pairedRatios(pick(ours, key), pick(empty, key)),
      note,
    });
  }
}

function addPanel(ctx: BenchContext, panels: PanelOpen[]): void {
  const sandbox = panels.map((p) => p.sandboxMs);
  const steps = [
    ['shellMs', 'webview painted (no task data yet)'],
    ['firstRenderMs', 'first render (the task)'],
    ['loadedMs', 'fully loaded (first pages of comments and activity)'],
  ] as const;
  for (const [key, label] of steps) {
    const values = panels.map((p) => p[key]);
    ctx.add({
      figure: 'panel open',
      measure: `task with 1,200 comments / 3,200 activity: ${label}`,
      unit: 'ms',
      value: summarize(values),
      baseline: { label: "sandbox's own time for those requests", value: summarize(sandbox) },
      ratio: pairedRatios(values, sandbox),
    });
  }
  const shell = summarize(panels.map((p) => p.shellMs)).median;
  const first = summarize(panels.map((p) => p.firstRenderMs)).median;
  ctx.add({
    figure: 'panel open',
    measure: 'requests sent',
    unit: 'req',
    value: summarize(panels.map((p) => p.requests)),
    note:
      `timed from Enter in Open Task (the task id typed), one cold open per run (fresh host, signed in just before); ` +
      `${shell.toFixed(0)} of the ${first.toFixed(0)} ms to first render pass before the webview shows anything (VS Code creating the webview and loading its bundle), ` +
      `while the sandbox spends ${summarize(sandbox).median.toFixed(0)} ms on the requests`,
  });
}
