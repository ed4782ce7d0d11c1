// JSON shapes of resources (components.schemas of docs/api/openapi.yaml).
import type { Store } from './store';
import type { Activity, Comment, FieldValue, Status, Task, User } from './types';

/** Status types that count as completed (docs/api/openapi.yaml#listListStatuses). */
export const COMPLETED_TYPES: ReadonlySet<string> = new Set(['done', 'closed']);

export function isCompleted(store: Store, task: Task): boolean {
  const status = store.statuses.get(task.status_id);
  return status !== undefined && COMPLETED_TYPES.has(status.type);
}

export function userSummary(user: User | undefined): { id: string; name: string; email: string } | null {
  return user ? { id: user.id, name: user.name, email: user.email } : null;
}

export function statusJson(status: Status | undefined): Record<string, unknown> | null {
  return status ? { id: status.id, name: status.name, type: status.type, color: status.color } : null;
}

export function fieldValueJson(v: FieldValue): Record<string, unknown> {
  return {
    id: v.id,
    workspace_id: v.workspace_id,
    task_id: v.task_id,
    custom_field_definition_id: v.custom_field_definition_id,
    value_number: v.value_number,
    value_text: v.value_text,
    value_date: v.value_date,
    value_boolean: v.value_boolean,
    value_json: v.value_json ?? null,
  };
}

/** Live children count (Task.subtask_count: direct children). */
export function subtaskCount(store: Store, task: Task): number {
  let n = 0;
  for (const id of store.childIds(task.id)) {
    if (store.tasks.get(id)?.deleted_at === null) n += 1;
  }
  return n;
}

/** All files of the task, every context (docs/api/openapi.yaml#listTasks). */
export function attachmentsCount(store: Store, task: Task): number {
  return store.attachmentsByTask.get(task.id)?.size ?? 0;
}

/** Blocked = at least one live blocker whose status is not completed. */
export function isBlocked(store: Store, task: Task): boolean {
  for (const depId of store.depsByBlocked.get(task.id) ?? []) {
    const dep = store.dependencies.get(depId);
    const blocker = dep ? store.tasks.get(dep.blocker_task_id) : undefined;
    if (blocker && blocker.deleted_at === null && !isCompleted(store, blocker)) return true;
  }
  return false;
}

/**
 * One task row. The API shows slightly different row shapes per route
 * (board rows with tags, subtask rows with assignees/recurrence); the sandbox
 * always returns the union so every documented field is present.
 */
export function taskJson(store: Store, task: Task): Record<string, unknown> {
  const assignee = task.assignee_id ? userSummary(store.users.get(task.assignee_id)) : null;
  return {
    id: task.id,
    display_id: task.display_id,
    workspace_id: task.workspace_id,
    list_id: task.list_id,
    sprint_id: task.sprint_id,
    parent_task_id: task.parent_task_id,
    title: task.title,
    description: task.description,
    priority: task.priority,
    status_id: task.status_id,
    assignee_id: task.assignee_id,
    due_date: task.due_date,
    position: task.position,
    created_at: task.created_at,
    updated_at: task.updated_at,
    status: statusJson(store.statuses.get(task.status_id)),
    assignee,
    assignees: assignee ? [assignee] : [],
    creator: userSummary(store.users.get(task.creator_id)),
    custom_field_values: store.taskValues(task.id).map(fieldValueJson),
    recurrence: null,
    subtask_count: subtaskCount(store, task),
    attachments_count: attachmentsCount(store, task),
    is_blocked: isBlocked(store, task),
    tags: task.tags.map((t) => ({ name: t.name, color: t.color })),
  };
}

export function commentJson(store: Store, c: Comment): Record<string, unknown> {
  return {
    id: c.id,
    task_id: c.task_id,
    body: c.body,
    parent_id: c.parent_id,
    assignee_id: c.assignee_id,
    resolved_at: c.resolved_at,
    mentions: c.mentions,
    created_at: c.created_at,
    updated_at: c.updated_at,
    user: userSummary(store.users.get(c.user_id)),
    assignee: c.assignee_id ? userSummary(store.users.get(c.assignee_id)) : null,
  };
}

export function activityJson(a: Activity): Record<string, unknown> {
  return {
    id: a.id,
    entity_type: a.entity_type,
    entity_id: a.entity_id,
    action: a.action,
    actor_id: a.actor_id,
    actor_type: a.actor_type,
    actor_name: a.actor_name,
    old_value: a.old_value,
    new_value: a.new_value,
    created_at: a.created_at,
  };
}

/** Task summary used in dependency listings. */
export function taskSummary(store: Store, task: Task): Record<string, unknown> {
  return {
    id: task.id,
    display_id: task.display_id,
    title: task.title,
    status: statusJson(store.statuses.get(task.status_id)),
    is_completed: isCompleted(store, task),
  };
}
