import type { TaskRow } from './schemas';
import type { Children } from './envelopes';

/** Limits: children batch of at most 50 parents, 200 children per parent, 1,000 children per call. */
export const CHILDREN_MAX_PARENTS = 50;
export const CHILDREN_MAX_PER_PARENT = 200;
export const CHILDREN_MAX_PER_CALL = 1000;

export interface ParentRef {
  id: string;
  /** Direct children as the row reported them; parents with 0 are never asked about. */
  subtask_count?: number;
}

export interface ChildrenLoad {
  /** Direct children per parent (every parent asked about has a key). */
  children: Map<string, TaskRow[]>;
  /** Parents whose children may still be incomplete (more than the documented 200 per parent). */
  incomplete: string[];
  /** API requests this load made. */
  requests: number;
}

export interface ChildrenApi {
  getTaskChildren(parentIds: string[]): Promise<Children>;
  getSubtasks(parentId: string): Promise<TaskRow[]>;
}

/**
 * Packs parents into as few `GET /tasks/children` calls as the caps allow: at most 50 parents per
 * call and, when the rows tell their subtask_count, at most 1,000 expected children per call, so
 * that `truncated` stays empty. Parents cut anyway fall back to `/subtasks` (max 200, Tasks).
 */
export function packParents(parents: ParentRef[]): string[][] {
  const wanted = dedupe(parents).filter((p) => p.subtask_count === undefined || p.subtask_count > 0);
  const expected = (p: ParentRef): number => Math.min(p.subtask_count ?? 0, CHILDREN_MAX_PER_PARENT);
  // First-fit decreasing over the per-call budget.
  const sorted = [...wanted].sort((a, b) => expected(b) - expected(a));
  const bins: { ids: string[]; load: number }[] = [];
  for (const parent of sorted) {
    const size = expected(parent);
    let bin = bins.find((b) => b.ids.length < CHILDREN_MAX_PARENTS && b.load + size <= CHILDREN_MAX_PER_CALL);
    if (!bin) {
      bin = { ids: [], load: 0 };
      bins.push(bin);
    }
    bin.ids.push(parent.id);
    bin.load += size;
  }
  return bins.map((b) => b.ids);
}

function dedupe(parents: ParentRef[]): ParentRef[] {
  const byId = new Map<string, ParentRef>();
  for (const parent of parents) {
    if (parent.id.trim() !== '' && !byId.has(parent.id)) {
      byId.set(parent.id, parent);
    }
  }
  return [...byId.values()];
}

/** Loads the direct children of many parents (one level). */
export async function loadChildren(api: ChildrenApi, parents: ParentRef[]): Promise<ChildrenLoad> {
  const batches = packParents(parents);
  const children = new Map<string, TaskRow[]>();
  const cut: string[] = [];
  await Promise.all(
    batches.map(async (ids) => {
      const answer = await api.getTaskChildren(ids);
      for (const id of ids) {
        children.set(id, answer.data[id] ?? []);
      }
      cut.push(...answer.truncated.filter((id) => children.has(id)));
    }),
  );
  const counts = new Map(parents.map((p) => [p.id, p.subtask_count]));
  const incomplete: string[] = [];
  await Promise.all(
    cut.map(async (id) => {
      const rows = await api.getSubtasks(id);
      children.set(id, rows);
      if (rows.length >= CHILDREN_MAX_PER_PARENT && (counts.get(id) ?? Infinity) > rows.length) {
        incomplete.push(id);
      }
    }),
  );
  for (const parent of parents) {
    if (!children.has(parent.id)) {
      children.set(parent.id, []);
    }
  }
  return { children, incomplete, requests: batches.length + cut.length };
}

/** Loads every descendant of `roots`, level by level (the children route returns one level). */
export async function loadDescendants(api: ChildrenApi, roots: ParentRef[]): Promise<ChildrenLoad> {
  const all = new Map<string, TaskRow[]>();
  const incomplete: string[] = [];
  let requests = 0;
  let level: ParentRef[] = roots;
  while (level.length > 0) {
    const load = await loadChildren(
      api,
      level.filter((p) => !all.has(p.id)),
    );
    requests += load.requests;
    incomplete.push(...load.incomplete);
    const next: ParentRef[] = [];
    for (const [id, rows] of load.children) {
      all.set(id, rows);
      next.push(...rows.filter((row) => !all.has(row.id)));
    }
    level = next;
  }
  return { children: all, incomplete, requests };
}

/** A parent given by id alone has no expected count (it is asked about). */
export function asParent(parent: ParentRef | string): ParentRef {
  return typeof parent === 'string' ? { id: parent } : parent;
}
