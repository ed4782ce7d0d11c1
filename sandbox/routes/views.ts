// Saved view execution (docs/api/openapi.yaml#listViewTasks): persisted filters/sorts evaluated by
// the same evaluator as the task index; counts cached 60 s per user.
import { canSeeSpace, membershipOf } from '../access';
import type { App } from '../app';
import { fieldErrors, forbidden, notFound, ok } from '../http';
import type { Ctx, Reply } from '../http';
import { isCompleted, taskJson } from '../present';
import type { Router } from '../router';
import type { Store } from '../store';
import type { Space, Task, User, View } from '../types';
import { intQuery, throwIfErrors } from '../validate';
import { compileFilter, FilterError } from './filters';
import type { Predicate } from './filters';
import { scopeTasks, sortTasks } from './taskIndex';

export const VIEW_COUNT_TTL_MS = 60_000;
const PROHIBITED = ['filter', 'sorts', 'group_by'];

function viewSpace(store: Store, view: View): Space | undefined {
  switch (view.viewable_type) {
    case 'list':
      return store.listMeta.get(view.viewable_id)?.space;
    case 'folder': {
      const f = store.folders.get(view.viewable_id);
      return f ? store.spaces.get(f.space_id) : undefined;
    }
    case 'space':
      return store.spaces.get(view.viewable_id);
    default: {
      const s = store.sprints.get(view.viewable_id);
      return s ? store.spaces.get(s.space_id) : undefined;
    }
  }
}

/** A member may see a view unless it is someone else's private view or lies in a space hidden from them. */
export function canSeeView(store: Store, user: User, view: View): boolean {
  const space = viewSpace(store, view);
  return !(view.is_private && view.owner_id !== user.id) && space !== undefined && canSeeSpace(store, user, space);
}

/**
 * 404 for unknown views and non-members alike; 403 for members who may not see it
 * (docs/api/openapi.yaml#listViewTasks).
 */
function requireView(store: Store, user: User, viewId: string): View {
  const view = store.views.get(viewId);
  if (!view || !membershipOf(store, user, view.workspace_id)?.is_active) throw notFound();
  if (!canSeeView(store, user, view)) throw forbidden();
  return view;
}

function viewPredicate(app: App, view: View): Predicate {
  if (!view.filters) return () => true;
  try {
    return compileFilter(view.filters, {
      store: app.store,
      workspaceId: view.workspace_id,
      now: app.clock.now(),
      allowLocation: true,
      dropLocation: view.viewable_type === 'list' || view.viewable_type === 'sprint',
    });
  } catch (err) {
    // A persisted filter that no longer validates (e.g. a deleted field) filters nothing out.
    if (err instanceof FilterError) return () => true;
    throw err;
  }
}

function counts(app: App, user: User, view: View, scoped: Task[]): { total: number; completed: number } {
  const key = `${user.id}:${view.id}`;
  const now = app.clock.now();
  const cached = app.viewCounts.get(key);
  if (cached && now - cached.at < VIEW_COUNT_TTL_MS) return cached;
  const entry = { at: now, total: scoped.length, completed: scoped.filter((t) => isCompleted(app.store, t)).length };
  app.viewCounts.set(key, entry);
  return entry;
}

function viewTasks(ctx: Ctx): Reply {
  const { app } = ctx;
  const view = requireView(app.store, ctx.user, ctx.params.view as string);
  const errors = fieldErrors();
  for (const p of PROHIBITED) if (ctx.query.has(p)) errors[p] = [`The ${p} field is prohibited.`];
  const perPage = intQuery(ctx.query, 'per_page', 1, 100, 50, errors);
  const page = intQuery(ctx.query, 'page', 1, Number.MAX_SAFE_INTEGER, 1, errors);
  throwIfErrors(errors);
  const scoped = scopeTasks(
    app.store,
    ctx.user,
    { type: view.viewable_type, id: view.viewable_id },
    view.subtask_mode === 'collapsed',
  );
  const predicate = viewPredicate(app, view);
  const rows = sortTasks(
    app.store,
    scoped.filter((t) => predicate(t) && (view.show_completed || !isCompleted(app.store, t))),
    view.sorts,
  );
  const { total, completed } = counts(app, ctx.user, view, scoped);
  return ok({
    data: rows.slice((page - 1) * perPage, page * perPage).map((t) => taskJson(app.store, t)),
    total_count: total,
    completed_count: completed,
    filtered_count: rows.length,
    group_counts: null,
    group_pages: null,
    column_aggregates: [],
    current_page: page,
    last_page: Math.max(1, Math.ceil(rows.length / perPage)),
    per_page: perPage,
  });
}

export function registerViews(router: Router): void {
  router.add('GET', '/views/:view/tasks', viewTasks);
}
