// What every feature's pickers and filters need and what rarely changes: statuses per list, members
// per workspace, the sidebar of a workspace (Reference: Navigation). ONE cache per signed-in client,
// shared by the tree, the commands, the panel and saved views, so a status list read for the tree's
// filter is not read again for Set Status or for the panel (Limits: 60 requests a minute). Entries
// live a few minutes; a failed load is not kept, so the next caller asks again.
import type { StatusList } from './envelopes';
import type { RequestPriority } from './rateLimiter';
import type { Member, Status, TaskRow } from './schemas';

export interface DirectoryApi {
  listStatuses(listId: string, opts?: { priority?: RequestPriority }): Promise<StatusList>;
  listMembers(workspaceId: string, opts?: { priority?: RequestPriority }): Promise<Member[]>;
  getSidebar(workspaceId: string, opts?: { priority?: RequestPriority }): Promise<unknown>;
}

const TTL_MS = 5 * 60_000;

export class Directory {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  /** Every status seen, from status lists and from task rows, by id. */
  private readonly seen = new Map<string, Pick<Status, 'id' | 'name'> & { type?: string; color?: string }>();

  constructor(
    private readonly api: DirectoryApi,
    private readonly now: () => number = Date.now,
  ) {}

  statusesOf(listId: string): Promise<Status[]> {
    return this.cached(`statuses:${listId}`, async () => {
      const answer = await this.api.listStatuses(listId, { priority: 'user' });
      answer.data.forEach((s) => this.seen.set(s.id, s));
      return answer.data;
    });
  }

  membersOf(workspaceId: string): Promise<Member[]> {
    return this.cached(`members:${workspaceId}`, () => this.api.listMembers(workspaceId, { priority: 'user' }));
  }

  /** The sidebar answer as sent (its shape is not shown in the reference: callers read it defensively). */
  sidebar(workspaceId: string): Promise<unknown> {
    return this.cached(`sidebar:${workspaceId}`, () => this.api.getSidebar(workspaceId, { priority: 'user' }));
  }

  /** Learns the statuses of rows the trees received (no request). */
  noteRows(rows: Iterable<TaskRow>): void {
    for (const row of rows) {
      if (row.status?.id && !this.seen.has(row.status.id)) {
        this.seen.set(row.status.id, { id: row.status.id, name: row.status.name, type: row.status.type, color: row.status.color });
      }
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

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < TTL_MS) {
      return hit.value as Promise<T>;
    }
    const value = load();
    this.entries.set(key, { at: this.now(), value });
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    return value;
  }
}
