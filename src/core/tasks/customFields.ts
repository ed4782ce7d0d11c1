import type { CustomFieldDefinition, CustomFieldValue } from '../api/schemas';

/**
 * Custom field values by type (docs/api/openapi.yaml#setTaskCustomFieldValues). Pure, shared by the
 * panel's host (checks before any request) and its webview (shows the current value).
 */
export type FieldValue = string | number | boolean | string[] | null;

/** The value a task holds for a definition, read from the slot its type uses. */
export function currentValue(def: CustomFieldDefinition, values: readonly CustomFieldValue[] | undefined): FieldValue {
  const value = values?.find((v) => v.custom_field_definition_id === def.id);
  if (!value) {
    return null;
  }
  switch (def.type) {
    case 'number':
      return value.value_number === null || value.value_number === undefined ? null : Number(value.value_number);
    case 'date':
      return value.value_date ? value.value_date.slice(0, 10) : null;
    case 'checkbox':
      return value.value_boolean ?? null;
    case 'multi_select':
      return Array.isArray(value.value_json)
        ? value.value_json.filter((v): v is string => typeof v === 'string')
        : null;
    default:
      return value.value_text ?? null;
  }
}

export type CheckResult =
  | { ok: true; value: FieldValue }
  | { ok: false; reason: 'required' | 'type' | 'negative' | 'url' | 'date' | 'option' | 'readOnly' | 'tooLong' };

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Checks a value against its definition before sending it, so input already known to be bad costs no
 * request. Empty text clears the field (null), which a required field refuses.
 */
export function checkValue(def: CustomFieldDefinition, input: FieldValue): CheckResult {
  if (def.type === 'attachment') {
    return { ok: false, reason: 'readOnly' }; // "Attachment-type fields are not set here."
  }
  const empty =
    input === null ||
    (typeof input === 'string' && input.trim() === '') ||
    (Array.isArray(input) && input.length === 0);
  if (empty) {
    return def.is_required ? { ok: false, reason: 'required' } : { ok: true, value: null };
  }
  const value = input as Exclude<FieldValue, null>;
  return checkTyped(def, value);
}

function checkTyped(def: CustomFieldDefinition, value: Exclude<FieldValue, null>): CheckResult {
  const labels = new Set((def.options ?? []).map((o) => o.label));
  switch (def.type) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
      if (!Number.isFinite(n)) return { ok: false, reason: 'type' };
      return n < 0 ? { ok: false, reason: 'negative' } : { ok: true, value: n };
    }
    case 'checkbox':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false, reason: 'type' };
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? { ok: true, value } : { ok: false, reason: 'date' };
    case 'url':
      return typeof value === 'string' && isWebUrl(value)
        ? { ok: true, value: value.trim() }
        : { ok: false, reason: 'url' };
    case 'dropdown':
      return typeof value === 'string' && labels.has(value) ? { ok: true, value } : { ok: false, reason: 'option' };
    case 'multi_select':
      return Array.isArray(value) && value.every((v) => labels.has(v))
        ? { ok: true, value: [...new Set(value)] }
        : { ok: false, reason: 'option' };
    default:
      if (typeof value !== 'string') return { ok: false, reason: 'type' };
      return [...value].length > 5000 ? { ok: false, reason: 'tooLong' } : { ok: true, value };
  }
}

export function isCalendarDate(value: string): boolean {
  const m = dateOnly.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    date.getUTCFullYear() === Number(m[1]) &&
    date.getUTCMonth() === Number(m[2]) - 1 &&
    date.getUTCDate() === Number(m[3])
  );
}

/** http(s) with a host: what a url field accepts and what the panel will open. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
