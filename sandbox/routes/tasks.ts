// Task index, read and create (docs/api/openapi.yaml#listTasks).
import { randomUUID } from 'node:crypto';
import { canSeeList, canSeeSpace, requireMember, requireTask } from '../access';
import { recordActivity } from '../activity';
import { fieldErrors, invalid, jsonBody, notFound, ok } from '../http';
import type { Ctx, FieldErrors, Reply } from '../http';
import { taskJson } from '../present';
import { isUuid } from '../router';
import type { Router } from '../router';
import type { Store } from '../store';
import type { SortSpec, Task, User } from '../types';
import { PRIORITIES } from '../types';
import { exceeds, intQuery, throwIfErrors, Validator } from '../validate';
import { compileFilter, FilterError } from './filters';
import type { Predicate } from './filters';
import { GROUP_BY, parseSorts, runQuery, scopeTasks } from './taskIndex';
import type { GroupBy, Scope } from './taskIndex';

const SCOPE_PARAMS = [
  ['list_id', 'list'],
  ['sprint_id', 'sprint'],
  ['space_id', 'space'],
  ['folder_id', 'folder'],
] as const;

/** True when the scope entity exists in the workspace and the caller can see it. */
export function scopeVisible(store: Store, user: User, wsId: string, scope: Scope): boolean {
  switch (scope.type) {
    case 'list': {
      const m = store.listMeta.get(scope.id);
      return !!m && m.workspace_id === wsId && canSeeList(store, user, scope.id);
    }
    case 'folder': {
      const f = store.folders.get(scope.id);
      const s = f ? store.spaces.get(f.space_id) : undefined;
      return !!s && s.workspace_id === wsId && canSeeSpace(store, user, s);
    }
    case 'space': {
      const s = store.spaces.get(scope.id);
      return !!s && s.workspace_id === wsId && canSeeSpace(store, user, s);
    }
    default: {
      const sp = store.sprints.get(scope.id);
      const s = sp ? store.spaces.get(sp.space_id) : undefined;
      return !!sp && sp.workspace_id === wsId && !!s && canSeeSpace(store, user, s);
    }
  }
}

function parseScope(ctx: Ctx, wsId: string, errors: FieldErrors): Scope | null {
  const present = SCOPE_PARAMS.filter(([param]) => ctx.query.has(param));
  if (present.length !== 1) {
    errors.scope = ['Exactly one of list_id, sprint_id, space_id or folder_id is required.'];
    return null;
  }
  const [param, type] = present[0] as (typeof SCOPE_PARAMS)[number];
  const id = (ctx.query.get(param) ?? '').trim();
  if (!isUuid(id)) {
    errors[param] = [`The ${param} field must be a valid UUID.`];
    return null;
  }
  const scope: Scope = { type, id: id.toLowerCase() };
  // Unknown and invisible scopes answer alike (404) so existence does not leak.
  if (!scopeVisible(ctx.app.store, ctx.user, wsId, scope)) throw notFound();
  return scope;
}

function parseJsonParam(ctx: Ctx, name: string, errors: FieldErrors): unknown {
  const raw = ctx.query.get(name);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    errors[name] = [`The ${name} field must be valid JSON.`];
    return undefined;
  }
}

interface IndexQuery {
  scope: Scope;
  predicate: Predicate;
  sorts: SortSpec[];
  groupBy: GroupBy;
  perPage: number;
  page: number;
}

/** Validates every query parameter of the task index, collecting all errors into one 422. */
function parseIndexQuery(ctx: Ctx, wsId: string): IndexQuery {
  const { store, clock } = ctx.app;
  const errors = fieldErrors();
  const scope = parseScope(ctx, wsId, errors);
  let predicate: Predicate = () => true;
  let sorts: SortSpec[] = [];
  const rawFilter = parseJsonParam(ctx, 'filter', errors);
  const rawSorts = parseJsonParam(ctx, 'sorts', errors);
  const capture = (field: string, run: () => void): void => {
    try {
      run();
    } catch (err) {
      if (!(err instanceof FilterError)) throw err;
      errors[field] = [err.message];
    }
  };
  const filterOpts = { store, workspaceId: wsId, now: clock.now(), allowLocation: false, dropLocation: false };
  if (rawFilter !== undefined)
    capture('filter', () => {
      predicate = compileFilter(rawFilter, filterOpts);
    });
  if (rawSorts !== undefined)
    capture('sorts', () => {
      sorts = parseSorts(rawSorts, store, wsId);
    });
  const groupBy = (ctx.query.get('group_by') ?? 'status') as GroupBy;
  if (!GROUP_BY.includes(groupBy)) errors.group_by = ['The selected group_by is invalid.'];
  const search = ctx.query.get('search');
  if (search !== null && exceeds(search, 255))
    errors.search = ['The search field must not be greater than 255 characters.'];
  const perPage = intQuery(ctx.query, 'per_page', 0, 100, 0, errors);
  const page = intQuery(ctx.query, 'page', 1, Number.MAX_SAFE_INTEGER, 1, errors);
  throwIfErrors(errors);
  const needle = (search ?? '').trim().toLowerCase();
  const filter = predicate;
  const matches: Predicate =
    needle === ''
      ? filter
      : (t) => (t.title.toLowerCase().includes(needle) || t.display_id.toLowerCase().includes(needle)) && filter(t);
  return { scope: scope as Scope, predicate: matches, sorts, groupBy, perPage, page };
}

function indexTasks(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const wsId = ctx.params.workspace as string;
  requireMember(store, ctx.user, wsId);
  const q = parseIndexQuery(ctx, wsId);
  const result = runQuery(store, scopeTasks(store, ctx.user, q.scope, true), q.predicate, q.sorts, q.groupBy);
  const total = result.rows.length;
  const slice = q.perPage > 0 ? result.rows.slice((q.page - 1) * q.perPage, q.page * q.perPage) : result.rows;
  const body: Record<string, unknown> = {
    data: slice.map((t) => taskJson(store, t)),
    total_count: total,
    completed_count: result.completed,
    group_counts: result.groupCounts,
  };
  if (q.perPage > 0) {
    Object.assign(body, {
      current_page: q.page,
      last_page: Math.max(1, Math.ceil(total / q.perPage)),
      per_page: q.perPage,
    });
  }
  return ok(body);
}

function getTask(ctx: Ctx): Reply {
  const { store } = ctx.app;
  return ok(taskJson(store, requireTask(store, ctx.user, ctx.params.task as string, ctx.params.workspace as string)));
}

export const TASK_WRITE_FIELDS = ['title', 'description', 'priority', 'status_id', 'assignee_id', 'due_date'] as const;
export const DESCRIPTION_MAX = 65_535;

function createTask(ctx: Ctx, body: Record<string, unknown>): Reply {
  const { store, clock } = ctx.app;
  const wsId = ctx.params.workspace as string;
  const v = new Validator(body);
  v.allowOnly(['list_id', ...TASK_WRITE_FIELDS, 'parent_task_id']);
  const listId = v.uuid('list_id', { required: true });
  const title = v.string('title', { required: true, max: 255 });
  const description = v.string('description', { nullable: true, max: DESCRIPTION_MAX });
  const priority = v.oneOf('priority', PRIORITIES);
  const statusId = v.uuid('status_id');
  const assigneeId = v.uuid('assignee_id', { nullable: true });
  const dueDate = v.dateTime('due_date', { nullable: true });
  const parentId = v.uuid('parent_task_id', { nullable: true });
  const meta = listId ? store.listMeta.get(listId) : undefined;
  if (listId && (!meta || meta.workspace_id !== wsId || !canSeeList(store, ctx.user, listId)))
    v.add('list_id', 'The selected list_id is invalid.');
  const statuses = meta ? store.listStatuses(meta.list.id).statuses : [];
  if (statusId && meta && !statuses.some((s) => s.id === statusId))
    v.add('status_id', 'The selected status_id is invalid.');
  if (assigneeId && !store.membership(assigneeId, wsId)?.is_active)
    v.add('assignee_id', 'The selected assignee_id is invalid.');
  const parent = parentId ? store.tasks.get(parentId) : undefined;
  if (
    parentId &&
    (!parent ||
      parent.deleted_at !== null ||
      parent.workspace_id !== wsId ||
      !canSeeList(store, ctx.user, parent.list_id))
  ) {
    v.add('parent_task_id', 'The selected parent_task_id is invalid.');
  }
  v.throwIfAny();
  const ws = store.workspaces.get(wsId);
  const status = statuses.find((s) => s.id === statusId) ?? statuses[0];
  if (!ws || !meta || !status || !title) throw invalid({ list_id: ['The selected list has no statuses.'] });
  const now = clock.iso();
  const task: Task = {
    id: randomUUID(),
    display_id: `${ws.prefix}-${ws.next_number}`,
    workspace_id: wsId,
    list_id: meta.list.id,
    sprint_id: null,
    parent_task_id: parent?.id ?? null,
    title,
    description: description ?? null,
    priority: priority ?? 'medium',
    status_id: status.id,
    assignee_id: assigneeId ?? null,
    creator_id: ctx.user.id,
    due_date: dueDate ?? null,
    created_at: now,
    updated_at: now,
    position: nextPosition(store, meta.list.id),
    tags: [],
    deleted_at: null,
    trash_batch: null,
  };
  ws.next_number += 1;
  store.addTask(task);
  recordActivity(
    store,
    task,
    ctx.user,
    'created',
    {},
    { display_id: task.display_id, list_id: task.list_id, status_id: status.id, status_name: status.name },
    now,
  );
  return ok(taskJson(store, task), 201);
}

function nextPosition(store: Store, listId: string): number {
  let max = 0;
  for (const id of store.tasksByList.get(listId) ?? []) max = Math.max(max, store.tasks.get(id)?.position ?? 0);
  return max + 1000;
}

export function registerTasks(router: Router): void {
  router.add('GET', '/workspaces/:workspace/tasks', indexTasks);
  router.add('POST', '/workspaces/:workspace/tasks', (ctx) => {
    requireMember(ctx.app.store, ctx.user, ctx.params.workspace as string);
    return createTask(ctx, jsonBody(ctx));
  });
  router.add('GET', '/workspaces/:workspace/tasks/:task', getTask);
}
