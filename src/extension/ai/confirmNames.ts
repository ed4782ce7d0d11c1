import type { ApiClient } from '../../core/api/client';
import type { NamedId } from '../../core/mcp/confirm';
import { targetsFromSidebar } from '../../core/tasks/sidebar';
import { isUuid } from '../../core/util/ids';
import { directoryFor } from '../directory';

/** A confirmation waits at most this long for a name; past it the id is shown as unknown. */
const NAME_WAIT_MS = 8_000;

type Names = Partial<Record<NamedId, string | null>>;

/**
 * What the ids of a write stand for, so that the user confirms "status Done, assignee Bob", not two
 * UUIDs: the status's name (from its list's statuses), the member's name and the list's path (from
 * the workspace's sidebar). Each is one read through the session's shared Directory (cached for
 * minutes, so a burst of confirmations reads each once), at most three per confirmation, and none
 * waits past NAME_WAIT_MS. A name not found is null: the confirmation then says "(unknown id)".
 */
export async function namesFor(
  client: ApiClient,
  input: Readonly<Record<string, unknown>>,
  listId: string | undefined,
): Promise<Names> {
  const directory = directoryFor(client);
  const workspaceId = typeof input.workspace_id === 'string' ? input.workspace_id : undefined;
  const wanted: [NamedId, (id: string) => Promise<string | undefined>][] = [
    [
      'status_id',
      async (id) =>
        listId && isUuid(listId) ? (await directory.statusesOf(listId)).find((s) => s.id === id)?.name : undefined,
    ],
    [
      'assignee_id',
      async (id) =>
        workspaceId && isUuid(workspaceId)
          ? (await directory.membersOf(workspaceId)).find((m) => m.id === id)?.name
          : undefined,
    ],
    ['list_id', async (id) => (workspaceId && isUuid(workspaceId) ? listPath(client, workspaceId, id) : undefined)],
  ];
  const names: Names = {};
  await Promise.all(
    wanted.map(async ([key, find]) => {
      const id = input[key];
      if (typeof id === 'string') {
        names[key] = isUuid(id) ? ((await bounded(find(id))) ?? null) : null;
      }
    }),
  );
  return names;
}

async function listPath(client: ApiClient, workspaceId: string, listId: string): Promise<string | undefined> {
  const list = targetsFromSidebar(await directoryFor(client).sidebar(workspaceId))?.lists.find((l) => l.id === listId);
  return list ? `${list.path} / ${list.name}` : undefined;
}

/** The answer, or undefined when it failed or took too long (the confirmation is never held up). */
function bounded<T>(promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), NAME_WAIT_MS);
    timer.unref?.();
  });
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}
