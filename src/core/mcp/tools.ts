import type * as z from 'zod/mini';
import type { ApiClient } from '../api/client';
import type { RequestOptions } from '../api/requester';
import type { TaskScope } from '../api/inputs';
import * as In from './inputs';
import { jsonSchemaOf } from './jsonSchema';
import { taskByDisplayId } from './lookup';
import * as Out from './outputs';
import type { Toolset } from './toolsets';

/**
 * THE table of assistant tools, shared by the stdio MCP server (src/mcp) and the VS Code chat tools
 * (src/extension/ai). One entry per row of the API's "MCP tool map", same names, each
 * calling the one client operation the map names (so rate limiting and idempotency apply), and two
 * beyond it (BEYOND_THE_MAP). What each returns is built by outputs.ts; its schema (outputSchemas.ts)
 * and its description (descriptions.ts) are keyed by name beside the table.
 */
export interface ToolSpec<S extends z.ZodMiniType = z.ZodMiniType> {
  readonly name: string;
  readonly title: string;
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
  /** Returns the `data` of the result: compact rows and pages (outputs.ts; schemas in outputSchemas.ts). */
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

export const TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'get_me',
    title: 'Who am I',
    input: In.NoInput,
    write: false,
    toolset: 'navigation',
    run: async (c, _i, o) => Out.me(await c.getUser(o)),
  }),
  tool({
    name: 'get_sidebar',
    title: 'Workspace tree',
    input: In.WorkspaceInput,
    write: false,
    toolset: 'navigation',
    run: async (c, i, o) => (await c.getSidebar(i.workspace_id, o)) as Record<string, unknown>,
  }),
  tool({
    name: 'list_spaces',
    title: 'List spaces',
    input: In.WorkspaceInput,
    write: false,
    toolset: 'navigation',
    run: async (c, i, o) => Out.named(await c.listSpaces(i.workspace_id, o)),
  }),
  tool({
    name: 'list_folders',
    title: 'List folders',
    input: In.FoldersInput,
    write: false,
    toolset: 'navigation',
    run: async (c, i, o) => Out.named(await c.listFolders(i.workspace_id, i.space_id, o)),
  }),
  tool({
    name: 'list_lists',
    title: 'List lists',
    input: In.ListsInput,
    write: false,
    toolset: 'navigation',
    run: async (c, i, o) => Out.named(await c.listLists(i.workspace_id, i.space_id, i.folder_id, o)),
  }),
  tool({
    name: 'list_statuses',
    title: 'List statuses',
    input: In.ListIdInput,
    write: false,
    toolset: 'navigation',
    run: async (c, i, o) => Out.statuses(await c.listStatuses(i.list_id, o)),
  }),
  tool({
    name: 'list_members',
    title: 'List members',
    input: In.MembersInput,
    write: false,
    toolset: 'navigation',
    run: async (c, i, o) => Out.members(await c.listMembers(i.workspace_id, o), i.page ?? 1),
  }),
  tool({
    name: 'list_tasks',
    title: 'List tasks',
    input: In.ListTasksInput,
    write: false,
    toolset: 'tasks',
    run: async (c, i, o) => {
      const { filter, sorts, group_by, search, per_page, page } = i;
      const query = { scope: scopeOf(i), filter, sorts, group_by, search, per_page, page };
      return Out.taskPage(await c.listTasks(i.workspace_id, query, o), page ?? 1);
    },
  }),
  tool({
    name: 'get_task',
    title: 'Get task',
    input: In.TaskInput,
    write: false,
    toolset: 'tasks',
    run: async (c, i, o) => Out.fullTask(await c.getTask(i.workspace_id, i.task_id, o)),
  }),
  tool({
    name: 'get_task_by_display_id',
    title: 'Find task by display id',
    input: In.DisplayIdInput,
    write: false,
    toolset: 'tasks',
    run: async (c, i, o) => Out.fullTask(await taskByDisplayId(c, i.workspace_id, i.display_id, o)),
  }),
  tool({
    name: 'create_task',
    title: 'Create task',
    input: In.CreateTaskInput,
    write: true,
    toolset: 'tasks',
    run: async (c, { workspace_id, idempotency_key, ...fields }, o) =>
      Out.taskLine(await c.createTask(workspace_id, fields, { ...o, idempotencyKey: idempotency_key })),
  }),
  tool({
    name: 'update_task',
    title: 'Update task',
    input: In.UpdateTaskInput,
    write: true,
    toolset: 'tasks',
    destructive: true,
    run: async (c, { workspace_id, task_id, ...fields }, o) =>
      Out.taskLine(await c.updateTask(workspace_id, task_id, fields, o)),
  }),
  tool({
    name: 'search_tasks',
    title: 'Search tasks',
    input: In.SearchTasksInput,
    write: false,
    toolset: 'tasks',
    run: async (c, i, o) => Out.searchHits(await c.search({ ...i, type: 'tasks' }, o), i.page ?? 1, i.per_page ?? 20),
  }),
  tool({
    name: 'list_comments',
    title: 'List comments',
    input: In.CursorTaskInput,
    write: false,
    toolset: 'comments',
    run: async (c, i, o) => Out.comments(await c.getComments(i.workspace_id, i.task_id, i.cursor, o)),
  }),
  tool({
    name: 'add_comment',
    title: 'Add comment',
    input: In.AddCommentInput,
    write: true,
    toolset: 'comments',
    run: async (c, { workspace_id, task_id, idempotency_key, ...fields }, o) =>
      Out.comment(await c.createComment(workspace_id, task_id, fields, { ...o, idempotencyKey: idempotency_key })),
  }),
  tool({
    name: 'get_task_activity',
    title: 'Task activity',
    input: In.CursorTaskInput,
    write: false,
    toolset: 'comments',
    run: async (c, i, o) => Out.activity(await c.getActivity(i.workspace_id, i.task_id, i.cursor, o)),
  }),
  tool({
    name: 'get_task_dependencies',
    title: 'Task dependencies',
    input: In.TaskInput,
    write: false,
    toolset: 'tasks',
    run: async (c, i, o) => Out.dependencies(await c.getDependencies(i.workspace_id, i.task_id, o)),
  }),
  tool({
    name: 'run_saved_view',
    title: 'Run saved view',
    input: In.ViewInput,
    write: false,
    toolset: 'views',
    run: async (c, i, o) =>
      Out.taskPage(await c.runView(i.view_id, { per_page: i.per_page, page: i.page }, o), i.page ?? 1),
  }),
];

/** The tools beyond the API's MCP tool map (docs/api/README.md#mcp-tool-map), which names the other 16. */
export const BEYOND_THE_MAP: readonly string[] = ['get_task_by_display_id', 'run_saved_view'];

export function findTool(name: string): ToolSpec | undefined {
  return TOOLS.find((t) => t.name === name);
}

/** The JSON schema of a tool's input, as MCP's tools/list and VS Code's languageModelTools want it. */
export function inputJsonSchema(spec: ToolSpec): Record<string, unknown> {
  // io 'input': a field with a default (list_tasks per_page) is optional for the caller.
  return jsonSchemaOf(spec.input, 'input');
}
