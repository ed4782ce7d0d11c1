// Full-text search scoped to a workspace (docs/api/openapi.yaml#searchWorkspace): tasks (title,
// description, display id), comments (body) and attachments (file name).
import { listVisibility, membershipOf } from '../access';
import { fieldErrors, ok } from '../http';
import type { Ctx, Reply } from '../http';
import { statusJson, userSummary } from '../present';
import { isUuid } from '../router';
import type { Router } from '../router';
import type { Store } from '../store';
import type { Attachment, Comment, Priority, Task } from '../types';
import { PRIORITIES } from '../types';
import { exceeds, intQuery, throwIfErrors } from '../validate';

const TYPES = ['tasks', 'comments', 'attachments'] as const;
type SearchType = (typeof TYPES)[number];

interface Params {
  q: string;
  workspaceId: string;
  type: SearchType | null;
  priority: Priority | null;
  page: number;
  perPage: number;
}

function parse(ctx: Ctx): Params {
  const errors = fieldErrors();
  const q = ctx.query.get('q');
  if (q === null || q.trim() === '') errors.q = ['The q field is required.'];
  else if (exceeds(q, 255)) errors.q = ['The q field must not be greater than 255 characters.'];
  const ws = ctx.query.get('workspace_id');
  if (ws === null || ws === '') errors.workspace_id = ['The workspace_id field is required.'];
  else if (!isUuid(ws)) errors.workspace_id = ['The workspace_id field must be a valid UUID.'];
  else if (!membershipOf(ctx.app.store, ctx.user, ws.toLowerCase())?.is_active) {
    errors.workspace_id = ['The selected workspace_id is invalid.'];
  }
  const type = ctx.query.get('type');
  if (type !== null && !TYPES.includes(type as SearchType)) errors.type = ['The selected type is invalid.'];
  const priority = ctx.query.get('priority');
  if (priority !== null && !PRIORITIES.includes(priority as Priority)) {
    errors.priority = ['The selected priority is invalid.'];
  }
  const page = intQuery(ctx.query, 'page', 1, Number.MAX_SAFE_INTEGER, 1, errors);
  const perPage = intQuery(ctx.query, 'per_page', 1, 50, 20, errors);
  throwIfErrors(errors);
  return {
    q: (q as string).trim().toLowerCase(),
    workspaceId: (ws as string).toLowerCase(),
    type: type as SearchType | null,
    priority: priority as Priority | null,
    page,
    perPage,
  };
}

function newestFirst(a: { created_at: string }, b: { created_at: string }): number {
  if (a.created_at === b.created_at) return 0;
  return a.created_at < b.created_at ? 1 : -1;
}

/** Rank: exact display id, then title/display id match, then description match; newest first within. */
function taskHits(store: Store, p: Params, visibleTask: (t: Task) => boolean): Task[] {
  const ranked: Array<[number, Task]> = [];
  for (const t of store.tasks.values()) {
    if (t.workspace_id !== p.workspaceId || !visibleTask(t)) continue;
    const id = t.display_id.toLowerCase();
    let rank = -1;
    if (id === p.q) rank = 0;
    else if (t.title.toLowerCase().includes(p.q) || id.includes(p.q)) rank = 1;
    else if (t.description?.toLowerCase().includes(p.q)) rank = 2;
    if (rank >= 0) ranked.push([rank, t]);
  }
  const byUpdated = (a: Task, b: Task): number =>
    a.updated_at === b.updated_at ? (a.id < b.id ? -1 : 1) : a.updated_at < b.updated_at ? 1 : -1;
  ranked.sort((a, b) => a[0] - b[0] || byUpdated(a[1], b[1]));
  return ranked.map(([, t]) => t);
}

function group<T>(items: T[], p: Params, map: (x: T) => Record<string, unknown>): Record<string, unknown> {
  return { total: items.length, hits: items.slice((p.page - 1) * p.perPage, p.page * p.perPage).map(map) };
}

function taskHit(store: Store, t: Task): Record<string, unknown> {
  return {
    id: t.id,
    display_id: t.display_id,
    title: t.title,
    priority: t.priority,
    status: statusJson(store.statuses.get(t.status_id)),
    list_id: t.list_id,
    workspace_id: t.workspace_id,
    updated_at: t.updated_at,
  };
}

function commentHit(store: Store, c: Comment): Record<string, unknown> {
  return {
    id: c.id,
    task_id: c.task_id,
    task_display_id: store.tasks.get(c.task_id)?.display_id ?? null,
    body: c.body,
    user: userSummary(store.users.get(c.user_id)),
    created_at: c.created_at,
  };
}

function attachmentHit(a: Attachment): Record<string, unknown> {
  return {
    id: a.id,
    task_id: a.task_id,
    file_name: a.file_name,
    mime_type: a.mime_type,
    file_size: a.file_size,
    context: a.context,
    created_at: a.created_at,
  };
}

function search(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const p = parse(ctx);
  const visible = listVisibility(store, ctx.user);
  // `priority` applies to the task behind every hit (docs/api/openapi.yaml#searchWorkspace).
  const visibleTask = (t: Task): boolean =>
    t.deleted_at === null && visible(t.list_id) && (p.priority === null || t.priority === p.priority);
  const onVisibleTask = (x: { workspace_id: string; task_id: string }): boolean => {
    const t = x.workspace_id === p.workspaceId ? store.tasks.get(x.task_id) : undefined;
    return t !== undefined && visibleTask(t);
  };
  const body: Record<string, unknown> = { query: ctx.query.get('q'), page: p.page, per_page: p.perPage };
  const wants = (type: SearchType): boolean => p.type === null || p.type === type;
  if (wants('tasks')) body.tasks = group(taskHits(store, p, visibleTask), p, (t) => taskHit(store, t));
  if (wants('comments')) {
    const hits = [...store.comments.values()].filter((c) => c.body.toLowerCase().includes(p.q) && onVisibleTask(c));
    body.comments = group(hits.sort(newestFirst), p, (c) => commentHit(store, c));
  }
  if (wants('attachments')) {
    const hits = [...store.attachments.values()].filter(
      (a) => a.file_name.toLowerCase().includes(p.q) && onVisibleTask(a),
    );
    body.attachments = group(hits.sort(newestFirst), p, attachmentHit);
  }
  return ok(body);
}

export function registerSearch(router: Router): void {
  router.add('GET', '/search', search);
}
