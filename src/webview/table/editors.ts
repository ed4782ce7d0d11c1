// The value controls of the table: inline in a cell and in the batch edit's dialog, one per column
// kind. Native controls only (select, input, checkbox); their values are read back from the DOM when
// the user commits (readControl), so typing costs no render. Option labels are text, never markup.
import * as l10n from '@vscode/l10n';
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { TableColumn, TableOption, TableValue } from '../../shared/table/protocol';
import { parseTyped, valueText } from './values';
import type { TypedKind } from './values';

/** Kinds chosen from a list. */
const SELECTS = new Set(['status', 'priority', 'assignee', 'dropdown']);

/**
 * Kinds whose empty choice clears the value: a dropdown field. A status and a priority always have
 * one; an assignee's '' (unassigned) is among the host's options.
 */
function clearable(column: TableColumn): boolean {
  return column.kind === 'dropdown';
}

/**
 * The control for a value of `column`, starting at `current`. `cls` marks it for readControl
 * (`cell-editor` in a cell, `batch-editor` in the dialog).
 */
export function control(
  column: TableColumn,
  options: readonly TableOption[],
  current: TableValue,
  cls: string,
): TemplateResult {
  const label = column.name;
  if (SELECTS.has(column.kind)) {
    const value = typeof current === 'string' ? current : '';
    const known = options.some((o) => o.value === value);
    return html`<select class=${cls} aria-label=${label} data-kind=${column.kind}>
      ${clearable(column) ? html`<option value="" ?selected=${value === ''}>${l10n.t('(none)')}</option>` : ''}
      ${!known && value !== '' ? html`<option value=${value} selected>${value}</option>` : ''}
      ${options.map((o) => html`<option value=${o.value} ?selected=${o.value === value}>${o.label}</option>`)}
    </select>`;
  }
  if (column.kind === 'checkbox') {
    return html`<label class="check-control"
      ><input type="checkbox" class=${cls} data-kind="checkbox" .checked=${current === true} />${label}</label
    >`;
  }
  if (column.kind === 'multi_select') {
    const chosen = new Set(Array.isArray(current) ? (current as readonly string[]) : []);
    return html`<div class="${cls} multi" role="group" aria-label=${label} data-kind="multi_select">
      ${options.map(
        (o) =>
          html`<label class="check-control"
            ><input type="checkbox" value=${o.value} .checked=${chosen.has(o.value)} />${o.label}</label
          >`,
      )}
    </div>`;
  }
  const kind = typedKind(column);
  const text = current === null || typeof current === 'boolean' ? '' : valueText(current);
  return html`<input
    class=${cls}
    aria-label=${label}
    data-kind=${kind}
    type=${kind === 'date' ? 'date' : kind === 'number' ? 'number' : kind === 'url' ? 'url' : 'text'}
    min=${kind === 'number' ? '0' : ''}
    step=${kind === 'number' ? 'any' : ''}
    .value=${text}
  />`;
}

function typedKind(column: TableColumn): TypedKind {
  return column.kind === 'date' || column.kind === 'number' || column.kind === 'url' ? column.kind : 'text';
}

export type Read =
  | { readonly ok: true; readonly value: TableValue; readonly text: string }
  | { readonly ok: false; readonly error: string };

/** The value a control holds now, checked (the host checks again), with the text the cell shows meanwhile. */
export function readControl(el: Element, column: TableColumn, options: readonly TableOption[]): Read {
  if (el instanceof HTMLSelectElement) {
    const value = el.value;
    const text = options.find((o) => o.value === value)?.label ?? value;
    return { ok: true, value: value === '' && clearable(column) ? null : value, text };
  }
  if (column.kind === 'multi_select') {
    const values = [...el.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
      .filter((box) => box.checked)
      .map((box) => box.value);
    return { ok: true, value: values.length > 0 ? values : null, text: valueText(values, options) };
  }
  if (el instanceof HTMLInputElement && el.type === 'checkbox') {
    return { ok: true, value: el.checked, text: '' };
  }
  const raw = (el as HTMLInputElement).value ?? '';
  const parsed = parseTyped(typedKind(column), raw);
  if (!parsed.ok) return { ok: false, error: reasonText(parsed.reason, column.name) };
  return { ok: true, value: parsed.value, text: raw.trim() };
}

function reasonText(reason: 'number' | 'negative' | 'url' | 'date' | 'tooLong', name: string): string {
  switch (reason) {
    case 'number':
      return l10n.t('{0} takes a number.', name);
    case 'negative':
      return l10n.t('{0} takes a number of 0 or more.', name);
    case 'url':
      return l10n.t('{0} takes a web address (http or https).', name);
    case 'date':
      return l10n.t('{0} takes a date (YYYY-MM-DD).', name);
    case 'tooLong':
      return l10n.t('{0} takes at most 5,000 characters.', name);
  }
}
