// Statuses and members the filters and pickers need, fetched once per list / workspace and shared
// (Reference: Navigation, GET /lists/{list}/statuses and GET /workspaces/{workspace}/members).
// Statuses are per list, so a status filter is kept by name and turned into ids per scope.
import type { StatusList } from '../api/envelopes';
import type { RequestPriority } from '../api/rateLimiter';
import type { Member, Status, TaskRow } from '../api/schemas';

export interface DirectoryApi {
  listStatuses(listId: string, opts?: { priority?: RequestPriority }): Promise<StatusList>;
  listMembers(workspaceId: string, opts?: { priority?: RequestPriority }): Promise<Member[]>;
}

export class Directory {
  private readonly statuses = new Map<string, Promise<Status[]>>();
  private readonly members = new Map<string, Promise<Member[]>>();
  /** Every status seen, from status lists and from task rows, by id. */
  private readonly seen = new Map<string, Pick<Status, 'id' | 'name'> & { type?: string; color?: string }>();

  constructor(private readonly api: DirectoryApi) {}

  statusesOf(listId: string): Promise<Status[]> {
    let pending = this.statuses.get(listId);
    if (!pending) {
      pending = this.api.listStatuses(listId, { priority: 'user' }).then((answer) => {
        answer.data.forEach((s) => this.seen.set(s.id, s));
        return answer.data;
      });
      pending.catch(() => this.statuses.delete(listId));
      this.statuses.set(listId, pending);
    }
    return pending;
  }

  membersOf(workspaceId: string): Promise<Member[]> {
    let pending = this.members.get(workspaceId);
    if (!pending) {
      pending = this.api.listMembers(workspaceId, { priority: 'user' });
      pending.catch(() => this.members.delete(workspaceId));
      this.members.set(workspaceId, pending);
    }
    return pending;
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
}
