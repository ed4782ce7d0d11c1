import type { ApiClient } from '../api/client';
import { NotFoundError } from '../api/errors';
import type { RequestOptions } from '../api/requester';
import type { Task } from '../api/schemas';
import { REFERENCES_BUDGET } from '../budgets';
import { TaskResolver } from '../codeLinks/resolver';

/**
 * A task from its display id (ACME-12). The API has no such lookup; the resolver of code links
 * (core/codeLinks/resolver.ts) finds one through the task index and, for a subtask, search. One
 * resolver per call: an assistant's lookup caches nothing between calls, so it never reads a stale
 * answer; the index row it finds is then read in full.
 */
export async function taskByDisplayId(
  client: ApiClient,
  workspaceId: string,
  displayId: string,
  opts: RequestOptions,
): Promise<Task> {
  // The resolver keeps a failed pass quiet (its callers ask again later); an assistant needs the reason.
  let failure: unknown;
  const noted = <T>(request: Promise<T>): Promise<T> =>
    request.catch((error: unknown) => {
      failure ??= error;
      throw error;
    });
  const resolver = new TaskResolver(
    {
      listSpaces: (ws) => noted(client.listSpaces(ws, opts)),
      listTasks: (ws, query) => noted(client.listTasks(ws, query, opts)),
      search: (query) => noted(client.search(query, opts)),
      getTask: (ws, id) => noted(client.getTask(ws, id, opts)),
    },
    { workspacesFor: () => [workspaceId], maxFallback: 1 },
  );
  const found = (await resolver.resolve([displayId], 'user')).get(displayId);
  if (found?.kind !== 'found') {
    if (failure !== undefined && found === undefined) {
      throw failure;
    }
    if (found === undefined) {
      // The look-up's budget (src/core/budgets.ts) ran out before every space was read.
      throw new NotFoundError({
        operation: 'getTaskByDisplayId',
        status: 404,
        message: `${displayId} was not found in the spaces one call may read (${REFERENCES_BUDGET.requests} requests). Narrow it: search_tasks with the id, or list_tasks with a space_id.`,
      });
    }
    throw new NotFoundError({
      operation: 'getTaskByDisplayId',
      status: 404,
      message: `No task ${displayId} in this workspace that this account can see.`,
    });
  }
  return client.getTask(workspaceId, found.task.id, opts);
}
