import * as z from 'zod/mini';
import type { ApiClient } from '../api/client';
import type { RequestOptions } from '../api/requester';
import type { TaskScope } from '../api/inputs';
import * as In from './inputs';
import type { Toolset } from './toolsets';

/**
 * THE table of assistant tools, shared by the stdio MCP server (src/mcp) and the VS Code chat tools
 * (src/extension/ai). One entry per row of the API's "MCP tool map", same names, each
 * calling the one client operation the map names (so rate limiting and idempotency apply).
 */
export interface ToolSpec<S extends z.ZodMiniType = z.ZodMiniType> {
  readonly name: string;
  readonly title: string;
  /** For the model: what the tool does and how to chain it. */
  readonly description: string;
  /** For people (VS Code's tool picker), when it should differ from `description`. */
  readonly userDescription?: string;
  readonly input: S;
  /** Writes ask for confirmation in VS Code and are not read-only for MCP clients. */
  readonly write: boolean;
  /**
   * A write that changes or removes what is there (not only adds): MCP's `destructiveHint`, and the
   * `destructive` tag of the chat tool. Additive writes (create, comment) leave it unset.
   */
  readonly destructive?: boolean;
  /** The group a user turns on or off as a whole (toolsets.ts). */
  readonly toolset: Toolset;
  run(client: ApiClient, input: z.output<S>, opts: RequestOptions): Promise<unknown>;
}

function tool<S extends z.ZodMiniType>(spec: ToolSpec<S>): ToolSpec {
  return spec as unknown as ToolSpec;
}

function scopeOf(input: z.output<typeof In.ListTasksInput>): TaskScope {
  // The schema guarantees exactly one scope (docs/api/openapi.yaml#listTasks).
  if (input.list_id) return { list_id: input.list_id };
  if (input.folder_id) return { folder_id: input.folder_id };
  if (input.space_id) return { space_id: input.space_id };
  return { sprint_id: input.sprint_id ?? '' };
}

const ids = 'Ids are UUIDs; start from get_me for workspace ids.';

export const TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'get_me',
    title: 'Who am I',
    description:
      'The signed-in user (id, name, email) and the workspaces they belong to. Call this first to get workspace ids.',
    input: In.NoInput,
    write: false,
    toolset: 'navigation',
    run: (c, _i, o) => c.getUser(o),
  }),
  tool({
    name: 'get_sidebar',
    title: 'Workspace tree',
    description: `The whole tree of a workspace (spaces, folders, lists, saved views) in one call: the quickest way to find a list id. ${ids}`,
    input: In.WorkspaceInput,
    write: false,
    toolset: 'navigation',
    run: (c, i, o) => c.getSidebar(i.workspace_id, o),
  }),
  tool({
    name: 'list_spaces',
    title: 'List spaces',
    description: 'The spaces of a workspace that the user can see.',
    input: In.WorkspaceInput,
    write: false,
    toolset: 'navigation',
    run: (c, i, o) => c.listSpaces(i.workspace_id, o),
  }),
  tool({
    name: 'list_folders',
    title: 'List folders',
    description: 'The folders of a space.',
    input: In.FoldersInput,
    write: false,
    toolset: 'navigation',
    run: (c, i, o) => c.listFolders(i.workspace_id, i.space_id, o),
  }),
  tool({
    name: 'list_lists',
    title: 'List lists',
    description: 'The lists of a folder (tasks live in lists).',
    input: In.ListsInput,
    write: false,
    toolset: 'navigation',
    run: (c, i, o) => c.listLists(i.workspace_id, i.space_id, i.folder_id, o),
  }),
  tool({
    name: 'list_statuses',
    title: 'List statuses',
    description:
      'The statuses available in a list ({ data, is_customized, source }); use a status id as status_id on create_task or update_task.',
    input: In.ListIdInput,
    write: false,
    toolset: 'navigation',
    run: (c, i, o) => c.listStatuses(i.list_id, o),
  }),
  tool({
    name: 'list_members',
    title: 'List members',
    description: 'The members of a workspace; a member id is what assignee_id takes.',
    input: In.WorkspaceInput,
    write: false,
    toolset: 'navigation',
    run: (c, i, o) => c.listMembers(i.workspace_id, o),
  }),
  tool({
    name: 'list_tasks',
    title: 'List tasks',
    description:
      'Top-level tasks in exactly ONE scope (list_id, folder_id, space_id or sprint_id), with an optional filter JSON, up to 3 sorts, grouping and text search. ' +
      'Returns { data, total_count, completed_count, group_counts, current_page, last_page, per_page }; 50 per page by default.',
    input: In.ListTasksInput,
    write: false,
    toolset: 'tasks',
    run: (c, i, o) =>
      c.listTasks(
        i.workspace_id,
        {
          scope: scopeOf(i),
          filter: i.filter,
          sorts: i.sorts,
          group_by: i.group_by,
          search: i.search,
          per_page: i.per_page,
          page: i.page,
        },
        o,
      ),
  }),
  tool({
    name: 'get_task',
    title: 'Get task',
    description: 'One task with its status, assignee, creator, custom field values and counts.',
    input: In.TaskInput,
    write: false,
    toolset: 'tasks',
    run: (c, i, o) => c.getTask(i.workspace_id, i.task_id, o),
  }),
  tool({
    name: 'create_task',
    title: 'Create task',
    description:
      'Creates a task (or a subtask with parent_task_id) in a list. Title 1 to 255 characters. Returns the new task.',
    input: In.CreateTaskInput,
    write: true,
    toolset: 'tasks',
    run: (c, { workspace_id, idempotency_key, ...fields }, o) =>
      c.createTask(workspace_id, fields, { ...o, idempotencyKey: idempotency_key }),
  }),
  tool({
    name: 'update_task',
    title: 'Update task',
    description:
      'Changes any of title, description, priority, status_id, assignee_id, due_date of a task (null clears description, assignee and due date). Returns the task.',
    input: In.UpdateTaskInput,
    write: true,
    toolset: 'tasks',
    destructive: true,
    run: (c, { workspace_id, task_id, ...fields }, o) => c.updateTask(workspace_id, task_id, fields, o),
  }),
  tool({
    name: 'search_tasks',
    title: 'Search tasks',
    description:
      'Full-text search for tasks in a workspace. Returns { query, page, per_page, tasks: { total, hits } }.',
    input: In.SearchTasksInput,
    write: false,
    toolset: 'tasks',
    run: (c, i, o) => c.search({ ...i, type: 'tasks' }, o),
  }),
  tool({
    name: 'list_comments',
    title: 'List comments',
    description:
      "One page of a task's comments ({ data, next_cursor, has_more }); pass next_cursor as cursor for the next page.",
    input: In.CursorTaskInput,
    write: false,
    toolset: 'comments',
    run: (c, i, o) => c.getComments(i.workspace_id, i.task_id, i.cursor, o),
  }),
  tool({
    name: 'add_comment',
    title: 'Add comment',
    description: 'Adds a comment to a task (optionally a reply, assigned, or mentioning members). Returns the comment.',
    input: In.AddCommentInput,
    write: true,
    toolset: 'comments',
    run: (c, { workspace_id, task_id, idempotency_key, ...fields }, o) =>
      c.createComment(workspace_id, task_id, fields, { ...o, idempotencyKey: idempotency_key }),
  }),
  tool({
    name: 'get_task_activity',
    title: 'Task activity',
    description:
      "One page (30 entries, newest first) of a task's history ({ data, next_cursor, has_more }); pass next_cursor as cursor for older entries.",
    input: In.CursorTaskInput,
    write: false,
    toolset: 'comments',
    run: (c, i, o) => c.getActivity(i.workspace_id, i.task_id, i.cursor, o),
  }),
  tool({
    name: 'get_task_dependencies',
    title: 'Task dependencies',
    description: 'The tasks blocking this task (blocked_by) and the tasks it blocks (blocking).',
    input: In.TaskInput,
    write: false,
    toolset: 'tasks',
    run: (c, i, o) => c.getDependencies(i.workspace_id, i.task_id, o),
  }),
];

export function findTool(name: string): ToolSpec | undefined {
  return TOOLS.find((t) => t.name === name);
}

/** The JSON schema of a tool's input, as MCP's tools/list and VS Code's languageModelTools want it. */
export function inputJsonSchema(spec: ToolSpec): Record<string, unknown> {
  // io 'input': a field with a default (list_tasks per_page) is optional for the caller.
  const { $schema: _ignored, ...schema } = z.toJSONSchema(spec.input, { io: 'input', target: 'draft-7' }) as Record<
    string,
    unknown
  >;
  return schema;
}
