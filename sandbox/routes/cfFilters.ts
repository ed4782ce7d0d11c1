// Custom-field conditions (`cf_<definition_id>`) and sort keys. Operators vary by custom
// field type; the table: docs/api/openapi.yaml#listTasks.
import type { Store } from '../store';
import type { FieldDef, FieldValue, Task } from '../types';
import { isValidDate } from '../validate';

type Pred = (task: Task) => boolean;

export const CF_OPS: Record<FieldDef['type'], readonly string[]> = {
  text: ['contains', 'not_contains', 'is', 'is_not', 'is_empty'],
  url: ['contains', 'not_contains', 'is', 'is_not', 'is_empty'],
  dropdown: ['in', 'not_in', 'is_empty'],
  multi_select: ['in', 'not_in', 'is_empty'],
  number: ['is', 'is_not', 'gt', 'gte', 'lt', 'lte', 'between', 'is_empty'],
  date: ['on', 'before', 'after', 'between', 'is_empty'],
  checkbox: ['is', 'is_empty'],
  attachment: ['is_empty'],
};

export function valueOf(store: Store, task: Task, defId: string): FieldValue | undefined {
  const id = store.valuesByTask.get(task.id)?.get(defId);
  return id ? store.fieldValues.get(id) : undefined;
}

/** Comparable key of a task's value for `cf_<id>` sorts; null when unset. */
export function cfSortKey(store: Store, def: FieldDef, task: Task): string | number | null {
  const v = valueOf(store, task, def.id);
  if (!v) return null;
  if (v.value_number !== null) return v.value_number;
  if (v.value_boolean !== null) return v.value_boolean ? 1 : 0;
  if (v.value_date !== null) return v.value_date;
  if (v.value_text !== null) return v.value_text.toLowerCase();
  return Array.isArray(v.value_json) ? (v.value_json as string[]).join(',').toLowerCase() : null;
}

export function customFieldPredicate(store: Store, def: FieldDef, op: string, values: unknown[]): Pred | string {
  if (!CF_OPS[def.type].includes(op)) return `operator ${op} is not valid for a ${def.type} field.`;
  const get = (t: Task): FieldValue | undefined => valueOf(store, t, def.id);
  if (op === 'is_empty') return (t) => get(t) === undefined;
  if (values.length === 0) return 'values must have at least 1 item(s).';
  switch (def.type) {
    case 'text':
    case 'url':
      return textPred(get, op, values);
    case 'dropdown':
    case 'multi_select':
      return choicePred(def, get, op, values);
    case 'number':
      return numberPred(get, op, values);
    case 'date':
      return datePred(get, op, values);
    default: {
      if (typeof values[0] !== 'boolean') return 'checkbox values must be booleans.';
      const want = values[0];
      return (t) => (get(t)?.value_boolean ?? false) === want;
    }
  }
}

function textPred(get: (t: Task) => FieldValue | undefined, op: string, values: unknown[]): Pred | string {
  if (typeof values[0] !== 'string') return 'value must be a string.';
  const needle = values[0].toLowerCase();
  const text = (t: Task): string => (get(t)?.value_text ?? '').toLowerCase();
  if (op === 'contains') return (t) => text(t).includes(needle);
  if (op === 'not_contains') return (t) => !text(t).includes(needle);
  if (op === 'is') return (t) => text(t) === needle;
  return (t) => text(t) !== needle;
}

function choicePred(
  def: FieldDef,
  get: (t: Task) => FieldValue | undefined,
  op: string,
  values: unknown[],
): Pred | string {
  const labels = new Set((def.options ?? []).map((o) => o.label));
  if (!values.every((v) => typeof v === 'string' && labels.has(v))) return 'values must be option labels of the field.';
  const wanted = new Set(values as string[]);
  const chosen = (t: Task): string[] => {
    const v = get(t);
    if (!v) return [];
    return def.type === 'dropdown' ? (v.value_text ? [v.value_text] : []) : ((v.value_json as string[] | null) ?? []);
  };
  const hit = (t: Task): boolean => chosen(t).some((c) => wanted.has(c));
  return op === 'in' ? hit : (t) => !hit(t);
}

function numberPred(get: (t: Task) => FieldValue | undefined, op: string, values: unknown[]): Pred | string {
  if (!values.every((v) => typeof v === 'number' && Number.isFinite(v))) return 'values must be numbers.';
  const [a, b] = values as number[];
  if (op === 'between' && b === undefined) return 'between needs two values.';
  const num = (t: Task): number | null => get(t)?.value_number ?? null;
  const cmp: Record<string, (n: number) => boolean> = {
    is: (n) => n === a,
    is_not: (n) => n !== a,
    gt: (n) => n > (a as number),
    gte: (n) => n >= (a as number),
    lt: (n) => n < (a as number),
    lte: (n) => n <= (a as number),
    between: (n) => n >= (a as number) && n <= (b as number),
  };
  const test = cmp[op] as (n: number) => boolean;
  if (op === 'is_not')
    return (t) => {
      const n = num(t);
      return n === null || test(n);
    };
  return (t) => {
    const n = num(t);
    return n !== null && test(n);
  };
}

function datePred(get: (t: Task) => FieldValue | undefined, op: string, values: unknown[]): Pred | string {
  if (!values.every((v) => typeof v === 'string' && isValidDate(v))) return 'values must be dates (YYYY-MM-DD).';
  const [a, b] = values as string[];
  if (op === 'between' && b === undefined) return 'between needs two values.';
  const date = (t: Task): string | null => get(t)?.value_date ?? null;
  const first = a as string;
  if (op === 'on') return (t) => date(t) === first;
  if (op === 'before')
    return (t) => {
      const d = date(t);
      return d !== null && d < first;
    };
  if (op === 'after')
    return (t) => {
      const d = date(t);
      return d !== null && d > first;
    };
  return (t) => {
    const d = date(t);
    return d !== null && d >= first && d <= (b as string);
  };
}
