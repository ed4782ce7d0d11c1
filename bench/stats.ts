/**
 * Pure helpers of the benchmark (unit-tested in test/unit/repo/bench.test.ts): summaries of repeated
 * runs, paired ratios against a same-run baseline, the fewest requests the API allows to load
 * a list with its subtasks, and the busiest sliding window of a request log.
 */
export { maxInAnyWindow } from '../test/soak/soak';

export interface Summary {
  min: number;
  median: number;
  max: number;
  runs: number[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) {
    return Number.NaN;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(values: readonly number[]): Summary {
  return { min: Math.min(...values), median: median(values), max: Math.max(...values), runs: [...values] };
}

/** Ratios of paired runs (run i of the figure over run i of its baseline), summarized. */
export function pairedRatios(values: readonly number[], baseline: readonly number[]): Summary {
  const n = Math.min(values.length, baseline.length);
  const ratios: number[] = [];
  for (let i = 0; i < n; i++) {
    ratios.push(baseline[i]! === 0 ? Number.POSITIVE_INFINITY : values[i]! / baseline[i]!);
  }
  return summarize(ratios);
}

export interface SeedTask {
  id: string;
  list_id: string;
  parent_task_id: string | null;
  deleted_at: string | null;
}

/** Children batch limits of GET /tasks/children (docs/api/openapi.yaml#listTaskChildren). */
export const CHILDREN_PARENTS_PER_CALL = 50;
export const CHILDREN_ROWS_PER_CALL = 1000;
/** GET /subtasks and the children route list at most 200 children of one parent (docs/api/README.md#limits). */
export const CHILDREN_PER_PARENT = 200;

/**
 * The fewest requests the API allows to show every task of `listId` with all its subtasks:
 * one task index call (per_page=0 returns every row of the list, Tasks: GET tasks), then, level by
 * level, the children route for the parents of that level (rows whose subtask_count > 0). One call
 * takes at most 50 parents and returns at most 1,000 children, so a level needs
 * max(ceil(parents / 50), ceil(children / 1,000)) calls. Parents are only known once their level is
 * loaded, so levels cannot share a call.
 */
export function minimumTreeRequests(tasks: readonly SeedTask[], listId: string): { minimum: number; rows: number } {
  const live = tasks.filter((t) => t.deleted_at === null);
  const byId = new Map(live.map((t) => [t.id, t]));
  const children = new Map<string, SeedTask[]>();
  for (const t of live) {
    if (t.parent_task_id !== null) {
      children.set(t.parent_task_id, [...(children.get(t.parent_task_id) ?? []), t]);
    }
  }
  // Index rows: the list's tasks whose parent is not a live task of the same list (the service's roots).
  let level = live.filter(
    (t) => t.list_id === listId && (t.parent_task_id === null || byId.get(t.parent_task_id)?.list_id !== listId),
  );
  let minimum = 1;
  let rows = level.length;
  while (level.length > 0) {
    const parents = level.filter((t) => (children.get(t.id)?.length ?? 0) > 0);
    const kids = parents.reduce((n, p) => n + Math.min(CHILDREN_PER_PARENT, children.get(p.id)!.length), 0);
    minimum += Math.max(
      Math.ceil(parents.length / CHILDREN_PARENTS_PER_CALL),
      Math.ceil(kids / CHILDREN_ROWS_PER_CALL),
    );
    level = parents.flatMap((p) => (children.get(p.id) ?? []).slice(0, CHILDREN_PER_PARENT));
    rows += level.length;
  }
  return { minimum, rows };
}

/**
 * Idle requests per hour at the default poll intervals, from a window measured with every poll
 * interval divided by `factor`: each poll then runs `factor` times as often, so the count is scaled
 * to an hour and divided by the factor.
 */
export function requestsPerHour(count: number, windowMs: number, factor: number): number {
  return (count * (3_600_000 / windowMs)) / factor;
}

/**
 * The extension's poll interval settings (contributed `*poll*` numbers with a positive default), all
 * divided by ONE factor, so that requests/hour at the defaults is the measured rate over that factor.
 * The factor is `maxScale`, lowered so that no setting drops below `floorSeconds`: pollers clamp
 * their interval in code (the panel's at 5 s, the tree's at 30 s), and a clamped poll would run less
 * often than the factor says and be under-counted.
 */
export function scaledPollSettings(
  manifest: { contributes?: { configuration?: unknown } },
  maxScale: number,
  floorSeconds: number,
): { scale: number; settings: Record<string, number>; defaults: Record<string, number> } {
  const sections = [manifest.contributes?.configuration ?? []].flat() as {
    properties?: Record<string, { type?: string; default?: number }>;
  }[];
  const defaults = new Map<string, number>();
  for (const [key, spec] of sections.flatMap((s) => Object.entries(s.properties ?? {}))) {
    if (
      /poll|refreshInterval/i.test(key) &&
      (spec.type === 'number' || spec.type === 'integer') &&
      typeof spec.default === 'number' &&
      spec.default > 0
    ) {
      defaults.set(key, spec.default);
    }
  }
  const scale = Math.max(1, Math.min(maxScale, ...[...defaults.values()].map((d) => d / floorSeconds)));
  const settings = Object.fromEntries([...defaults].map(([key, d]) => [key, d / scale]));
  return { scale, settings, defaults: Object.fromEntries(defaults) };
}
