import type { CustomFieldDefinition, TaskRow } from '../api/schemas';
import { currentValue } from '../tasks/customFields';
import type { TableColumn, TableColumnKind, TableValue } from '../../shared/table/protocol';

/**
 * The custom field columns of a table: the definitions in effect for the lists in scope (read from
 * one task per list, docs/api/openapi.yaml#listTaskCustomFields), one column per definition id, and
 * each row's values from its `custom_field_values`.
 */

const HEX = /^#[0-9A-Fa-f]{6}$/;
const KINDS: Readonly<Record<string, TableColumnKind>> = {
  text: 'text',
  url: 'url',
  number: 'number',
  checkbox: 'checkbox',
  dropdown: 'dropdown',
  multi_select: 'multi_select',
  date: 'date',
};

/** The column key of a definition. */
export function fieldKey(defId: string): string {
  return `cf:${defId}`;
}

/**
 * One column per definition id over every list's definitions, in the order first seen. Attachment
 * fields and types this version does not know are shown read-only. `clean` makes service text inert.
 */
export function fieldColumns(
  defsByList: ReadonlyMap<string, readonly CustomFieldDefinition[]>,
  clean: (text: string, max: number) => string,
): TableColumn[] {
  const seen = new Map<string, TableColumn>();
  for (const defs of defsByList.values()) {
    for (const def of defs) {
      if (seen.has(def.id)) continue;
      const kind = KINDS[def.type] ?? 'readonly';
      const options =
        kind === 'dropdown' || kind === 'multi_select'
          ? (def.options ?? []).map((o) => ({
              value: o.label,
              label: clean(o.label, 120),
              ...(o.color && HEX.test(o.color) ? { color: o.color } : {}),
            }))
          : undefined;
      seen.set(def.id, {
        key: fieldKey(def.id),
        name: clean(def.name, 120),
        kind,
        editable: kind !== 'readonly',
        sortable: kind !== 'readonly',
        ...(options ? { options } : {}),
      });
    }
  }
  return [...seen.values()];
}

/** A row's custom field values by column key: the definitions of its list, null where unset. */
export function fieldValues(
  row: TaskRow,
  defs: readonly CustomFieldDefinition[],
  clean: (text: string, max: number) => string,
): Record<string, TableValue> {
  const out: Record<string, TableValue> = {};
  for (const def of defs) {
    if (def.type === 'attachment') continue;
    const value = currentValue(def, row.custom_field_values);
    out[fieldKey(def.id)] =
      typeof value === 'string' ? clean(value, 5000) : Array.isArray(value) ? value.map((v) => clean(v, 120)) : value;
  }
  return out;
}
