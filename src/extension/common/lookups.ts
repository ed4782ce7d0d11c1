import type { ApiClient } from '../../core/api/client';
import type { Member, Status } from '../../core/api/schemas';
import { ApiError } from '../../core/api/errors';
import { placeOfList, targetsFromSidebar } from '../../core/tasks/sidebar';
import type { ListTarget, Targets } from '../../core/tasks/sidebar';
import { directoryFor } from '../directory';
import { log } from '../log';
import { errorText } from '../../core/util/errorText';

/**
 * What the commands' pickers and the task panel show: statuses per list, members per workspace and
 * the place of a list come from the session's shared directory (the tree, the commands and every
 * panel read the same cache, so opening a task costs no request another feature already made);
 * move/create targets per workspace are derived here from its sidebar, or from the documented tree
 * walk when the sidebar cannot be read. A new session (sign out, another account) clears them, and
 * so does a failed load.
 */
export class Lookups {
  /** Per client (so per account: each user sees other lists), then per workspace. */
  private targetCache = new WeakMap<ApiClient, Map<string, Promise<Targets>>>();

  clear(): void {
    this.targetCache = new WeakMap();
  }

  statuses(client: ApiClient, listId: string): Promise<Status[]> {
    return directoryFor(client).statusesOf(listId);
  }

  members(client: ApiClient, workspaceId: string): Promise<Member[]> {
    return directoryFor(client).membersOf(workspaceId);
  }

  /** Lists and sprints of a workspace: the sidebar in one request, else the documented tree walk. */
  targets(client: ApiClient, workspaceId: string): Promise<Targets> {
    let perClient = this.targetCache.get(client);
    if (!perClient) {
      perClient = new Map();
      this.targetCache.set(client, perClient);
    }
    return cached(perClient, workspaceId, () => loadTargets(client, workspaceId));
  }

  /** Workspace / space / folder / list names of a list, from the sidebar (the task panel's breadcrumb). */
  async breadcrumb(client: ApiClient, workspaceId: string, workspaceName: string | undefined, listId: string) {
    const sidebar = await directoryFor(client).sidebar(workspaceId);
    return [
      { level: 'workspace' as const, id: workspaceId, name: workspaceName ?? '' },
      ...placeOfList(sidebar, listId),
    ];
  }

  /** Forgets a workspace's targets (after a failure that suggests they changed). */
  forgetTargets(client: ApiClient, workspaceId: string): void {
    this.targetCache.get(client)?.delete(workspaceId);
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
    const targets = targetsFromSidebar(await directoryFor(client).sidebar(workspaceId));
    if (targets) {
      return targets;
    }
    log.warn('The sidebar answered in an unexpected shape; walking spaces, folders and lists instead.');
  } catch (error) {
    // Unreachable, slow, out of budget or failing: the walk would wait out the same deadline again.
    if (ApiError.is(error) && ['network', 'rateLimited', 'server', 'queued', 'unauthorized'].includes(error.kind)) {
      throw error;
    }
    log.warn(`The sidebar could not be read (${errorText(error)}); walking spaces, folders and lists instead.`);
  }
  return { lists: await walkLists(client, workspaceId), sprints: [] };
}

/**
 * Navigation routes (docs/api/openapi.yaml#listSpaces and the next levels): spaces -> folders -> lists (one request per
 * space and folder).
 */
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
