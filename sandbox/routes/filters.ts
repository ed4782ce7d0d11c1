// Filter evaluator shared by the task index and saved views (docs/api/openapi.yaml#listTasks,
// `filter`). Parsing validates everything up front and returns a
// predicate, so evaluation over thousands of tasks does no re-parsing.
import type { FieldErrors } from '../http';
import { isCompleted } from '../present';
import { isUuid } from '../router';
import type { Store } from '../store';
import type { FieldDef, Task } from '../types';
import { PRIORITIES } from '../types';
import { isValidDate, parseDateTime } from '../validate';
import { customFieldPredicate } from './cfFilters';

export type Predicate = (task: Task) => boolean;
const DAY = 86_400_000;
const PRESETS = ['overdue', 'today', 'this_week', 'next_week', 'no_due_date'];
const OPS: Record<string, readonly string[]> = {
  status_id: ['in', 'not_in', 'is_empty'],
  assignee_id: ['in', 'not_in', 'is_empty'],
  priority: ['in', 'not_in', 'is_empty'],
  due_date: ['in', 'on', 'before', 'after', 'between', 'is_empty'],
  title: ['contains', 'not_contains', 'is', 'is_not'],
  display_id: ['contains', 'not_contains', 'is', 'is_not'],
  location: ['in', 'not_in'],
};

export interface FilterOptions {
  store: Store;
  workspaceId: string;
  now: number;
  /** Saved views may carry `location` conditions; the task index may not. */
  allowLocation: boolean;
  /** List/sprint-scoped views drop `location` conditions (docs/api/openapi.yaml#listViewTasks). */
  dropLocation: boolean;
}

export class FilterError extends Error {}

/** Parses and validates a filter object; throws FilterError with a field-level message. */
export function compileFilter(raw: unknown, opts: FilterOptions): Predicate {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new FilterError('The filter must be a JSON object.');
  const obj = raw as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (key !== 'match' && key !== 'conditions') throw new FilterError(`The filter key ${key} is not allowed.`);
  }
  if (obj.match !== 'all' && obj.match !== 'any') throw new FilterError("The filter match must be 'all' or 'any'.");
  if (!Array.isArray(obj.conditions))
    throw new FilterError('The filter conditions field is required and must be an array.');
  const preds: Predicate[] = [];
  obj.conditions.forEach((cond: unknown, i: number) => {
    const pred = compileCondition(cond, i, opts);
    if (pred) preds.push(pred);
  });
  if (preds.length === 0) return () => true;
  return obj.match === 'all' ? (t) => preds.every((p) => p(t)) : (t) => preds.some((p) => p(t));
}

function compileCondition(raw: unknown, i: number, opts: FilterOptions): Predicate | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new FilterError(`Condition ${i} must be an object.`);
  const c = raw as Record<string, unknown>;
  const extra = Object.keys(c).find((k) => k !== 'field' && k !== 'op' && k !== 'values');
  if (extra !== undefined) throw new FilterError(`Condition ${i}: the key ${extra} is not allowed.`);
  const { field, op } = c;
  const values = c.values === undefined && op === 'is_empty' ? [] : c.values;
  if (typeof field !== 'string') throw new FilterError(`Condition ${i}: field is required.`);
  if (typeof op !== 'string') throw new FilterError(`Condition ${i}: op is required.`);
  if (!Array.isArray(values)) throw new FilterError(`Condition ${i}: values must be an array.`);
  if (field === 'location') {
    if (!opts.allowLocation) throw new FilterError(`Condition ${i}: the field location is not filterable here.`);
    if (opts.dropLocation) return null;
  }
  if (field.startsWith('cf_')) return compileCustom(field.slice(3), op, values, i, opts);
  const ops = Object.hasOwn(OPS, field) ? OPS[field] : undefined;
  if (!ops) throw new FilterError(`Condition ${i}: unknown field ${field}.`);
  if (!ops.includes(op)) throw new FilterError(`Condition ${i}: operator ${op} is not valid for ${field}.`);
  return compileBuiltin(field, op, values, i, opts);
}

function needValues(values: unknown[], i: number, min: number): void {
  if (values.length < min) throw new FilterError(`Condition ${i}: values must have at least ${min} item(s).`);
}

function compileBuiltin(field: string, op: string, values: unknown[], i: number, opts: FilterOptions): Predicate {
  if (field === 'title' || field === 'display_id') return compileText(field, op, values, i);
  if (field === 'due_date') return compileDue(op, values, i, opts);
  if (field === 'location') return compileLocation(op, values, i, opts);
  const get = (t: Task): string | null =>
    field === 'status_id' ? t.status_id : field === 'priority' ? t.priority : t.assignee_id;
  if (op === 'is_empty') return (t) => get(t) === null;
  needValues(values, i, 1);
  for (const v of values) {
    const okValue = field === 'priority' ? PRIORITIES.includes(v as never) : isUuid(v);
    if (!okValue) throw new FilterError(`Condition ${i}: invalid value ${JSON.stringify(v)} for ${field}.`);
  }
  const set = new Set((values as string[]).map((v) => v.toLowerCase()));
  return op === 'in' ? (t) => set.has(get(t) ?? '') : (t) => !set.has(get(t) ?? '');
}

function compileText(field: 'title' | 'display_id', op: string, values: unknown[], i: number): Predicate {
  needValues(values, i, 1);
  if (typeof values[0] !== 'string') throw new FilterError(`Condition ${i}: value must be a string.`);
  const needle = values[0].toLowerCase();
  const get = (t: Task): string => (field === 'title' ? t.title : t.display_id).toLowerCase();
  switch (op) {
    case 'contains':
      return (t) => get(t).includes(needle);
    case 'not_contains':
      return (t) => !get(t).includes(needle);
    case 'is':
      return (t) => get(t) === needle;
    default:
      return (t) => get(t) !== needle;
  }
}

function compileLocation(op: string, values: unknown[], i: number, opts: FilterOptions): Predicate {
  needValues(values, i, 1);
  if (!values.every(isUuid))
    throw new FilterError(`Condition ${i}: location values must be list, folder or space ids.`);
  const ids = new Set((values as string[]).map((v) => v.toLowerCase()));
  const inside = (t: Task): boolean => {
    const meta = opts.store.listMeta.get(t.list_id);
    return meta !== undefined && (ids.has(meta.list.id) || ids.has(meta.folder.id) || ids.has(meta.space.id));
  };
  return op === 'in' ? inside : (t) => !inside(t);
}

/** Day windows in UTC (docs/api/openapi.yaml#listTasks). */
function presetRange(preset: string, now: number): [number, number] {
  const today = Math.floor(now / DAY) * DAY;
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  switch (preset) {
    case 'today':
      return [today, today + DAY];
    case 'this_week':
      return [monday, monday + 7 * DAY];
    default:
      return [monday + 7 * DAY, monday + 14 * DAY];
  }
}

/** Start (UTC) of the day of a `YYYY-MM-DD` or date-time value (date-times are converted to UTC first). */
function dayStart(value: string): number {
  const day = isValidDate(value) ? value : (parseDateTime(value) ?? value).slice(0, 10);
  return Date.parse(`${day}T00:00:00Z`);
}

function compileDue(op: string, values: unknown[], i: number, opts: FilterOptions): Predicate {
  const due = (t: Task): number | null => (t.due_date ? Date.parse(t.due_date) : null);
  if (op === 'is_empty') return (t) => t.due_date === null;
  const min = op === 'between' ? 2 : 1;
  needValues(values, i, min);
  const presetsAllowed = op === 'in' || op === 'on';
  for (const v of values) {
    const okValue =
      typeof v === 'string' && (isValidDate(v) || parseDateTime(v) !== null || (presetsAllowed && PRESETS.includes(v)));
    if (!okValue) throw new FilterError(`Condition ${i}: invalid due_date value ${JSON.stringify(v)} for ${op}.`);
  }
  const strs = values as string[];
  const matchOne = (v: string): Predicate => {
    if (v === 'no_due_date') return (t) => t.due_date === null;
    if (v === 'overdue')
      return (t) => {
        const d = due(t);
        return d !== null && d < opts.now && !isCompleted(opts.store, t);
      };
    const [from, to] = PRESETS.includes(v) ? presetRange(v, opts.now) : [dayStart(v), dayStart(v) + DAY];
    return (t) => {
      const d = due(t);
      return d !== null && d >= from && d < to;
    };
  };
  if (op === 'in' || op === 'on') {
    const preds = (op === 'on' ? strs.slice(0, 1) : strs).map(matchOne);
    return (t) => preds.some((p) => p(t));
  }
  const first = dayStart(strs[0] as string);
  if (op === 'before')
    return (t) => {
      const d = due(t);
      return d !== null && d < first;
    };
  if (op === 'after')
    return (t) => {
      const d = due(t);
      return d !== null && d >= first + DAY;
    };
  const last = dayStart(strs[1] as string) + DAY;
  return (t) => {
    const d = due(t);
    return d !== null && d >= first && d < last;
  };
}

function compileCustom(defId: string, op: string, values: unknown[], i: number, opts: FilterOptions): Predicate {
  const def: FieldDef | undefined = isUuid(defId) ? opts.store.fieldDefs.get(defId.toLowerCase()) : undefined;
  if (!def || def.workspace_id !== opts.workspaceId)
    throw new FilterError(`Condition ${i}: unknown custom field cf_${defId}.`);
  const pred = customFieldPredicate(opts.store, def, op, values);
  if (typeof pred === 'string') throw new FilterError(`Condition ${i}: ${pred}`);
  return pred;
}

export function filterErrors(err: unknown, field: string): FieldErrors | null {
  return err instanceof FilterError ? { [field]: [err.message] } : null;
}
