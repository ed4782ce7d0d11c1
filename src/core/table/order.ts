import type { DuePreset, Priority, TaskFilter } from '../tasks/filter';
import type { TableGroup, TableGroupBy, TableRow, TableSort, TableValue } from '../../shared/table/protocol';

/**
 * Sorting, grouping and filtering of loaded rows, for what the service cannot do: a saved view's
 * rows (its evaluation takes no sorts, group_by or filter) and an order by list. Same rules as the
 * index: nulls last in either direction, ties keep the order the rows came in.
 */

const PRIORITY_RANK: Readonly<Record<string, number>> = { low: 0, medium: 1, high: 2, critical: 3 };

type Key = string | number | null;

/** A row's status rank within its list (the list's order), for sorting and grouping by status. */
export type StatusRank = (row: TableRow) => number;

function keyOf(row: TableRow, column: string, statusRank: StatusRank): Key {
  switch (column) {
    case 'title':
      return row.title.toLocaleLowerCase();
    case 'status':
      return `${String(statusRank(row)).padStart(6, '0')}:${row.status.toLocaleLowerCase()}`;
    case 'priority':
      return row.priority === undefined ? null : (PRIORITY_RANK[row.priority] ?? null);
    case 'assignee':
      return row.assignee ? `${row.assignee.toLocaleLowerCase()}:${row.assigneeId ?? ''}` : null;
    case 'due':
      return row.due ?? null;
    case 'list':
      return `${(row.listName ?? '').toLocaleLowerCase()}:${row.listId}`;
    default:
      return valueKey(row.fields[column] ?? null);
  }
}

function valueKey(value: TableValue): Key {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return value === '' ? null : value.toLocaleLowerCase();
  return value.length === 0 ? null : value.join(',').toLocaleLowerCase();
}

/** The rows in the order of the sort keys (a group's key first, ascending), stable. */
export function sortRows(
  rows: readonly TableRow[],
  sorts: readonly TableSort[],
  groupBy: TableGroupBy | undefined,
  statusRank: StatusRank,
): TableRow[] {
  const specs: TableSort[] = groupBy ? [{ key: groupBy, direction: 'asc' }, ...sorts] : [...sorts];
  if (specs.length === 0) return [...rows];
  const keyed = rows.map((row) => ({ row, keys: specs.map((s) => keyOf(row, s.key, statusRank)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < specs.length; i++) {
      const x = a.keys[i] ?? null;
      const y = b.keys[i] ?? null;
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const c = x < y ? -1 : 1;
      return specs[i]!.direction === 'asc' ? c : -c;
    }
    return 0;
  });
  return keyed.map((k) => k.row);
}

/** The index's group key of a row (`group_counts` keys: ids, a priority, `none` for no value). */
export function groupKeyOf(row: TableRow, by: TableGroupBy): string {
  switch (by) {
    case 'status':
      return row.statusId;
    case 'priority':
      return row.priority ?? 'none';
    case 'assignee':
      return row.assigneeId ?? 'none';
    case 'list':
      return row.listId;
  }
}

/**
 * The groups of rows already in group order: one per run of the same key, with the index's count
 * when it gave one (every matching row), else the loaded rows' count.
 */
export function groupsOf(
  rows: readonly TableRow[],
  by: TableGroupBy,
  counts: Readonly<Record<string, number>> | null | undefined,
  noValue: string,
): TableGroup[] {
  const groups: { key: string; label: string; count: number; start: number }[] = [];
  rows.forEach((row, index) => {
    const key = groupKeyOf(row, by);
    if (groups.at(-1)?.key === key) {
      if (!counts) groups.at(-1)!.count += 1;
      return;
    }
    groups.push({ key, label: groupLabel(row, by) ?? noValue, count: counts ? (counts[key] ?? 0) : 1, start: index });
  });
  return groups;
}

function groupLabel(row: TableRow, by: TableGroupBy): string | undefined {
  switch (by) {
    case 'status':
      return row.status;
    case 'priority':
      return row.priority;
    case 'assignee':
      return row.assignee;
    case 'list':
      return row.listName;
  }
}

/** The tree's filter with statuses by name (ids differ from list to list). */
export type RowFilter = Omit<TaskFilter, 'statusIds'> & { readonly statusNames?: readonly string[] };

/** Whether a loaded row passes the tree's filter, as the index would decide it (for a saved view's rows). */
export function matchesFilter(row: TableRow, filter: RowFilter, today: string): boolean {
  if (filter.statusNames?.length && !filter.statusNames.includes(row.status)) return false;
  if (filter.priorities?.length && !filter.priorities.includes(row.priority as Priority)) return false;
  if (filter.assigneeIds === null && row.assigneeId) return false;
  if (filter.assigneeIds?.length && !filter.assigneeIds.includes(row.assigneeId ?? '')) return false;
  if (filter.due && !dueMatches(row.due, filter.due, today)) return false;
  const text = filter.text?.trim().toLocaleLowerCase();
  if (text && !`${row.title}\n${row.displayId ?? ''}`.toLocaleLowerCase().includes(text)) return false;
  return true;
}

/** The due presets over `YYYY-MM-DD` days; weeks start on Monday. */
export function dueMatches(due: string | undefined, preset: DuePreset, today: string): boolean {
  if (preset === 'no_due_date') return due === undefined;
  if (due === undefined) return false;
  if (preset === 'overdue') return due < today;
  if (preset === 'today') return due === today;
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const start = preset === 'this_week' ? monday : addDays(monday, 7);
  return due >= start && due <= addDays(start, 6);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
