// A cell's value and text, and the checks an inline edit gets before it is sent, as pure functions
// (unit-tested). The host checks again and is the authority: these only spare a request for input
// already known to be wrong (the same rules as the task panel's custom fields, core/tasks/customFields.ts).
import { isCalendarDate, isWebUrl } from '../../core/tasks/customFields';
import type { TableColumn, TableModel, TableOption, TableRow, TableValue } from '../../shared/table/protocol';

/** The value an edit of the column sends and compares against: ids for status and assignee. */
export function cellValue(row: TableRow, column: TableColumn): TableValue {
  switch (column.key) {
    case 'title':
      return row.title;
    case 'status':
      return row.statusId;
    case 'priority':
      return row.priority ?? null;
    case 'assignee':
      return row.assigneeId ?? '';
    case 'due':
      return row.due ?? null;
    case 'list':
      return row.listId;
    default:
      return row.fields[column.key] ?? null;
  }
}

/** What the cell says (text only; a checkbox's is empty, its mark says it). */
export function cellText(row: TableRow, column: TableColumn): string {
  switch (column.key) {
    case 'title':
      return row.title;
    case 'status':
      return row.status;
    case 'priority':
      return labelOf(column.options, row.priority) ?? '';
    case 'assignee':
      return row.assignee ?? '';
    case 'due':
      // In the user's words and locale, as the tree and the board say it; an edit still shows YYYY-MM-DD.
      return row.dueText ?? row.due ?? '';
    case 'list':
      return row.listName ?? '';
    default:
      return valueText(row.fields[column.key] ?? null, column.options);
  }
}

/** A value in words: option labels where the column has options, a list joined by commas. */
export function valueText(value: TableValue, options?: readonly TableOption[]): string {
  if (value === null || typeof value === 'boolean') return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return labelOf(options, value) ?? value;
  return value.map((v) => labelOf(options, v) ?? v).join(', ');
}

function labelOf(options: readonly TableOption[] | undefined, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return options?.find((o) => o.value === value)?.label ?? value;
}

/** The choices of a select cell: a status's are its row's list's. */
export function optionsFor(model: TableModel, row: TableRow | undefined, column: TableColumn): readonly TableOption[] {
  if (column.kind === 'status') return (row && model.statusOptions[row.listId]) ?? [];
  return column.options ?? [];
}

/**
 * The status choices of a batch edit over rows of several lists: one per name, in the order first
 * met. Each is sent as the id of the first list's status of that name; the host sets each row to its
 * own list's status of the same name and type.
 */
export function batchStatusOptions(model: TableModel, rows: readonly TableRow[]): TableOption[] {
  const seen = new Map<string, TableOption>();
  for (const listId of new Set(rows.map((r) => r.listId))) {
    for (const option of model.statusOptions[listId] ?? []) {
      if (!seen.has(option.label)) seen.set(option.label, option);
    }
  }
  return [...seen.values()];
}

/** Kinds edited by typing into a text box. */
export type TypedKind = 'text' | 'url' | 'number' | 'date';

export type Parsed =
  | { readonly ok: true; readonly value: TableValue }
  | { readonly ok: false; readonly reason: 'number' | 'negative' | 'url' | 'date' | 'tooLong' };

/** Longest text a field takes (the custom fields' rule). */
const MAX_TEXT = 5000;

/** What was typed, as the value to send; empty clears (null). */
export function parseTyped(kind: TypedKind, raw: string): Parsed {
  const text = raw.trim();
  if (text === '') return { ok: true, value: null };
  switch (kind) {
    case 'number': {
      const n = Number(text);
      if (!Number.isFinite(n)) return { ok: false, reason: 'number' };
      return n < 0 ? { ok: false, reason: 'negative' } : { ok: true, value: n };
    }
    case 'url':
      return isWebUrl(text) ? { ok: true, value: text } : { ok: false, reason: 'url' };
    case 'date':
      return isCalendarDate(text) ? { ok: true, value: text } : { ok: false, reason: 'date' };
    default:
      return [...raw].length > MAX_TEXT ? { ok: false, reason: 'tooLong' } : { ok: true, value: raw };
  }
}

/** Whether two values are the same (an edit to the value a cell already has is not sent). */
export function sameValue(a: TableValue, b: TableValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);
  }
  return a === b;
}
