import type { Status, TaskRow } from '../api/schemas';

/**
 * A board's columns: one per status, and for a board over several lists one per status name and
 * type, so "Done" (closed) of two lists is one column while a "Done" that is open elsewhere is not.
 * Each column keeps, per list, the id of its status there: a card moved into it gets its own list's
 * status id (docs/decisions/board-columns.md).
 */
export interface BoardColumn {
  /** `type:name` with the name lower-cased and trimmed: the same for the same status of every list. */
  readonly key: string;
  readonly name: string;
  readonly type: string;
  readonly color: string;
  /** List id -> the id of this column's status in that list. */
  readonly statusIds: Readonly<Record<string, string>>;
}

/** The statuses of one list, as the service answers them (in the list's order). */
export interface ListStatuses {
  readonly listId: string;
  readonly statuses: readonly Status[];
}

/** A card's place: the column key of a row, by the status it carries. */
export function columnKey(status: { readonly name: string; readonly type?: string }): string {
  return `${status.type ?? ''}:${status.name.trim().toLocaleLowerCase()}`;
}

/**
 * Where a status only other lists have goes among the columns: by its type, open work first, then
 * done and closed (the types seen in docs/api/openapi.yaml#listListStatuses; unknown types go last).
 */
const TYPE_ORDER = ['not_started', 'open', 'active', 'done', 'closed'];

/**
 * Columns of the lists' statuses, merged by name and type. The first list's order is kept; statuses
 * only other lists have come after the known ones of the same type, in the order they are first seen.
 */
export function mergeStatuses(lists: readonly ListStatuses[]): BoardColumn[] {
  const byKey = new Map<string, { name: string; type: string; color: string; statusIds: Record<string, string> }>();
  const order: string[] = [];
  for (const { listId, statuses } of lists) {
    for (const status of statuses) {
      const key = columnKey(status);
      let column = byKey.get(key);
      if (!column) {
        column = { name: status.name.trim(), type: status.type, color: status.color, statusIds: {} };
        byKey.set(key, column);
        insertByType(order, key, status.type, (k) => byKey.get(k)!.type);
      }
      // A list with two statuses of the same name and type keeps its first: the service orders them.
      column.statusIds[listId] ??= status.id;
    }
  }
  return order.map((key) => ({ key, ...byKey.get(key)! }));
}

/** After the last key of the same type, else before the first key of a later type, else at the end. */
function insertByType(order: string[], key: string, type: string, typeOf: (key: string) => string): void {
  let lastSame = -1;
  for (let i = 0; i < order.length; i++) {
    if (typeOf(order[i]!) === type) lastSame = i;
  }
  if (lastSame >= 0) {
    order.splice(lastSame + 1, 0, key);
    return;
  }
  const rank = (t: string): number => (TYPE_ORDER.includes(t) ? TYPE_ORDER.indexOf(t) : TYPE_ORDER.length);
  const later = order.findIndex((k) => rank(typeOf(k)) > rank(type));
  order.splice(later < 0 ? order.length : later, 0, key);
}

/** The columns by key and by the id of each of their statuses: built once per layout, looked up per row. */
export interface ColumnIndex {
  readonly byKey: ReadonlyMap<string, BoardColumn>;
  readonly byStatusId: ReadonlyMap<string, string>;
}

export function columnIndex(columns: readonly BoardColumn[]): ColumnIndex {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const byStatusId = new Map<string, string>();
  for (const column of columns) {
    for (const statusId of Object.values(column.statusIds))
      if (!byStatusId.has(statusId)) byStatusId.set(statusId, column.key);
  }
  return { byKey, byStatusId };
}

/**
 * The column key of a row: by its status's name and type, else by its status id in any column. Two
 * map look-ups, so laying out rows is linear in rows, whatever the number of lists and columns.
 */
export function columnOf(row: TaskRow, index: ColumnIndex): string | undefined {
  if (row.status?.name !== undefined) {
    const key = columnKey({ name: row.status.name, type: row.status.type });
    if (index.byKey.has(key)) return key;
  }
  const statusId = row.status_id ?? row.status?.id;
  return statusId ? index.byStatusId.get(statusId) : undefined;
}

/** The rows of each column in the order given (the service's order); rows of no known column are left out. */
export function buildColumns(
  columns: readonly BoardColumn[],
  rows: readonly TaskRow[],
): { readonly columns: { readonly column: BoardColumn; readonly rows: TaskRow[] }[]; readonly unplaced: TaskRow[] } {
  const out = columns.map((column) => ({ column, rows: [] as TaskRow[] }));
  const target = new Map(out.map((c) => [c.column.key, c]));
  const index = columnIndex(columns);
  const unplaced: TaskRow[] = [];
  for (const row of rows) {
    const key = columnOf(row, index);
    const into = key === undefined ? undefined : target.get(key);
    if (into) into.rows.push(row);
    else unplaced.push(row);
  }
  return { columns: out, unplaced };
}

export type MoveCheck =
  | { readonly ok: true; readonly statusId: string; readonly unchanged: boolean }
  | { readonly ok: false; readonly reason: 'unknownTask' | 'unknownColumn' | 'notInList' };

/**
 * Whether a card may go to a column, and the status id to PATCH: the column's status in the task's
 * own list. `unchanged` when the task already has it (nothing to send: a second drop is a no-op).
 */
export function checkMove(row: TaskRow | undefined, columns: readonly BoardColumn[], toKey: string): MoveCheck {
  if (!row) return { ok: false, reason: 'unknownTask' };
  const column = columns.find((c) => c.key === toKey);
  if (!column) return { ok: false, reason: 'unknownColumn' };
  const statusId = row.list_id ? column.statusIds[row.list_id] : onlyStatusId(column);
  if (!statusId) return { ok: false, reason: 'notInList' };
  return { ok: true, statusId, unchanged: (row.status_id ?? row.status?.id) === statusId };
}

/** A row without its list id (the index always sends it; still): only a column of one list is certain. */
function onlyStatusId(column: BoardColumn): string | undefined {
  const ids = Object.values(column.statusIds);
  return ids.length === 1 ? ids[0] : undefined;
}

/** The row moved to a column's status, as the board shows it until the service answers. */
export function movedRow(row: TaskRow, column: BoardColumn, statusId: string): TaskRow {
  return {
    ...row,
    status_id: statusId,
    status: { ...(row.status ?? {}), id: statusId, name: column.name, type: column.type, color: column.color },
  };
}
