import * as z from 'zod/mini';
import {
  ActivityEntrySchema,
  AttachmentSchema,
  CommentSchema,
  count,
  CustomFieldDefinitionSchema,
  DependencyEntrySchema,
  InboundAddressSchema,
  SearchHitSchema,
  StatusSchema,
  TaskRowSchema,
  TaskSchema,
} from './schemas';

/** Envelopes of the documented responses (docs/api/openapi.yaml). Loose: extra fields are kept. */

const integer = z.number().check(z.int());

export const StatusListSchema = z.looseObject({
  data: z.array(StatusSchema),
  is_customized: z.optional(z.boolean()),
  source: z.optional(z.nullable(z.string())),
});
export type StatusList = z.infer<typeof StatusListSchema>;

/**
 * GET /workspaces/{workspace}/tasks (docs/api/openapi.yaml#listTasks) and GET /views/{view}/tasks
 * (docs/api/openapi.yaml#listViewTasks).
 */
export const TaskPageSchema = z.looseObject({
  data: z.array(TaskRowSchema),
  total_count: z.optional(count),
  completed_count: z.optional(count),
  filtered_count: z.optional(count),
  group_counts: z.optional(z.nullable(z.record(z.string(), z.number()))),
  current_page: z.optional(integer),
  last_page: z.optional(integer),
  per_page: z.optional(integer),
});
export type TaskPage = z.infer<typeof TaskPageSchema>;

export const ChildrenSchema = z.looseObject({
  data: z.record(z.string(), z.array(TaskRowSchema)),
  truncated: z.array(z.string()),
});
export type Children = z.infer<typeof ChildrenSchema>;

export const SubtasksSchema = z.looseObject({ data: z.array(TaskRowSchema) });

function cursorPage<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({ data: z.array(item), next_cursor: z.nullable(z.string()), has_more: z.boolean() });
}
export const ActivityPageSchema = cursorPage(ActivityEntrySchema);
export type ActivityPage = z.infer<typeof ActivityPageSchema>;
export const CommentPageSchema = cursorPage(CommentSchema);
export type CommentPage = z.infer<typeof CommentPageSchema>;

export const DependenciesSchema = z.looseObject({
  blocked_by: z.array(DependencyEntrySchema),
  blocking: z.array(DependencyEntrySchema),
});
export type Dependencies = z.infer<typeof DependenciesSchema>;

export const AttachmentListSchema = z.array(AttachmentSchema);
export const CustomFieldsSchema = z.looseObject({ data: z.array(CustomFieldDefinitionSchema) });

export const SearchResultSchema = z.looseObject({
  query: z.optional(z.string()),
  page: z.optional(integer),
  per_page: z.optional(integer),
  tasks: z.optional(z.looseObject({ total: count, hits: z.array(SearchHitSchema) })),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const InboundAddressEnvelopeSchema = z.looseObject({ data: z.nullable(InboundAddressSchema) });

/** Restore (shape not documented): only the task, when present, is checked. */
export const RestoreResultSchema = z.looseObject({ data: z.optional(TaskSchema) });
export type RestoreResult = z.infer<typeof RestoreResultSchema>;

/** Sidebar (shape not documented): kept as JSON, checked only to be an object. */
export const SidebarSchema = z.looseObject({});
