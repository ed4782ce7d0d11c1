import { z } from 'zod';
import {
  ActivityEntrySchema,
  AttachmentSchema,
  CommentSchema,
  CustomFieldDefinitionSchema,
  DependencyEntrySchema,
  InboundAddressSchema,
  SearchHitSchema,
  StatusSchema,
  TaskRowSchema,
  TaskSchema,
} from './schemas';

/** Envelopes of the reference's responses ("Endpoints"). Loose: extra fields are kept. */

const count = z.number().int().nonnegative();

export const StatusListSchema = z.looseObject({
  data: z.array(StatusSchema),
  is_customized: z.boolean().optional(),
  source: z.string().nullable().optional(),
});
export type StatusList = z.infer<typeof StatusListSchema>;

/** GET /workspaces/{workspace}/tasks (Tasks) and GET /views/{view}/tasks (Views 5). */
export const TaskPageSchema = z.looseObject({
  data: z.array(TaskRowSchema),
  total_count: count.optional(),
  completed_count: count.optional(),
  filtered_count: count.optional(),
  group_counts: z.record(z.string(), z.number()).nullable().optional(),
  current_page: z.number().int().optional(),
  last_page: z.number().int().optional(),
  per_page: z.number().int().optional(),
});
export type TaskPage = z.infer<typeof TaskPageSchema>;

export const ChildrenSchema = z.looseObject({
  data: z.record(z.string(), z.array(TaskRowSchema)),
  truncated: z.array(z.string()),
});
export type Children = z.infer<typeof ChildrenSchema>;

export const SubtasksSchema = z.looseObject({ data: z.array(TaskRowSchema) });

function cursorPage<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item), next_cursor: z.string().nullable(), has_more: z.boolean() });
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
  query: z.string().optional(),
  page: z.number().int().optional(),
  per_page: z.number().int().optional(),
  tasks: z.looseObject({ total: count, hits: z.array(SearchHitSchema) }).optional(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const InboundAddressEnvelopeSchema = z.looseObject({ data: InboundAddressSchema.nullable() });

/** Restore (shape not shown in the reference): only the task, when present, is checked. */
export const RestoreResultSchema = z.looseObject({ data: TaskSchema.optional() });
export type RestoreResult = z.infer<typeof RestoreResultSchema>;

/** Sidebar (shape not shown in the reference): kept as JSON, not checked. */
export const SidebarSchema = z.unknown();
