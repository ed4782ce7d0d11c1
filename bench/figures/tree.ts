/**
 * Tree load and tree build (in the explorer's own core code: ExplorerModel,
 * the children batcher, the row helpers).
 *   tree load: requests and wall time to expand a list and every task with subtasks in it, as a
 *     user expanding each parent of each level would (VS Code asks per node; the batcher packs them),
 *     against the fewest requests the API allows (stats.ts minimumTreeRequests), and the wall
 *     time against `requests / 60 per minute`, the floor when the rate limiter is the bound.
 *   tree build: CPU time and heap held to turn a 2,000-task index response (the JSON text) into
 *     tree nodes with their descriptions, icons and due states, through the client's schema, against
 *     JSON.parse of the same text.
 */
import { ApiClient } from '../../src/core/api/client';
import * as E from '../../src/core/api/envelopes';
import { parseBody } from '../../src/core/api/parse';
import { RateLimiter } from '../../src/core/api/rateLimiter';
import type { TaskRow } from '../../src/core/api/schemas';
import { ExplorerModel } from '../../src/core/tree/explorerModel';
import type { ExplorerText } from '../../src/core/tree/explorerModel';
import { taskNode } from '../../src/core/tree/nodes';
import type { ListNode, TaskNode, TreeNode } from '../../src/core/tree/nodes';
import { isCompleted, rowDescription, statusIconSvg } from '../../src/core/tree/rows';
import { dueDisplay, isOverdue } from '../../src/core/text/dates';
import type { BenchContext } from '../context';
import { minimumTreeRequests, pairedRatios, summarize } from '../stats';

const TOKEN = 'demo-token-alice';
const text: ExplorerText = {
  noSpaces: '',
  noFolders: '',
  noLists: '',
  noTasks: '',
  noMatches: '',
  noPriority: '',
  unassigned: '',
  showMore: () => 'more',
  loadSubtasks: () => 'more',
  capped: () => 'capped',
};
const words = {
  blocked: 'blocked',
  due: (row: TaskRow, now: Date) => dueDisplay(row.due_date, isCompleted(row), now, 'en')?.text,
  subtasks: (n: number) => `↳${n}`,
  attachments: (n: number) => `📎${n}`,
};

async function expandAll(model: ExplorerModel, list: ListNode): Promise<number> {
  let level: TreeNode[] = await model.children(list);
  let shown = level.length;
  while (level.length > 0) {
    const parents = level.filter((n): n is TaskNode => n.kind === 'task' && (n.row.subtask_count ?? 0) > 0);
    level = (await Promise.all(parents.map((p) => model.children(p)))).flat().filter((n) => n.kind === 'task');
    shown += level.length;
  }
  return shown;
}

export async function treeLoadFigure(ctx: BenchContext): Promise<void> {
  const fx = await ctx.reset({ limit: 60, windowMs: 60_000 });
  const tasks = await ctx.seedTasks();
  const workspaceId = fx.workspaces.acme.id;
  const cases = [
    { label: 'biggest list (2,500 tasks)', listId: fx.big_list_ids[0]! },
    { label: 'subtask-chain list (4 levels)', listId: fx.chain_list_id },
  ];
  for (const c of cases) {
    const { minimum, rows } = minimumTreeRequests(tasks, c.listId);
    const requests: number[] = [];
    const wall: number[] = [];
    for (let run = 0; run < ctx.runs; run++) {
      // A fresh client, limiter and model per run: nothing cached, as after a window reload.
      const client = new ApiClient({ baseUrl: ctx.sandbox.baseUrl, token: TOKEN, limiter: new RateLimiter() });
      const user = await client.getUser();
      const model = new ExplorerModel(client, user.workspaces, { text, pageSize: 100_000 });
      const list: ListNode = {
        kind: 'list',
        key: `list:${c.listId}`,
        workspaceId,
        spaceId: '',
        folderId: '',
        listId: c.listId,
        name: c.label,
      };
      await ctx.clearRequests();
      const started = performance.now();
      const shown = await expandAll(model, list);
      wall.push(performance.now() - started);
      requests.push((await ctx.requests()).length);
      if (shown !== rows) {
        ctx.note(`tree load, ${c.label}: ${shown} rows shown, ${rows} expected`);
      }
    }
    const r = pairedRatios(
      requests,
      requests.map(() => minimum),
    );
    ctx.add({
      figure: 'tree load',
      measure: `${c.label}: requests`,
      unit: 'req',
      value: summarize(requests),
      baseline: { label: 'fewest allowed', value: summarize([minimum]) },
      ratio: r,
      target: { text: 'ratio 1.0', met: r.median <= 1 },
    });
    // At 60 requests a minute the limiter lets one request through per second on average.
    ctx.add({
      figure: 'tree load',
      measure: `${c.label}: wall time`,
      unit: 'ms',
      value: summarize(wall),
      baseline: { label: 'requests / 60 per min', value: summarize(requests.map((n) => n * 1000)) },
      ratio: pairedRatios(
        wall,
        requests.map((n) => n * 1000),
      ),
      note: 'ratio below 1: the limiter is not the bound (under 60 requests)',
    });
  }
}

function convert(rows: readonly TaskRow[], now: Date): TreeNode[] {
  return rows.map((row) => {
    const node = taskNode('w', row, 'list:x');
    rowDescription(row, now, words);
    statusIconSvg(row);
    isOverdue(row.due_date, isCompleted(row), now);
    return node;
  });
}

const gc = (globalThis as { gc?: () => void }).gc;

function cpuMs(work: () => unknown): { ms: number; result: unknown } {
  const before = process.cpuUsage();
  const result = work();
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, result };
}

/** Heap still held by what `make` returns, after a full collection (needs node --expose-gc). */
function heldBytes(make: () => unknown): number {
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept = make();
  gc?.();
  const held = process.memoryUsage().heapUsed - before;
  return kept === undefined ? Number.NaN : held;
}

export async function treeBuildFigure(ctx: BenchContext): Promise<void> {
  const fx = await ctx.reset({ limit: 0, windowMs: 60_000 });
  const res = await fetch(
    `${ctx.sandbox.baseUrl}/workspaces/${fx.workspaces.acme.id}/tasks?list_id=${fx.big_list_ids[0]}&per_page=0`,
    { headers: { authorization: `Bearer ${TOKEN}` } },
  );
  const page = (await res.json()) as { data: unknown[] };
  const payload = JSON.stringify({ ...page, data: page.data.slice(0, 2000) });
  const now = new Date();
  const build = (): TreeNode[] => convert(parseBody(E.TaskPageSchema, JSON.parse(payload), 'listTasks').data, now);
  const iterations = Math.max(ctx.runs, 9);
  const parse: number[] = [];
  const nodes: number[] = [];
  for (let i = 0; i < iterations; i++) {
    parse.push(cpuMs(() => JSON.parse(payload)).ms);
    nodes.push(cpuMs(build).ms);
  }
  const parsedHeap: number[] = [];
  const nodesHeap: number[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    parsedHeap.push(heldBytes(() => JSON.parse(payload)));
    nodesHeap.push(heldBytes(build));
  }
  const time = pairedRatios(nodes, parse);
  ctx.add({
    figure: 'tree build',
    measure: '2,000-task response → tree nodes: CPU',
    unit: 'ms',
    value: summarize(nodes),
    baseline: { label: 'JSON.parse', value: summarize(parse) },
    ratio: time,
    target: { text: '< 50 ms', met: summarize(nodes).median < 50 },
    note: `includes JSON.parse and the client's schema check; payload ${(payload.length / 1024 / 1024).toFixed(1)} MB`,
  });
  ctx.add({
    figure: 'tree build',
    measure: '2,000-task response → tree nodes: heap held',
    unit: 'bytes',
    value: summarize(nodesHeap),
    baseline: { label: 'parsed JSON', value: summarize(parsedHeap) },
    ratio: pairedRatios(nodesHeap, parsedHeap),
    target: { text: '< 20 MB', met: summarize(nodesHeap).median < 20 * 1024 * 1024 },
    note: gc ? undefined : 'run with node --expose-gc for heap figures',
  });
}
