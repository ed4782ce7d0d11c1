// PATCH a task and move it to a list or sprint (docs/api/openapi.yaml#updateTask, docs/api/openapi.yaml#moveTask).
// Every change
// writes an activity entry with old/new values.
import { canSeeList, canSeeSpace, requireTask } from '../access';
import { recordActivity } from '../activity';
import { HttpError, jsonBody, notFound, ok } from '../http';
import type { Ctx, Reply } from '../http';
import { taskJson } from '../present';
import type { Router } from '../router';
import type { Store } from '../store';
import type { Status, Task, User } from '../types';
import { PRIORITIES } from '../types';
import { Validator } from '../validate';
import { DESCRIPTION_MAX, TASK_WRITE_FIELDS } from './tasks';

type Change = [action: string, oldValue: Record<string, unknown>, newValue: Record<string, unknown>];

function userName(store: Store, id: string | null): string | null {
  return id ? (store.users.get(id)?.name ?? null) : null;
}

interface Patch {
  title?: string;
  description?: string | null;
  priority?: Task['priority'];
  status?: Status;
  assigneeId?: string | null;
  dueDate?: string | null;
}

function validatePatch(store: Store, task: Task, body: Record<string, unknown>): Patch {
  const v = new Validator(body);
  v.allowOnly(TASK_WRITE_FIELDS);
  const title = v.string('title', { max: 255 });
  if (body.title === null || (typeof body.title === 'string' && body.title.trim() === '')) {
    v.errors.title = ['The title field is required.'];
  }
  const description = v.string('description', { nullable: true, max: DESCRIPTION_MAX });
  const priority = v.oneOf('priority', PRIORITIES);
  const statusId = v.uuid('status_id');
  const assigneeId = v.uuid('assignee_id', { nullable: true });
  const dueDate = v.dateTime('due_date', { nullable: true });
  const status = statusId ? store.listStatuses(task.list_id).statuses.find((s) => s.id === statusId) : undefined;
  if (statusId && !status) v.add('status_id', 'The selected status_id is invalid.');
  if (assigneeId && !store.membership(assigneeId, task.workspace_id)?.is_active) {
    v.add('assignee_id', 'The selected assignee_id is invalid.');
  }
  v.throwIfAny();
  return {
    ...(typeof title === 'string' ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(priority ? { priority } : {}),
    ...(status ? { status } : {}),
    ...(assigneeId !== undefined ? { assigneeId } : {}),
    ...(dueDate !== undefined ? { dueDate } : {}),
  };
}

/** Applies a validated patch; returns one activity change per field that really changed. */
function applyPatch(store: Store, task: Task, p: Patch): Change[] {
  const changes: Change[] = [];
  if (p.title !== undefined && p.title !== task.title) {
    changes.push(['title_changed', { title: task.title }, { title: p.title }]);
    task.title = p.title;
  }
  if (p.description !== undefined && p.description !== task.description) {
    changes.push(['description_changed', { description: task.description }, { description: p.description }]);
    task.description = p.description;
  }
  if (p.priority && p.priority !== task.priority) {
    changes.push(['priority_changed', { priority: task.priority }, { priority: p.priority }]);
    task.priority = p.priority;
  }
  if (p.status && p.status.id !== task.status_id) {
    const old = store.statuses.get(task.status_id);
    changes.push([
      'status_changed',
      { status_id: task.status_id, status_name: old?.name ?? null },
      { status_id: p.status.id, status_name: p.status.name },
    ]);
    task.status_id = p.status.id;
  }
  if (p.assigneeId !== undefined && p.assigneeId !== task.assignee_id) {
    changes.push([
      'assignee_changed',
      { assignee_id: task.assignee_id, assignee_name: userName(store, task.assignee_id) },
      { assignee_id: p.assigneeId, assignee_name: userName(store, p.assigneeId) },
    ]);
    task.assignee_id = p.assigneeId;
  }
  if (p.dueDate !== undefined && p.dueDate !== task.due_date) {
    changes.push(['due_date_changed', { due_date: task.due_date }, { due_date: p.dueDate }]);
    task.due_date = p.dueDate;
  }
  return changes;
}

function patchTask(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const task = requireTask(store, ctx.user, ctx.params.task as string, ctx.params.workspace as string);
  const changes = applyPatch(store, task, validatePatch(store, task, jsonBody(ctx)));
  const now = clock.iso();
  for (const [action, oldV, newV] of changes) recordActivity(store, task, ctx.user, action, oldV, newV, now);
  return ok(taskJson(store, task));
}

function liveSubtree(store: Store, root: Task): Task[] {
  const out = [root];
  for (let i = 0; i < out.length; i += 1) {
    for (const id of store.childIds((out[i] as Task).id)) {
      const child = store.tasks.get(id);
      if (child && child.deleted_at === null) out.push(child);
    }
  }
  return out;
}

/** Moves the task and its live subtasks; statuses map by name, else to the first status. */
function moveToList(store: Store, user: User, task: Task, listId: string, now: string): void {
  const meta = store.listMeta.get(listId);
  if (!meta || !canSeeList(store, user, listId)) throw notFound();
  if (meta.workspace_id !== task.workspace_id) {
    throw new HttpError(422, 'The target list belongs to another workspace.', {
      target_id: ['The target list belongs to another workspace.'],
    });
  }
  if (task.list_id === listId) return; // already there: nothing to move, nothing to record
  const target = store.listStatuses(listId).statuses;
  const oldList = store.lists.get(task.list_id);
  for (const t of liveSubtree(store, task)) {
    const current = store.statuses.get(t.status_id);
    if (!target.some((s) => s.id === t.status_id)) {
      const mapped = target.find((s) => s.name.toLowerCase() === current?.name.toLowerCase()) ?? target[0];
      if (mapped) t.status_id = mapped.id;
    }
    store.setTaskList(t, listId);
    t.updated_at = now;
  }
  recordActivity(
    store,
    task,
    user,
    'moved',
    { list_id: oldList?.id ?? null, list_name: oldList?.name ?? null },
    { list_id: listId, list_name: meta.list.name },
    now,
  );
}

function moveToSprint(store: Store, user: User, task: Task, sprintId: string, now: string): void {
  const sprint = store.sprints.get(sprintId);
  const space = sprint ? store.spaces.get(sprint.space_id) : undefined;
  if (!sprint || !space || !canSeeSpace(store, user, space)) throw notFound();
  if (sprint.workspace_id !== task.workspace_id) {
    throw new HttpError(422, 'The target sprint belongs to another workspace.', {
      target_id: ['The target sprint belongs to another workspace.'],
    });
  }
  if (task.sprint_id === sprintId) return;
  const old = task.sprint_id ? store.sprints.get(task.sprint_id) : undefined;
  store.setTaskSprint(task, sprintId);
  task.updated_at = now;
  recordActivity(
    store,
    task,
    user,
    'sprint_changed',
    { sprint_id: old?.id ?? null, sprint_name: old?.name ?? null },
    { sprint_id: sprint.id, sprint_name: sprint.name },
    now,
  );
}

function moveTask(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const task = requireTask(store, ctx.user, ctx.params.task as string, null);
  const v = new Validator(jsonBody(ctx));
  v.allowOnly(['target_type', 'target_id']);
  const type = v.oneOf('target_type', ['list', 'sprint'] as const, { required: true });
  const targetId = v.uuid('target_id', { required: true });
  v.throwIfAny();
  const now = clock.iso();
  if (type === 'list') moveToList(store, ctx.user, task, targetId as string, now);
  else moveToSprint(store, ctx.user, task, targetId as string, now);
  return ok(taskJson(store, task));
}

export function registerTaskUpdates(router: Router): void {
  router.add('PATCH', '/workspaces/:workspace/tasks/:task', patchTask);
  router.add('POST', '/tasks/:task/move', moveTask);
}
