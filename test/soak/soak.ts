/**
 * Soak: simulated use of the extension's core (expanding lists, opening tasks, searching, editing)
 * with background polling on (the tree's list re-reads and the open task panel's activity feed), against the sandbox
 * with its rate limit on. Checks the property the
 * request budget promises (docs/api/README.md#rate-limit): the sandbox's request log never
 * shows more than `limit` requests of the token in any window, and no operation fails.
 * `npm run soak` runs 10 minutes at 60/60 s; the unit suite runs a shortened form (window scaled down).
 * Loopback only, bounded in time, stops by itself.
 */
import { ApiClient } from '../../src/core/api/client';
import { RateLimiter } from '../../src/core/api/rateLimiter';
import { markFromLoaded, readNewActivity } from '../../src/core/tasks/changeFeed';
import type { FeedMark } from '../../src/core/tasks/changeFeed';
import type { TaskRow } from '../../src/core/api/schemas';
import { ExplorerModel } from '../../src/core/tree/explorerModel';
import type { ExplorerText } from '../../src/core/tree/explorerModel';
import type { ListNode, TreeNode } from '../../src/core/tree/nodes';
import { startSandbox } from '../../sandbox/server';

export interface SoakOptions {
  durationMs: number;
  limit: number;
  windowMs: number;
  /** Mean pause between two user actions. */
  thinkMs: number;
  /** Background polling interval. */
  pollMs: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface SoakResult {
  actions: Record<string, number>;
  requests: number;
  maxInWindow: number;
  rejected429: number;
  errors: string[];
}

const text: ExplorerText = {
  noSpaces: '',
  noFolders: '',
  noLists: '',
  noTasks: '',
  noMatches: '',
  noPriority: '',
  unassigned: '',
  showMore: () => '',
  loadSubtasks: () => '',
  capped: () => '',
};
const words = ['login', 'cache', 'api', 'export', 'search', 'dark', 'billing', 'review'];

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Largest number of requests of one token inside any window of `windowMs` (sliding). */
export function maxInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let max = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) {
      j++;
    }
    max = Math.max(max, i - j + 1);
  }
  return max;
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const sandbox = await startSandbox({
    seed: 'demo',
    quiet: true,
    rateLimit: options.limit,
    rateWindowMs: options.windowMs,
  });
  const random = prng(options.seed ?? 7);
  const actions: Record<string, number> = {};
  const errors: string[] = [];
  try {
    const limiter = new RateLimiter({ limit: options.limit, windowMs: options.windowMs });
    const client = new ApiClient({ baseUrl: sandbox.baseUrl, token: 'demo-token-alice', limiter });
    const user = await client.getUser();
    const workspaceId = user.workspaces[0]!.id;
    const model = new ExplorerModel(client, user.workspaces, { text });
    const lists = await allLists(model);
    const seen: TaskRow[] = [];
    /** The task panel in front (the last task opened): polled like PanelPoller does it. */
    let panel: { workspaceId: string; taskId: string; mark: FeedMark } | undefined;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const act: Record<string, () => Promise<unknown>> = {
      expandList: async () => seen.push(...rowsOf(await model.children(pick(lists)))),
      openTask: async () => {
        const row = seen.length ? pick(seen) : undefined;
        if (row) {
          const ws = row.workspace_id ?? workspaceId;
          const [, , activity] = await Promise.all([
            client.getTask(ws, row.id, { priority: 'user' }),
            client.getComments(ws, row.id, undefined, { priority: 'user' }),
            client.getActivity(ws, row.id, undefined, { priority: 'user' }),
          ]);
          panel = { workspaceId: ws, taskId: row.id, mark: markFromLoaded(activity.data) };
        }
      },
      search: () => client.search({ q: pick(words), workspace_id: workspaceId }, { priority: 'user' }),
      edit: async () => {
        const row = seen.length ? pick(seen) : undefined;
        if (row) {
          await client.updateTask(
            row.workspace_id ?? workspaceId,
            row.id,
            { priority: pick(['low', 'medium', 'high', 'critical'] as const) },
            { priority: 'user' },
          );
        }
      },
    };
    const deadline = Date.now() + options.durationMs;
    const poller = (async () => {
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, options.pollMs));
        for (const list of model.loadedLists()) {
          await model.checkList(list).catch((e: unknown) => errors.push(`poll: ${String(e)}`));
        }
        actions.poll = (actions.poll ?? 0) + 1;
      }
    })();
    const panelPoller = (async () => {
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, options.pollMs / 2));
        const budget = limiter.snapshot();
        if (!panel) continue;
        if (budget.remaining < budget.limit / 2 || budget.paused) {
          actions.panelPollSkipped = (actions.panelPollSkipped ?? 0) + 1; // yields, as PanelPoller does
          continue;
        }
        const open = panel;
        const opts = { priority: 'background' as const };
        try {
          const feed = await readNewActivity(
            (cursor) => client.getActivity(open.workspaceId, open.taskId, cursor, opts),
            open.mark,
          );
          open.mark = feed.mark;
          actions.panelPoll = (actions.panelPoll ?? 0) + 1;
        } catch (error) {
          errors.push(`panel poll: ${String(error)}`);
        }
      }
    })();
    while (Date.now() < deadline) {
      const name = pick(Object.keys(act));
      try {
        await act[name]!();
        actions[name] = (actions[name] ?? 0) + 1;
      } catch (error) {
        errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      await new Promise((r) => setTimeout(r, options.thinkMs * (0.5 + random())));
    }
    await Promise.all([poller, panelPoller]);
    const log = (
      (await (await fetch(`${sandbox.origin}/__sandbox/requests`)).json()) as {
        data: { token_label: string; at_ms: number; status: number }[];
      }
    ).data;
    const mine = log.filter((r) => r.token_label === 'alice');
    const result = {
      actions,
      requests: mine.length,
      maxInWindow: maxInAnyWindow(
        mine.map((r) => r.at_ms),
        options.windowMs,
      ),
      rejected429: mine.filter((r) => r.status === 429).length,
      errors,
    };
    options.log?.(JSON.stringify(result));
    return result;
  } finally {
    await sandbox.stop();
  }
}

async function allLists(model: ExplorerModel): Promise<ListNode[]> {
  const lists: ListNode[] = [];
  const walk = async (node?: TreeNode): Promise<void> => {
    for (const child of await model.children(node)) {
      if (child.kind === 'list') {
        lists.push(child);
      } else if (child.kind === 'workspace' || child.kind === 'space' || child.kind === 'folder') {
        await walk(child);
      }
    }
  };
  await walk();
  return lists;
}

function rowsOf(nodes: TreeNode[]): TaskRow[] {
  return nodes.flatMap((n) => (n.kind === 'task' ? [n.row] : []));
}

if (process.argv[1] && /soak\.ts$/.test(process.argv[1])) {
  const minutes = Number(process.env.SOAK_MINUTES ?? 10);
  console.log(`soak: ${minutes} min of simulated use at 60 requests / 60 s, polling every 30 s`);
  void runSoak({
    durationMs: minutes * 60_000,
    limit: 60,
    windowMs: 60_000,
    thinkMs: 1500,
    pollMs: 30_000,
    log: console.log,
  }).then((r) => {
    const ok = r.maxInWindow <= 60 && r.errors.length === 0 && r.rejected429 === 0;
    console.log(
      `soak: ${r.requests} requests, at most ${r.maxInWindow} in any 60 s window, ${r.rejected429} answered 429, ${r.errors.length} errors -> ${ok ? 'OK' : 'FAILED'}`,
    );
    process.exitCode = ok ? 0 : 1;
  });
}
