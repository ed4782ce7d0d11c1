import { z } from 'zod';

/**
 * Resources of the reference ("Resources and their fields"). Objects are loose: unknown extra fields
 * are kept, because the live API may be ahead of the reference (Versioning 2). Documented fields are
 * type-checked; a broken one becomes a BadResponseError naming the field (see parse.ts).
 * Enumerations the service may extend (priority, status type...) are plain strings.
 */

const id = z.string().min(1);
const timestamp = z.string();
const nullableId = id.nullable();

export const UserSummarySchema = z.looseObject({ id, name: z.string(), email: z.string().optional() });
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const WorkspaceRefSchema = z.looseObject({
  id,
  name: z.string(),
  pivot: z.looseObject({ role_id: id.nullable().optional(), is_active: z.boolean().optional() }).optional(),
});
export type WorkspaceRef = z.infer<typeof WorkspaceRefSchema>;

export const UserSchema = z.looseObject({ id, name: z.string(), email: z.string(), workspaces: z.array(WorkspaceRefSchema) });
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
  role: z.string().nullable().optional(),
  role_slug: z.string().nullable().optional(),
});
export type Member = z.infer<typeof MemberSchema>;

export const StatusSchema = z.looseObject({ id, name: z.string(), type: z.string(), color: z.string() });
export type Status = z.infer<typeof StatusSchema>;

export type Priority = 'low' | 'medium' | 'high' | 'critical';

export const CustomFieldValueSchema = z.looseObject({
  id,
  workspace_id: id.optional(),
  task_id: id,
  custom_field_definition_id: id,
  value_number: z.union([z.number(), z.string()]).nullable().optional(),
  value_text: z.string().nullable().optional(),
  value_date: z.string().nullable().optional(),
  value_boolean: z.boolean().nullable().optional(),
  value_json: z.unknown().optional(),
});
export type CustomFieldValue = z.infer<typeof CustomFieldValueSchema>;

/** A task row as the index, children, subtasks and views return it (Task: row shapes vary per route). */
export const TaskRowSchema = z.looseObject({
  id,
  title: z.string(),
  display_id: z.string().optional(),
  workspace_id: id.optional(),
  list_id: id.optional(),
  parent_task_id: nullableId.optional(),
  description: z.string().nullable().optional(),
  priority: z.string().nullable().optional(),
  status_id: id.optional(),
  assignee_id: nullableId.optional(),
  due_date: timestamp.nullable().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
  status: z.looseObject({ id, name: z.string(), type: z.string().optional(), color: z.string().optional() }).nullable().optional(),
  assignee: UserSummarySchema.nullable().optional(),
  assignees: z.array(UserSummarySchema).optional(),
  creator: UserSummarySchema.nullable().optional(),
  custom_field_values: z.array(CustomFieldValueSchema).optional(),
  recurrence: z.unknown().optional(),
  subtask_count: z.number().int().nonnegative().optional(),
  attachments_count: z.number().int().nonnegative().optional(),
  is_blocked: z.boolean().optional(),
  tags: z.array(z.looseObject({ name: z.string().optional() })).optional(),
});
export type TaskRow = z.infer<typeof TaskRowSchema>;

/** A full task (get, create, update, move). */
export const TaskSchema = TaskRowSchema.extend({
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
  display_id: z.string().optional(),
  deleted_at: timestamp,
  trash_expires_at: timestamp,
  subtasks_deleted: z.number().int().nonnegative(),
});
export type TrashReceipt = z.infer<typeof TrashReceiptSchema>;

export const CommentSchema = z.looseObject({
  id,
  task_id: id,
  body: z.string(),
  parent_id: nullableId.optional(),
  assignee_id: nullableId.optional(),
  resolved_at: timestamp.nullable().optional(),
  created_at: timestamp,
  user: UserSummarySchema.nullable().optional(),
  assignee: UserSummarySchema.nullable().optional(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const DependencyLinkSchema = z.looseObject({
  id,
  workspace_id: id.optional(),
  blocker_task_id: id,
  blocked_task_id: id,
  created_by: nullableId.optional(),
});
export type DependencyLink = z.infer<typeof DependencyLinkSchema>;

export const DependencyEntrySchema = z.looseObject({
  dependency_id: id,
  id,
  title: z.string(),
  status: z.looseObject({ id, name: z.string() }).nullable().optional(),
});
export type DependencyEntry = z.infer<typeof DependencyEntrySchema>;

export const AttachmentSchema = z.looseObject({
  id,
  task_id: id,
  file_name: z.string(),
  mime_type: z.string(),
  file_size: z.number().int().nonnegative(),
  context: z.string().optional(),
  preview_url: z.string().nullable().optional(),
  download_url: z.string().nullable().optional(),
  created_at: timestamp.optional(),
  uploadedBy: UserSummarySchema.nullable().optional(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const CustomFieldDefinitionSchema = z.looseObject({
  id,
  workspace_id: id.optional(),
  scopeable_type: z.string().optional(),
  scopeable_id: id.optional(),
  name: z.string(),
  type: z.string(),
  options: z.array(z.looseObject({ label: z.string(), color: z.string().optional() })).nullable().optional(),
  is_required: z.boolean().optional(),
});
export type CustomFieldDefinition = z.infer<typeof CustomFieldDefinitionSchema>;

const jsonObject = z.record(z.string(), z.unknown());

export const ActivityEntrySchema = z.looseObject({
  id,
  entity_type: z.string(),
  entity_id: id,
  action: z.string(),
  actor_id: nullableId.optional(),
  actor_type: z.string().optional(),
  actor_name: z.string().nullable().optional(),
  old_value: jsonObject.nullable().optional(),
  new_value: jsonObject.nullable().optional(),
  created_at: timestamp,
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const InboundAddressSchema = z.looseObject({
  id,
  list_id: id,
  email_address: z.string(),
  /** Relative to the caller; never cache across users (Inbound address). */
  can_reset: z.boolean(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type InboundAddress = z.infer<typeof InboundAddressSchema>;

export const SearchHitSchema = z.looseObject({ id, title: z.string(), priority: z.string().nullable().optional() });
export type SearchHit = z.infer<typeof SearchHitSchema>;
