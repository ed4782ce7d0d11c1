/**
 * The first hover on a reference whose prefix's space is known (src/core/codeLinks/spaceBook.ts):
 * the resolver as the extension builds it, on the `large` seed (Acme has 10 spaces). Each run
 * learns where the prefix lives from one id (as an earlier hover did), then resolves another id of
 * the same space with a new resolver (a new session: nothing cached, the spaces not read) at user
 * priority. Reported: its requests (target ≤ 2) and its time against the same requests sent again
 * by the bench all at once (target ≤ 2×). The workbench's hover row measures the first hover of a
 * fresh profile, where nothing is known yet.
 */
import { ApiClient } from '../../src/core/api/client';
import { RateLimiter } from '../../src/core/api/rateLimiter';
import { TaskResolver } from '../../src/core/codeLinks/resolver';
import { SpaceBook } from '../../src/core/codeLinks/spaceBook';
import type { BenchContext, LoggedRequest } from '../context';
import { pairedRatios, summarize } from '../stats';

const TOKEN = 'demo-token-alice';

async function replay(ctx: BenchContext, requests: LoggedRequest[]): Promise<number> {
  const started = performance.now();
  await Promise.all(
    requests.map(async (r) => {
      const url = `${ctx.sandbox.origin}${r.path}?${new URLSearchParams(r.query).toString()}`;
      const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      await res.arrayBuffer();
    }),
  );
  return performance.now() - started;
}

export async function knownSpaceHoverFigure(ctx: BenchContext): Promise<void> {
  const fx = await ctx.reset({ limit: 0, windowMs: 60_000 });
  const workspaceId = fx.workspaces.acme.id;
  const client = new ApiClient({
    baseUrl: ctx.sandbox.baseUrl,
    token: TOKEN,
    limiter: new RateLimiter({ limit: 100_000, windowMs: 1000 }),
  });
  const spaces = await client.listSpaces(workspaceId);
  const space = spaces[spaces.length - 1]!;
  const rows = (await client.listTasks(workspaceId, { scope: { space_id: space.id }, per_page: ctx.runs + 1 })).data;
  const ids = rows.map((r) => r.display_id).filter((id): id is string => typeof id === 'string');
  const resolverFor = (book: SpaceBook): TaskResolver =>
    new TaskResolver(client, {
      workspacesFor: () => [workspaceId],
      knownSpaces: (w, p) => book.spacesFor(w, p),
      foundIn: (w, p, s) => book.found(w, p, s),
    });
  const book = new SpaceBook();
  await resolverFor(book).resolve([ids[0]!], 'user');
  const counts: number[] = [];
  const times: number[] = [];
  const replays: number[] = [];
  for (let run = 0; run < ctx.runs; run++) {
    const id = ids[run + 1]!;
    await ctx.clearRequests();
    const started = performance.now();
    const found = (await resolverFor(book).resolve([id], 'user')).get(id);
    times.push(performance.now() - started);
    if (found?.kind !== 'found') {
      throw new Error(`${id} was not found in its known space`);
    }
    const requests = (await ctx.requests()).filter((r) => r.status !== null);
    counts.push(requests.length);
    replays.push(await replay(ctx, requests));
  }
  ctx.add({
    figure: 'hover',
    measure: `first look-up of an id whose prefix's space is known (${spaces.length} spaces): requests`,
    unit: 'req',
    value: summarize(counts),
    target: { text: '≤ 2', met: Math.max(...counts) <= 2 },
    note: `the resolver of the code links, a new one per run (nothing cached), after one earlier look-up of the prefix`,
  });
  const ratio = pairedRatios(times, replays);
  ctx.add({
    figure: 'hover',
    measure: "first look-up of an id whose prefix's space is known: time",
    unit: 'ms',
    value: summarize(times),
    baseline: { label: 'its requests sent again by the bench, all at once', value: summarize(replays) },
    ratio,
    target: { text: 'ratio ≤ 2', met: ratio.median <= 2 },
  });
}
