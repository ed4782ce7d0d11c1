/**
 * Benchmark (not a timed test): requests sent and wall time to load every task of a list of the
 * `large` seed with all its subtasks, against the fewest requests the reference allows:
 *   1 task index call with per_page=0, plus one children call per 50 parents per level
 * (a parent = a task with at least one live child; Limits: children batch of 50 parents).
 *
 * Run: npx tsx bench/client-load.ts            (sandbox limit 60 requests per 60 s, as in production)
 */
import { request } from 'undici';
import { ApiClient } from '../src/core/api/client';
import { RateLimiter } from '../src/core/api/rateLimiter';
import { startSandbox } from '../test/sandbox/server';

interface RawTask {
  id: string;
  list_id: string;
  parent_task_id: string | null;
  deleted_at: string | null;
}

interface Row {
  list: string;
  tasks: number;
  requests: number;
  minimum: number;
  ratio: number;
  wallMs: number;
  complete: boolean;
}

async function json<T>(url: string, method = 'GET'): Promise<T> {
  const res = await request(url, { method });
  return (await res.body.json()) as T;
}

/** Fewest requests the reference allows for this list: 1 + sum over levels of ceil(parents / 50). */
function minimumRequests(tasks: RawTask[], listId: string): { minimum: number; total: number } {
  const live = tasks.filter((t) => t.deleted_at === null);
  const byId = new Map(live.map((t) => [t.id, t]));
  const children = new Map<string, RawTask[]>();
  for (const t of live) {
    if (t.parent_task_id !== null) {
      children.set(t.parent_task_id, [...(children.get(t.parent_task_id) ?? []), t]);
    }
  }
  // Index rows: tasks of the list without a live parent in the list (the sandbox's "roots").
  let level = live.filter((t) => t.list_id === listId && (t.parent_task_id === null || byId.get(t.parent_task_id)?.list_id !== listId));
  let minimum = 1;
  let total = level.length;
  while (level.length > 0) {
    const parents = level.filter((t) => (children.get(t.id)?.length ?? 0) > 0);
    minimum += Math.ceil(parents.length / 50);
    level = parents.flatMap((p) => children.get(p.id) ?? []);
    total += level.length;
  }
  return { minimum, total };
}

async function measure(baseUrl: string, origin: string, workspaceId: string, listId: string, tasks: RawTask[]): Promise<Row> {
  const client = new ApiClient({ baseUrl, token: 'demo-token-alice', limiter: new RateLimiter() });
  await json(`${origin}/__sandbox/requests`, 'DELETE');
  const started = performance.now();
  const index = await client.listTasks(workspaceId, { scope: { list_id: listId }, per_page: 0 });
  const tree = await client.loadDescendants(workspaceId, index.data);
  const wallMs = Math.round(performance.now() - started);
  const log = await json<{ data: unknown[] }>(`${origin}/__sandbox/requests`);
  const loaded = new Set([...index.data.map((t) => t.id), ...[...tree.children.values()].flat().map((t) => t.id)]);
  const { minimum, total } = minimumRequests(tasks, listId);
  const requests = log.data.length;
  return { list: listId, tasks: loaded.size, requests, minimum, ratio: requests / minimum, wallMs, complete: loaded.size === total };
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ seed: 'large', quiet: true, rateLimit: 60, rateWindowMs: 60_000 });
  try {
    const fixtures = await json<{ workspaces: { acme: { id: string } }; big_list_ids: string[]; chain_list_id: string }>(`${sandbox.origin}/__sandbox/fixtures`);
    const state = await json<{ data: RawTask[] } | RawTask[]>(`${sandbox.origin}/__sandbox/state/tasks`);
    const tasks = Array.isArray(state) ? state : state.data;
    const counts = new Map<string, number>();
    for (const t of tasks) {
      if (t.deleted_at === null) {
        counts.set(t.list_id, (counts.get(t.list_id) ?? 0) + 1);
      }
    }
    const biggest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] as string;
    const lists = [biggest, fixtures.chain_list_id];
    const rows: Row[] = [];
    for (const listId of lists) {
      rows.push(await measure(sandbox.baseUrl, sandbox.origin, fixtures.workspaces.acme.id, listId, tasks));
    }
    for (const [i, row] of rows.entries()) {
      const label = i === 0 ? 'biggest list (by tasks)' : 'subtask-chain list (4 levels)';
      console.log(`${label}: list=${row.list} tasks=${row.tasks} complete=${row.complete}`);
      console.log(`  requests=${row.requests} minimum=${row.minimum} ratio=${row.ratio.toFixed(2)} wall=${row.wallMs}ms`);
    }
  } finally {
    await sandbox.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
