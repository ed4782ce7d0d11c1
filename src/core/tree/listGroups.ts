// A list's tasks in the Workspaces tree, grouped by status, priority or assignee: the groups and their
// counts come from the same task index call that reads the rows (`group_by` and `group_counts`,
// docs/api/openapi.yaml#listTasks), so grouping costs no request of its own.
import type { TaskRow } from '../api/schemas';
import { PRIORITIES } from '../tasks/filter';
import type { GroupNode } from './nodes';
import { assigneeName } from './rows';

export type ListGroupBy = 'none' | 'status' | 'priority' | 'assignee';
export const LIST_GROUP_BYS: readonly ListGroupBy[] = ['none', 'status', 'priority', 'assignee'];

export interface ListGroupText {
  noPriority: string;
  unassigned: string;
}

const STATUS_ORDER = ['open', 'not_started', 'active', 'done', 'closed'];

/** The value a row is counted under in `group_counts` (`none` for no value). */
export function groupKeyOf(row: TaskRow, by: Exclude<ListGroupBy, 'none'>): string {
  switch (by) {
    case 'status':
      return row.status?.id ?? row.status_id ?? 'none';
    case 'priority':
      return row.priority ?? 'none';
    case 'assignee':
      return row.assignee?.id ?? row.assignee_id ?? 'none';
  }
}

/** Is `key` (a list's node key) the parent of group `groupKey`? */
export function isGroupOf(listKey: string, groupKey: string): boolean {
  return groupKey.startsWith(`${listKey}/group:`);
}

/**
 * The group nodes of a list: one per group the index counted (plus any group a row is in that the
 * counts left out), ordered as a user reads them (statuses open to closed, critical first, assignees
 * by name, "none" last), each with the index's count and its rows.
 */
export function listGroups(
  rows: readonly TaskRow[],
  counts: Readonly<Record<string, number>> | null | undefined,
  by: Exclude<ListGroupBy, 'none'>,
  workspaceId: string,
  listKey: string,
  text: ListGroupText,
): GroupNode[] {
  const groups = new Map<string, { label: string; color?: string; rank: number; tasks: TaskRow[] }>();
  for (const row of rows) {
    const key = groupKeyOf(row, by);
    const group = groups.get(key) ?? { ...describe(row, by, key, text), tasks: [] };
    group.tasks.push(row);
    groups.set(key, group);
  }
  // The contract keys the counts "by the group_by value": the sandbox uses ids; a name is taken too.
  const labels = new Set([...groups.values()].map((g) => g.label));
  for (const key of Object.keys(counts ?? {})) {
    // Counted but not among the rows (the service counted differently): shown, with no rows to list.
    if (!groups.has(key) && !labels.has(key) && (counts?.[key] ?? 0) > 0) {
      groups.set(key, { label: key === 'none' ? noValue(by, text) : key, rank: Number.MAX_SAFE_INTEGER, tasks: [] });
    }
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => a.rank - b.rank || a.label.localeCompare(b.label))
    .map(([key, g]) => ({
      kind: 'group',
      key: `${listKey}/group:${by}:${key}`,
      workspaceId,
      groupBy: by,
      label: g.label,
      color: g.color,
      count: counts?.[key] ?? counts?.[g.label] ?? g.tasks.length,
      tasks: g.tasks,
    }));
}

function noValue(by: Exclude<ListGroupBy, 'none'>, text: ListGroupText): string {
  return by === 'assignee' ? text.unassigned : by === 'priority' ? text.noPriority : '?';
}

function describe(
  row: TaskRow,
  by: Exclude<ListGroupBy, 'none'>,
  key: string,
  text: ListGroupText,
): { label: string; color?: string; rank: number } {
  switch (by) {
    case 'status': {
      const rank = STATUS_ORDER.indexOf(row.status?.type ?? '');
      return {
        label: row.status?.name ?? '?',
        color: row.status?.color ?? undefined,
        rank: rank < 0 ? STATUS_ORDER.length : rank,
      };
    }
    case 'priority': {
      const rank = PRIORITIES.indexOf(row.priority as (typeof PRIORITIES)[number]);
      return { label: row.priority ?? text.noPriority, rank: rank < 0 ? PRIORITIES.length : rank };
    }
    case 'assignee':
      return key === 'none' ? { label: text.unassigned, rank: 1 } : { label: assigneeName(row) ?? key, rank: 0 };
  }
}
