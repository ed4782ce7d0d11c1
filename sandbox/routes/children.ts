// Children batch and subtasks (docs/api/openapi.yaml#listTaskChildren, docs/api/openapi.yaml#listSubtasks; 50 parents,
// 200 per
// parent, 1,000 per call; subtasks max 200).
import { listVisibility, requireMember, requireTask } from '../access';
import { invalid, ok } from '../http';
import type { Ctx, Reply } from '../http';
import { taskJson } from '../present';
import { isUuid } from '../router';
import type { Router } from '../router';
import { displayKey } from '../store';
import type { Store } from '../store';
import type { Task } from '../types';

export const MAX_PARENTS = 50;
export const MAX_PER_PARENT = 200;
export const MAX_PER_CALL = 1000;
export const MAX_SUBTASKS = 200;

function liveChildren(store: Store, parentId: string, visible: (listId: string) => boolean): Task[] {
  const out: Task[] = [];
  for (const id of store.childIds(parentId)) {
    const t = store.tasks.get(id);
    if (t && t.deleted_at === null && visible(t.list_id)) out.push(t);
  }
  return out.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
}

function parseParentIds(ctx: Ctx): string[] {
  const raw = ctx.query.getAll('parent_ids').join(',');
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s.length > 0),
    ),
  ];
  if (ids.length === 0) throw invalid({ parent_ids: ['The parent_ids field is required.'] });
  if (ids.length > MAX_PARENTS)
    throw invalid({ parent_ids: [`The parent_ids field must not have more than ${MAX_PARENTS} items.`] });
  const bad = ids.find((id) => !isUuid(id));
  if (bad !== undefined)
    throw invalid({ parent_ids: [`The parent_ids field must contain only UUIDs (${bad.slice(0, 40)}).`] });
  return ids;
}

function children(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const wsId = ctx.params.workspace as string;
  requireMember(store, ctx.user, wsId);
  const ids = parseParentIds(ctx);
  const visible = listVisibility(store, ctx.user);
  const data = Object.create(null) as Record<string, unknown[]>;
  const truncated: string[] = [];
  let budget = MAX_PER_CALL;
  for (const id of ids) {
    const parent = store.tasks.get(id);
    // Unknown, trashed or invisible parents still appear as keys, with no children.
    const ok = parent && parent.deleted_at === null && parent.workspace_id === wsId && visible(parent.list_id);
    const kids = ok ? liveChildren(store, id, visible) : [];
    const take = Math.min(kids.length, MAX_PER_PARENT, budget);
    if (take < kids.length) truncated.push(id);
    budget -= take;
    data[id] = kids.slice(0, take).map((t) => taskJson(store, t));
  }
  return ok({ data, truncated });
}

/** UUID or display id; the display id must match exactly (case included), as shown on the task. */
function resolveTaskRef(store: Store, ref: string, workspaceId: string): string {
  if (isUuid(ref)) return ref.toLowerCase();
  const id = store.taskByDisplayId.get(displayKey(workspaceId, ref));
  return id !== undefined && store.tasks.get(id)?.display_id === ref ? id : '00000000-0000-4000-8000-000000000000';
}

function subtasks(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const id = resolveTaskRef(store, ctx.params.task as string, ctx.params.workspace as string);
  const task = requireTask(store, ctx.user, id, ctx.params.workspace as string, true);
  const visible = listVisibility(store, ctx.user);
  return ok({
    data: liveChildren(store, task.id, visible)
      .slice(0, MAX_SUBTASKS)
      .map((t) => taskJson(store, t)),
  });
}

export function registerChildren(router: Router): void {
  router.add('GET', '/workspaces/:workspace/tasks/children', children);
  router.add('GET', '/workspaces/:workspace/tasks/:task/subtasks', subtasks, ['task']);
}
