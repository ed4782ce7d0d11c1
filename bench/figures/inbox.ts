/**
 * Inbox: what the Inbox's polling costs, and that it does not hold back what the user waits for.
 * A user with 3 spaces, 40 tasks assigned and 20 more followed (the demo seed; bob assigns them).
 * Measured from the sandbox's request log: requests per check when nothing changed and when 5 of
 * the 60 tasks changed (one by a comment), then requests per hour at the default interval and the
 * share of the budget (60 a minute = 3,600 an hour). Then a burst of user requests fired as a check
 * starts, with a small limiter (12 a window of 2 s) so that both queue: the burst's time against the
 * same burst alone, and how many of the check's requests the sandbox received while user requests
 * were still waiting (background yields: none beyond the one in flight).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../../src/core/api/client';
import { RateLimiter } from '../../src/core/api/rateLimiter';
import type { TaskRow } from '../../src/core/api/schemas';
import { Inbox } from '../../src/core/inbox/inbox';
import type { InboxStore } from '../../src/core/inbox/inbox';
import type { InboxState } from '../../src/core/inbox/state';
import { repoRoot } from '../../test/host/paths';
import type { BenchContext } from '../context';
import { pairedRatios, summarize } from '../stats';

const ASSIGNED = 40;
const FOLLOWED = 20;
const SPACES = 3;
const BURST = 20;
const BURST_LIMIT = 12;
const BURST_WINDOW_MS = 2_000;
const HOUR_BUDGET = 3_600;

class MemoryStore implements InboxStore {
  value: unknown;
  read(): unknown {
    return this.value;
  }
  async write(state: InboxState): Promise<void> {
    this.value = JSON.parse(JSON.stringify(state));
  }
}

function client(ctx: BenchContext, token: string, limiter = new RateLimiter({ limit: 100_000, windowMs: 1_000 })) {
  return new ApiClient({ baseUrl: ctx.sandbox.baseUrl, token, limiter });
}

/** The default interval, from the manifest (what a user gets without touching the setting). */
function defaultIntervalSeconds(): number {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  return manifest.contributes.configuration.properties['taskPlatform.inbox.pollIntervalSeconds'].default as number;
}

const isInbox = (path: string): boolean => !/\/tasks\/[^/]+$/.test(path);

export async function inboxFigure(ctx: BenchContext): Promise<void> {
  // The `large` seed gives every member thousands of tasks: the demo seed's Acme has 3 spaces for
  // alice, and exactly 40 of its top-level tasks are made hers (bob assigns and unassigns).
  await ctx.reset({ limit: 100_000, windowMs: 60_000 });
  await ctx.control('POST', '/reset', { seed: 'demo' });
  const alice = client(ctx, 'demo-token-alice');
  const bob = client(ctx, 'demo-token-bob');
  const user = await alice.getUser();
  const me = user.id;
  const ws = user.workspaces.find((w) => w.name === 'Acme')!.id;
  const spaceIds = (await alice.listSpaces(ws)).slice(0, SPACES).map((s) => s.id);
  const rows: TaskRow[] = [];
  for (const spaceId of spaceIds) {
    rows.push(...(await alice.listTasks(ws, { scope: { space_id: spaceId } })).data.filter((r) => !r.parent_task_id));
  }
  const mine = rows.filter((r) => r.assignee_id === me);
  const others = rows.filter((r) => r.assignee_id !== me);
  const assigned = [...mine, ...others].slice(0, ASSIGNED);
  for (const r of mine.slice(ASSIGNED)) await bob.updateTask(ws, r.id, { assignee_id: null });
  for (const r of assigned.filter((a) => a.assignee_id !== me)) await bob.updateTask(ws, r.id, { assignee_id: me });
  const followed = others.filter((r) => !assigned.includes(r)).slice(0, FOLLOWED);
  if (spaceIds.length < SPACES || assigned.length < ASSIGNED || followed.length < FOLLOWED) {
    throw new Error(`the demo seed gave ${spaceIds.length} spaces, ${assigned.length} + ${followed.length} tasks`);
  }
  const inbox = new Inbox(new MemoryStore(), me, { autoFollow: () => true });
  for (const r of followed) {
    const fresh = await alice.getTask(ws, r.id);
    await inbox.follow(r.id, { workspaceId: ws, title: r.title, displayId: r.display_id }, fresh.updated_at);
  }
  const spaces = [{ workspaceId: ws, spaceIds }];
  await inbox.check(alice, { spaces }); // first sight: remembered
  const byList = new Map<string, string[]>();
  /** The `k`-th status of the task's list (lists differ in their statuses). */
  const statusOf = async (r: TaskRow, k: number): Promise<string> => {
    let ids = byList.get(r.list_id!);
    if (!ids) {
      ids = (await alice.listStatuses(r.list_id!)).data.map((x) => x.id);
      byList.set(r.list_id!, ids);
    }
    return ids[k % ids.length]!;
  };

  const quiet: number[] = [];
  const busy: number[] = [];
  const burstWith: number[] = [];
  const burstAlone: number[] = [];
  const overtaking: number[] = [];
  for (let run = 0; run < ctx.runs; run++) {
    await ctx.clearRequests();
    await inbox.check(alice, { spaces });
    quiet.push((await ctx.requests()).filter((r) => r.token_label === 'alice').length);

    const changed = [...assigned.slice(run * 3, run * 3 + 3), ...followed.slice(run * 2, run * 2 + 2)];
    for (const [i, r] of changed.entries()) {
      await bob.updateTask(ws, r.id, { status_id: await statusOf(r, run + i + 1) });
    }
    await bob.createComment(ws, changed[0]!.id, { body: 'Can you look?', mentions: [me] });
    await ctx.clearRequests();
    const found = await inbox.check(alice, { spaces });
    busy.push((await ctx.requests()).filter((r) => r.token_label === 'alice').length);
    if (found.entries.length < changed.length) ctx.note(`inbox: run ${run} found ${found.entries.length} entries`);

    // The burst: alone, then as a check with 20 changed tasks starts (each on a fresh limiter).
    const targets = others.slice(-BURST).map((r) => r.id);
    const burst = async (api: ApiClient): Promise<number> => {
      const t = performance.now();
      await Promise.all(targets.map((id) => api.getTask(ws, id, { priority: 'user' })));
      return performance.now() - t;
    };
    const small = () => new RateLimiter({ limit: BURST_LIMIT, windowMs: BURST_WINDOW_MS });
    burstAlone.push(await burst(client(ctx, 'demo-token-alice', small())));
    for (const [i, r] of [...assigned.slice(0, 12), ...followed.slice(0, 8)].entries()) {
      await bob.updateTask(ws, r.id, { status_id: await statusOf(r, run + i + 2) });
    }
    await ctx.clearRequests();
    const shared = client(ctx, 'demo-token-alice', small());
    const check = inbox.check(shared, { spaces });
    burstWith.push(await burst(shared));
    await check;
    const log = (await ctx.requests()).filter((r) => r.token_label === 'alice').sort((a, b) => a.seq - b.seq);
    const user = log.filter((r) => !isInbox(r.path));
    const [first, last] = [user[0]!.seq, user[user.length - 1]!.seq];
    overtaking.push(log.filter((r) => isInbox(r.path) && r.seq > first && r.seq < last).length);
  }
  report(ctx, { quiet, busy, burstWith, burstAlone, overtaking });
}

function report(
  ctx: BenchContext,
  m: { quiet: number[]; busy: number[]; burstWith: number[]; burstAlone: number[]; overtaking: number[] },
): void {
  const interval = defaultIntervalSeconds();
  const perHour = 3_600 / interval;
  const who = `${SPACES} spaces, ${ASSIGNED} assigned, ${FOLLOWED} followed`;
  ctx.add({
    figure: 'inbox',
    measure: `requests per check, nothing changed (${who})`,
    unit: 'req',
    value: summarize(m.quiet),
    baseline: { label: 'one per space', value: summarize([SPACES]) },
    ratio: pairedRatios(
      m.quiet,
      m.quiet.map(() => SPACES),
    ),
    target: { text: 'ratio 1.0', met: m.quiet.every((q) => q === SPACES) },
  });
  ctx.add({
    figure: 'inbox',
    measure: `requests per check, 5 of the ${ASSIGNED + FOLLOWED} tasks changed, one by a comment`,
    unit: 'req',
    value: summarize(m.busy),
    note: 'one index request per space, one activity page per changed task, one comment page for the comment',
  });
  const hourly = m.quiet.map((q) => q * perHour + 2); // + the space list, read again every 30 min
  ctx.add({
    figure: 'inbox',
    measure: `requests per hour at the default interval (${interval} s), nothing changed`,
    unit: 'req/h',
    value: summarize(hourly),
    baseline: { label: 'budget per hour', value: summarize([HOUR_BUDGET]) },
    ratio: pairedRatios(
      hourly,
      hourly.map(() => HOUR_BUDGET),
    ),
    target: { text: 'under 5% of the budget', met: hourly.every((h) => h / HOUR_BUDGET < 0.05) },
    note: `${perHour} checks an hour, plus 2 reads of the space list; a changed task adds one or two requests to the check that sees it`,
  });
  ctx.add({
    figure: 'inbox',
    measure: `${BURST} user requests fired as a check of 20 changed tasks starts: time (limiter ${BURST_LIMIT} / ${BURST_WINDOW_MS / 1000} s)`,
    unit: 'ms',
    value: summarize(m.burstWith),
    baseline: { label: 'the same burst alone', value: summarize(m.burstAlone) },
    ratio: pairedRatios(m.burstWith, m.burstAlone),
    target: { text: 'ratio < 1.2', met: pairedRatios(m.burstWith, m.burstAlone).median < 1.2 },
  });
  ctx.add({
    figure: 'inbox',
    measure: 'check requests the sandbox received between the first and the last user request of the burst',
    unit: 'req',
    value: summarize(m.overtaking),
    target: { text: 'at most 1 (the one already in flight)', met: m.overtaking.every((n) => n <= 1) },
  });
}
