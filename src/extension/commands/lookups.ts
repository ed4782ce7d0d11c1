import type { ApiClient } from '../../core/api/client';
import type { Member, Status } from '../../core/api/schemas';
import { targetsFromSidebar } from '../../core/tasks/sidebar';
import type { ListTarget, Targets } from '../../core/tasks/sidebar';
import { log } from '../log';

/**
 * Per-session caches of what pickers show: statuses per list, members per workspace, move/create
 * targets per workspace (Limits: 60 requests a minute; these rarely change). A new session (sign
 * out, another account) clears them, and so does a failed load, so the next pick asks again.
 */
export class Lookups {
  private readonly statusCache = new Map<string, Promise<Status[]>>();
  private readonly memberCache = new Map<string, Promise<Member[]>>();
  private readonly targetCache = new Map<string, Promise<Targets>>();

  clear(): void {
    this.statusCache.clear();
    this.memberCache.clear();
    this.targetCache.clear();
  }

  statuses(client: ApiClient, listId: string): Promise<Status[]> {
    return cached(this.statusCache, listId, async () => (await client.listStatuses(listId, { priority: 'user' })).data);
  }

  members(client: ApiClient, workspaceId: string): Promise<Member[]> {
    return cached(this.memberCache, workspaceId, () => client.listMembers(workspaceId, { priority: 'user' }));
  }

  /** Lists and sprints of a workspace: the sidebar in one request, else the documented tree walk. */
  targets(client: ApiClient, workspaceId: string): Promise<Targets> {
    return cached(this.targetCache, workspaceId, () => loadTargets(client, workspaceId));
  }

  /** Forgets a workspace's targets (after a failure that suggests they changed). */
  forgetTargets(workspaceId: string): void {
    this.targetCache.delete(workspaceId);
  }
}

function cached<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = load();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

async function loadTargets(client: ApiClient, workspaceId: string): Promise<Targets> {
  try {
    const targets = targetsFromSidebar(await client.getSidebar(workspaceId, { priority: 'user' }));
    if (targets) {
      return targets;
    }
    log.warn('The sidebar answered in an unexpected shape; walking spaces, folders and lists instead.');
  } catch (error) {
    log.warn(`The sidebar could not be read (${error instanceof Error ? error.message : String(error)}); walking spaces, folders and lists instead.`);
  }
  return { lists: await walkLists(client, workspaceId), sprints: [] };
}

/** Navigation routes of the reference: spaces -> folders -> lists (one request per space and folder). */
async function walkLists(client: ApiClient, workspaceId: string): Promise<ListTarget[]> {
  const opts = { priority: 'user' as const };
  const spaces = await client.listSpaces(workspaceId, opts);
  const perSpace = await Promise.all(
    spaces.map(async (space) => {
      const folders = await client.listFolders(workspaceId, space.id, opts);
      const perFolder = await Promise.all(
        folders.map(async (folder) =>
          (await client.listLists(workspaceId, space.id, folder.id, opts)).map((list) => ({
            id: list.id,
            name: list.name,
            path: `${space.name} / ${folder.name}`,
            spaceId: space.id,
          })),
        ),
      );
      return perFolder.flat();
    }),
  );
  return perSpace.flat();
}
