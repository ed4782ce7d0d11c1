import * as vscode from 'vscode';
import type { ApiClient } from '../../core/api/client';
import type { TaskPage } from '../../core/api/envelopes';
import type { TaskScope } from '../../core/api/inputs';
import type { CustomFieldDefinition, Status, TaskRow } from '../../core/api/schemas';
import { TABLE_BUDGET } from '../../core/budgets';
import { indexQuery } from '../../core/table/query';
import type { IndexRequest } from '../../core/table/query';
import { signedIn } from '../auth/guard';
import type { BoardSource } from '../board/source';
import { directoryFor } from '../directory';
import type { Session } from '../auth/session';
import { editFilter as editTreeFilter } from '../tree/filterPicker';
import type { QueryParts, ViewFilter } from '../tree/viewFilter';
import { PAGE_SIZE } from '../board/source';

/** How many pages a view may take to be sorted here (src/core/budgets.ts). */
export const VIEW_PAGE_LIMIT = TABLE_BUDGET.viewPages;

type Opts = { readonly priority: 'user' | 'background'; readonly signal: AbortSignal };

export function scopeOf(source: Exclude<BoardSource, { kind: 'view' }>): TaskScope {
  return source.kind === 'list'
    ? { list_id: source.id }
    : source.kind === 'folder'
      ? { folder_id: source.id }
      : { space_id: source.id };
}

/** One task index read of the table: the first page (`perPage` 100) or every matching row (`perPage` 0). */
export function readIndex(
  client: ApiClient,
  source: Exclude<BoardSource, { kind: 'view' }>,
  request: Omit<IndexRequest, 'scope'>,
  opts: Opts,
): Promise<TaskPage> {
  return client.listTasks(source.workspaceId, indexQuery({ ...request, scope: scopeOf(source) }), opts);
}

/** One page of a saved view's own evaluation (it takes no filter, sorts or group_by). */
export function readView(client: ApiClient, viewId: string, page: number, opts: Opts): Promise<TaskPage> {
  return client.runView(viewId, { per_page: PAGE_SIZE, page }, opts);
}

/** The custom field definitions in effect per list, read once per list and client from one of its tasks. */
const fieldCache = new WeakMap<ApiClient, Map<string, Promise<CustomFieldDefinition[]>>>();

export function fieldsOfList(client: ApiClient, listId: string, sample: TaskRow): Promise<CustomFieldDefinition[]> {
  let cache = fieldCache.get(client);
  if (!cache) {
    cache = new Map();
    fieldCache.set(client, cache);
  }
  let defs = cache.get(listId);
  if (!defs) {
    defs = client.getCustomFields(sample.id, { priority: 'background' });
    // A failed read is tried again by the next load, not cached.
    defs.catch(() => cache.delete(listId));
    cache.set(listId, defs);
  }
  return defs;
}

/**
 * The statuses and custom fields of the lists not described yet, at most the table's lists in all
 * (src/core/budgets.ts), read side by side in the background: each is shared with every feature and
 * joined while in flight.
 */
export async function describeLists(
  client: ApiClient,
  samples: ReadonlyMap<string, TaskRow>,
  described: ReadonlyMap<string, unknown>,
): Promise<{ listId: string; statuses: Status[]; fields: CustomFieldDefinition[] }[]> {
  const room = Math.max(0, TABLE_BUDGET.lists - described.size);
  const fresh = [...samples].filter(([listId]) => !described.has(listId)).slice(0, room);
  const directory = directoryFor(client);
  return Promise.all(
    fresh.map(async ([listId, sample]) => {
      const [statuses, fields] = await Promise.all([
        directory.statusesOf(listId, 'background'),
        fieldsOfList(client, listId, sample),
      ]);
      return { listId, statuses, fields };
    }),
  );
}

/** What a table says when it kept only its budget's rows (of `total`), or described only its budget's lists. */
export function leftOut(what: 'rows' | 'lists', total = 0): string {
  return what === 'rows'
    ? vscode.l10n.t(
        'Showing the first {0} tasks of {1}. Filter, or open a list, for the rest.',
        TABLE_BUDGET.rows,
        total,
      )
    : vscode.l10n.t(
        'Status choices and custom fields are shown for the first {0} lists only. Open a folder or a list for the rest.',
        TABLE_BUDGET.lists,
      );
}

/** The tree's filter as the index's query parts; null when it can match nothing. */
export async function indexFilter(
  filter: ViewFilter,
  client: ApiClient,
  source: Exclude<BoardSource, { kind: 'view' }>,
): Promise<QueryParts | null | undefined> {
  if (filter.isEmpty) return undefined;
  const directory = directoryFor(client);
  return source.kind === 'list' ? filter.forList(directory, source.id) : filter.forWorkspace(directory);
}

/**
 * The tree's filter bar (the same QuickPicks) over a table's filter, with the workspaces and user of
 * the table's account; a change reloads the table.
 */
export async function editFilter(session: Session, client: ApiClient, filter: ViewFilter): Promise<void> {
  const state = await signedIn(session);
  if (!state) return;
  await editTreeFilter({
    filter,
    directory: directoryFor(client),
    workspaces: state.user.workspaces,
    meId: state.user.id,
    withAssignee: true,
  });
}
