// Dependencies (docs/api/openapi.yaml#listTaskDependencies): the blocker must complete first;
// `is_blocked` on task rows derives from open blockers (present.ts).
import { randomUUID } from 'node:crypto';
import { canSeeTask, requireTask } from '../access';
import { recordActivity } from '../activity';
import { HttpError, invalid, jsonBody, noContent, notFound, ok } from '../http';
import type { Ctx, Reply } from '../http';
import { taskSummary } from '../present';
import type { Router } from '../router';
import type { Dependency, Task } from '../types';
import { Validator } from '../validate';

function taskOf(ctx: Ctx): Task {
  return requireTask(ctx.app.store, ctx.user, ctx.params.task as string, ctx.params.workspace as string);
}

function listDependencies(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const task = taskOf(ctx);
  // Linked tasks the caller cannot see (or trashed ones) are left out.
  const entries = (ids: Iterable<string>, other: (d: Dependency) => string): Record<string, unknown>[] => {
    const out: Record<string, unknown>[] = [];
    for (const id of ids) {
      const dep = store.dependencies.get(id);
      const t = dep ? store.tasks.get(other(dep)) : undefined;
      if (dep && t && canSeeTask(store, ctx.user, t)) out.push({ dependency_id: dep.id, ...taskSummary(store, t) });
    }
    return out;
  };
  return ok({
    blocked_by: entries(store.depsByBlocked.get(task.id) ?? [], (d) => d.blocker_task_id),
    blocking: entries(store.depsByBlocker.get(task.id) ?? [], (d) => d.blocked_task_id),
  });
}

function depJson(d: Dependency): Record<string, unknown> {
  return {
    id: d.id,
    workspace_id: d.workspace_id,
    blocker_task_id: d.blocker_task_id,
    blocked_task_id: d.blocked_task_id,
    created_by: d.created_by,
    created_at: d.created_at,
  };
}

function addDependency(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const task = taskOf(ctx);
  const v = new Validator(jsonBody(ctx));
  v.allowOnly(['blocker_task_id']);
  const blockerId = v.uuid('blocker_task_id', { required: true });
  v.throwIfAny();
  if (blockerId === task.id) throw invalid({ blocker_task_id: ['A task cannot depend on itself.'] });
  const blocker = store.tasks.get(blockerId as string);
  if (!blocker || blocker.workspace_id !== task.workspace_id || !canSeeTask(store, ctx.user, blocker)) {
    throw invalid({ blocker_task_id: ['The selected blocker_task_id is invalid.'] });
  }
  for (const id of store.depsByBlocked.get(task.id) ?? []) {
    if (store.dependencies.get(id)?.blocker_task_id === blocker.id) {
      throw new HttpError(409, 'This dependency already exists.');
    }
  }
  const now = clock.iso();
  const dep: Dependency = {
    id: randomUUID(),
    workspace_id: task.workspace_id,
    blocker_task_id: blocker.id,
    blocked_task_id: task.id,
    created_by: ctx.user.id,
    created_at: now,
  };
  store.addDependency(dep);
  recordActivity(
    store,
    task,
    ctx.user,
    'dependency_added',
    {},
    { dependency_id: dep.id, blocker_task_id: blocker.id, blocker_display_id: blocker.display_id },
    now,
  );
  return ok(depJson(dep), 201);
}

function deleteDependency(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const task = taskOf(ctx);
  const dep = store.dependencies.get(ctx.params.dependency as string);
  if (!dep || (dep.blocked_task_id !== task.id && dep.blocker_task_id !== task.id)) throw notFound();
  store.removeDependency(dep.id);
  recordActivity(
    store,
    task,
    ctx.user,
    'dependency_removed',
    { dependency_id: dep.id, blocker_task_id: dep.blocker_task_id, blocked_task_id: dep.blocked_task_id },
    {},
    clock.iso(),
  );
  return noContent();
}

export function registerDependencies(router: Router): void {
  const base = '/workspaces/:workspace/tasks/:task/dependencies';
  router.add('GET', base, listDependencies);
  router.add('POST', base, addDependency);
  router.add('DELETE', `${base}/:dependency`, deleteDependency);
}
