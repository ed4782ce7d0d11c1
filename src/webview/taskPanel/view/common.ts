import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { ref } from 'lit/directives/ref.js';
import type { App } from '../app';
import { pageLocale } from '../../due';

/**
 * An edit control bound to the model. Its value is bound plainly (set only when the model's value
 * changes), so a re-render never overwrites what the user is typing; after a failed save the app
 * bumps the field's generation and the control is re-created from the model: the old value is back.
 */
export function control(app: App, key: string, template: TemplateResult): TemplateResult {
  return html`${keyed(`${key}#${app.generation(key)}`, template)}`;
}

/**
 * Progress and the last error of one field (what failed and why, next to the field). No live region:
 * the page's status line says the error once (news.ts).
 */
export function fieldState(app: App, key: string): TemplateResult {
  const error = app.errors.get(key);
  return html`${
    app.busy(key)
      ? html`<vscode-progress-ring
          class="inline-progress"
          role="progressbar"
          aria-live="off"
          aria-label=${l10n.t('Saving')}
        ></vscode-progress-ring>`
      : nothing
  }${error ? html`<div class="field-error" data-field=${key}>${error}</div>` : nothing}`;
}

/**
 * A colour chip. Colours come from the service (`#rrggbb`, Status), i.e. from users: anything else
 * is ignored rather than put into CSS. Set through CSSOM (style.setProperty), which the CSP allows;
 * a `style` attribute would be refused (style-src has no 'unsafe-inline'), and Lit's styleMap writes
 * one on first render.
 */
export function swatch(color: string | undefined, label = ''): TemplateResult | typeof nothing {
  if (!color || !/^#[0-9a-f]{6}$/i.test(color)) {
    return nothing;
  }
  const paint = (el: Element | undefined): void =>
    (el as HTMLElement | undefined)?.style.setProperty('background-color', color);
  // Colour is never the only carrier: the status or option name is written next to it. Without a
  // name of its own the swatch is decoration, hidden from screen readers.
  return label
    ? html`<span class="swatch" role="img" aria-label=${label} ${ref(paint)}></span>`
    : html`<span class="swatch" aria-hidden="true" ${ref(paint)}></span>`;
}

export function sectionError(app: App, name: string): TemplateResult | typeof nothing {
  const error = app.model?.errors[name];
  return error ? html`<div class="section-error">${error}</div>` : nothing;
}

export function loading(what: string): TemplateResult {
  return html`<div class="loading">
    <vscode-progress-ring role="presentation" aria-live="off" aria-hidden="true"></vscode-progress-ring
    ><span>${l10n.t('Loading {0}…', what)}</span>
  </div>`;
}

export function when(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(pageLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}

export function bytes(n: number): string {
  if (n < 1024) return l10n.t('{0} B', n);
  if (n < 1024 * 1024) return l10n.t('{0} KB', (n / 1024).toFixed(1));
  return l10n.t('{0} MB', (n / (1024 * 1024)).toFixed(1));
}
