import type * as E from '../api/envelopes';
import type * as S from '../api/schemas';
import type * as O from './outputSchemas';

/**
 * What the assistant tools return, built from the client's answers: frugal results
 * (docs/decisions/assistant-results.md). List-like tools give a bounded page of compact rows (the
 * fields a model needs to pick one, ids to go further) and the way to the next page; full rows come
 * from get_task only. The shapes are the zod schemas of outputSchemas.ts, imported as types only.
 */

type Empty<T, K extends keyof T> = null extends T[K] ? K : undefined extends T[K] ? K : never;
type Filled<T> = { [K in keyof T as Empty<T, K>]?: Exclude<T[K], null | undefined> } & {
  [K in keyof T as K extends Empty<T, K> ? never : K]: T[K];
};

/** The object without its null and undefined fields. */
function filled<T extends Record<string, unknown>>(row: T): Filled<T> {
  return Object.fromEntries(
    Object.entries(row).filter(([, value]) => value !== null && value !== undefined),
  ) as Filled<T>;
}

export function taskLine(row: S.TaskRow): O.TaskLine {
  return filled({
    id: row.id,
    display_id: row.display_id,
    title: row.title,
    status: row.status?.name,
    priority: row.priority ?? undefined,
    assignee: row.assignee?.name ?? row.assignees?.[0]?.name,
    due_date: row.due_date ?? undefined,
    list_id: row.list_id,
  });
}

export function taskPage(page: E.TaskPage, asked: number): O.TaskPage {
  const current = page.current_page ?? asked;
  const last = page.last_page ?? null;
  const more = last !== null ? current < last : page.data.length >= (page.per_page ?? Infinity);
  const rows = filled({
    total: page.filtered_count ?? page.total_count,
    last_page: last ?? undefined,
    group_counts: page.group_counts ?? undefined,
  });
  return { tasks: page.data.map(taskLine), page: current, ...rows, next_page: more ? current + 1 : null };
}

export function fullTask(task: S.Task): O.Task {
  const { status, assignee, ...rest } = task;
  return { ...rest, status: status?.name ?? null, assignee: assignee?.name ?? task.assignees?.[0]?.name ?? null };
}

export function me(user: S.User): O.Me {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    workspaces: user.workspaces.map((w) => ({ id: w.id, name: w.name })),
  };
}

export function named(items: readonly { id: string; name: string }[]): O.Named {
  return { items: items.map((i) => ({ id: i.id, name: i.name })) };
}

export function statuses(list: E.StatusList): O.Statuses {
  return { items: list.data.map((s) => ({ id: s.id, name: s.name, type: s.type })) };
}

/** Members, a page at a time (the API answers them all at once). */
export const MEMBERS_PER_PAGE = 50;
export function members(all: readonly S.Member[], page: number): O.Members {
  const start = (page - 1) * MEMBERS_PER_PAGE;
  return {
    items: all.slice(start, start + MEMBERS_PER_PAGE).map((m) => ({ id: m.id, name: m.name, email: m.email })),
    next_page: all.length > start + MEMBERS_PER_PAGE ? page + 1 : null,
  };
}

export function searchHits(result: E.SearchResult, page: number, asked = 20): O.Search {
  const hits = result.tasks?.hits ?? [];
  const total = result.tasks?.total ?? hits.length;
  const current = result.page ?? page;
  const perPage = result.per_page ?? asked;
  return {
    hits: hits.map((h) =>
      filled({
        id: h.id,
        display_id: typeof h.display_id === 'string' ? h.display_id : undefined,
        title: h.title,
        priority: h.priority,
      }),
    ),
    total,
    page: current,
    // Like every list-like tool, the answer says whether hits were left for the next page.
    next_page: hits.length > 0 && current * perPage < total ? current + 1 : null,
  };
}

/** The longest comment body in a page; get the comment's task for more. */
const BODY_IN_PAGE = 1_500;
export function comment(c: S.Comment, max = Infinity): O.Comment {
  const body = c.body.length > max ? `${c.body.slice(0, max)}… (${c.body.length - max} more characters)` : c.body;
  return filled({ id: c.id, body, parent_id: c.parent_id, created_at: c.created_at, author: c.user?.name });
}
export function comments(page: E.CommentPage): O.Comments {
  return {
    items: page.data.map((c) => comment(c, BODY_IN_PAGE)),
    next_cursor: page.has_more ? page.next_cursor : null,
  };
}

export function activity(page: E.ActivityPage): O.Activity {
  return {
    items: page.data.map((a) =>
      filled({ action: a.action, actor_name: a.actor_name, created_at: a.created_at, changed: a.new_value }),
    ),
    next_cursor: page.has_more ? page.next_cursor : null,
  };
}

export function dependencies(deps: E.Dependencies): O.Dependencies {
  const line = (d: S.DependencyEntry): O.Dependency => filled({ id: d.id, title: d.title, status: d.status?.name });
  return { blocked_by: deps.blocked_by.map(line), blocking: deps.blocking.map(line) };
}
