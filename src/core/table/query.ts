import type { TaskFilter, TaskQuery, TaskScope, TaskSort } from '../api/inputs';
import type { TableGroupBy, TableSort } from '../../shared/table/protocol';

/**
 * What the table asks the task index for (docs/api/openapi.yaml#listTasks): the column keys of the
 * page's header sorts become the index's sort fields, a grouping puts its field first (so each group
 * is one run of rows), and the tree's filter goes as `filter`/`search`. What the index cannot order
 * (by list) is ordered here over every row (docs/decisions/table.md).
 */

/** The most sort keys the index takes (docs/api/README.md#limits). */
export const MAX_SERVER_SORTS = 3;

/** The index's sort field of a column key, or undefined when the index has none (the list column). */
export function sortField(key: string): string | undefined {
  switch (key) {
    case 'title':
    case 'status':
    case 'priority':
    case 'assignee':
      return key;
    case 'due':
      return 'due_date';
    default:
      return key.startsWith('cf:') ? `cf_${key.slice(3)}` : undefined;
  }
}

/** The column key a grouping orders by. */
export function groupColumn(by: TableGroupBy): string {
  return by;
}

/**
 * Whether the rows' order is the host's to make: a sort or a grouping the index has no field for.
 * Every matching row is then loaded first.
 */
export function orderedOnHost(sorts: readonly TableSort[], groupBy: TableGroupBy | undefined): boolean {
  return groupBy === 'list' || sorts.some((s) => sortField(s.key) === undefined);
}

/** The index's `sorts`: the group's field first (ascending), then the header's keys, at most three. */
export function serverSorts(sorts: readonly TableSort[], groupBy: TableGroupBy | undefined): TaskSort[] {
  const out: TaskSort[] = [];
  const add = (field: string | undefined, direction: 'asc' | 'desc'): void => {
    if (field && !out.some((s) => s.field === field) && out.length < MAX_SERVER_SORTS) out.push({ field, direction });
  };
  if (groupBy && groupBy !== 'list') add(sortField(groupColumn(groupBy)), 'asc');
  for (const sort of sorts) add(sortField(sort.key), sort.direction);
  return out;
}

export interface IndexRequest {
  readonly scope: TaskScope;
  readonly sorts: readonly TableSort[];
  readonly groupBy?: TableGroupBy;
  readonly filter?: { readonly filter?: TaskFilter; readonly search?: string };
  /** 100 for the first page; 0 for every matching row at once. */
  readonly perPage: number;
}

/** One task index query of the table. */
export function indexQuery(request: IndexRequest): TaskQuery {
  const sorts = serverSorts(request.sorts, request.groupBy);
  return {
    scope: request.scope,
    ...(request.filter?.filter ? { filter: request.filter.filter } : {}),
    ...(request.filter?.search ? { search: request.filter.search } : {}),
    ...(sorts.length > 0 ? { sorts } : {}),
    ...(request.groupBy ? { group_by: request.groupBy } : {}),
    per_page: request.perPage,
    ...(request.perPage > 0 ? { page: 1 } : {}),
  };
}
