// Full-text search scoped to a workspace (Endpoints > Search): tasks (title,
// description, display id), comments (body) and attachments (file name).
import { listVisibility, membershipOf } from '../access';
import { ok } from '../http';
import type { Ctx, FieldErrors, Reply } from '../http';
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
  const errors: FieldErrors = {};
  const q = ctx.query.get('q');
  if (q === null || q.trim() === '') errors.q = ['The q field is required.'];
  else if (exceeds(q, 255)) errors.q = ['The q field must not be greater than 255 characters.'];
  const ws = ctx.query.get('workspace_id');
  if (ws === null || ws === '') errors.workspace_id = ['The workspace_id field is required.'];
  else if (!isUuid(ws)) errors.workspace_id = ['The workspace_id field must be a valid UUID.'];
  else if (!membershipOf(ctx.app.store, ctx.user, ws.toLowerCase())?.is_active) errors.workspace_id = ['The selected workspace_id is invalid.'];
  const type = ctx.query.get('type');
  if (type !== null && !TYPES.includes(type as SearchType)) errors.type = ['The selected type is invalid.'];
  const priority = ctx.query.get('priority');
  if (priority !== null && !PRIORITIES.includes(priority as Priority)) errors.priority = ['The selected priority is invalid.'];
  const page = intQuery(ctx.query, 'page', 1, Number.MAX_SAFE_INTEGER, 1, errors);
  const perPage = intQuery(ctx.query, 'per_page', 1, 50, 20, errors);
  throwIfErrors(errors);
  return {
    q: (q as string).trim().toLowerCase(), workspaceId: (ws as string).toLowerCase(),
    type: type as SearchType | null, priority: priority as Priority | null, page, perPage,
  };
}

/** Rank: exact display id, then title match, then description match; newest first within. */
function taskHits(store: Store, p: Params, visibleTask: (t: Task) => boolean): Task[] {
  const ranked: Array<[number, Task]> = [];
  for (const t of store.tasks.values()) {
    if (t.workspace_id !== p.workspaceId || !visibleTask(t)) continue;
    let rank = -1;
    if (t.display_id.toLowerCase() === p.q) rank = 0;
    else if (t.title.toLowerCase().includes(p.q) || t.display_id.toLowerCase().includes(p.q)) rank = 1;
    else if (t.description?.toLowerCase().includes(p.q)) rank = 2;
    if (rank >= 0) ranked.push([rank, t]);
  }
  ranked.sort((a, b) => a[0] - b[0] || (a[1].updated_at < b[1].updated_at ? 1 : a[1].updated_at > b[1].updated_at ? -1 : 0) || (a[1].id < b[1].id ? -1 : 1));
  return ranked.map(([, t]) => t);
}

function group<T>(items: T[], p: Params, map: (x: T) => Record<string, unknown>): Record<string, unknown> {
  return { total: items.length, hits: items.slice((p.page - 1) * p.perPage, p.page * p.perPage).map(map) };
}

function search(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const p = parse(ctx);
  const visible = listVisibility(store, ctx.user);
  const visibleTask = (t: Task): boolean => t.deleted_at === null && visible(t.list_id) && (p.priority === null || t.priority === p.priority);
  const taskOfId = (id: string): Task | undefined => { const t = store.tasks.get(id); return t && visibleTask(t) ? t : undefined; };
  const byNewest = (a: { created_at: string }, b: { created_at: string }): number => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);
  const body: Record<string, unknown> = { query: ctx.query.get('q'), page: p.page, per_page: p.perPage };
  if (p.type === null || p.type === 'tasks') {
    body.tasks = group(taskHits(store, p, visibleTask), p, (t) => ({
      id: t.id, display_id: t.display_id, title: t.title, priority: t.priority, status: statusJson(store.statuses.get(t.status_id)),
      list_id: t.list_id, workspace_id: t.workspace_id, updated_at: t.updated_at,
    }));
  }
  if (p.type === null || p.type === 'comments') {
    const hits = [...store.comments.values()].filter((c) => c.workspace_id === p.workspaceId && c.body.toLowerCase().includes(p.q) && taskOfId(c.task_id)).sort(byNewest);
    body.comments = group(hits, p, (c: Comment) => ({
      id: c.id, task_id: c.task_id, task_display_id: store.tasks.get(c.task_id)?.display_id ?? null, body: c.body,
      user: userSummary(store.users.get(c.user_id)), created_at: c.created_at,
    }));
  }
  if (p.type === null || p.type === 'attachments') {
    const hits = [...store.attachments.values()].filter((a) => a.workspace_id === p.workspaceId && a.file_name.toLowerCase().includes(p.q) && taskOfId(a.task_id)).sort(byNewest);
    body.attachments = group(hits, p, (a: Attachment) => ({
      id: a.id, task_id: a.task_id, file_name: a.file_name, mime_type: a.mime_type, file_size: a.file_size, context: a.context, created_at: a.created_at,
    }));
  }
  return ok(body);
}

export function registerSearch(router: Router): void {
  router.add('GET', '/search', search);
}
