import type { TaskPage } from '../api/envelopes';
import type { CustomFieldValueInput, TaskQuery } from '../api/inputs';
import type { RequestPriority } from '../api/rateLimiter';
import type { CustomFieldDefinition } from '../api/schemas';
import type { FieldValue } from './customFields';

type Opts = { priority?: RequestPriority; signal?: AbortSignal };

export interface ListFieldsApi {
  listTasks(workspaceId: string, query: TaskQuery, opts?: Opts): Promise<TaskPage>;
  getCustomFields(taskId: string, opts?: Opts): Promise<CustomFieldDefinition[]>;
}

/**
 * The custom field definitions in effect for a list, before a task is created in it. The API lists
 * definitions per task only (docs/api/openapi.yaml#listTaskCustomFields) and resolves them down the
 * tree (workspace, space, folder, list), so every task of a list has the same ones: they are read
 * from one task of the list (two requests). Undefined when the list has no task to read them from
 * (docs/decisions/create-task-custom-fields.md).
 */
export async function listFieldDefinitions(
  api: ListFieldsApi,
  workspaceId: string,
  listId: string,
  opts?: Opts,
): Promise<CustomFieldDefinition[] | undefined> {
  const page = await api.listTasks(workspaceId, { scope: { list_id: listId }, per_page: 1 }, opts);
  const sample = page.data.find((row) => row.list_id === undefined || row.list_id === listId);
  return sample ? api.getCustomFields(sample.id, opts) : undefined;
}

/** The definitions Create Task can ask for: every type but attachment (set by uploading, not here). */
export function askableFields(defs: readonly CustomFieldDefinition[]): CustomFieldDefinition[] {
  return defs.filter((d) => d.type !== 'attachment');
}

/** The body entries of docs/api/openapi.yaml#setTaskCustomFieldValues for the values chosen (unset ones left out). */
export function fieldValueInputs(values: ReadonlyMap<string, FieldValue>): CustomFieldValueInput[] {
  return [...values].flatMap(([id, value]) =>
    value === null ? [] : [{ custom_field_definition_id: id, value: Array.isArray(value) ? [...value] : value }],
  );
}
