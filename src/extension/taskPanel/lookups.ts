import type { ApiClient } from '../../core/api/client';
import type { Member, Status } from '../../core/api/schemas';
import type { Crumb } from '../../webview/taskPanel/protocol';

const TTL_MS = 5 * 60_000;

interface Entry<T> {
  readonly at: number;
  readonly value: Promise<T>;
}

/**
 * What every open panel of a workspace shares: members, statuses per list, the place of a list in
 * the tree. Cached for a few minutes per client (a new client, after sign-in, starts empty), so
 * opening a second task costs no extra request for them (Limits: 60 requests a minute).
 */
export class Lookups {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(readonly client: ApiClient) {}

  members(workspaceId: string, signal?: AbortSignal): Promise<Member[]> {
    return this.cached(`members:${workspaceId}`, () => this.client.listMembers(workspaceId, { signal, priority: 'user' }));
  }

  statuses(listId: string, signal?: AbortSignal): Promise<Status[]> {
    return this.cached(`statuses:${listId}`, async () => (await this.client.listStatuses(listId, { signal, priority: 'user' })).data);
  }

  /** Workspace / space / folder / list names for a list, from the sidebar (ASSUMPTIONS.md: Sidebar). */
  async breadcrumb(workspaceId: string, workspaceName: string | undefined, listId: string, signal?: AbortSignal): Promise<Crumb[]> {
    const root: Crumb[] = [{ level: 'workspace', id: workspaceId, name: workspaceName ?? '' }];
    const sidebar = await this.cached(`sidebar:${workspaceId}`, () => this.client.getSidebar(workspaceId, { signal, priority: 'background' }));
    return [...root, ...findList(sidebar, listId)];
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && Date.now() - hit.at < TTL_MS) {
      return hit.value;
    }
    const value = load();
    this.entries.set(key, { at: Date.now(), value });
    // A failed load is not kept: the next panel asks again.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    return value;
  }
}

interface Named {
  id?: unknown;
  name?: unknown;
}

/**
 * The sidebar's shape is not shown in the reference; it is read defensively (every level checked)
 * and a shape we do not recognise gives no crumbs rather than an error.
 */
function findList(sidebar: unknown, listId: string): Crumb[] {
  const spaces = arrayAt((sidebar as { data?: unknown } | null)?.data, 'spaces');
  for (const space of spaces) {
    for (const folder of arrayAt(space, 'folders')) {
      const list = arrayAt(folder, 'lists').find((l) => l.id === listId);
      if (list) {
        return [crumb('space', space), crumb('folder', folder), crumb('list', list)];
      }
    }
  }
  return [];
}

function arrayAt(value: unknown, key: string): Named[] {
  const inner = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return Array.isArray(inner) ? inner.filter((v): v is Named => typeof v === 'object' && v !== null) : [];
}

function crumb(level: Crumb['level'], value: Named): Crumb {
  return { level, id: String(value.id ?? ''), name: typeof value.name === 'string' ? value.name : '' };
}
