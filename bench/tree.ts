/**
 * Benchmark of the explorer tree (issue 5), not a timed test. Reports:
 *   1. requests to expand the biggest list of the `large` seed and every task with subtasks in it,
 *      against the fewest the reference allows (1 index call + per level max(ceil(parents / 50),
 *      ceil(children / 1,000)); Limits: children batch), as a ratio (target 1.0);
 *   2. time in the extension's code to turn a 2,000-task index response into tree nodes with their
 *      descriptions, status icons and highlight flags, and the memory those nodes hold, with the
 *      JSON.parse of the same response as the same-run baseline (targets: < 50 ms, < 20 MB);
 *   3. requests per hour of background polling while idle, at the default interval, with three
 *      lists open (each poll re-reads each open list once).
 * Run: npm run bench (node --expose-gc through tsx for the memory figure).
 */
import { request } from 'undici';
import { ApiClient } from '../src/core/api/client';
import { RateLimiter } from '../src/core/api/rateLimiter';
import type { TaskRow } from '../src/core/api/schemas';
import { ExplorerModel } from '../src/core/tree/explorerModel';
import type { ExplorerText } from '../src/core/tree/explorerModel';
import { taskNode } from '../src/core/tree/nodes';
import type { ListNode, TaskNode, TreeNode } from '../src/core/tree/nodes';
import { dueState, rowDescription, statusIconSvg } from '../src/core/tree/rows';
import { startSandbox } from '../test/sandbox/server';

const text: ExplorerText = {
  noSpaces: '', noFolders: '', noLists: '', noTasks: '', noMatches: '',
  showMore: () => 'more', loadSubtasks: () => 'more', capped: () => 'capped',
};
const words = { blocked: 'blocked', due: (s: { kind: string }) => s.kind, subtasks: (n: number) => `↳${n}`, attachments: (n: number) => `📎${n}` };
const DEFAULT_POLL_SECONDS = 300;

interface RawTask { id: string; list_id: string; parent_task_id: string | null; deleted_at: string | null }

async function json<T>(url: string, method = 'GET'): Promise<T> {
  const res = await request(url, { method });
  return (await res.body.json()) as T;
}

function minimumRequests(tasks: RawTask[], listId: string): number {
  const live = tasks.filter((t) => t.deleted_at === null);
  const byId = new Map(live.map((t) => [t.id, t]));
  const children = new Map<string, RawTask[]>();
  live.forEach((t) => t.parent_task_id && children.set(t.parent_task_id, [...(children.get(t.parent_task_id) ?? []), t]));
  let level = live.filter((t) => t.list_id === listId && (t.parent_task_id === null || byId.get(t.parent_task_id)?.list_id !== listId));
  let minimum = 1;
  while (level.length > 0) {
    const parents = level.filter((t) => (children.get(t.id)?.length ?? 0) > 0);
    const kids = parents.reduce((n, p) => n + Math.min(200, children.get(p.id)!.length), 0);
    minimum += Math.max(Math.ceil(parents.length / 50), Math.ceil(kids / 1000));
    level = parents.flatMap((p) => children.get(p.id) ?? []);
  }
  return minimum;
}

async function expandAll(model: ExplorerModel, list: ListNode): Promise<number> {
  let level: TreeNode[] = await model.children(list);
  let shown = level.length;
  while (level.length > 0) {
    const parents = level.filter((n): n is TaskNode => n.kind === 'task' && (n.row.subtask_count ?? 0) > 0);
    // A user expanding every parent of a level: VS Code asks for each one; the batcher packs them.
    level = (await Promise.all(parents.map((p) => model.children(p)))).flat().filter((n) => n.kind === 'task');
    shown += level.length;
  }
  return shown;
}

function convert(rows: TaskRow[], now: Date): TreeNode[] {
  return rows.map((row) => {
    const node = taskNode('w', row, 'list:x');
    rowDescription(row, now, words);
    statusIconSvg(row);
    dueState(row, now);
    return node;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  const sandbox = await startSandbox({ seed: 'large', quiet: true, rateLimit: 60, rateWindowMs: 60_000 });
  try {
    const fx = await json<{ workspaces: { acme: { id: string } }; big_list_ids: string[]; chain_list_id: string }>(`${sandbox.origin}/__sandbox/fixtures`);
    const state = await json<{ data: RawTask[] } | RawTask[]>(`${sandbox.origin}/__sandbox/state/tasks`);
    const tasks = Array.isArray(state) ? state : state.data;
    const client = new ApiClient({ baseUrl: sandbox.baseUrl, token: 'demo-token-alice', limiter: new RateLimiter() });
    const user = await client.getUser();
    const workspaceId = fx.workspaces.acme.id;
    const listNode = (id: string): ListNode => ({ kind: 'list', key: `list:${id}`, workspaceId, spaceId: '', folderId: '', listId: id, name: id });

    console.log('Explorer tree benchmark (large seed, sandbox limit 60 requests/min)');
    for (const [label, listId] of [['biggest list', fx.big_list_ids[0]!], ['subtask-chain list (4 levels)', fx.chain_list_id]] as const) {
      const model = new ExplorerModel(client, user.workspaces, { text, pageSize: 100_000 });
      await json(`${sandbox.origin}/__sandbox/requests`, 'DELETE');
      const started = performance.now();
      const shown = await expandAll(model, listNode(listId));
      const wall = performance.now() - started;
      const requests = (await json<{ data: unknown[] }>(`${sandbox.origin}/__sandbox/requests`)).data.length;
      const minimum = minimumRequests(tasks, listId);
      console.log(`  expand ${label} and all subtasks: ${shown} rows, requests=${requests} minimum=${minimum} ratio=${(requests / minimum).toFixed(2)} wall=${wall.toFixed(0)} ms`);
    }

    const page = await client.listTasks(workspaceId, { scope: { list_id: fx.big_list_ids[0]! }, per_page: 0 });
    const rows = page.data.slice(0, 2000);
    const payload = JSON.stringify({ ...page, data: rows });
    const now = new Date();
    const parseMs: number[] = [];
    const convertMs: number[] = [];
    for (let i = 0; i < 15; i++) {
      let t = performance.now();
      const parsed = JSON.parse(payload) as { data: TaskRow[] };
      parseMs.push(performance.now() - t);
      t = performance.now();
      convert(parsed.data, now);
      convertMs.push(performance.now() - t);
    }
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const held = convert(JSON.parse(payload).data as TaskRow[], now);
    gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    const p = median(parseMs);
    const c = median(convertMs);
    console.log(`  2,000-task response -> tree nodes: median ${c.toFixed(1)} ms (target < 50), JSON.parse baseline ${p.toFixed(1)} ms, ratio ${(c / p).toFixed(2)}`);
    console.log(`  memory held by the 2,000 nodes and their rows: ${gc ? heapMb.toFixed(1) + ' MB (target < 20)' : 'n/a (run with --expose-gc)'} for ${held.length} nodes (payload ${(payload.length / 1024 / 1024).toFixed(1)} MB of JSON)`);

    const model = new ExplorerModel(client, user.workspaces, { text });
    const open = [fx.big_list_ids[0]!, fx.big_list_ids[1]!, fx.chain_list_id].map(listNode);
    await Promise.all(open.map((l) => model.children(l)));
    await json(`${sandbox.origin}/__sandbox/requests`, 'DELETE');
    const idleSeconds = 600;
    for (let tick = 0; tick < Math.floor(idleSeconds / DEFAULT_POLL_SECONDS); tick++) {
      for (const list of model.loadedLists()) {
        await model.checkList(list);
      }
    }
    const polled = (await json<{ data: unknown[] }>(`${sandbox.origin}/__sandbox/requests`)).data.length;
    console.log(`  idle polling, 3 lists open, every ${DEFAULT_POLL_SECONDS} s: ${polled} requests in 10 min = ${(polled * 6).toFixed(0)} per hour (of 3,600 allowed)`);
  } finally {
    await sandbox.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
