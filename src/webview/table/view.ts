// The table's templates (Lit, which only ever inserts text: titles, names and values from the service
// are never markup). A grid of fixed-height rows of which only the window is in the DOM; colours only
// as checked #rrggbb, set through CSSOM (the board's swatch).
import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { repeat } from 'lit/directives/repeat.js';
import type { TableColumn, TableModel, TableRow, TableWebviewMessage } from '../../shared/table/protocol';
import { swatch } from '../taskPanel/view/common';
import { batchView } from './batch';
import { control } from './editors';
import { hiddenRows } from './grid';
import type { Item, Window } from './grid';
import type { TablePage } from './page';
import { cellText, cellValue, optionsFor } from './values';
import { dueView } from '../due';

/** What the templates call back into (main.ts). */
export interface Handlers {
  readonly post: (message: TableWebviewMessage) => void;
  /** The grid's events, the inline editors' included (they bubble to it). */
  readonly grid: {
    readonly keydown: (e: KeyboardEvent) => void;
    readonly click: (e: MouseEvent) => void;
    readonly dblclick: (e: MouseEvent) => void;
    readonly focusin: (e: FocusEvent) => void;
    readonly focusout: (e: FocusEvent) => void;
    readonly change: (e: Event) => void;
  };
  readonly scroller: (el: Element | undefined) => void;
  readonly scroll: () => void;
  readonly group: (e: Event) => void;
  readonly openBatch: () => void;
  readonly batch: Parameters<typeof batchView>[1];
}

const WIDTHS: Record<TableColumn['kind'], string> = {
  title: 'minmax(18em, 1fr)',
  status: '9em',
  priority: '7.5em',
  assignee: '9em',
  // Room for the due date's words with the overdue mark: `! 6 days ago, overdue`.
  date: '11.5em',
  list: '7.5em',
  text: '12em',
  url: '14em',
  number: '6em',
  checkbox: '6em',
  dropdown: '10em',
  multi_select: '14em',
  readonly: '10em',
};

export function pageView(page: TablePage, win: Window, on: Handlers): TemplateResult {
  const m = page.model;
  if (!m) return html`<p class="loading">${l10n.t('Loading table…')}</p>`;
  const selected = page.selection.ids.size;
  return html`<header class="table-header">
      <h1>${m.title}</h1>
      <span class="counts" title=${m.scope === 'view' ? l10n.t('Counts may be up to 60 s old.') : ''}
        >${counts(m)}</span
      >
    </header>
    <div class="toolbar">
      <label class="group-by"
        >${l10n.t('Group by')}
        <select @change=${on.group}>
          ${(
            [
              ['', l10n.t('None')],
              ['status', l10n.t('Status')],
              ['priority', l10n.t('Priority')],
              ['assignee', l10n.t('Assignee')],
              ['list', l10n.t('List')],
            ] as const
          ).map(([v, label]) => html`<option value=${v} ?selected=${(m.groupBy ?? '') === v}>${label}</option>`)}
        </select></label
      >
      <button type="button" class="filter" @click=${() => on.post({ type: 'filter' })}>${l10n.t('Filter…')}</button>
      ${m.filterLabel ? html`<span class="filter-label">${m.filterLabel}</span>` : nothing}
      <span class="spacer"></span>
      <button type="button" class="batch-edit" ?disabled=${selected === 0} @click=${on.openBatch}>
        ${selected > 0 ? l10n.t('Batch Edit ({0})…', selected) : l10n.t('Batch Edit…')}
      </button>
      <button type="button" class="secondary" @click=${() => on.post({ type: 'refresh' })}>${l10n.t('Refresh')}</button>
      <button type="button" class="secondary" @click=${() => on.post({ type: 'switchToBoard' })}>
        ${l10n.t('Open as Board')}
      </button>
    </div>
    ${m.error ? html`<p class="banner banner-error" role="alert">${m.error}</p>` : nothing}
    ${m.notice ? html`<p class="banner banner-info">${m.notice}</p>` : nothing}
    <p id="table-help" class="visually-hidden">
      ${l10n.t('Arrow keys move between cells. Enter or F2 edits a cell, Escape cancels. Space selects a row, Shift+Arrow extends the selection. Enter on a title opens the task, on a group header it folds or unfolds the group.')}
    </p>
    <div class="scroller" ${ref(on.scroller)} @scroll=${on.scroll}>
      ${grid(page, m, win, on)}
      ${m.rows.length === 0 && !m.loading && !m.error ? html`<p class="empty">${l10n.t('No tasks to show.')}</p>` : nothing}
    </div>
    <p class=${page.notice?.error ? 'status status-error' : 'status'} role="status" aria-live="polite">
      ${page.notice?.text ?? (m.loading ? l10n.t('Loading rows…') : '')}
    </p>
    ${page.batch ? batchView(page, on.batch) : nothing}`;
}

function counts(m: TableModel): string {
  if (m.rows.length === 0 && (m.loading || m.error)) return m.loading ? l10n.t('Loading…') : '';
  const all = m.counts.filtered ?? m.counts.total ?? m.total;
  const parts = [
    m.rows.length < m.total && !m.loadedAll
      ? l10n.t('{0} of {1} loaded', m.rows.length, m.total)
      : l10n.t('{0} tasks', all),
  ];
  if (m.counts.completed !== undefined) parts.push(l10n.t('{0} completed', m.counts.completed));
  return parts.join(' · ');
}

function grid(page: TablePage, m: TableModel, win: Window, on: Handlers): TemplateResult {
  const focus = page.focusCell;
  const inWindow = focus.row > win.start && focus.row <= win.end;
  const tabRow = inWindow ? focus.row : 0;
  const columns = m.columns.map((c) => WIDTHS[c.kind] ?? '10em').join(' ');
  const rowCount = m.total + (m.groups?.length ?? 0) + 1 - hiddenRows(page.collapsed, m.groups);
  return html`<div
    role="grid"
    class="grid"
    aria-label=${m.title}
    aria-describedby="table-help"
    aria-rowcount=${Math.max(rowCount, page.rowCount)}
    aria-colcount=${m.columns.length}
    aria-multiselectable="true"
    aria-busy=${m.loading ? 'true' : 'false'}
    ${ref((el) => (el as HTMLElement | undefined)?.style.setProperty('--columns', columns))}
    @keydown=${on.grid.keydown}
    @click=${on.grid.click}
    @dblclick=${on.grid.dblclick}
    @focusin=${on.grid.focusin}
    @focusout=${on.grid.focusout}
    @change=${on.grid.change}
  >
    <div role="rowgroup" class="head">
      <div role="row" class="row header-row" aria-rowindex="1">
        ${m.columns.map((c, i) => header(m, c, i, tabRow === 0 && focus.col === i))}
      </div>
    </div>
    <div role="rowgroup" class="body" ${ref(pad(win))}>
      ${repeat(
        page.items.slice(win.start, win.end),
        (item) => (item.kind === 'row' ? m.rows[item.index]!.id : `group:${item.group.key}`),
        (item, i) => bodyRow(page, m, item, win.start + i + 1, tabRow, focus.col),
      )}
    </div>
  </div>`;
}

/** The space above and below the rows in the DOM, through CSSOM (the CSP refuses style attributes). */
function pad(win: Window): (el: Element | undefined) => void {
  return (el) => {
    const style = (el as HTMLElement | undefined)?.style;
    style?.setProperty('padding-top', `${win.padTop}px`);
    style?.setProperty('padding-bottom', `${win.padBottom}px`);
  };
}

function header(m: TableModel, c: TableColumn, col: number, tabbable: boolean): TemplateResult {
  const at = m.sorts.findIndex((s) => s.key === c.key);
  const sort = at >= 0 ? m.sorts[at]! : undefined;
  const ariaSort = at === 0 ? (sort!.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  return html`<div
    role="columnheader"
    class=${c.sortable ? 'cell colhead sortable' : 'cell colhead'}
    data-row="0"
    data-col=${col}
    tabindex=${tabbable ? 0 : -1}
    aria-colindex=${col + 1}
    aria-sort=${ariaSort ?? (c.sortable ? 'none' : nothing)}
  >
    <span class="colname">${c.name}</span>${
      sort
        ? html`<span class="sort-mark" aria-hidden="true"
              >${sort.direction === 'asc' ? '▲' : '▼'}${m.sorts.length > 1 ? html`<sub>${at + 1}</sub>` : nothing}</span
            >${
              at > 0
                ? html`<span class="visually-hidden"
                    >${
                      sort.direction === 'asc'
                        ? l10n.t('sort key {0}, ascending', at + 1)
                        : l10n.t('sort key {0}, descending', at + 1)
                    }</span
                  >`
                : nothing
            }`
        : nothing
    }
  </div>`;
}

function bodyRow(
  page: TablePage,
  m: TableModel,
  item: Item,
  row: number,
  tabRow: number,
  focusCol: number,
): TemplateResult {
  if (item.kind === 'group') {
    return html`<div role="row" class="row group-row" aria-rowindex=${row + 1}>
      <div
        role="gridcell"
        class="cell group-cell"
        data-row=${row}
        data-col="0"
        aria-colspan=${m.columns.length}
        aria-expanded=${page.collapsed.has(item.group.key) ? 'false' : 'true'}
        tabindex=${tabRow === row ? 0 : -1}
      >
        <span class="chevron" aria-hidden="true">${page.collapsed.has(item.group.key) ? '▸' : '▾'}</span>
        <span class="group-label">${item.group.label || l10n.t('(none)')}</span>
        <span class="group-count">${l10n.t('{0} tasks', item.group.count)}</span>
      </div>
    </div>`;
  }
  const task = m.rows[item.index]!;
  const selected = page.selection.ids.has(task.id);
  return html`<div
    role="row"
    class=${`row task-row${selected ? ' selected' : ''}${task.pending ? ' queued' : ''}`}
    aria-rowindex=${row + 1}
    aria-selected=${selected ? 'true' : 'false'}
    data-task=${task.id}
  >
    ${m.columns.map((c, col) => cell(page, m, task, c, row, col, tabRow === row && focusCol === col))}
  </div>`;
}

function cell(
  page: TablePage,
  m: TableModel,
  task: TableRow,
  c: TableColumn,
  row: number,
  col: number,
  tabbable: boolean,
): TemplateResult {
  const editing = page.editing?.taskId === task.id && page.editing.key === c.key;
  const pending = page.pendingFor(task.id, c.key);
  return html`<div
    role="gridcell"
    class=${`cell kind-${c.kind}${pending ? ' pending' : ''}${editing ? ' editing' : ''}`}
    data-row=${row}
    data-col=${col}
    data-key=${c.key}
    aria-colindex=${col + 1}
    aria-readonly=${c.editable ? nothing : 'true'}
    tabindex=${tabbable ? 0 : -1}
  >
    ${editing ? editor(m, task, c) : pending ? pendingView(pending.text, c) : content(m, task, c)}
  </div>`;
}

function editor(m: TableModel, task: TableRow, c: TableColumn): TemplateResult {
  return html`<div class="editor-host">${control(c, optionsFor(m, task, c), cellValue(task, c), 'cell-editor')}</div>`;
}

function pendingView(text: string, c: TableColumn): TemplateResult {
  // The value the user chose, in italics, and a mark; a screen reader hears "Saving".
  return html`<span class="value">${c.kind === 'checkbox' ? '' : text}</span
    ><span class="saving" aria-hidden="true">⋯</span><span class="visually-hidden">${l10n.t('Saving…')}</span>`;
}

function content(m: TableModel, task: TableRow, c: TableColumn): TemplateResult {
  if (c.kind === 'title') {
    return html`${task.displayId ? html`<span class="display-id">${task.displayId}</span>` : nothing}<span
        class="value title-text"
        title=${task.title}
        >${task.title}</span
      >${task.pending ? html`<span class="queued-note">${l10n.t('Not sent yet')}</span>` : nothing}`;
  }
  if (c.kind === 'checkbox') {
    const on = cellValue(task, c) === true;
    return html`<span class="check" aria-hidden="true">${on ? '✓' : ''}</span
      ><span class="visually-hidden">${on ? l10n.t('Checked') : l10n.t('Not checked')}</span>`;
  }
  const text = cellText(task, c);
  if (c.key === 'due' && task.dueText) {
    return html`<span class="value">${dueView({ text: task.dueText, overdue: task.overdue === true }, false)}</span>`;
  }
  const color =
    c.kind === 'status'
      ? task.statusColor
      : c.kind === 'dropdown'
        ? optionsFor(m, task, c).find((o) => o.value === cellValue(task, c))?.color
        : undefined;
  return html`${swatch(color)}<span class="value" title=${text}>${text}</span>`;
}
