// Scope, sort and grouping for the task index and saved views
// (docs/api/openapi.yaml#listTasks, docs/api/openapi.yaml#listViewTasks): the same evaluator for both.
import { listVisibility } from '../access';
import { isCompleted } from '../present';
import { isUuid } from '../router';
import type { Store } from '../store';
import type { ScopeType, SortSpec, Task, User } from '../types';
import { cfSortKey } from './cfFilters';
import { FilterError } from './filters';
import type { Predicate } from './filters';

export interface Scope {
  type: ScopeType;
  id: string;
}

export const SORT_FIELDS = ['title', 'status', 'priority', 'assignee', 'due_date', 'created_at', 'position'];
export const GROUP_BY = ['status', 'priority', 'assignee', 'list'] as const;
export type GroupBy = (typeof GROUP_BY)[number];
const PRIORITY_RANK: Record<string, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** Ids of the lists a list/folder/space scope covers (space and folder cover all lists inside). */
export function scopeListIds(store: Store, scope: Scope): Set<string> {
  const out = new Set<string>();
  for (const meta of store.listMeta.values()) {
    if (
      (scope.type === 'list' && meta.list.id === scope.id) ||
      (scope.type === 'folder' && meta.folder.id === scope.id) ||
      (scope.type === 'space' && meta.space.id === scope.id)
    )
      out.add(meta.list.id);
  }
  return out;
}

/**
 * Live, visible tasks of a scope. `rootsOnly` keeps top-level rows: tasks without a
 * parent or whose parent is outside the scope (docs/api/openapi.yaml#listTasks).
 */
export function scopeTasks(store: Store, user: User, scope: Scope, rootsOnly: boolean): Task[] {
  const visible = listVisibility(store, user);
  const candidates: Task[] = [];
  let inScope: (t: Task) => boolean;
  if (scope.type === 'sprint') {
    for (const id of store.tasksBySprint.get(scope.id) ?? []) candidates.push(store.tasks.get(id) as Task);
    inScope = (t) => t.sprint_id === scope.id;
  } else {
    const lists = scopeListIds(store, scope);
    for (const listId of lists) {
      for (const id of store.tasksByList.get(listId) ?? []) candidates.push(store.tasks.get(id) as Task);
    }
    inScope = (t) => lists.has(t.list_id);
  }
  return candidates.filter((t) => {
    if (t.deleted_at !== null || !visible(t.list_id)) return false;
    if (!rootsOnly || t.parent_task_id === null) return true;
    const parent = store.tasks.get(t.parent_task_id);
    return !parent || parent.deleted_at !== null || !inScope(parent);
  });
}

export class SortError extends FilterError {}

/** Validates a sorts array: max 3 items of { field, direction } (docs/api/openapi.yaml#listTasks). */
export function parseSorts(raw: unknown, store: Store, workspaceId: string): SortSpec[] {
  if (!Array.isArray(raw)) throw new SortError('The sorts must be a JSON array.');
  if (raw.length > 3) throw new SortError('The sorts may not have more than 3 items.');
  return raw.map((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw new SortError(`Sort ${i} must be an object.`);
    const { field, direction, ...rest } = item as Record<string, unknown>;
    if (Object.keys(rest).length > 0) throw new SortError(`Sort ${i}: unknown key ${Object.keys(rest)[0]}.`);
    if (typeof field !== 'string') throw new SortError(`Sort ${i}: field is required.`);
    if (direction !== 'asc' && direction !== 'desc') throw new SortError(`Sort ${i}: direction must be asc or desc.`);
    if (field.startsWith('cf_')) {
      const def = store.fieldDefs.get(field.slice(3).toLowerCase());
      if (!isUuid(field.slice(3)) || !def || def.workspace_id !== workspaceId)
        throw new SortError(`Sort ${i}: unknown custom field ${field}.`);
      return { field: `cf_${def.id}`, direction };
    }
    if (!SORT_FIELDS.includes(field)) throw new SortError(`Sort ${i}: field ${field} is not sortable.`);
    return { field, direction };
  });
}

type Key = string | number | null;

function sortKey(store: Store, field: string): (t: Task) => Key {
  switch (field) {
    case 'title':
      return (t) => t.title.toLowerCase();
    // Position first, then id: lists with different status sets still form contiguous groups.
    case 'status':
      return (t) => `${String(store.statuses.get(t.status_id)?.position ?? 0).padStart(6, '0')}:${t.status_id}`;
    case 'priority':
      return (t) => PRIORITY_RANK[t.priority] ?? null;
    case 'assignee':
      return (t) =>
        t.assignee_id ? `${store.users.get(t.assignee_id)?.name.toLowerCase() ?? ''}:${t.assignee_id}` : null;
    case 'due_date':
      return (t) => (t.due_date ? Date.parse(t.due_date) : null);
    case 'created_at':
      return (t) => Date.parse(t.created_at);
    case 'position':
      return (t) => t.position;
    default: {
      const def = store.fieldDefs.get(field.slice(3));
      return def ? (t) => cfSortKey(store, def, t) : () => null;
    }
  }
}

/** Sorts with precomputed keys; nulls always last; ties broken by position then id. */
export function sortTasks(store: Store, tasks: Task[], sorts: SortSpec[]): Task[] {
  const specs = [...sorts, { field: 'position', direction: 'asc' as const }];
  const getters = specs.map((s) => sortKey(store, s.field));
  const rows = tasks.map((t) => ({ t, keys: getters.map((g) => g(t)) }));
  rows.sort((a, b) => {
    for (let i = 0; i < specs.length; i += 1) {
      const x = a.keys[i] as Key;
      const y = b.keys[i] as Key;
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const c = x < y ? -1 : 1;
      return (specs[i] as SortSpec).direction === 'asc' ? c : -c;
    }
    return a.t.id < b.t.id ? -1 : 1;
  });
  return rows.map((r) => r.t);
}

export function groupKey(groupBy: GroupBy, t: Task): string {
  switch (groupBy) {
    case 'status':
      return t.status_id;
    case 'priority':
      return t.priority ?? 'none';
    case 'assignee':
      return t.assignee_id ?? 'none';
    default:
      return t.list_id;
  }
}

export interface QueryResult {
  rows: Task[];
  completed: number;
  groupCounts: Record<string, number>;
}

export function runQuery(
  store: Store,
  tasks: Task[],
  predicate: Predicate,
  sorts: SortSpec[],
  groupBy: GroupBy,
): QueryResult {
  const matched = tasks.filter(predicate);
  const groupCounts = Object.create(null) as Record<string, number>;
  let completed = 0;
  for (const t of matched) {
    const key = groupKey(groupBy, t);
    groupCounts[key] = (groupCounts[key] ?? 0) + 1;
    if (isCompleted(store, t)) completed += 1;
  }
  return { rows: sortTasks(store, matched, sorts), completed, groupCounts };
}
