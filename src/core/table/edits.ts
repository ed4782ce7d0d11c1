import type { UpdateTaskInput } from '../api/inputs';
import type { CustomFieldDefinition, Status } from '../api/schemas';
import { columnKey } from '../board/columns';
import { checkValue } from '../tasks/customFields';
import type { CheckResult, FieldValue } from '../tasks/customFields';
import { checkDate } from '../tasks/dates';
import { PRIORITIES } from '../tasks/filter';
import type { TableRow, TableValue } from '../../shared/table/protocol';

/**
 * What one cell edit of the table sends: a PATCH of the task's field
 * (docs/api/openapi.yaml#updateTask) or a custom field value
 * (docs/api/openapi.yaml#setTaskCustomFieldValues), checked as the task panel checks it, or nothing
 * when the row already holds the value. A batch edit is the same plan for each row.
 */

export interface EditContext {
  /** The statuses of a list, in its order (undefined: not read yet). */
  statusesOf(listId: string): readonly Status[] | undefined;
  /** A status of any list read so far, by id. */
  statusById(id: string): Status | undefined;
  /** Whether a member id is one of the workspace's (undefined: members unknown, the service decides). */
  isMember(id: string): boolean | undefined;
  /** The custom field definition in effect for a row's list. */
  fieldOf(defId: string, listId: string): CustomFieldDefinition | undefined;
}

export type Refusal =
  'readOnly' | 'status' | 'priority' | 'member' | 'date' | 'noField' | Extract<CheckResult, { ok: false }>['reason'];

export type EditPlan =
  | { readonly kind: 'patch'; readonly body: UpdateTaskInput; readonly shown: string }
  | { readonly kind: 'field'; readonly defId: string; readonly value: FieldValue; readonly shown: string }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'refused'; readonly reason: Refusal; readonly field?: string };

/** The plan of setting one cell of a row to a value the page sent. */
export function planEdit(row: TableRow, key: string, value: TableValue, ctx: EditContext): EditPlan {
  switch (key) {
    case 'status':
      return planStatus(row, value, ctx);
    case 'priority':
      if (typeof value !== 'string' || !(PRIORITIES as readonly string[]).includes(value)) {
        return { kind: 'refused', reason: 'priority' };
      }
      return value === row.priority
        ? { kind: 'unchanged' }
        : { kind: 'patch', body: { priority: value as never }, shown: value };
    case 'assignee': {
      const id = value === '' || value === null ? null : value;
      if (id !== null && (typeof id !== 'string' || ctx.isMember(id) === false))
        return { kind: 'refused', reason: 'member' };
      return id === (row.assigneeId ?? null)
        ? { kind: 'unchanged' }
        : { kind: 'patch', body: { assignee_id: id }, shown: id ?? '' };
    }
    case 'due': {
      const day = value === '' || value === null ? null : value;
      if (day !== null && (typeof day !== 'string' || !checkDate(day).ok)) return { kind: 'refused', reason: 'date' };
      return day === (row.due ?? null)
        ? { kind: 'unchanged' }
        : { kind: 'patch', body: { due_date: day }, shown: day ?? '' };
    }
    default:
      return key.startsWith('cf:') ? planField(row, key, value, ctx) : { kind: 'refused', reason: 'readOnly' };
  }
}

/**
 * A status id of the row's list, or of another list: then the row's own list's status of the same
 * name and type (as a board column merges them), so one batch can set "Done" over several lists.
 */
function planStatus(row: TableRow, value: TableValue, ctx: EditContext): EditPlan {
  const own = ctx.statusesOf(row.listId);
  if (typeof value !== 'string' || !own) return { kind: 'refused', reason: 'status' };
  let target = own.find((s) => s.id === value);
  if (!target) {
    const named = ctx.statusById(value);
    target = named && own.find((s) => columnKey(s) === columnKey(named));
  }
  if (!target) return { kind: 'refused', reason: 'status' };
  return target.id === row.statusId
    ? { kind: 'unchanged' }
    : { kind: 'patch', body: { status_id: target.id }, shown: target.name };
}

function planField(row: TableRow, key: string, value: TableValue, ctx: EditContext): EditPlan {
  const defId = key.slice(3);
  const def = ctx.fieldOf(defId, row.listId);
  if (!def) return { kind: 'refused', reason: 'noField' };
  const checked = checkValue(def, Array.isArray(value) ? [...value] : (value as FieldValue));
  if (!checked.ok) return { kind: 'refused', reason: checked.reason, field: def.name };
  if (sameValue(checked.value, row.fields[key] ?? null)) return { kind: 'unchanged' };
  return { kind: 'field', defId, value: checked.value, shown: shownValue(checked.value) };
}

export function sameValue(a: TableValue, b: TableValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return [...a].sort().join('\n') === [...b].sort().join('\n');
  return a === b;
}

/** A value as text, for a preview line. */
export function shownValue(value: TableValue): string {
  if (value === null) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export interface BatchPlan {
  readonly changes: readonly {
    readonly row: TableRow;
    readonly plan: Extract<EditPlan, { kind: 'patch' | 'field' }>;
  }[];
  readonly unchanged: number;
  readonly refused: readonly { readonly row: TableRow; readonly plan: Extract<EditPlan, { kind: 'refused' }> }[];
}

/** The rows a batch edit would change, those already at the value (left out), and those it cannot. */
export function planBatch(rows: readonly TableRow[], key: string, value: TableValue, ctx: EditContext): BatchPlan {
  const changes: BatchPlan['changes'][number][] = [];
  const refused: BatchPlan['refused'][number][] = [];
  let unchanged = 0;
  for (const row of rows) {
    const plan = planEdit(row, key, value, ctx);
    if (plan.kind === 'unchanged') unchanged += 1;
    else if (plan.kind === 'refused') refused.push({ row, plan });
    else changes.push({ row, plan });
  }
  return { changes, unchanged, refused };
}
