// Task lifecycle (docs/api/openapi.yaml#deleteTask, docs/api/openapi.yaml#restoreTask):
// DELETE sweeps subtasks into one trash batch; restore brings back that batch
// only; the scheduled purge destroys tasks 30 days (sandbox clock) after deletion.
import { randomUUID } from 'node:crypto';
import { canSeeList, requireMember, requireTask } from '../access';
import { recordActivity } from '../activity';
import type { App } from '../app';
import { invalid, notFound, ok } from '../http';
import type { Ctx, Reply } from '../http';
import { taskJson } from '../present';
import type { Router } from '../router';
import type { Store } from '../store';
import type { Task } from '../types';

export const TRASH_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export function purgeExpired(app: App): void {
  const now = app.clock.now();
  for (const id of [...app.store.trashed]) {
    const task = app.store.tasks.get(id);
    if (task?.deleted_at && Date.parse(task.deleted_at) + TRASH_RETENTION_MS <= now) app.store.purgeTask(task);
  }
}

/** Live descendants reachable through live children (already-trashed ones keep their own batch). */
function liveDescendants(store: Store, root: Task): Task[] {
  const out: Task[] = [];
  const stack = [root.id];
  while (stack.length > 0) {
    for (const id of store.childIds(stack.pop() as string)) {
      const child = store.tasks.get(id);
      if (child && child.deleted_at === null) {
        out.push(child);
        stack.push(child.id);
      }
    }
  }
  return out;
}

function batchDescendants(store: Store, root: Task, batch: string): Task[] {
  const out: Task[] = [];
  const stack = [root.id];
  while (stack.length > 0) {
    for (const id of store.childIds(stack.pop() as string)) {
      const child = store.tasks.get(id);
      if (child && child.trash_batch === batch) {
        out.push(child);
        stack.push(child.id);
      }
    }
  }
  return out;
}

function deleteTask(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const task = requireTask(store, ctx.user, ctx.params.task as string, ctx.params.workspace as string);
  const now = clock.iso();
  const batch = randomUUID();
  const swept = liveDescendants(store, task);
  for (const t of [task, ...swept]) store.setTrashed(t, now, batch);
  recordActivity(store, task, ctx.user, 'deleted', {}, { deleted_at: now, subtasks_deleted: swept.length }, now);
  return ok({
    id: task.id,
    display_id: task.display_id,
    deleted_at: now,
    trash_expires_at: new Date(Date.parse(now) + TRASH_RETENTION_MS).toISOString(),
    subtasks_deleted: swept.length,
  });
}

/** Restore: shape designed by the sandbox (docs/api/openapi.yaml#restoreTask). */
function restoreTask(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const wsId = ctx.params.workspace as string;
  requireMember(store, ctx.user, wsId);
  const task = store.tasks.get(ctx.params.id as string);
  if (!task || task.workspace_id !== wsId || task.deleted_at === null || !task.trash_batch) throw notFound();
  if (!canSeeList(store, ctx.user, task.list_id)) throw notFound();
  const parent = task.parent_task_id ? store.tasks.get(task.parent_task_id) : undefined;
  if (parent && parent.deleted_at !== null) {
    throw invalid({ parent_task_id: ['The parent task is in the Trash; restore the parent first.'] });
  }
  const batch = task.trash_batch;
  const restored = batchDescendants(store, task, batch);
  for (const t of [task, ...restored]) store.setTrashed(t, null, null);
  const now = clock.iso();
  task.updated_at = now;
  recordActivity(store, task, ctx.user, 'restored', {}, { subtasks_restored: restored.length }, now);
  return ok({ data: taskJson(store, task), subtasks_restored: restored.length, restored_at: now });
}

export function registerTrash(router: Router): void {
  router.add('DELETE', '/workspaces/:workspace/tasks/:task', deleteTask);
  router.add('POST', '/workspaces/:workspace/trash/task/:id/restore', restoreTask);
}
