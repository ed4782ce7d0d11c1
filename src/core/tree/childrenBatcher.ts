// Subtasks for the tree through `GET /tasks/children` (docs/api/openapi.yaml#listTaskChildren;
// docs/api/README.md#limits). Expanding one task asks for its children and, in the same call, for those of its siblings
// that have subtasks (up to 50 parents and 1,000 expected children per call), so expanding the next
// sibling costs nothing. Requests made in the same tick are coalesced into one call.
import type { Children } from '../api/envelopes';
import { CHILDREN_MAX_PARENTS, CHILDREN_MAX_PER_CALL, CHILDREN_MAX_PER_PARENT } from '../api/children';
import type { RequestPriority } from '../api/rateLimiter';
import type { TaskRow } from '../api/schemas';

export interface ChildrenApi {
  getTaskChildren(workspaceId: string, parentIds: string[], opts?: { priority?: RequestPriority }): Promise<Children>;
}

export interface ChildrenResult {
  readonly rows: TaskRow[];
  /** The parent was cut by a cap: more children exist than `rows` (children batch: docs/api/README.md#limits). */
  readonly truncated: boolean;
}

export interface ParentInfo {
  readonly id: string;
  readonly subtask_count?: number;
}

interface Waiter {
  resolve(result: ChildrenResult): void;
  reject(error: unknown): void;
}

const expected = (p: ParentInfo): number =>
  Math.min(p.subtask_count ?? CHILDREN_MAX_PER_PARENT, CHILDREN_MAX_PER_PARENT);

export class ChildrenBatcher {
  private readonly cache = new Map<string, ChildrenResult>();
  private readonly inflight = new Map<string, Promise<ChildrenResult>>();
  private readonly generation = new Map<string, number>();
  private queue = new Map<
    string,
    { workspaceId: string; parent: ParentInfo; siblings: readonly ParentInfo[]; waiters: Waiter[] }
  >();
  private scheduled = false;

  constructor(
    private readonly api: ChildrenApi,
    private readonly schedule: (run: () => void) => void = (run) => void setTimeout(run, 0),
  ) {}

  peek(parentId: string): ChildrenResult | undefined {
    return this.cache.get(parentId);
  }

  /** Drops what is known of a parent's children; an answer already on its way is not cached. */
  forget(parentId: string): void {
    this.cache.delete(parentId);
    this.inflight.delete(parentId);
    this.generation.set(parentId, (this.generation.get(parentId) ?? 0) + 1);
  }

  /** Sets a parent's children from another source (e.g. `/subtasks` after a cut). */
  remember(parentId: string, result: ChildrenResult): void {
    this.forget(parentId);
    this.cache.set(parentId, result);
  }

  /** The direct children of `parent`; `siblings` ride along in the same call when there is room. */
  load(workspaceId: string, parent: ParentInfo, siblings: readonly ParentInfo[] = []): Promise<ChildrenResult> {
    const known =
      this.cache.get(parent.id) ?? (parent.subtask_count === 0 ? { rows: [], truncated: false } : undefined);
    if (known) {
      return Promise.resolve(known);
    }
    const pending = this.inflight.get(parent.id);
    if (pending) {
      return pending;
    }
    const promise = new Promise<ChildrenResult>((resolve, reject) => {
      const entry = this.queue.get(parent.id) ?? { workspaceId, parent, siblings, waiters: [] };
      entry.waiters.push({ resolve, reject });
      this.queue.set(parent.id, entry);
    });
    this.inflight.set(parent.id, promise);
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.flush());
    }
    return promise;
  }

  private flush(): void {
    this.scheduled = false;
    const queued = [...this.queue.values()];
    this.queue = new Map();
    const byWorkspace = new Map<string, typeof queued>();
    for (const entry of queued) {
      byWorkspace.set(entry.workspaceId, [...(byWorkspace.get(entry.workspaceId) ?? []), entry]);
    }
    for (const [workspaceId, entries] of byWorkspace) {
      for (const batch of this.pack(
        entries.map((e) => e.parent),
        entries.flatMap((e) => e.siblings),
      )) {
        void this.send(workspaceId, batch, entries);
      }
    }
  }

  /** First-fit of the wanted parents, then siblings topped up into the room left (prefetch). */
  private pack(wanted: ParentInfo[], siblings: ParentInfo[]): ParentInfo[][] {
    const bins: { parents: ParentInfo[]; load: number }[] = [];
    const fits = (bin: { parents: ParentInfo[]; load: number }, p: ParentInfo): boolean =>
      bin.parents.length < CHILDREN_MAX_PARENTS && bin.load + expected(p) <= CHILDREN_MAX_PER_CALL;
    const taken = new Set<string>();
    for (const parent of wanted) {
      if (taken.has(parent.id)) {
        continue;
      }
      taken.add(parent.id);
      let bin = bins.find((b) => fits(b, parent));
      if (!bin) {
        bin = { parents: [], load: 0 };
        bins.push(bin);
      }
      bin.parents.push(parent);
      bin.load += expected(parent);
    }
    for (const sibling of siblings) {
      const worth =
        (sibling.subtask_count ?? 0) > 0 &&
        !taken.has(sibling.id) &&
        !this.cache.has(sibling.id) &&
        !this.inflight.has(sibling.id);
      const bin = worth ? bins.find((b) => fits(b, sibling)) : undefined;
      if (bin) {
        taken.add(sibling.id);
        bin.parents.push(sibling);
        bin.load += expected(sibling);
      }
    }
    return bins.map((b) => b.parents);
  }

  private async send(
    workspaceId: string,
    batch: ParentInfo[],
    entries: { parent: ParentInfo; waiters: Waiter[] }[],
  ): Promise<void> {
    const ids = batch.map((p) => p.id);
    const generations = new Map(ids.map((id) => [id, this.generation.get(id) ?? 0]));
    const waiting = entries.filter((e) => generations.has(e.parent.id));
    // Prefetched siblings share the call: register them as in flight so an expand joins it.
    const call = this.api.getTaskChildren(workspaceId, ids, { priority: 'user' });
    for (const id of ids) {
      if (!this.inflight.has(id)) {
        const result = call.then((answer) => this.resultOf(answer, id));
        result.catch(() => undefined); // nobody may be waiting on a prefetch; its failure is not news
        this.inflight.set(id, result);
      }
    }
    try {
      const answer = await call;
      for (const id of ids) {
        if ((this.generation.get(id) ?? 0) === generations.get(id)) {
          this.cache.set(id, this.resultOf(answer, id));
          this.inflight.delete(id);
        }
      }
      for (const entry of waiting) {
        entry.waiters.forEach((w) => w.resolve(this.resultOf(answer, entry.parent.id)));
      }
    } catch (error) {
      ids.forEach((id) => (this.generation.get(id) ?? 0) === generations.get(id) && this.inflight.delete(id));
      waiting.forEach((entry) => entry.waiters.forEach((w) => w.reject(error)));
    }
  }

  private resultOf(answer: Children, id: string): ChildrenResult {
    return { rows: answer.data[id] ?? [], truncated: answer.truncated.includes(id) };
  }
}
