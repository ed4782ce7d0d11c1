// What every feature's pickers and filters need and what rarely changes: statuses per list, members
// per workspace, the sidebar of a workspace (docs/api/openapi.yaml#listSpaces). ONE cache per signed-in client,
// shared by the tree, the commands, the panel and saved views, so a status list read for the tree's
// filter is not read again for Set Status or for the panel (docs/api/README.md#rate-limit). Entries
// live a few minutes; a failed load is not kept, so the next caller asks again.
import type { StatusList } from './envelopes';
import { NetworkError } from './errors';
import type { RequestPriority } from './rateLimiter';
import type { Member, Status, TaskRow } from './schemas';

export interface DirectoryApi {
  listStatuses(listId: string, opts?: { priority?: RequestPriority }): Promise<StatusList>;
  listMembers(workspaceId: string, opts?: { priority?: RequestPriority }): Promise<Member[]>;
  getSidebar(workspaceId: string, opts?: { priority?: RequestPriority }): Promise<unknown>;
}

const TTL_MS = 5 * 60_000;
/** Recently seen task names (for labels of queued writes and the like), at most this many. */
const RECENT_TASKS = 5_000;

export interface TaskName {
  readonly id: string;
  readonly display_id?: string;
  readonly title: string;
}

export class Directory {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown>; good?: { value: unknown } }>();
  private readonly names = new Map<string, TaskName>();
  /** Every status seen, from status lists and from task rows, by id. */
  private readonly seen = new Map<string, Pick<Status, 'id' | 'name'> & { type?: string; color?: string }>();

  constructor(
    private readonly api: DirectoryApi,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A list's statuses, read once for every feature (a read in flight is joined, not repeated). A
   * whole operation over many lists asks at `background` priority past its first few, so a click
   * is never queued behind them (docs/decisions/operation-budgets.md).
   */
  statusesOf(listId: string, priority: RequestPriority = 'user'): Promise<Status[]> {
    return this.cached(`statuses:${listId}`, async () => {
      const answer = await this.api.listStatuses(listId, { priority });
      answer.data.forEach((s) => this.seen.set(s.id, s));
      return answer.data;
    });
  }

  membersOf(workspaceId: string): Promise<Member[]> {
    return this.cached(`members:${workspaceId}`, () => this.api.listMembers(workspaceId, { priority: 'user' }));
  }

  /** The sidebar answer as sent (its shape is not documented: callers read it defensively). */
  sidebar(workspaceId: string): Promise<unknown> {
    return this.cached(`sidebar:${workspaceId}`, () => this.api.getSidebar(workspaceId, { priority: 'user' }));
  }

  /** Learns the statuses of rows the trees received (no request). */
  noteRows(rows: Iterable<TaskRow>): void {
    for (const row of rows) {
      this.rememberName(row);
      if (row.status?.id && !this.seen.has(row.status.id)) {
        this.seen.set(row.status.id, {
          id: row.status.id,
          name: row.status.name,
          type: row.status.type,
          color: row.status.color,
        });
      }
    }
  }

  /** Display id and title of a task seen recently, without a request. */
  taskName(taskId: string): TaskName | undefined {
    return this.names.get(taskId);
  }

  private rememberName(row: Pick<TaskRow, 'id' | 'title'> & { display_id?: string | null }): void {
    this.names.delete(row.id); // re-inserted last: the map's order is the recency order
    this.names.set(row.id, { id: row.id, title: row.title, display_id: row.display_id ?? undefined });
    if (this.names.size > RECENT_TASKS) {
      this.names.delete(this.names.keys().next().value as string);
    }
  }

  /** Distinct status names known so far, with one colour each, for a picker. */
  knownStatusNames(): { name: string; color?: string; type?: string }[] {
    const byName = new Map<string, { name: string; color?: string; type?: string }>();
    for (const s of this.seen.values()) {
      if (!byName.has(s.name)) {
        byName.set(s.name, { name: s.name, color: s.color, type: s.type });
      }
    }
    return [...byName.values()];
  }

  /** Ids of every known status with one of `names` (for scopes wider than a list). */
  knownIdsFor(names: readonly string[]): string[] {
    return [...this.seen.values()].filter((s) => names.includes(s.name)).map((s) => s.id);
  }

  /** Ids of the list's statuses with one of `names`. */
  async listIdsFor(listId: string, names: readonly string[]): Promise<string[]> {
    return (await this.statusesOf(listId)).filter((s) => names.includes(s.name)).map((s) => s.id);
  }

  /**
   * A fresh entry is served as is; an old one is read again. When that read fails on the network, the
   * last good answer is served (still the best there is, offline) and the next caller tries again.
   */
  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < TTL_MS) {
      return hit.value as Promise<T>;
    }
    const good = hit?.good;
    const value = load().then(
      (answer) => {
        const entry = this.entries.get(key);
        if (entry) {
          entry.good = { value: answer };
        }
        return answer;
      },
      (error: unknown) => {
        if (this.entries.get(key)?.value === value) {
          this.entries.set(key, { at: 0, value, good });
        }
        if (good && NetworkError.is(error)) {
          return good.value as T;
        }
        throw error;
      },
    );
    this.entries.set(key, { at: this.now(), value, good });
    return value;
  }
}
