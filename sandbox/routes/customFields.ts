// Custom fields (docs/api/openapi.yaml#listTaskCustomFields): definitions resolve down the
// hierarchy workspace -> space -> folder -> list; values use exactly one slot.
import { randomUUID } from 'node:crypto';
import { requireTask } from '../access';
import { recordActivity } from '../activity';
import { fieldErrors, invalid, jsonBody, ok } from '../http';
import type { Ctx, Reply } from '../http';
import { fieldValueJson } from '../present';
import { isUuid } from '../router';
import type { Router } from '../router';
import type { Store } from '../store';
import type { FieldDef, FieldValue, Task } from '../types';
import { exceeds, isValidDate } from '../validate';

const LEVEL_ORDER = { workspace: 0, space: 1, folder: 2, list: 3 } as const;
export const TEXT_VALUE_MAX = 5000;

export function definitionsFor(store: Store, task: Task): FieldDef[] {
  const meta = store.listMeta.get(task.list_id);
  if (!meta) return [];
  const scopeIds = { workspace: task.workspace_id, space: meta.space.id, folder: meta.folder.id, list: meta.list.id };
  return [...store.fieldDefs.values()]
    .filter((d) => d.workspace_id === task.workspace_id && scopeIds[d.scopeable_type] === d.scopeable_id)
    .sort((a, b) => LEVEL_ORDER[a.scopeable_type] - LEVEL_ORDER[b.scopeable_type]);
}

function defJson(d: FieldDef): Record<string, unknown> {
  return {
    id: d.id,
    workspace_id: d.workspace_id,
    scopeable_type: d.scopeable_type,
    scopeable_id: d.scopeable_id,
    name: d.name,
    type: d.type,
    options: d.options,
    is_required: d.is_required,
  };
}

function listDefinitions(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const task = requireTask(store, ctx.user, ctx.params.task as string, null);
  return ok({ data: definitionsFor(store, task).map(defJson) });
}

type Slots = Pick<FieldValue, 'value_number' | 'value_text' | 'value_date' | 'value_boolean' | 'value_json'>;
const EMPTY: Slots = { value_number: null, value_text: null, value_date: null, value_boolean: null, value_json: null };

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Value shape by field type (docs/api/openapi.yaml#setTaskCustomFieldValues); returns the slot or an error message. */
export function toSlots(def: FieldDef, value: unknown): Slots | string {
  const labels = new Set((def.options ?? []).map((o) => o.label));
  switch (def.type) {
    case 'text':
      if (typeof value !== 'string') return 'The value must be a string.';
      return exceeds(value, TEXT_VALUE_MAX)
        ? `The value must not be greater than ${TEXT_VALUE_MAX} characters.`
        : { ...EMPTY, value_text: value };
    case 'url':
      if (typeof value !== 'string' || !isHttpUrl(value) || exceeds(value, 2048))
        return 'The value must be a valid http(s) URL.';
      return { ...EMPTY, value_text: value };
    case 'dropdown':
      if (typeof value !== 'string' || !labels.has(value)) return "The value must be one of the field's option labels.";
      return { ...EMPTY, value_text: value };
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'The value must be a number.';
      return value < 0 ? 'The value must be at least 0.' : { ...EMPTY, value_number: value };
    case 'date':
      if (typeof value !== 'string' || !isValidDate(value)) return 'The value must be a date in YYYY-MM-DD format.';
      return { ...EMPTY, value_date: value };
    case 'checkbox':
      return typeof value === 'boolean' ? { ...EMPTY, value_boolean: value } : 'The value must be a boolean.';
    case 'multi_select': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
        return 'The value must be an array of option labels.';
      const bad = value.find((v) => !labels.has(v as string));
      if (bad !== undefined) return `${JSON.stringify(bad)} is not an option of this field.`;
      return { ...EMPTY, value_json: [...new Set(value as string[])] };
    }
    default:
      return 'Attachment fields are not set through this route.';
  }
}

interface Planned {
  def: FieldDef;
  slots: Slots | null;
}

function plan(store: Store, task: Task, body: Record<string, unknown>): Planned[] {
  const errors = fieldErrors();
  const add = (k: string, m: string): void => {
    (errors[k] ??= []).push(m);
  };
  for (const key of Object.keys(body)) if (key !== 'values') add(key, `The ${key} field is not allowed.`);
  if (!Array.isArray(body.values)) {
    add(
      'values',
      body.values === undefined || body.values === null
        ? 'The values field is required.'
        : 'The values field must be an array.',
    );
    throw invalid(errors);
  }
  const defs = new Map(definitionsFor(store, task).map((d) => [d.id, d]));
  const seen = new Set<string>();
  const out: Planned[] = [];
  body.values.forEach((item: unknown, i: number) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      return add(`values.${i}`, 'Each item must be an object.');
    const entry = item as Record<string, unknown>;
    for (const k of Object.keys(entry))
      if (k !== 'custom_field_definition_id' && k !== 'value')
        add(`values.${i}.${k}`, `The ${k} field is not allowed.`);
    const defId = entry.custom_field_definition_id;
    if (defId === undefined || defId === null)
      return add(`values.${i}.custom_field_definition_id`, 'The custom_field_definition_id field is required.');
    const def = isUuid(defId) ? defs.get((defId as string).toLowerCase()) : undefined;
    if (!def)
      return add(`values.${i}.custom_field_definition_id`, 'The selected custom_field_definition_id is invalid.');
    if (seen.has(def.id)) return add(`values.${i}.custom_field_definition_id`, 'The field appears more than once.');
    seen.add(def.id);
    if (!('value' in entry)) return add(`values.${i}.value`, 'The value field is required.');
    if (def.type === 'attachment') return add(`values.${i}.value`, 'Attachment fields are not set through this route.');
    if (entry.value === null) {
      if (def.is_required) return add(`values.${i}.value`, 'The value field is required.');
      return void out.push({ def, slots: null });
    }
    const slots = toSlots(def, entry.value);
    if (typeof slots === 'string') return add(`values.${i}.value`, slots);
    out.push({ def, slots });
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return out;
}

/** Upserts all values or none; `null` clears (docs/api/openapi.yaml#setTaskCustomFieldValues). */
function putValues(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const task = requireTask(store, ctx.user, ctx.params.task as string, null);
  const planned = plan(store, task, jsonBody(ctx));
  const now = clock.iso();
  const result = planned.map(({ def, slots }) => {
    const existingId = store.valuesByTask.get(task.id)?.get(def.id);
    const existing = existingId ? store.fieldValues.get(existingId) : undefined;
    const before = existing ? slotValue(existing) : null;
    let row: FieldValue;
    if (slots === null) {
      store.clearFieldValue(task.id, def.id);
      row = {
        id: existing?.id ?? randomUUID(),
        workspace_id: task.workspace_id,
        task_id: task.id,
        custom_field_definition_id: def.id,
        ...EMPTY,
      };
    } else {
      row = {
        id: existing?.id ?? randomUUID(),
        workspace_id: task.workspace_id,
        task_id: task.id,
        custom_field_definition_id: def.id,
        ...slots,
      };
      store.setFieldValue(row);
    }
    recordActivity(
      store,
      task,
      ctx.user,
      'custom_field_changed',
      { field_id: def.id, field_name: def.name, value: before },
      { field_id: def.id, field_name: def.name, value: slotValue(row) },
      now,
    );
    return fieldValueJson(row);
  });
  if (planned.length > 0) task.updated_at = now;
  return ok(result);
}

function slotValue(v: Slots): unknown {
  return v.value_number ?? v.value_text ?? v.value_date ?? v.value_boolean ?? v.value_json ?? null;
}

export function registerCustomFields(router: Router): void {
  router.add('GET', '/tasks/:task/custom-fields', listDefinitions);
  router.add('PUT', '/tasks/:task/custom-field-values', putValues);
}
