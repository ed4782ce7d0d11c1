import * as z from 'zod/mini';
import type * as I from '../api/inputs';
import { MCP_TOOL_BUDGET } from '../budgets';
import { UUID } from '../util/ids';
import { isDisplayId } from '../tasks/displayId';

/**
 * Input schemas of the assistant tools (docs/api/README.md#mcp-tool-map), one per operation. They are
 * the request shapes of core/api/inputs.ts written as zod (`zod/mini`), with descriptions an assistant can act
 * on; the `satisfies` checks at the bottom keep them in step with the client's types. Objects are
 * strict: a misspelt key (`listId`) is refused instead of being silently ignored.
 */

/**
 * Every identifier is a UUID (docs/api/README.md#conventions); a display id such as ACME-12 is refused before any
 * request.
 */
export function uuid(what: string, hint?: string): z.ZodMiniString {
  const checked = z.string().check(z.regex(UUID, `${what} must be a UUID (not a display id such as ACME-12)`));
  // The key names the id (task_id) and the schema says uuid: a description only where it adds something.
  return hint ? checked.check(z.describe(hint)) : checked;
}

/** A description the assistant reads (JSON schema `description`), on whatever schema it ends up on. */
const about = <T extends z.ZodMiniType>(schema: T, text: string): T => schema.check(z.describe(text)) as T;

const workspaceId = uuid('Workspace id');
const taskId = uuid('Task id');
const priority = z.enum(['low', 'medium', 'high', 'critical']);
/** Limits: title length. */
const title = z
  .string()
  .check(z.trim(), z.minLength(1, 'title must not be empty'), z.maxLength(255, 'title must be at most 255 characters'));
const dateTime = about(z.string(), 'ISO 8601; null clears it.');

export const NoInput = z.strictObject({});
export const WorkspaceInput = z.strictObject({ workspace_id: workspaceId });
export const FoldersInput = z.strictObject({ workspace_id: workspaceId, space_id: uuid('Space id') });
export const ListsInput = z.extend(FoldersInput, { folder_id: uuid('Folder id') });
export const ListIdInput = z.strictObject({ list_id: uuid('List id') });
export const TaskInput = z.strictObject({ workspace_id: workspaceId, task_id: taskId });
export const CursorTaskInput = z.extend(TaskInput, {
  cursor: about(z.optional(z.string().check(z.minLength(1))), 'next_cursor of the previous page.'),
});

const FilterCondition = z.strictObject({
  field: about(
    z.string().check(z.minLength(1)),
    'status_id, assignee_id, priority, due_date, title, display_id, cf_<id>.',
  ),
  op: about(
    z.enum([
      'in',
      'not_in',
      'is_empty',
      'on',
      'before',
      'after',
      'between',
      'contains',
      'not_contains',
      'is',
      'is_not',
    ]),
    'Ids, priority: in, not_in, is_empty. due_date: also on, before, after, between. Text: contains, not_contains, is, is_not.',
  ),
  values: about(z.array(z.unknown()), 'Or due_date presets: overdue, today, this_week, next_week, no_due_date.'),
});

const scopeKeys = ['list_id', 'folder_id', 'space_id', 'sprint_id'] as const;

/** A page of compact task rows: 25 by default, at most 50 (every task at once is not offered). */
export const TASKS_PER_PAGE = 25;
export const MAX_TASKS_PER_PAGE = MCP_TOOL_BUDGET.rows;
const page = z.optional(z.number().check(z.int(), z.gte(1)));
const pageFields = {
  per_page: z._default(z.number().check(z.int(), z.gte(1), z.lte(MAX_TASKS_PER_PAGE)), TASKS_PER_PAGE),
  page: about(page, 'next_page of the previous answer.'),
};

/** GET /views/{view}/tasks (docs/api/openapi.yaml#listViewTasks). */
export const ViewInput = z.strictObject({ view_id: uuid('View id', 'A saved view id (get_sidebar)'), ...pageFields });

export const MembersInput = z.strictObject({ workspace_id: workspaceId, page });

/** A display id such as ACME-12 (core/tasks/displayId.ts). */
export const DisplayIdInput = z.strictObject({
  workspace_id: workspaceId,
  display_id: z.string().check(z.refine(isDisplayId, 'display_id must look like ACME-12'), z.describe('e.g. ACME-12')),
});

/** GET /workspaces/{workspace}/tasks: exactly one scope (list_id, sprint_id, space_id, folder_id). */
export const ListTasksInput = z
  .strictObject({
    workspace_id: workspaceId,
    list_id: z.optional(uuid('Scope id')),
    folder_id: z.optional(uuid('Scope id')),
    space_id: z.optional(uuid('Scope id')),
    sprint_id: z.optional(uuid('Scope id')),
    filter: about(
      z.optional(z.strictObject({ match: z.enum(['all', 'any']), conditions: z.array(FilterCondition) })),
      'Filter JSON.',
    ),
    sorts: about(
      z.optional(
        z
          .array(z.strictObject({ field: z.string().check(z.minLength(1)), direction: z.enum(['asc', 'desc']) }))
          .check(z.maxLength(3, 'at most 3 sorts')),
      ),
      'Fields: title, status, priority, assignee, due_date, created_at, position, cf_<id>.',
    ),
    group_by: about(z.optional(z.enum(['status', 'priority', 'assignee', 'list'])), 'Fills group_counts.'),
    search: about(z.optional(z.string().check(z.maxLength(255))), 'Matches title and display id.'),
    ...pageFields,
  })
  .check(
    z.superRefine((input, ctx) => {
      const given = scopeKeys.filter((key) => input[key] !== undefined);
      if (given.length !== 1) {
        const message = `give exactly one scope: list_id, folder_id, space_id or sprint_id (got ${given.length === 0 ? 'none' : given.join(', ')})`;
        ctx.addIssue({ code: 'custom', message });
      }
    }),
  );

const taskFields = {
  description: about(z.optional(z.nullable(z.string())), 'Markdown; null clears it.'),
  priority: z.optional(priority),
  status_id: z.optional(uuid('Status id', 'From list_statuses')),
  assignee_id: z.optional(z.nullable(uuid('Member id', 'From list_members; null unassigns'))),
  due_date: z.optional(z.nullable(dateTime)),
};
const idempotencyKey = about(
  z.optional(z.string().check(z.minLength(8), z.maxLength(255))),
  'Same value on a retry: the write happens once.',
);

export const CreateTaskInput = z.strictObject({
  workspace_id: workspaceId,
  list_id: uuid('List id'),
  title,
  ...taskFields,
  parent_task_id: z.optional(z.nullable(uuid('Parent task id', 'For a subtask'))),
  idempotency_key: idempotencyKey,
});

export const UpdateTaskInput = z
  .strictObject({
    workspace_id: workspaceId,
    task_id: taskId,
    title: z.optional(title),
    ...taskFields,
  })
  .check(
    z.refine((input) => Object.keys(input).some((key) => key !== 'workspace_id' && key !== 'task_id'), {
      message: 'give at least one field to change: title, description, priority, status_id, assignee_id or due_date',
    }),
  );

export const SearchTasksInput = z.strictObject({
  workspace_id: workspaceId,
  q: about(
    z
      .string()
      .check(z.trim(), z.minLength(1, 'q must not be empty'), z.maxLength(255, 'q must be at most 255 characters')),
    'Full-text query.',
  ),
  priority: z.optional(priority),
  page,
  per_page: about(z.optional(z.number().check(z.int(), z.gte(1), z.lte(50))), 'Default 20.'),
});

export const AddCommentInput = z.strictObject({
  workspace_id: workspaceId,
  task_id: taskId,
  body: z.string().check(z.trim(), z.minLength(1, 'body must not be empty')),
  parent_id: z.optional(z.nullable(uuid('Comment id', 'The comment replied to'))),
  assignee_id: z.optional(z.nullable(uuid('Member id'))),
  mentions: about(z.optional(z.array(uuid('Member id'))), 'Member ids mentioned.'),
  idempotency_key: idempotencyKey,
});

// Kept in step with the client's request types (core/api/inputs.ts).
type Create = z.infer<typeof CreateTaskInput>;
type Update = z.infer<typeof UpdateTaskInput>;
type Comment = z.infer<typeof AddCommentInput>;
export type CreateFields = Omit<Create, 'workspace_id' | 'idempotency_key'>;
export type UpdateFields = Omit<Update, 'workspace_id' | 'task_id'>;
export type CommentFields = Omit<Comment, 'workspace_id' | 'task_id' | 'idempotency_key'>;
true satisfies CreateFields extends I.CreateTaskInput ? true : false;
true satisfies UpdateFields extends I.UpdateTaskInput ? true : false;
true satisfies CommentFields extends I.CreateCommentInput ? true : false;
