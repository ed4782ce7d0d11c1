/**
 * Several accounts at once: start-up and idle traffic with 0, 1 and 3 accounts stored.
 * Three accounts = Alice and Bob on the bench's sandbox plus Frank on a second sandbox serving the
 * other world (its own address, ids, users and tokens). Each profile is seeded by a first start that
 * stores its accounts as a user does (bench/host/accountSteps.ts); what is measured is a restart.
 *   activation: VS Code's activation time (Developer: Show Running Extensions) of ours on a restart of
 *     a profile with 0, 1 and 3 accounts stored, once the view shows them restored from SecretStorage
 *     (Sign In / the workspaces / a root per account); against the empty extension's on a restart of
 *     its own profile. The four restart in turn, ACTIVATION_ROUNDS times, so drift lands on all.
 *   idle: a restart of the 1- and 3-account profiles, views as at start (nothing expanded, no editor
 *     open), the window focused and someone at it (see PRESENCE_KEY_MS). The tree and Inbox pollers are the ones that run
 *     then (the panel pollers need a panel); both clamp their interval to 30 s in code, so their
 *     settings are divided by IDLE_SCALE = 4 (tree 300 → 75 s, Inbox 120 → 30 s) and the window is
 *     IDLE_WINDOW_MS = 150 s: two tree polls and five Inbox checks, 10 minutes at the defaults.
 *     Each sandbox's log is read after it and counted by token: requests per hour per account at
 *     the defaults = count × (1 h / window) / IDLE_SCALE.
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';
import { createContext } from '../context';
import type { BenchContext, LoggedRequest } from '../context';
import { buildEmptyExtension } from '../host/emptyExtension';
import { restartActivationMs, seedProfiles, startProfile } from '../host/accountSteps';
import type { Profile } from '../host/accountSteps';
import { settledRequests } from '../host/steps';
import type { Workbench } from '../../test/e2e/workbench';
import { pairedRatios, requestsPerHour, summarize } from '../stats';
import { packageExtension, VSIX } from './bundle';

/** Restarts of each profile measured (after one not counted): activation is the noisiest figure. */
const ACTIVATION_ROUNDS = 4;
const IDLE_SCALE = 4;
const IDLE_POLLS = { 'taskPlatform.tree.pollIntervalSeconds': 300, 'taskPlatform.inbox.pollIntervalSeconds': 120 };
const IDLE_WINDOW_MS = 150_000;
/** The client's request budget is per minute: polls skip while less than half of it is left. */
const BUDGET_WINDOW_MS = 60_000;
const TARGET = 1.3;
/**
 * VS Code turns the window's `active` false after 30 to 60 s without a key, click or touch, and every
 * poll stops then (ui/presence.ts). Someone at the window is the case that costs requests: a lone
 * Shift (bound to nothing) every PRESENCE_KEY_MS keeps the window active and changes nothing.
 */
const PRESENCE_KEY_MS = 10_000;

/** Waits `ms` with someone at the window. */
async function present(wb: Workbench, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (let left = ms; left > 0; left = deadline - Date.now()) {
    await wb.page.keyboard.press('Shift');
    await new Promise((r) => setTimeout(r, Math.min(PRESENCE_KEY_MS, left)));
  }
}

export async function accountsFigure(ctx: BenchContext): Promise<void> {
  if (!existsSync(VSIX)) {
    packageExtension(); // --only without the bundle figure, on a fresh clone
  }
  const other = await startSandbox({ seed: 'other', quiet: true, rateLimit: 60, rateWindowMs: 60_000 });
  const emptyVsix = buildEmptyExtension(true);
  try {
    await ctx.reset();
    const profiles = await seedProfiles({ main: ctx.sandbox, other }, emptyVsix);
    await idle(
      ctx,
      other,
      profiles.filter((p) => p.accounts === 1 || p.accounts === 3),
    );
    // Activation does not depend on the service's budget: a generous one keeps restarts from queueing.
    await ctx.reset({ limit: 100_000, windowMs: 60_000 });
    await activation(ctx, profiles);
  } finally {
    rmSync(dirname(emptyVsix), { recursive: true, force: true });
    await other.stop();
  }
}

async function activation(ctx: BenchContext, profiles: Profile[]): Promise<void> {
  const times = new Map<Profile, number[]>(profiles.map((p) => [p, []]));
  for (let round = -1; round < ACTIVATION_ROUNDS; round++) {
    for (const profile of profiles) {
      const ms = await restartActivationMs(profile);
      if (round >= 0) times.get(profile)!.push(ms);
    }
    ctx.log(
      `  accounts activation round ${round}: ${profiles.map((p) => `${p.label} ${times.get(p)!.at(-1)}`).join(', ')}`,
    );
  }
  const [empty, ...ours] = profiles;
  const baseline = times.get(empty!)!;
  for (const profile of ours) {
    const values = times.get(profile)!;
    const ratio = pairedRatios(values, baseline);
    ctx.add({
      figure: 'accounts',
      measure: `activation, ${profile.label}, restart`,
      unit: 'ms',
      value: summarize(values),
      baseline: { label: 'empty extension', value: summarize(baseline) },
      ratio,
      target: { text: `≤ ${TARGET}× empty extension`, met: ratio.median <= TARGET },
      note: `VS Code's activation time (Developer: Show Running Extensions) on a restart of a profile whose accounts a first start stored (Sign In, then Add Account), read once the view shows them restored; the empty extension restarted on its own profile the same way; ${ACTIVATION_ROUNDS} restarts each, in turn, after one not counted`,
    });
  }
}

/** A sandbox's log counted by token label ("alice", "frank"), and the sandbox's own total. */
function byToken(log: readonly LoggedRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of log) counts.set(r.token_label, (counts.get(r.token_label) ?? 0) + 1);
  return counts;
}

/** One idle window of a restarted profile: requests per sandbox and token. */
async function idleWindow(
  ctx: BenchContext,
  otherCtx: BenchContext,
  profile: Profile,
): Promise<{ main: Map<string, number>; other: Map<string, number> }> {
  const settings = Object.fromEntries(Object.entries(IDLE_POLLS).map(([k, d]) => [k, d / IDLE_SCALE]));
  const wb = await startProfile(profile, settings);
  try {
    await profile.ready(wb);
    // Start-up's reads (prefixes, My Tasks, the first Inbox check) are done, and out of the
    // client's budget window: a poll that skips for want of budget is start-up's cost, not idle's.
    await settledRequests(ctx, 2000, 60_000);
    await settledRequests(otherCtx, 2000, 60_000);
    await present(wb, BUDGET_WINDOW_MS);
    await ctx.clearRequests();
    await otherCtx.clearRequests();
    await present(wb, IDLE_WINDOW_MS);
    const result = { main: byToken(await ctx.requests()), other: byToken(await otherCtx.requests()) };
    await wb.screenshot(`bench-accounts-idle-${profile.accounts}`);
    return result;
  } finally {
    await wb.close();
  }
}

async function idle(ctx: BenchContext, other: Sandbox, profiles: Profile[]): Promise<void> {
  const otherCtx = createContext(other, ctx.runs, { measures: [], notes: [] });
  for (const profile of profiles) {
    await ctx.clearRequests();
    const counts = await idleWindow(ctx, otherCtx, profile);
    const accounts: [string, number][] = [
      ...[...counts.main].map(([label, n]): [string, number] => [`${label}@main`, n]),
      ...[...counts.other].map(([label, n]): [string, number] => [`${label}@other`, n]),
    ];
    const expected = profile.accounts === 1 ? ['alice@main'] : ['alice@main', 'bob@main', 'frank@other'];
    const perHour = expected.map((a) =>
      requestsPerHour(accounts.find(([k]) => k === a)?.[1] ?? 0, IDLE_WINDOW_MS, IDLE_SCALE),
    );
    const strays = accounts.filter(([k]) => !expected.includes(k));
    ctx.log(`  accounts idle, ${profile.label}: ${JSON.stringify(accounts)}`);
    ctx.add({
      figure: 'accounts',
      measure: `idle requests per hour per account, ${profile.label}${profile.accounts > 1 ? ' (min / median / max of the accounts)' : ''}`,
      unit: 'req/h',
      value: summarize(perHour),
      note: `views as at start (nothing expanded, no editor), the window focused with someone at it (a Shift key every ${PRESENCE_KEY_MS / 1000} s, as VS Code marks a window without input inactive and the polls stop then); tree and Inbox poll settings at defaults / ${IDLE_SCALE} (${JSON.stringify(Object.fromEntries(Object.entries(IDLE_POLLS).map(([k, d]) => [k, d / IDLE_SCALE])))}), measured from ${BUDGET_WINDOW_MS / 1000} s after start-up settled, over a ${IDLE_WINDOW_MS / 1000} s window (${(IDLE_WINDOW_MS * IDLE_SCALE) / 60_000} min at the defaults), one window; requests/h = count × ${3_600_000 / IDLE_WINDOW_MS} / ${IDLE_SCALE}; per account (min / median / max over the accounts) ${expected.map((a, i) => `${a} ${perHour[i]}`).join(', ')}; requests by any other token: ${strays.length === 0 ? 'none' : JSON.stringify(strays)}`,
    });
  }
}
