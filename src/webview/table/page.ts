// The table page's state and what the user's actions do to it, without the DOM (unit-tested in Node):
// the model from the host, the rows the grid shows, the focused cell, the selection, inline edits in
// flight and the batch edit. main.ts turns DOM events into these calls and paints after each.
import * as l10n from '@vscode/l10n';
import type {
  TableBatchChange,
  TableBatchRefusal,
  TableColumn,
  TableGroupBy,
  TableHostMessage,
  TableModel,
  TableOption,
  TableRow,
  TableValue,
  TableWebviewMessage,
} from '../../shared/table/protocol';
import { itemsOf, wantsMore } from './grid';
import type { Item } from './grid';
import { step } from './navigate';
import type { Cell, Move } from './navigate';
import { NONE, prune, select, selectAll, selectedInOrder } from './selection';
import type { Selection } from './selection';
import { cycleSort } from './sort';
import { batchStatusOptions, cellValue, optionsFor, sameValue } from './values';

/** The most rows one batch edit may touch (the protocol's MAX_BATCH; only types are imported from it here). */
export const BATCH_LIMIT = 500;

export interface PendingEdit {
  readonly taskId: string;
  readonly key: string;
  readonly value: TableValue;
  /** What the cell shows while the edit is in flight. */
  readonly text: string;
}

export interface Batch {
  readonly step: 'choose' | 'previewing' | 'preview' | 'applying' | 'done';
  readonly taskIds: readonly string[];
  readonly key: string;
  readonly id?: string;
  readonly changes?: readonly TableBatchChange[];
  readonly unchanged?: number;
  readonly refused?: readonly TableBatchRefusal[];
  readonly results?: readonly { readonly taskId: string; readonly ok: boolean; readonly error?: string }[];
  readonly error?: string;
}

/** The page's own state that survives a reload of the webview (vscode.setState). */
export interface Kept {
  readonly selected: readonly string[];
  readonly anchor?: string;
  readonly focus: { readonly key: string; readonly col: number };
  readonly scrollTop?: number;
}

export class TablePage {
  model: TableModel | undefined;
  /** The grid's body rows for the loaded rows (group headers included). */
  items: readonly Item[] = [];
  /** The ids of the rows shown (loaded, not in a collapsed group), in display order. */
  order: readonly string[] = [];
  /** Keys of the groups whose rows are hidden (until the grouping changes). */
  collapsed: ReadonlySet<string> = new Set();
  selection: Selection = NONE;
  /** The focused cell: 'header', 'row:<task id>' or 'group:<key>', and a column index. */
  focus: { readonly key: string; readonly col: number } = { key: 'header', col: 0 };
  editing: { readonly taskId: string; readonly key: string } | undefined;
  readonly pending = new Map<string, PendingEdit>();
  notice: { readonly text: string; readonly error: boolean } | undefined;
  batch: Batch | undefined;
  private itemAt = new Map<string, number>();
  private askedMore = false;
  private counter = 0;

  constructor(private readonly post: (message: TableWebviewMessage) => void) {}

  receive(message: TableHostMessage): void {
    if (message.type === 'model') {
      this.setModel(message.model);
    } else if (message.type === 'result') {
      this.settle(message.id, message.ok, message.error);
    } else if (message.type === 'batchPreview') {
      if (this.batch?.id !== message.id) return;
      this.batch = {
        ...this.batch,
        step: 'preview',
        changes: message.changes,
        unchanged: message.unchanged,
        refused: message.refused,
      };
    } else if (message.type === 'batchResult') {
      if (this.batch?.id !== message.id) return;
      this.batch = { ...this.batch, step: 'done', results: message.results };
      const failed = message.results.filter((r) => !r.ok).length;
      this.notice = {
        text: l10n.t('Batch edit: {0} changed, {1} failed.', message.results.length - failed, failed),
        error: failed > 0,
      };
    }
  }

  private setModel(model: TableModel): void {
    // `more` is asked again once its answer is in: more rows, or a load that ended (a refresh, a failure).
    const ended = this.model?.loading === true && !model.loading;
    if (model.rows.length !== this.model?.rows.length || model.loadedAll || ended) this.askedMore = false;
    if (model.groupBy !== this.model?.groupBy) this.collapsed = new Set();
    this.model = model;
    this.layout();
    if (this.focus.col >= model.columns.length) this.focus = { key: this.focus.key, col: 0 };
  }

  /** The rows shown for the model and the collapsed groups; a hidden row is no longer selected. */
  private layout(): void {
    const model = this.model!;
    this.items = itemsOf(model.rows.length, model.groups, this.collapsed);
    this.order = this.items.flatMap((item) => (item.kind === 'row' ? [model.rows[item.index]!.id] : []));
    this.itemAt = new Map(this.items.map((item, i) => [itemKey(item, model), i]));
    this.selection = prune(this.selection, this.order);
    if (this.editing && !this.itemAt.has(`row:${this.editing.taskId}`)) this.editing = undefined;
  }

  /** A group's header: its rows hidden, or shown again. */
  toggleGroup(key: string): void {
    if (!this.model) return;
    const collapsed = new Set(this.collapsed);
    if (collapsed.has(key)) collapsed.delete(key);
    else collapsed.add(key);
    this.collapsed = collapsed;
    this.layout();
  }

  /** The row of the grid (0 the header) the focus is on; the header when its row is gone. */
  get focusCell(): Cell {
    const at = this.itemAt.get(this.focus.key);
    return { row: at === undefined ? 0 : at + 1, col: this.focus.col };
  }

  /** Grid rows that exist now: the header and the loaded body rows. */
  get rowCount(): number {
    return this.items.length + 1;
  }

  rowOf(item: Item): TableRow | undefined {
    return item.kind === 'row' ? this.model?.rows[item.index] : undefined;
  }

  /** The task of grid row `row` (undefined for the header and group rows). */
  taskAt(row: number): TableRow | undefined {
    const item = this.items[row - 1];
    return item && this.rowOf(item);
  }

  focusOn(cell: Cell): void {
    const item = this.items[cell.row - 1];
    this.focus = { key: cell.row === 0 || !item || !this.model ? 'header' : itemKey(item, this.model), col: cell.col };
  }

  /** Arrow, Home/End, Page keys; with `extend` (Shift+Up/Down) the selection grows to the new row. */
  move(move: Move, page: number, extend = false): void {
    const cols = this.model?.columns.length ?? 0;
    if (cols === 0) return;
    const next = step(this.focusCell, move, this.rowCount, cols, page);
    this.focusOn(next);
    const task = this.taskAt(next.row);
    if (extend && task) this.selection = select(this.selection, this.order, task.id, 'range');
    else if (!extend && task && this.selection.ids.size === 0) this.selection = { ids: new Set(), anchor: task.id };
  }

  click(row: number, col: number, mode: 'only' | 'toggle' | 'range'): void {
    this.focusOn({ row, col });
    const task = this.taskAt(row);
    if (task) this.selection = select(this.selection, this.order, task.id, mode);
  }

  /** Space: the focused row in or out of the selection. */
  toggleFocused(): void {
    const task = this.taskAt(this.focusCell.row);
    if (task) this.selection = select(this.selection, this.order, task.id, 'toggle');
  }

  selectAll(): void {
    this.selection = selectAll(this.order);
  }

  /** What the page keeps across being hidden and shown again (VS Code reloads a hidden webview). */
  get kept(): Kept {
    return { selected: [...this.selection.ids], anchor: this.selection.anchor, focus: this.focus };
  }

  /** Takes back what was kept, for the rows there are now. */
  restore(kept: unknown): void {
    const k = kept as Partial<Kept> | null | undefined;
    if (!k || !Array.isArray(k.selected)) return;
    const ids = k.selected.filter((id): id is string => typeof id === 'string');
    this.selection = prune(
      { ids: new Set(ids), anchor: typeof k.anchor === 'string' ? k.anchor : undefined },
      this.order,
    );
    const focus = k.focus;
    if (focus && typeof focus.key === 'string' && Number.isInteger(focus.col) && focus.col >= 0) {
      this.focus = { key: focus.key, col: Math.min(focus.col, Math.max(0, (this.model?.columns.length ?? 1) - 1)) };
    }
  }

  /** Escape in the grid: nothing selected. */
  clearSelection(): void {
    this.selection = { ids: new Set(), anchor: this.selection.anchor };
  }

  get selected(): string[] {
    return selectedInOrder(this.selection, this.order);
  }

  sortBy(key: string, add: boolean): void {
    const column = this.model?.columns.find((c) => c.key === key);
    if (!this.model || !column?.sortable) return;
    const sorts = cycleSort(this.model.sorts, key, add);
    if (!sorts) {
      this.notice = { text: l10n.t('A table sorts by at most three columns.'), error: true };
      return;
    }
    this.post({ type: 'sort', sorts });
  }

  group(by: TableGroupBy | undefined): void {
    this.post(by ? { type: 'group', by } : { type: 'group' });
  }

  /** The rows in the DOM reach `end` (items): ask once for the rest when they come near the last loaded one. */
  reached(end: number): void {
    if (!this.model || this.askedMore || !wantsMore(end, this.items.length, this.model.loadedAll)) return;
    this.askedMore = true;
    this.post({ type: 'more' });
  }

  /**
   * Enter or F2 on the focused cell: an editable one gets its editor (a checkbox flips at once), the
   * title opens the task, a column header sorts.
   */
  activate(add = false): void {
    const { row, col } = this.focusCell;
    const column = this.model?.columns[col];
    if (!column) return;
    if (row === 0) {
      this.sortBy(column.key, add);
      return;
    }
    const item = this.items[row - 1];
    if (item?.kind === 'group') {
      this.toggleGroup(item.group.key);
      return;
    }
    const task = this.taskAt(row);
    if (!task) return;
    if (!column.editable) {
      if (column.kind === 'title') this.post({ type: 'open', taskId: task.id });
      return;
    }
    if (column.kind === 'checkbox') {
      this.commit(task.id, column.key, cellValue(task, column) !== true, '');
      return;
    }
    this.editing = { taskId: task.id, key: column.key };
  }

  cancelEdit(): void {
    this.editing = undefined;
  }

  /** An inline edit: sent unless the cell already has the value; the cell shows `text` until the host answers. */
  commit(taskId: string, key: string, value: TableValue, text: string): void {
    this.editing = undefined;
    const task = this.model?.rows.find((r) => r.id === taskId);
    const column = this.model?.columns.find((c) => c.key === key);
    if (!task || !column || sameValue(cellValue(task, column), value)) return;
    const id = `e${++this.counter}`;
    this.pending.set(id, { taskId, key, value, text });
    this.post({ type: 'edit', id, taskId, key, value: wire(value) });
  }

  /** The edit in flight for a cell, if any (the last one asked). */
  pendingFor(taskId: string, key: string): PendingEdit | undefined {
    let found: PendingEdit | undefined;
    for (const edit of this.pending.values()) if (edit.taskId === taskId && edit.key === key) found = edit;
    return found;
  }

  private settle(id: string, ok: boolean, error: string | undefined): void {
    const edit = this.pending.get(id);
    if (!edit) return;
    this.pending.delete(id);
    const title = this.model?.rows.find((r) => r.id === edit.taskId)?.title ?? '';
    this.notice = ok
      ? { text: l10n.t('Saved "{0}".', title), error: false }
      : { text: l10n.t('"{0}" was not changed: {1}', title, error || l10n.t('the edit was refused.')), error: true };
  }

  /** Columns a batch edit may set: the editable ones but the title. */
  get batchColumns(): TableColumn[] {
    return (this.model?.columns ?? []).filter((c) => c.editable && c.kind !== 'title' && c.kind !== 'readonly');
  }

  /** The batch edit's field and its choices (a status's merged over the selected rows' lists). */
  get batchField(): { readonly column: TableColumn; readonly options: readonly TableOption[] } | undefined {
    const batch = this.batch;
    const m = this.model;
    const column = this.batchColumns.find((c) => c.key === batch?.key);
    if (!batch || !m || !column) return undefined;
    const ids = new Set(batch.taskIds);
    const rows = m.rows.filter((r) => ids.has(r.id));
    return { column, options: column.kind === 'status' ? batchStatusOptions(m, rows) : optionsFor(m, rows[0], column) };
  }

  openBatch(): void {
    const taskIds = this.selected;
    const key = this.batchColumns[0]?.key;
    if (taskIds.length === 0 || !key) return;
    this.batch = {
      step: 'choose',
      taskIds,
      key,
      error: taskIds.length > BATCH_LIMIT ? l10n.t('A batch edit changes at most {0} rows.', BATCH_LIMIT) : undefined,
    };
  }

  chooseBatchField(key: string): void {
    if (this.batch?.step === 'choose') this.batch = { ...this.batch, key };
  }

  previewBatch(value: TableValue): void {
    const batch = this.batch;
    if (batch?.step !== 'choose' || batch.taskIds.length > BATCH_LIMIT) return;
    const id = `b${++this.counter}`;
    this.batch = { ...batch, step: 'previewing', id };
    this.post({ type: 'batchPreview', id, taskIds: [...batch.taskIds], key: batch.key, value: wire(value) });
  }

  applyBatch(): void {
    const batch = this.batch;
    if (batch?.step !== 'preview' || !batch.id || (batch.changes?.length ?? 0) === 0) return;
    this.batch = { ...batch, step: 'applying' };
    this.post({ type: 'batchApply', id: batch.id });
  }

  closeBatch(): void {
    this.batch = undefined;
  }
}

/** A value as the protocol's message holds it (a mutable list). */
function wire(value: TableValue): string | number | boolean | string[] | null {
  return typeof value === 'object' && value !== null ? [...value] : value;
}

function itemKey(item: Item, model: TableModel): string {
  return item.kind === 'group' ? `group:${item.group.key}` : `row:${model.rows[item.index]!.id}`;
}
