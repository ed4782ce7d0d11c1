// Task activity: cursor-paginated, newest first, 30 per page (docs/api/openapi.yaml#listTaskActivity).
import { requireTask } from '../access';
import { invalid, ok } from '../http';
import type { Ctx, Reply } from '../http';
import { activityJson } from '../present';
import type { Router } from '../router';
import type { Activity } from '../types';

export const ACTIVITY_PAGE = 30;

interface Cursor {
  t: string;
  s: number;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeCursor(raw: string | null): Cursor | null {
  if (raw === null || raw === '') return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof parsed.t === 'string' && typeof parsed.s === 'number') return { t: parsed.t, s: parsed.s };
  } catch {
    // fall through to the 422 below
  }
  throw invalid({ cursor: ['The cursor is invalid.'] });
}

/** Newest first: created_at desc, then seq desc. */
function newer(a: Activity, b: Activity): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return b.seq - a.seq;
}

function activity(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const task = requireTask(store, ctx.user, ctx.params.task as string, ctx.params.workspace as string);
  const cursor = decodeCursor(ctx.query.get('cursor'));
  const all = [...(store.activityByTask.get(task.id) ?? [])].sort(newer);
  const after = cursor
    ? all.filter((a) => a.created_at < cursor.t || (a.created_at === cursor.t && a.seq < cursor.s))
    : all;
  const page = after.slice(0, ACTIVITY_PAGE);
  const hasMore = after.length > ACTIVITY_PAGE;
  const last = page[page.length - 1];
  return ok({
    data: page.map(activityJson),
    next_cursor: hasMore && last ? encodeCursor({ t: last.created_at, s: last.seq }) : null,
    has_more: hasMore,
  });
}

export function registerActivity(router: Router): void {
  router.add('GET', '/workspaces/:workspace/tasks/:task/activity', activity);
}
