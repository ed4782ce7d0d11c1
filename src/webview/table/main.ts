// Browser entry of the table (bundled to dist/webview/table.js, started by boot.js under the page's
// nonce and a strict CSP). The state lives in TablePage (page.ts); this file turns DOM events into its
// calls, keeps the virtual window in step with the scroll position and paints.
import * as l10n from '@vscode/l10n';
import { render } from 'lit';
import type { TableGroupBy, TableHostMessage, TableModel, TableWebviewMessage } from '../../shared/table/protocol';
import type { VsCodeApi } from '../taskPanel/app';
import { ROW_HEIGHT, scrollToShow, virtualCount, windowOf } from './grid';
import { moveOf } from './navigate';
import { TablePage } from './page';
import type { Kept } from './page';
import { readControl } from './editors';
import { optionsFor } from './values';
import { pageView } from './view';
import type { Handlers } from './view';

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root')!;
const post = (message: TableWebviewMessage): void => vscode.postMessage(message);
const page = new TablePage(post);

let scroller: HTMLElement | undefined;
/** Focus the focused cell (or the open editor) after the next paint. */
let refocus = false;
let frame = 0;
let painted = false;
let batchStep: string | undefined;
/** What the page kept before VS Code reloaded it (the tab was hidden): taken back with the first rows. */
let kept = vscode.getState() as Kept | undefined;
/** What the host asked the page to keep for reopening it after a reload (its `reopen` message). */
let reopen: unknown = (kept as { reopen?: unknown } | undefined)?.reopen;
let keepTimer: ReturnType<typeof setTimeout> | undefined;
let keptSelection: unknown;
let keptFocus: unknown;

/**
 * Keeps the selection and focus at once when they change (a keypress or a click), the scroll
 * position at most every 300 ms: a timer alone may not run before the tab is hidden, as timers in a
 * webview's frame can be held back.
 */
function keep(): void {
  if (kept) return; // not yet taken back: keep what was kept
  if (page.selection !== keptSelection || page.focus !== keptFocus) save();
  else keepTimer ??= setTimeout(save, 300);
}

function save(): void {
  clearTimeout(keepTimer);
  keepTimer = undefined;
  keptSelection = page.selection;
  keptFocus = page.focus;
  vscode.setState({ ...page.kept, scrollTop: scroller?.scrollTop ?? 0, reopen });
}

function schedule(): void {
  frame ||= requestAnimationFrame(() => {
    frame = 0;
    paint();
  });
}

function paint(): void {
  if (!painted) {
    // The host's "Loading table…" is plain markup of the page: Lit renders after it, so it goes first.
    painted = true;
    root.replaceChildren();
  }
  const m = page.model;
  const count = m ? virtualCount(page.items.length, m.rows.length, m.total, m.groups, page.collapsed) : 0;
  const viewport = scroller?.clientHeight || window.innerHeight;
  const win = windowOf((scroller?.scrollTop ?? 0) - ROW_HEIGHT, viewport, count, page.items.length);
  // A row that moved (re-sorted, regrouped) or was re-rendered takes the DOM focus with it: give it back.
  const hadFocus = !!document.activeElement?.closest('[role="grid"]');
  render(pageView(page, win, handlers), root);
  if (hadFocus && !document.activeElement?.closest('[role="grid"]')) refocus = true;
  page.reached(win.end);
  keep();
  const dialog = root.querySelector<HTMLDialogElement>('dialog.batch');
  if (dialog && !dialog.open) dialog.showModal();
  if (page.batch?.step !== batchStep) {
    // Each step's first action has the focus; a closed dialog gives it back to Batch Edit.
    const closed = batchStep !== undefined && !page.batch;
    batchStep = page.batch?.step;
    const target = closed
      ? root.querySelector<HTMLButtonElement>('button.batch-edit:not([disabled])')
      : root.querySelector<HTMLElement>(
          'dialog.batch button.primary:not([disabled]), dialog.batch select, dialog.batch button',
        );
    if (target) target.focus();
    else if (closed) refocus = true;
  }
  if (page.editing) {
    const editor = root.querySelector<HTMLElement>('.cell-editor');
    if (editor && !editor.contains(document.activeElement)) {
      (editor.matches('.multi') ? editor.querySelector<HTMLElement>('input') : editor)?.focus({ preventScroll: true });
    }
  } else if (refocus) {
    refocus = false;
    cellElement()?.focus({ preventScroll: true });
  }
}

function cellElement(): HTMLElement | null {
  const { row, col } = page.focusCell;
  return (
    root.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`) ??
    root.querySelector<HTMLElement>(`[data-row="${row}"]`)
  );
}

/** Scrolls the focused row into view (below the sticky header); the paint that follows renders it. */
function reveal(): void {
  const row = page.focusCell.row;
  if (!scroller || row === 0) return;
  scroller.scrollTop = scrollToShow(row - 1, scroller.scrollTop, scroller.clientHeight, ROW_HEIGHT);
}

function cellOf(e: Event): { row: number; col: number } | undefined {
  const target = (e.target as Element | null)?.closest<HTMLElement>('[data-row]');
  if (!target) return undefined;
  return { row: Number(target.dataset.row), col: Number(target.dataset.col ?? 0) };
}

function inEditor(e: Event): boolean {
  return !!(e.target as Element | null)?.closest('.cell-editor');
}

/** Rows a Page Up/Down moves: what fits in the viewport. */
function pageSize(): number {
  return Math.max(1, Math.floor(((scroller?.clientHeight ?? window.innerHeight) - ROW_HEIGHT) / ROW_HEIGHT) - 1);
}

function commitEditor(): void {
  const editing = page.editing;
  const m = page.model;
  const editor = root.querySelector('.cell-editor');
  const task = m?.rows.find((r) => r.id === editing?.taskId);
  const column = m?.columns.find((c) => c.key === editing?.key);
  if (!editing || !m || !editor || !task || !column) return;
  const read = readControl(editor, column, optionsFor(m, task, column));
  if (!read.ok) {
    page.notice = { text: read.error, error: true };
    paint();
    return;
  }
  page.commit(task.id, column.key, read.value, read.text);
  refocus = true;
  paint();
}

/** A select's value changed by the keyboard is no choice yet (Enter commits); by the mouse it is. */
let keyedAt = 0;

function editorKey(e: KeyboardEvent): void {
  if (e.key === 'Enter') {
    e.preventDefault();
    commitEditor();
  } else if (e.key === 'Escape') {
    e.preventDefault();
    e.stopPropagation();
    page.cancelEdit();
    refocus = true;
    paint();
  } else if (e.key === 'Tab' && !(e.target as Element).closest('.multi')) {
    // Tab leaves a one-control editor with its value; in a list of checkboxes it goes to the next
    // one, and leaving the list commits it (focusout).
    e.preventDefault();
    commitEditor();
  } else {
    keyedAt = Date.now();
  }
}

function gridKey(e: KeyboardEvent): void {
  if (inEditor(e)) {
    editorKey(e);
    return;
  }
  const ctrl = e.ctrlKey || e.metaKey;
  if (e.key === 'Escape' && page.selection.ids.size > 0) {
    e.preventDefault();
    page.clearSelection();
  } else if (ctrl && e.key.toLowerCase() === 'a') {
    e.preventDefault();
    page.selectAll();
  } else if (e.key === 'Enter' || e.key === 'F2') {
    e.preventDefault();
    reveal();
    page.activate(e.shiftKey);
    refocus = true;
  } else if (e.key === ' ') {
    e.preventDefault();
    // On a header Space sorts, on a group's header it folds the group, on a task row it selects.
    if (page.focusCell.row === 0 || page.taskAt(page.focusCell.row) === undefined) page.activate(e.shiftKey);
    else page.toggleFocused();
  } else {
    const move = moveOf(e.key, ctrl);
    if (!move) return;
    e.preventDefault();
    page.move(move, pageSize(), e.shiftKey && move !== 'left' && move !== 'right' && move !== 'home' && move !== 'end');
    reveal();
    refocus = true;
  }
  paint();
}

const handlers: Handlers = {
  post,
  grid: {
    keydown: gridKey,
    click(e) {
      const cell = cellOf(e);
      if (!cell || inEditor(e)) return;
      if (cell.row === 0) {
        page.focusOn(cell);
        page.sortBy(page.model?.columns[cell.col]?.key ?? '', e.shiftKey);
      } else if (page.taskAt(cell.row) === undefined) {
        page.focusOn(cell);
        page.activate();
      } else {
        page.click(cell.row, cell.col, e.shiftKey ? 'range' : e.ctrlKey || e.metaKey ? 'toggle' : 'only');
      }
      refocus = true;
      paint();
    },
    dblclick(e) {
      const cell = cellOf(e);
      if (!cell || cell.row === 0 || inEditor(e)) return;
      page.focusOn(cell);
      page.activate();
      paint();
    },
    focusin(e) {
      const cell = cellOf(e);
      if (!cell || inEditor(e)) return;
      const at = page.focusCell;
      if (at.row !== cell.row || at.col !== cell.col) {
        page.focusOn(cell);
        paint();
      }
    },
    focusout(e) {
      // Leaving the editor (a click elsewhere) commits it; a render that removed it has already settled it.
      if (!inEditor(e) || !page.editing) return;
      const next = e.relatedTarget as Element | null;
      if (next?.closest('.cell-editor')) return;
      commitEditor();
    },
    change(e) {
      if (!inEditor(e) || !(e.target instanceof HTMLSelectElement)) return;
      if (Date.now() - keyedAt > 300) commitEditor();
    },
  },
  scroller(el) {
    scroller = el as HTMLElement | undefined;
  },
  scroll: schedule,
  group(e) {
    const by = (e.target as HTMLSelectElement).value;
    page.group(by === '' ? undefined : (by as TableGroupBy));
  },
  openBatch() {
    page.openBatch();
    paint();
  },
  batch: {
    field(e) {
      page.chooseBatchField((e.target as HTMLSelectElement).value);
      paint();
    },
    preview() {
      const batch = page.batch;
      const field = page.batchField;
      const editor = root.querySelector('dialog.batch .batch-editor');
      if (!batch || !field || !editor) return;
      const read = readControl(editor, field.column, field.options);
      if (!read.ok) {
        page.batch = { ...batch, error: read.error };
      } else {
        page.batch = { ...batch, error: undefined };
        page.previewBatch(read.value);
      }
      paint();
    },
    apply() {
      page.applyBatch();
      paint();
    },
    close() {
      page.closeBatch();
      paint();
    },
  },
};

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data as Partial<TableHostMessage> | null;
  if (!data || typeof data.type !== 'string') return;
  if (data.type === 'reopen') {
    // Kept for VS Code to hand back to the host when it restores the tab after a reload.
    reopen = data.reopen;
    vscode.setState({ ...((vscode.getState() as object | undefined) ?? {}), reopen });
    return;
  }
  if (data.type === 'model') {
    const message = data as Extract<TableHostMessage, { type: 'model' }>;
    if (!message.model) return;
    if (message.l10n?.contents) l10n.config({ contents: message.l10n.contents });
  }
  const before = page.model && orderOf(page.model);
  page.receive(data as TableHostMessage);
  // A new sort or grouping starts at the top, as a list re-sorted does; the focus stays on its row.
  if (scroller && before !== undefined && page.model && orderOf(page.model) !== before) scroller.scrollTop = 0;
  paint();
  if (kept && page.model && page.model.rows.length > 0) {
    page.restore(kept);
    if (scroller) scroller.scrollTop = typeof kept.scrollTop === 'number' ? kept.scrollTop : 0;
    kept = undefined;
    paint();
  }
});
window.addEventListener('resize', schedule);
// The focused cell scrolled out of the window (and out of the DOM) by the mouse: the keys still move it.
window.addEventListener('keydown', (e) => {
  if (e.target === document.body && page.model && (moveOf(e.key, e.ctrlKey || e.metaKey) || e.key === 'Enter')) {
    gridKey(e);
  }
});

function orderOf(m: TableModel): string {
  return JSON.stringify([m.sorts, m.groupBy ?? null]);
}

post({ type: 'ready' });
