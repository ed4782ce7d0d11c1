import type { Priority } from './schemas';

/** Request shapes of the documented write operations and queries (docs/api/openapi.yaml). */

/** Exactly one scope (list_id, sprint_id, space_id, folder_id: docs/api/openapi.yaml#listTasks). */
export type TaskScope = { list_id: string } | { sprint_id: string } | { space_id: string } | { folder_id: string };

export interface FilterCondition {
  field: string;
  op: string;
  values: unknown[];
}

export interface TaskFilter {
  match: 'all' | 'any';
  conditions: FilterCondition[];
}

export interface TaskSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface TaskQuery {
  scope: TaskScope;
  filter?: TaskFilter;
  /** Max 3. */
  sorts?: TaskSort[];
  group_by?: 'status' | 'priority' | 'assignee' | 'list';
  search?: string;
  /** 1 to 100; omitted or 0 returns every matching task unpaginated. */
  per_page?: number;
  page?: number;
}

export interface CreateTaskInput {
  list_id: string;
  title: string;
  description?: string | null;
  priority?: Priority;
  status_id?: string;
  assignee_id?: string | null;
  due_date?: string | null;
  parent_task_id?: string | null;
}

export type UpdateTaskInput = Partial<
  Pick<CreateTaskInput, 'title' | 'description' | 'priority' | 'status_id' | 'assignee_id' | 'due_date'>
>;

export interface MoveTarget {
  target_type: 'list' | 'sprint';
  target_id: string;
}

export interface CreateCommentInput {
  body: string;
  parent_id?: string | null;
  mentions?: string[];
  assignee_id?: string | null;
}

export type UpdateCommentInput = Omit<CreateCommentInput, 'parent_id'>;

export interface CustomFieldValueInput {
  custom_field_definition_id: string;
  /** Required key; null clears. Shape by field type: see Custom fields. */
  value: string | number | boolean | string[] | null;
}

export interface ViewPageQuery {
  /** 1 to 100, default 50. */
  per_page?: number;
  page?: number;
}

export interface SearchQuery {
  q: string;
  workspace_id: string;
  type?: 'tasks' | 'comments' | 'attachments';
  priority?: Priority;
  page?: number;
  /** 1 to 50, default 20. */
  per_page?: number;
}

/** Keeps only the keys whose value is not undefined (the sandbox and the API refuse unknown keys, not missing ones). */
export function defined<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}
