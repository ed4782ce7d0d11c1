// The task filter the tree and "My Tasks" send to the server, as the task index's `filter` JSON
// (docs/api/openapi.yaml#listTasks). The
// extension never filters rows itself: the server's evaluation is the one the web app shows.

export const PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const DUE_PRESETS = ['overdue', 'today', 'this_week', 'next_week', 'no_due_date'] as const;
export type DuePreset = (typeof DUE_PRESETS)[number];

/** `search`: at most 255 characters (docs/api/openapi.yaml#listTasks). */
export const MAX_SEARCH_LENGTH = 255;

export interface TaskFilter {
  readonly statusIds?: readonly string[];
  readonly priorities?: readonly Priority[];
  /** Member ids; `null` alone means "unassigned" (is_empty). */
  readonly assigneeIds?: readonly string[] | null;
  readonly due?: DuePreset;
  readonly text?: string;
}

export interface FilterCondition {
  readonly field: string;
  readonly op: string;
  readonly values: readonly string[];
}

export interface IndexFilterParams {
  /** JSON of `{ match, conditions }`, or absent when nothing filters. */
  readonly filter?: string;
  readonly search?: string;
}

export function isEmptyFilter(filter: TaskFilter): boolean {
  return conditionsOf(filter).length === 0 && !filter.text?.trim();
}

export function conditionsOf(filter: TaskFilter): FilterCondition[] {
  const conditions: FilterCondition[] = [];
  if (filter.statusIds?.length) {
    conditions.push({ field: 'status_id', op: 'in', values: [...filter.statusIds] });
  }
  if (filter.priorities?.length) {
    conditions.push({ field: 'priority', op: 'in', values: [...filter.priorities] });
  }
  if (filter.assigneeIds === null) {
    conditions.push({ field: 'assignee_id', op: 'is_empty', values: [] });
  } else if (filter.assigneeIds?.length) {
    conditions.push({ field: 'assignee_id', op: 'in', values: [...filter.assigneeIds] });
  }
  if (filter.due) {
    conditions.push({ field: 'due_date', op: 'in', values: [filter.due] });
  }
  return conditions;
}

/** Query parameters for the task index; throws RangeError for a search the server would refuse. */
export function toIndexParams(filter: TaskFilter): IndexFilterParams {
  const conditions = conditionsOf(filter);
  const search = filter.text?.trim();
  if (search && search.length > MAX_SEARCH_LENGTH) {
    throw new RangeError(
      `The search text is ${search.length} characters long; the most the service accepts is ${MAX_SEARCH_LENGTH}.`,
    );
  }
  return {
    ...(conditions.length > 0 ? { filter: JSON.stringify({ match: 'all', conditions }) } : {}),
    ...(search ? { search } : {}),
  };
}

export interface FilterNames {
  status(id: string): string | undefined;
  member(id: string): string | undefined;
}

const dueLabels: Record<DuePreset, string> = {
  overdue: 'overdue',
  today: 'due today',
  this_week: 'due this week',
  next_week: 'due next week',
  no_due_date: 'no due date',
};

/** A short, readable summary for a view's description, e.g. `high, critical · Bob · overdue · "login"`. */
export function describeFilter(filter: TaskFilter, names: FilterNames): string {
  const parts: string[] = [];
  if (filter.statusIds?.length) {
    parts.push(filter.statusIds.map((id) => names.status(id) ?? 'unknown status').join(', '));
  }
  if (filter.priorities?.length) {
    parts.push(filter.priorities.join(', '));
  }
  if (filter.assigneeIds === null) {
    parts.push('unassigned');
  } else if (filter.assigneeIds?.length) {
    parts.push(filter.assigneeIds.map((id) => names.member(id) ?? 'unknown member').join(', '));
  }
  if (filter.due) {
    parts.push(dueLabels[filter.due]);
  }
  const text = filter.text?.trim();
  if (text) {
    parts.push(`"${text}"`);
  }
  return parts.join(' · ');
}

/**
 * The same filter as the client's `TaskQuery` parts (objects, not JSON strings). Throws RangeError
 * for a search the server would refuse, so no request is sent.
 */
export function toQueryParts(filter: TaskFilter): {
  filter?: { match: 'all'; conditions: { field: string; op: string; values: string[] }[] };
  search?: string;
} {
  const params = toIndexParams(filter);
  const conditions = conditionsOf(filter).map((c) => ({ field: c.field, op: c.op, values: [...c.values] }));
  return {
    ...(params.filter ? { filter: { match: 'all' as const, conditions } } : {}),
    ...(params.search ? { search: params.search } : {}),
  };
}
