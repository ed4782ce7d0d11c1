// A due date on a page (board card, table cell, task panel), marked overdue as the tree marks it: the
// same words (core/text/dates.ts), the same "!" badge as the tree's decoration, the theme's error colour.
import * as l10n from '@vscode/l10n';
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { dueLabel } from '../core/text/dates';
import type { DueDisplay, DueWords } from '../core/text/dates';

/** The user's display language: the host writes vscode.env.language into the page's `lang`. */
export function pageLocale(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
}

/** The page's words around a due date: the same l10n keys as the tree's (extension/tree/items.ts). */
export function dueWords(): DueWords {
  return { due: (text) => l10n.t('Due {0}', text), overdue: l10n.t('overdue') };
}

/**
 * `text` is the day in words; `withDue` writes it as `Due …` (where no column heading says it). A
 * screen reader hears the same words as the tree's: `Due yesterday, overdue`.
 */
export function dueView(due: Pick<DueDisplay, 'text' | 'overdue'>, withDue: boolean): TemplateResult {
  const words = dueWords();
  const shown = withDue ? words.due(due.text) : due.text;
  if (!due.overdue) {
    return html`<span class="due">${shown}</span>`;
  }
  return html`<span class="due overdue" title=${dueLabel(due, words)}
    ><span class="overdue-mark" aria-hidden="true">!</span>${shown}<span class="overdue-word"
      >, ${words.overdue}</span
    ></span
  >`;
}
