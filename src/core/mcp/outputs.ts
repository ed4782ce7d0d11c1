import * as z from 'zod/mini';
import type * as E from '../api/envelopes';
import type * as S from '../api/schemas';
import {
  ActivityEntrySchema,
  CommentSchema,
  DependencyEntrySchema,
  MemberSchema,
  StatusSchema,
  TaskSchema,
  UserSchema,
  WorkspaceRefSchema,
} from '../api/schemas';

/**
 * What the assistant tools return, as zod (one schema per shape: the JSON schema of tools/list and
 * the TypeScript type both come from it). Results are frugal: list-like tools give a bounded page of
 * compact rows (the fields a model needs to pick one, ids to go further) and a way to the next page;
 * full rows come from get_task only. Each shape is a pick of the client's response schemas
 * (core/api/schemas.ts), so a field keeps the name and type the API gives it
 * (docs/decisions/assistant-results.md).
 */

const str = z.string();
const nstr = z.nullable(z.string());
/** A field a compact row leaves out when it is empty (shorter rows, shorter schemas). */
const ostr = z.optional(z.string());
const int = z.number().check(z.int());
const name = { id: str, name: str };

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

/** One task in a list-like result. */
export const TaskLine = z.object({
  id: str,
  display_id: ostr,
  title: str,
  status: ostr,
  priority: ostr,
  assignee: ostr,
  due_date: ostr,
  list_id: ostr,
});
export type TaskLine = z.infer<typeof TaskLine>;

export function taskLine(row: S.TaskRow): TaskLine {
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

/** A page of tasks: `next_page` is the page to ask for next, null at the end. */
export const TaskPageOut = z.object({
  tasks: z.array(TaskLine),
  total: z.optional(int),
  page: int,
  last_page: z.optional(int),
  next_page: z.nullable(int),
  group_counts: z.optional(z.record(str, z.number())),
});

export function taskPage(page: E.TaskPage, asked: number): z.infer<typeof TaskPageOut> {
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

/**
 * A full task (get_task, get_task_by_display_id): every field the service sends (ids, custom field
 * values, counts...), the status and assignee as names; the schema names the main ones.
 */
export const TaskOut = z.looseObject({
  ...z.pick(TaskSchema, { id: true, display_id: true, title: true, description: true, priority: true }).shape,
  status: nstr,
  assignee: nstr,
});

export function fullTask(task: S.Task): z.infer<typeof TaskOut> {
  const { status, assignee, ...rest } = task;
  return { ...rest, status: status?.name ?? null, assignee: assignee?.name ?? task.assignees?.[0]?.name ?? null };
}

export const Me = z.object({
  ...z.pick(UserSchema, { id: true, name: true, email: true }).shape,
  workspaces: z.array(z.pick(WorkspaceRefSchema, { id: true, name: true })),
});
export function me(user: S.User): z.infer<typeof Me> {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    workspaces: user.workspaces.map((w) => ({ id: w.id, name: w.name })),
  };
}

/** Spaces, folders, lists: id and name are what a model chains on. */
export const Named = z.object({ items: z.array(z.object(name)) });
export function named(items: readonly { id: string; name: string }[]): z.infer<typeof Named> {
  return { items: items.map((i) => ({ id: i.id, name: i.name })) };
}

export const Statuses = z.object({ items: z.array(z.pick(StatusSchema, { id: true, name: true, type: true })) });
export function statuses(list: E.StatusList): z.infer<typeof Statuses> {
  return { items: list.data.map((s) => ({ id: s.id, name: s.name, type: s.type })) };
}

/** Members, a page at a time (the API answers them all at once). */
export const MEMBERS_PER_PAGE = 50;
export const Members = z.object({
  items: z.array(z.pick(MemberSchema, { id: true, name: true, email: true })),
  next_page: z.nullable(int),
});
export function members(all: readonly S.Member[], page: number): z.infer<typeof Members> {
  const start = (page - 1) * MEMBERS_PER_PAGE;
  return {
    items: all.slice(start, start + MEMBERS_PER_PAGE).map((m) => ({ id: m.id, name: m.name, email: m.email })),
    next_page: all.length > start + MEMBERS_PER_PAGE ? page + 1 : null,
  };
}

export const SearchOut = z.object({
  hits: z.array(z.object({ id: str, display_id: ostr, title: str, priority: ostr })),
  total: int,
  page: int,
});
export function searchHits(result: E.SearchResult, page: number): z.infer<typeof SearchOut> {
  const hits = result.tasks?.hits ?? [];
  return {
    hits: hits.map((h) =>
      filled({
        id: h.id,
        display_id: typeof h.display_id === 'string' ? h.display_id : undefined,
        title: h.title,
        priority: h.priority,
      }),
    ),
    total: result.tasks?.total ?? hits.length,
    page: result.page ?? page,
  };
}

/** The longest comment body in a page; get the comment's task for more. */
const BODY_IN_PAGE = 1_500;
const CommentLine = z.object({
  ...z.pick(CommentSchema, { id: true, body: true, created_at: true }).shape,
  parent_id: ostr,
  author: ostr,
});
export const Comment = CommentLine;
export function comment(c: S.Comment, max = Infinity): z.infer<typeof CommentLine> {
  const body = c.body.length > max ? `${c.body.slice(0, max)}… (${c.body.length - max} more characters)` : c.body;
  return filled({ id: c.id, body, parent_id: c.parent_id, created_at: c.created_at, author: c.user?.name });
}
export const Comments = z.object({ items: z.array(CommentLine), next_cursor: nstr });
export function comments(page: E.CommentPage): z.infer<typeof Comments> {
  return {
    items: page.data.map((c) => comment(c, BODY_IN_PAGE)),
    next_cursor: page.has_more ? page.next_cursor : null,
  };
}

/** An activity entry: who did what when, and the fields it changed (their new values). */
export const Activity = z.object({
  items: z.array(
    z.object({
      ...z.pick(ActivityEntrySchema, { action: true, created_at: true }).shape,
      actor_name: ostr,
      changed: z.optional(z.record(str, z.unknown())),
    }),
  ),
  next_cursor: nstr,
});
export function activity(page: E.ActivityPage): z.infer<typeof Activity> {
  return {
    items: page.data.map((a) =>
      filled({ action: a.action, actor_name: a.actor_name, created_at: a.created_at, changed: a.new_value }),
    ),
    next_cursor: page.has_more ? page.next_cursor : null,
  };
}

const Dependency = z.object({ ...z.pick(DependencyEntrySchema, { id: true, title: true }).shape, status: ostr });
export const Dependencies = z.object({ blocked_by: z.array(Dependency), blocking: z.array(Dependency) });
export function dependencies(deps: E.Dependencies): z.infer<typeof Dependencies> {
  const line = (d: S.DependencyEntry): z.infer<typeof Dependency> =>
    filled({ id: d.id, title: d.title, status: d.status?.name });
  return { blocked_by: deps.blocked_by.map(line), blocking: deps.blocking.map(line) };
}

/** The sidebar's shape is not documented: it is passed on as the service gives it. */
export const Sidebar = z.record(str, z.unknown());

/** What every result says about the token's request budget (docs/api/README.md#rate-limit). */
export const Budget = z.object({
  requests_left: int,
  per_minute: int,
  retry_after_s: z.optional(int),
});
export type Budget = z.infer<typeof Budget>;

/**
 * The whole structured result: the note that marks the data as data, the data, the budget, and what
 * was left out for size. The output schema a client sees declares `data` only (`declaredOutput`): the
 * rest is the same for every tool, said once in the server's instructions, not 18 times in tools/list.
 */
export function envelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ note: str, data, budget: Budget, left_out: z.optional(str) });
}
export function declaredOutput<T extends z.ZodMiniType>(data: T) {
  return z.object({ data });
}
