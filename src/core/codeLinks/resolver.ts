// Display ids -> tasks with few requests. The API has no lookup by display id; the task index
// filter on `display_id` (docs/api/openapi.yaml#listTasks) with `match: any`
// finds many ids in one call per space (GET /workspaces/{w}/spaces gives the spaces). Lookups asked
// for in the same tick are coalesced into one pass, answers are cached with a TTL, and nothing is
// sent per keystroke or per hover: callers read `peek()` first.
import type { AccountKey } from '../accounts/account';
import type { SearchResult, TaskPage } from '../api/envelopes';
import type { FilterCondition, SearchQuery, TaskQuery } from '../api/inputs';
import type { RequestPriority } from '../api/rateLimiter';
import type { Space, Task, TaskRow } from '../api/schemas';
import { ForbiddenError, NotFoundError } from '../api/errors';
import { REFERENCES_BUDGET } from '../budgets';
import { prefixOf } from './references';

export interface ResolverApi {
  listSpaces(workspaceId: string, opts?: { priority?: RequestPriority }): Promise<Space[]>;
  listTasks(workspaceId: string, query: TaskQuery, opts?: { priority?: RequestPriority }): Promise<TaskPage>;
  search(query: SearchQuery, opts?: { priority?: RequestPriority }): Promise<SearchResult>;
  getTask(workspaceId: string, taskId: string, opts?: { priority?: RequestPriority }): Promise<Task>;
}

/** A task of one workspace that has the display id asked for. */
export interface Candidate {
  readonly workspaceId: string;
  readonly task: TaskRow;
  /**
   * Whose it is when several accounts are signed in (routing.ts sets it); absent with one account
   * and in a resolver's own answers.
   */
  readonly account?: AccountKey;
}

export type Resolution =
  | { readonly kind: 'found'; readonly workspaceId: string; readonly task: TaskRow; readonly account?: AccountKey }
  /**
   * More than one workspace answers for the id (two workspaces may use one prefix): the caller shows
   * them all or asks; nothing picks one silently.
   */
  | { readonly kind: 'ambiguous'; readonly candidates: readonly Candidate[] }
  /** Sent to Trash from this extension (the API answers 404 for trashed tasks, so only we know). */
  | { readonly kind: 'trashed'; readonly workspaceId: string; readonly taskId: string }
  /** Not visible to the token: unknown, in Trash, purged or private. The API tells these apart nowhere. */
  | { readonly kind: 'missing' };

export interface ResolverOptions {
  /** Workspaces to look in for a prefix (learned); all workspaces when the prefix is not mapped. */
  readonly workspacesFor: (prefix: string) => readonly string[];
  readonly ttlMs?: number;
  readonly now?: () => number;
  /**
   * Conditions per index call, so the URL stays near 8 KB (each is ~85 encoded characters), a
   * request-line size common servers accept; the API states no limit.
   */
  readonly chunkSize?: number;
  /**
   * Ids the index did not find may be subtasks (the index lists top-level rows only,
   * docs/api/openapi.yaml#listTasks): at most this many per pass are looked up through /search, 2 requests each.
   */
  readonly maxFallback?: number;
  /** Spaces where ids of a prefix were found before in the workspace (remembered): asked first. */
  readonly knownSpaces?: (workspaceId: string, prefix: string) => readonly string[];
  /** An id of `prefix` was found in the space (to remember it). */
  readonly foundIn?: (workspaceId: string, prefix: string, spaceId: string) => void;
  /** A remembered space answered 404 or 403: it is gone or no longer visible. */
  readonly forgetSpace?: (workspaceId: string, spaceId: string) => void;
}

/** What one look-up pass may still send, and the ids it could not reach within that. */
interface Pass {
  left: number;
  readonly unchecked: Set<string>;
}

interface Pending {
  priority: RequestPriority;
  waiters: ((result: Map<string, Resolution>) => void)[];
  ids: Set<string>;
}

export class TaskResolver {
  private readonly cache = new Map<string, { resolution: Resolution; at: number }>();
  private readonly spaces = new Map<string, Promise<Space[]>>();
  private pending: Pending | undefined;
  private readonly inFlight = new Map<string, Promise<Resolution | undefined>>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Requests this resolver sent (the benchmark and tests read it). */
  requests = 0;

  constructor(
    private readonly api: ResolverApi,
    private readonly options: ResolverOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The cached answer, fresh or not; never a request. */
  peek(displayId: string): Resolution | undefined {
    return this.cache.get(displayId)?.resolution;
  }

  isFresh(displayId: string): boolean {
    const entry = this.cache.get(displayId);
    return entry !== undefined && this.now() - entry.at < this.ttlMs;
  }

  /**
   * Learns a task the extension saw (a write, a tree row): later lookups of its id cost nothing. Not
   * when its prefix is used by more than one workspace: one row cannot tell the id is unambiguous,
   * so a lookup then asks every workspace of the prefix.
   */
  note(workspaceId: string, task: TaskRow): void {
    const id = task.display_id;
    if (!id) {
      return;
    }
    const held = this.cache.get(id)?.resolution;
    if (held?.kind === 'ambiguous') {
      this.cache.set(id, { resolution: merged(held, { workspaceId, task }), at: this.now() });
    } else if (new Set(this.options.workspacesFor(prefixOf(id) ?? '')).size <= 1) {
      this.cache.set(id, { resolution: { kind: 'found', workspaceId, task }, at: this.now() });
    }
  }

  /**
   * Another workspace turned out to use `prefix`: an id of it found in one workspace may now have a
   * twin, so those answers are looked up again (the next lookup asks every workspace of the prefix).
   */
  forgetPrefix(prefix: string): void {
    for (const [id, entry] of this.cache) {
      if (entry.resolution.kind === 'found' && prefixOf(id) === prefix) {
        this.cache.delete(id);
      }
    }
  }

  /** A task this extension sent to Trash. */
  noteTrashed(workspaceId: string, taskId: string): void {
    for (const [id, entry] of this.cache) {
      if (entry.resolution.kind === 'found' && entry.resolution.task.id === taskId) {
        this.cache.set(id, { resolution: { kind: 'trashed', workspaceId, taskId }, at: this.now() });
      }
    }
  }

  /** Every task found so far (completion in comments offers them without a request). */
  cachedTasks(): { workspaceId: string; task: TaskRow }[] {
    return [...this.cache.values()].flatMap((e) =>
      e.resolution.kind === 'found'
        ? [{ workspaceId: e.resolution.workspaceId, task: e.resolution.task }]
        : e.resolution.kind === 'ambiguous'
          ? [...e.resolution.candidates]
          : [],
    );
  }

  clear(): void {
    this.cache.clear();
    this.spaces.clear();
  }

  /**
   * Resolves display ids: fresh cache entries at once, the rest in one coalesced pass (ids asked for
   * in the same tick share it). An id missing from the answer could not be checked in this pass.
   */
  async resolve(
    displayIds: Iterable<string>,
    priority: RequestPriority = 'background',
  ): Promise<Map<string, Resolution>> {
    const result = new Map<string, Resolution>();
    const wanted: string[] = [];
    for (const id of new Set(displayIds)) {
      const entry = this.cache.get(id);
      if (entry && this.now() - entry.at < this.ttlMs) {
        result.set(id, entry.resolution);
      } else {
        wanted.push(id);
      }
    }
    const answers = await Promise.all(wanted.map((id) => this.join(id, priority)));
    wanted.forEach((id, i) => answers[i] && result.set(id, answers[i] as Resolution));
    return result;
  }

  private join(id: string, priority: RequestPriority): Promise<Resolution | undefined> {
    const running = this.inFlight.get(id);
    if (running) {
      return running;
    }
    if (!this.pending) {
      const batch: Pending = { priority, waiters: [], ids: new Set() };
      this.pending = batch;
      setTimeout(() => void this.flush(batch), 0);
    }
    const batch = this.pending;
    batch.ids.add(id);
    if (priority === 'user') {
      batch.priority = 'user';
    }
    const promise = new Promise<Map<string, Resolution>>((resolve) => batch.waiters.push(resolve)).then((m) =>
      m.get(id),
    );
    this.inFlight.set(id, promise);
    return promise;
  }

  private async flush(batch: Pending): Promise<void> {
    this.pending = undefined;
    const found = new Map<string, Resolution>();
    try {
      await this.lookUp([...batch.ids], batch.priority, found);
    } catch {
      // A failed pass caches nothing: the ids it could not check stay unresolved and are asked again later.
    } finally {
      batch.ids.forEach((id) => this.inFlight.delete(id));
      batch.waiters.forEach((resolve) => resolve(found));
    }
  }

  private async lookUp(ids: string[], priority: RequestPriority, found: Map<string, Resolution>): Promise<void> {
    const byWorkspace = new Map<string, string[]>();
    for (const id of ids) {
      for (const ws of this.options.workspacesFor(prefixOf(id) ?? '')) {
        byWorkspace.set(ws, [...(byWorkspace.get(ws) ?? []), id]);
      }
    }
    // One pass spends at most the references' budget (src/core/budgets.ts); ids it could not reach
    // stay unresolved (not "missing") and are asked again by a later pass.
    const pass: Pass = { left: REFERENCES_BUDGET.requests, unchecked: new Set() };
    await Promise.all([...byWorkspace].map(([ws, wsIds]) => this.lookUpIn(ws, wsIds, priority, found, pass)));
    for (const [id, resolution] of found) {
      this.cache.set(id, { resolution, at: this.now() });
    }
    const misses = ids.filter((id) => !found.has(id) && !pass.unchecked.has(id));
    const budget = this.options.maxFallback ?? 5;
    await Promise.all(
      misses
        .slice(0, budget)
        .map((id) =>
          this.fallback(id, [...new Set(this.options.workspacesFor(prefixOf(id) ?? ''))], priority, found, pass),
        ),
    );
    for (const id of misses.slice(0, budget)) {
      if (pass.unchecked.has(id)) continue;
      const resolution = found.get(id) ?? { kind: 'missing' };
      found.set(id, resolution);
      this.cache.set(id, { resolution, at: this.now() });
    }
  }

  /**
   * The spaces where the ids' prefixes were found before first (one request per chunk of ids for a
   * known space), then the workspace's other spaces for the ids not found there.
   */
  private async lookUpIn(
    workspaceId: string,
    ids: string[],
    priority: RequestPriority,
    found: Map<string, Resolution>,
    pass: Pass,
  ): Promise<void> {
    const prefixes = new Set(ids.map((id) => prefixOf(id) ?? ''));
    const known = [...new Set([...prefixes].flatMap((p) => this.options.knownSpaces?.(workspaceId, p) ?? []))];
    const here =
      known.length > 0 ? await this.askSpaces(workspaceId, known, ids, priority, found, pass, true) : new Set();
    const rest = ids.filter((id) => !here.has(id));
    if (rest.length > 0) {
      const others = (await this.spacesOf(workspaceId, priority)).map((s) => s.id).filter((s) => !known.includes(s));
      await this.askSpaces(workspaceId, others, rest, priority, found, pass, false);
    }
    // An id found in another space was checked after all.
    ids.forEach((id) => found.has(id) && pass.unchecked.delete(id));
  }

  /**
   * One index call per space and chunk of ids (docs/api/openapi.yaml#listTasks), within the pass's
   * budget; returns the ids found in this workspace. A remembered space that is gone (404, 403) is
   * forgotten and counts as not holding them: the workspace's other spaces are asked next.
   */
  private async askSpaces(
    workspaceId: string,
    spaceIds: readonly string[],
    ids: string[],
    priority: RequestPriority,
    found: Map<string, Resolution>,
    pass: Pass,
    remembered: boolean,
  ): Promise<Set<string>> {
    const chunk = this.options.chunkSize ?? 100;
    const here = new Set<string>();
    const calls: Promise<void>[] = [];
    for (const spaceId of spaceIds) {
      for (let i = 0; i < ids.length; i += chunk) {
        if (pass.left <= 0) {
          ids.slice(i, i + chunk).forEach((id) => pass.unchecked.add(id));
          continue;
        }
        pass.left -= 1;
        const conditions: FilterCondition[] = ids
          .slice(i, i + chunk)
          .map((id) => ({ field: 'display_id', op: 'is', values: [id] }));
        this.requests += 1;
        const query: TaskQuery = { scope: { space_id: spaceId }, filter: { match: 'any', conditions }, per_page: 0 };
        calls.push(
          this.api.listTasks(workspaceId, query, { priority }).then(
            (page) => {
              // The filter is case-insensitive (docs/api/openapi.yaml#listTasks): keep only exact matches.
              for (const row of page.data.filter((r) => r.display_id && ids.includes(r.display_id))) {
                const id = row.display_id as string;
                addFound(found, id, { workspaceId, task: row });
                here.add(id);
                this.options.foundIn?.(workspaceId, prefixOf(id) ?? '', spaceId);
              }
            },
            (error: unknown) => {
              if (!remembered || !isGone(error)) throw error;
              this.options.forgetSpace?.(workspaceId, spaceId);
            },
          ),
        );
      }
    }
    await Promise.all(calls);
    return here;
  }

  /** The spaces of a workspace, read once per resolver (shared with prefix learning). */
  spacesOf(workspaceId: string, priority: RequestPriority): Promise<Space[]> {
    let spaces = this.spaces.get(workspaceId);
    if (!spaces) {
      this.requests += 1;
      spaces = this.api.listSpaces(workspaceId, { priority });
      spaces.catch(() => this.spaces.delete(workspaceId));
      this.spaces.set(workspaceId, spaces);
    }
    return spaces;
  }

  /**
   * Search ranks the exact display id first (docs/api/openapi.yaml#searchWorkspace); the hit then needs the full task.
   */
  private async fallback(
    id: string,
    workspaces: string[],
    priority: RequestPriority,
    found: Map<string, Resolution>,
    pass: Pass,
  ): Promise<void> {
    // Every workspace of the prefix is asked (usually one): a second one with the id makes it ambiguous.
    for (const workspaceId of workspaces) {
      if (pass.left < 2) {
        pass.unchecked.add(id);
        return;
      }
      pass.left -= 2;
      this.requests += 1;
      const result = await this.api.search(
        { q: id, workspace_id: workspaceId, type: 'tasks', per_page: 1 },
        { priority },
      );
      const hit = result.tasks?.hits[0] as { id: string; display_id?: string } | undefined;
      if (hit && hit.display_id === id) {
        this.requests += 1;
        const task = await this.api.getTask(workspaceId, hit.id, { priority });
        addFound(found, id, { workspaceId, task });
      }
    }
  }
}

/** One more workspace's answer for `id`: found when it is the first, ambiguous from the second on. */
function addFound(found: Map<string, Resolution>, id: string, candidate: Candidate): void {
  const held = found.get(id);
  if (held?.kind === 'found' || held?.kind === 'ambiguous') {
    found.set(id, merged(held, candidate));
  } else {
    found.set(id, { kind: 'found', ...candidate });
  }
}

/** The candidates of both, one per workspace (a workspace's newer answer replaces its older one). */
function merged(
  held: Extract<Resolution, { kind: 'found' | 'ambiguous' }>,
  candidate: Candidate,
): Extract<Resolution, { kind: 'found' | 'ambiguous' }> {
  const all = held.kind === 'found' ? [{ workspaceId: held.workspaceId, task: held.task }] : [...held.candidates];
  const others = all.filter((c) => c.workspaceId !== candidate.workspaceId);
  return others.length === 0
    ? { kind: 'found', ...candidate }
    : { kind: 'ambiguous', candidates: [...others, candidate] };
}

/** A remembered space the service no longer shows to this token. */
function isGone(error: unknown): boolean {
  return NotFoundError.is(error) || ForbiddenError.is(error);
}
