import * as z from 'zod/mini';

/**
 * Resources of the API (components.schemas of docs/api/openapi.yaml). Objects are loose: unknown extra fields
 * are kept, because the live API may be ahead of its description (docs/api/README.md#versioning). Documented fields are
 * type-checked; a broken one becomes a BadResponseError naming the field (see parse.ts).
 * Enumerations the service may extend (priority, status type...) are plain strings.
 */

const id = z.string().check(z.minLength(1));
const timestamp = z.string();
const nullableId = z.nullable(id);
/** An integer >= 0 (counts, sizes). */
export const count = z.number().check(z.int(), z.nonnegative());

export const UserSummarySchema = z.looseObject({ id, name: z.string(), email: z.optional(z.string()) });
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const WorkspaceRefSchema = z.looseObject({
  id,
  name: z.string(),
  pivot: z.optional(z.looseObject({ role_id: z.optional(z.nullable(id)), is_active: z.optional(z.boolean()) })),
});
export type WorkspaceRef = z.infer<typeof WorkspaceRefSchema>;

export const UserSchema = z.looseObject({
  id,
  name: z.string(),
  email: z.string(),
  workspaces: z.array(WorkspaceRefSchema),
});
export type User = z.infer<typeof UserSchema>;

export const SpaceSchema = z.looseObject({ id, name: z.string(), workspace_id: id });
export type Space = z.infer<typeof SpaceSchema>;
export const FolderSchema = z.looseObject({ id, name: z.string(), space_id: id });
export type Folder = z.infer<typeof FolderSchema>;
export const ListSchema = z.looseObject({ id, name: z.string(), folder_id: id });
export type List = z.infer<typeof ListSchema>;

export const MemberSchema = z.looseObject({
  id,
  name: z.string(),
  email: z.string(),
  role: z.optional(z.nullable(z.string())),
  role_slug: z.optional(z.nullable(z.string())),
});
export type Member = z.infer<typeof MemberSchema>;

export const StatusSchema = z.looseObject({ id, name: z.string(), type: z.string(), color: z.string() });
export type Status = z.infer<typeof StatusSchema>;

export type Priority = 'low' | 'medium' | 'high' | 'critical';

export const CustomFieldValueSchema = z.looseObject({
  id,
  workspace_id: z.optional(id),
  task_id: id,
  custom_field_definition_id: id,
  value_number: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  value_text: z.optional(z.nullable(z.string())),
  value_date: z.optional(z.nullable(z.string())),
  value_boolean: z.optional(z.nullable(z.boolean())),
  value_json: z.optional(z.unknown()),
});
export type CustomFieldValue = z.infer<typeof CustomFieldValueSchema>;

/**
 * A task row as the index, children, subtasks and views return it (row shapes vary per route:
 * docs/api/openapi.yaml#listTasks).
 */
export const TaskRowSchema = z.looseObject({
  id,
  title: z.string(),
  display_id: z.optional(z.string()),
  workspace_id: z.optional(id),
  list_id: z.optional(id),
  parent_task_id: z.optional(nullableId),
  description: z.optional(z.nullable(z.string())),
  priority: z.optional(z.nullable(z.string())),
  status_id: z.optional(id),
  assignee_id: z.optional(nullableId),
  due_date: z.optional(z.nullable(timestamp)),
  created_at: z.optional(timestamp),
  updated_at: z.optional(timestamp),
  status: z.optional(
    z.nullable(z.looseObject({ id, name: z.string(), type: z.optional(z.string()), color: z.optional(z.string()) })),
  ),
  assignee: z.optional(z.nullable(UserSummarySchema)),
  assignees: z.optional(z.array(UserSummarySchema)),
  creator: z.optional(z.nullable(UserSummarySchema)),
  custom_field_values: z.optional(z.array(CustomFieldValueSchema)),
  recurrence: z.optional(z.unknown()),
  subtask_count: z.optional(count),
  attachments_count: z.optional(count),
  is_blocked: z.optional(z.boolean()),
  tags: z.optional(z.array(z.looseObject({ name: z.optional(z.string()) }))),
});
export type TaskRow = z.infer<typeof TaskRowSchema>;

/** A full task (get, create, update, move). */
export const TaskSchema = z.extend(TaskRowSchema, {
  workspace_id: id,
  list_id: id,
  parent_task_id: nullableId,
  priority: z.string(),
  status_id: id,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Task = z.infer<typeof TaskSchema>;

export const TrashReceiptSchema = z.looseObject({
  id,
  display_id: z.optional(z.string()),
  deleted_at: timestamp,
  trash_expires_at: timestamp,
  subtasks_deleted: count,
});
export type TrashReceipt = z.infer<typeof TrashReceiptSchema>;

export const CommentSchema = z.looseObject({
  id,
  task_id: id,
  body: z.string(),
  parent_id: z.optional(nullableId),
  assignee_id: z.optional(nullableId),
  resolved_at: z.optional(z.nullable(timestamp)),
  created_at: timestamp,
  user: z.optional(z.nullable(UserSummarySchema)),
  assignee: z.optional(z.nullable(UserSummarySchema)),
});
export type Comment = z.infer<typeof CommentSchema>;

export const DependencyLinkSchema = z.looseObject({
  id,
  workspace_id: z.optional(id),
  blocker_task_id: id,
  blocked_task_id: id,
  created_by: z.optional(nullableId),
});
export type DependencyLink = z.infer<typeof DependencyLinkSchema>;

export const DependencyEntrySchema = z.looseObject({
  dependency_id: id,
  id,
  title: z.string(),
  status: z.optional(z.nullable(z.looseObject({ id, name: z.string() }))),
});
export type DependencyEntry = z.infer<typeof DependencyEntrySchema>;

export const AttachmentSchema = z.looseObject({
  id,
  task_id: id,
  file_name: z.string(),
  mime_type: z.string(),
  file_size: count,
  context: z.optional(z.string()),
  preview_url: z.optional(z.nullable(z.string())),
  download_url: z.optional(z.nullable(z.string())),
  created_at: z.optional(timestamp),
  uploadedBy: z.optional(z.nullable(UserSummarySchema)),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const CustomFieldDefinitionSchema = z.looseObject({
  id,
  workspace_id: z.optional(id),
  scopeable_type: z.optional(z.string()),
  scopeable_id: z.optional(id),
  name: z.string(),
  type: z.string(),
  options: z.optional(z.nullable(z.array(z.looseObject({ label: z.string(), color: z.optional(z.string()) })))),
  is_required: z.optional(z.boolean()),
});
export type CustomFieldDefinition = z.infer<typeof CustomFieldDefinitionSchema>;

const jsonObject = z.record(z.string(), z.unknown());

export const ActivityEntrySchema = z.looseObject({
  id,
  entity_type: z.string(),
  entity_id: id,
  action: z.string(),
  actor_id: z.optional(nullableId),
  actor_type: z.optional(z.string()),
  actor_name: z.optional(z.nullable(z.string())),
  old_value: z.optional(z.nullable(jsonObject)),
  new_value: z.optional(z.nullable(jsonObject)),
  created_at: timestamp,
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const InboundAddressSchema = z.looseObject({
  id,
  list_id: id,
  email_address: z.string(),
  /** Relative to the caller; never cache across users (docs/api/openapi.yaml#generateInboundAddress). */
  can_reset: z.boolean(),
  created_at: z.optional(timestamp),
  updated_at: z.optional(timestamp),
});
export type InboundAddress = z.infer<typeof InboundAddressSchema>;

export const SearchHitSchema = z.looseObject({ id, title: z.string(), priority: z.optional(z.nullable(z.string())) });
export type SearchHit = z.infer<typeof SearchHitSchema>;
