import type { ApiClient } from '../../core/api/client';
import type { TaskPage } from '../../core/api/envelopes';
import type { RequestPriority } from '../../core/api/rateLimiter';
import type { ListStatuses } from '../../core/board/columns';
import { directoryFor } from '../directory';

/** What a board shows: for now one list (its statuses are the columns). */
export interface BoardSource {
  readonly kind: 'list';
  readonly workspaceId: string;
  readonly listId: string;
  readonly name: string;
}

/** Rows per page of the task index (its largest page: docs/api/README.md#limits). */
export const PAGE_SIZE = 100;

/** The statuses of the board's lists, from the session's shared directory (cached a few minutes). */
export async function statusesOf(client: ApiClient, source: BoardSource): Promise<ListStatuses[]> {
  return [{ listId: source.listId, statuses: await directoryFor(client).statusesOf(source.listId) }];
}

/** Whether a task belongs on this board (a change told by the bus). */
export function belongs(
  source: BoardSource,
  task: { readonly list_id?: string; readonly parent_task_id?: string | null },
): boolean {
  return task.list_id === source.listId && !task.parent_task_id;
}

/** One page of the board's rows (docs/api/openapi.yaml#listTasks, top-level rows of the scope). */
export function pageOf(
  client: ApiClient,
  source: BoardSource,
  page: number,
  options: { readonly priority: RequestPriority; readonly signal: AbortSignal },
): Promise<TaskPage> {
  return client.listTasks(
    source.workspaceId,
    { scope: { list_id: source.listId }, per_page: PAGE_SIZE, page },
    options,
  );
}
