import type { ApiClient } from '../../core/api/client';
import type { Member, Status } from '../../core/api/schemas';
import type { Crumb } from '../../shared/taskPanel/protocol';
import { directoryFor } from '../directory';

/**
 * What every open panel shares with the tree and the commands: members, statuses per list and the
 * place of a list in the tree, from the session's one directory (src/core/api/directory.ts), so
 * opening a task costs no request for what another feature already read. The shared requests are not
 * tied to one panel's cancellation: another feature may be waiting on the same answer.
 */
export class Lookups {
  constructor(readonly client: ApiClient) {}

  members(workspaceId: string): Promise<Member[]> {
    return directoryFor(this.client).membersOf(workspaceId);
  }

  statuses(listId: string): Promise<Status[]> {
    return directoryFor(this.client).statusesOf(listId);
  }

  /**
   * Workspace / space / folder / list names for a list, from the sidebar (docs/api/openapi.yaml#getWorkspaceSidebar).
   */
  async breadcrumb(workspaceId: string, workspaceName: string | undefined, listId: string): Promise<Crumb[]> {
    const root: Crumb[] = [{ level: 'workspace', id: workspaceId, name: workspaceName ?? '' }];
    return [...root, ...findList(await directoryFor(this.client).sidebar(workspaceId), listId)];
  }
}

interface Named {
  id?: unknown;
  name?: unknown;
}

/**
 * The sidebar's shape is not documented; it is read defensively (every level checked)
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
