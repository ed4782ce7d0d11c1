import * as z from 'zod/mini';
import type * as I from '../api/inputs';
import { UUID } from '../util/ids';

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
export function uuid(what: string): z.ZodMiniString {
  return z
    .string()
    .check(z.regex(UUID, `${what} must be a UUID (not a display id such as ACME-12)`), z.describe(`${what} (UUID).`));
}

/** A description the assistant reads (JSON schema `description`), on whatever schema it ends up on. */
const about = <T extends z.ZodMiniType>(schema: T, text: string): T => schema.check(z.describe(text)) as T;

const workspaceId = uuid('Workspace id, from get_me (user.workspaces[].id)');
const taskId = uuid('Task id, from list_tasks, search_tasks or get_task');
const priority = z.enum(['low', 'medium', 'high', 'critical']);
/** Limits: title length. */
const title = z
  .string()
  .check(z.trim(), z.minLength(1, 'title must not be empty'), z.maxLength(255, 'title must be at most 255 characters'));
const dateTime = about(z.string(), 'ISO 8601 date-time, e.g. 2026-12-31T17:00:00Z; null clears it.');

export const NoInput = z.strictObject({});
export const WorkspaceInput = z.strictObject({ workspace_id: workspaceId });
export const FoldersInput = z.strictObject({ workspace_id: workspaceId, space_id: uuid('Space id, from list_spaces') });
export const ListsInput = z.extend(FoldersInput, { folder_id: uuid('Folder id, from list_folders') });
export const ListIdInput = z.strictObject({ list_id: uuid('List id, from list_lists or get_sidebar') });
export const TaskInput = z.strictObject({ workspace_id: workspaceId, task_id: taskId });
export const CursorTaskInput = z.extend(TaskInput, {
  cursor: about(
    z.optional(z.string().check(z.minLength(1))),
    'Opaque next_cursor of the previous page; omit for the newest page.',
  ),
});

const FilterCondition = z.strictObject({
  field: about(
    z.string().check(z.minLength(1)),
    'status_id, assignee_id, priority, due_date, title, display_id or cf_<custom field id>.',
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
    'status_id/assignee_id/priority: in, not_in, is_empty. due_date: in, on, before, after, between, is_empty. title/display_id: contains, not_contains, is, is_not.',
  ),
  values: about(
    z.array(z.unknown()),
    'Uuids, priorities, strings, dates, or due_date presets: overdue, today, this_week, next_week, no_due_date.',
  ),
});

const scopeKeys = ['list_id', 'folder_id', 'space_id', 'sprint_id'] as const;

/** GET /workspaces/{workspace}/tasks: exactly one scope (list_id, sprint_id, space_id, folder_id). */
export const ListTasksInput = z
  .strictObject({
    workspace_id: workspaceId,
    list_id: z.optional(uuid('Scope: a list id')),
    folder_id: z.optional(uuid('Scope: a folder id (all its lists)')),
    space_id: z.optional(uuid('Scope: a space id (all its lists)')),
    sprint_id: z.optional(uuid('Scope: a sprint id')),
    filter: about(
      z.optional(z.strictObject({ match: z.enum(['all', 'any']), conditions: z.array(FilterCondition) })),
      'Filter JSON: { match: "all"|"any", conditions: [{ field, op, values }] }.',
    ),
    sorts: about(
      z.optional(
        z
          .array(z.strictObject({ field: z.string().check(z.minLength(1)), direction: z.enum(['asc', 'desc']) }))
          .check(z.maxLength(3, 'at most 3 sorts')),
      ),
      'Up to 3 sorts; fields: title, status, priority, assignee, due_date, created_at, position, cf_<id>.',
    ),
    group_by: about(
      z.optional(z.enum(['status', 'priority', 'assignee', 'list'])),
      'Fills group_counts; default status.',
    ),
    search: about(z.optional(z.string().check(z.maxLength(255))), 'Matches title and display id (max 255 characters).'),
    per_page: about(
      z._default(z.number().check(z.int(), z.gte(0), z.lte(100)), 50),
      '1 to 100 per page (default 50); 0 returns every matching task.',
    ),
    page: about(z.optional(z.number().check(z.int(), z.gte(1))), 'Page number when per_page > 0.'),
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
  description: about(z.optional(z.nullable(z.string())), 'Plain text or markdown; null clears it.'),
  priority: about(z.optional(priority), 'low, medium, high or critical.'),
  status_id: z.optional(uuid('Status id, from list_statuses of the task list')),
  assignee_id: z.optional(z.nullable(uuid('Member id, from list_members; null unassigns'))),
  due_date: z.optional(z.nullable(dateTime)),
};
const idempotencyKey = about(
  z.optional(z.string().check(z.minLength(8), z.maxLength(255))),
  'Optional. Send the same value when retrying the same creation, so it happens at most once (kept 24 hours).',
);

export const CreateTaskInput = z.strictObject({
  workspace_id: workspaceId,
  list_id: uuid('List id the task goes into'),
  title: about(title, 'Task title, 1 to 255 characters.'),
  ...taskFields,
  parent_task_id: z.optional(z.nullable(uuid('Parent task id, to create a subtask'))),
  idempotency_key: idempotencyKey,
});

export const UpdateTaskInput = z
  .strictObject({
    workspace_id: workspaceId,
    task_id: taskId,
    title: about(z.optional(title), 'New title, 1 to 255 characters.'),
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
    'Full-text query, 1 to 255 characters.',
  ),
  priority: about(z.optional(priority), 'Only tasks of this priority.'),
  page: z.optional(z.number().check(z.int(), z.gte(1))),
  per_page: about(z.optional(z.number().check(z.int(), z.gte(1), z.lte(50))), '1 to 50, default 20.'),
});

export const AddCommentInput = z.strictObject({
  workspace_id: workspaceId,
  task_id: taskId,
  body: about(z.string().check(z.trim(), z.minLength(1, 'body must not be empty')), 'Comment text.'),
  parent_id: z.optional(z.nullable(uuid('Comment id to reply to'))),
  assignee_id: z.optional(z.nullable(uuid('Member id to assign the comment to'))),
  mentions: about(z.optional(z.array(uuid('Member id'))), 'Member ids mentioned in the comment.'),
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
