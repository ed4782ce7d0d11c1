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
 * Columns of the lists' statuses, merged by name and type. The first list's order is the board's
 * (the service orders a list's statuses: docs/api/openapi.yaml#listListStatuses); a status only a
 * later list has goes just before the next of that list's statuses already placed, else at the end,
 * so every list's own order is kept where the lists agree (docs/decisions/board-columns.md).
 */
export function mergeStatuses(lists: readonly ListStatuses[]): BoardColumn[] {
  const byKey = new Map<string, { name: string; type: string; color: string; statusIds: Record<string, string> }>();
  const order: string[] = [];
  for (const { listId, statuses } of lists) {
    const keys = statuses.map(columnKey);
    statuses.forEach((status, i) => {
      const key = keys[i]!;
      let column = byKey.get(key);
      if (!column) {
        column = { name: status.name.trim(), type: status.type, color: status.color, statusIds: {} };
        byKey.set(key, column);
        order.splice(insertionPoint(order, keys.slice(i + 1)), 0, key);
      }
      // A list with two statuses of the same name and type keeps its first: the service orders them.
      column.statusIds[listId] ??= status.id;
    });
  }
  return order.map((key) => ({ key, ...byKey.get(key)! }));
}

/** Before the first of `later` (the same list's next statuses) already in `order`, else the end. */
function insertionPoint(order: readonly string[], later: readonly string[]): number {
  for (const key of later) {
    const at = order.indexOf(key);
    if (at >= 0) return at;
  }
  return order.length;
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
