import * as z from 'zod/mini';
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
import { jsonSchemaOf } from './jsonSchema';

/**
 * What the assistant tools return, as zod: one schema per shape, from which both the JSON schema of
 * tools/list and the TypeScript type of outputs.ts (which builds the results) come. Each shape is a
 * pick of the client's response schemas (core/api/schemas.ts), so a field keeps the name and type
 * the API gives it (docs/decisions/assistant-results.md). Only the MCP server and the manifest read
 * this file: the VS Code chat tools import its types, so the schemas stay out of the lazy bundle.
 */

const str = z.string();
const nstr = z.nullable(z.string());
/** A field a compact row leaves out when it is empty (shorter rows, shorter schemas). */
const ostr = z.optional(z.string());
const int = z.number().check(z.int());

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

/** A page of tasks: `next_page` is the page to ask for next, null at the end. */
export const TaskPage = z.object({
  tasks: z.array(TaskLine),
  total: z.optional(int),
  page: int,
  last_page: z.optional(int),
  next_page: z.nullable(int),
  group_counts: z.optional(z.record(str, z.number())),
});
export type TaskPage = z.infer<typeof TaskPage>;

/**
 * A full task (get_task, get_task_by_display_id): every field the service sends (ids, custom field
 * values, counts...), the status and assignee as names; the schema names the main ones.
 */
export const Task = z.looseObject({
  ...z.pick(TaskSchema, { id: true, display_id: true, title: true, description: true, priority: true }).shape,
  status: nstr,
  assignee: nstr,
});
export type Task = z.infer<typeof Task>;

export const Me = z.object({
  ...z.pick(UserSchema, { id: true, name: true, email: true }).shape,
  workspaces: z.array(z.pick(WorkspaceRefSchema, { id: true, name: true })),
});
export type Me = z.infer<typeof Me>;

/** Spaces, folders, lists: id and name are what a model chains on. */
export const Named = z.object({ items: z.array(z.object({ id: str, name: str })) });
export type Named = z.infer<typeof Named>;

export const Statuses = z.object({ items: z.array(z.pick(StatusSchema, { id: true, name: true, type: true })) });
export type Statuses = z.infer<typeof Statuses>;

export const Members = z.object({
  items: z.array(z.pick(MemberSchema, { id: true, name: true, email: true })),
  next_page: z.nullable(int),
});
export type Members = z.infer<typeof Members>;

export const Search = z.object({
  hits: z.array(z.object({ id: str, display_id: ostr, title: str, priority: ostr })),
  total: int,
  page: int,
  /** The page to ask for next, null when these are the last hits. */
  next_page: z.nullable(int),
});
export type Search = z.infer<typeof Search>;

export const Comment = z.object({
  ...z.pick(CommentSchema, { id: true, body: true, created_at: true }).shape,
  parent_id: ostr,
  author: ostr,
});
export type Comment = z.infer<typeof Comment>;
export const Comments = z.object({ items: z.array(Comment), next_cursor: nstr });
export type Comments = z.infer<typeof Comments>;

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
export type Activity = z.infer<typeof Activity>;

const Dependency = z.object({ ...z.pick(DependencyEntrySchema, { id: true, title: true }).shape, status: ostr });
export type Dependency = z.infer<typeof Dependency>;
export const Dependencies = z.object({ blocked_by: z.array(Dependency), blocking: z.array(Dependency) });
export type Dependencies = z.infer<typeof Dependencies>;

/** The sidebar's shape is not documented: it is passed on as the service gives it. */
export const Sidebar = z.record(str, z.unknown());
export type Sidebar = z.infer<typeof Sidebar>;

/** What every result says about the token's request budget (docs/api/README.md#rate-limit). */
export const Budget = z.object({
  requests_left: int,
  per_minute: int,
  retry_after_s: z.optional(int),
});
export type Budget = z.infer<typeof Budget>;

/** The `data` of each tool's result (tools.ts builds it with outputs.ts). */
export const OUTPUTS: Readonly<Record<string, z.ZodMiniType>> = {
  get_me: Me,
  get_sidebar: Sidebar,
  list_spaces: Named,
  list_folders: Named,
  list_lists: Named,
  list_statuses: Statuses,
  list_members: Members,
  list_tasks: TaskPage,
  get_task: Task,
  get_task_by_display_id: Task,
  create_task: TaskLine,
  update_task: TaskLine,
  search_tasks: Search,
  list_comments: Comments,
  add_comment: Comment,
  get_task_activity: Activity,
  get_task_dependencies: Dependencies,
  run_saved_view: TaskPage,
};

/**
 * The whole structured result: the note that marks the data as data, the data, the budget, and what
 * was left out for size.
 */
export function envelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ note: str, data, budget: Budget, left_out: z.optional(str) });
}

/**
 * The JSON schema of a tool's result (structuredContent) as tools/list declares it: its `data`. The
 * note and budget beside it are the same for every tool, said once in the server's instructions,
 * not 18 times in tools/list; the full shape is `envelope(OUTPUTS[name])`.
 */
export function outputJsonSchema(name: string): Record<string, unknown> {
  const data = OUTPUTS[name];
  if (!data) {
    throw new Error(`No output schema for the tool ${name}`);
  }
  return jsonSchemaOf(z.object({ data }), 'output');
}
