// The batch edit's dialog: a field and a value for the selected rows, then the host's preview of what
// will change (rows already at the value left out), then each row's result. A native modal dialog,
// so focus stays in it and Escape closes it (main.ts opens it with showModal once it is in the page). Titles and values are text, never markup.
import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { TableBatchChange, TableBatchRefusal } from '../../shared/table/protocol';
import { control } from './editors';
import { BATCH_LIMIT } from './page';
import type { TablePage } from './page';

export interface BatchHandlers {
  readonly field: (e: Event) => void;
  readonly preview: () => void;
  readonly apply: () => void;
  readonly close: () => void;
}

export function batchView(page: TablePage, on: BatchHandlers): TemplateResult {
  const batch = page.batch!;
  const { column, options } = page.batchField ?? { column: undefined, options: [] };
  return html`<dialog
    class="batch"
    aria-labelledby="batch-title"
    @cancel=${(e: Event) => {
      e.preventDefault();
      on.close();
    }}
  >
    <h2 id="batch-title">${l10n.t('Batch edit {0} tasks', batch.taskIds.length)}</h2>
    ${batch.error ? html`<p class="batch-error" role="alert">${batch.error}</p>` : nothing}
    ${
      batch.step === 'choose' && column
        ? html`<div class="batch-choose">
            <label
              >${l10n.t('Field')}
              <select class="batch-field" @change=${on.field}>
                ${page.batchColumns.map((c) => html`<option value=${c.key} ?selected=${c.key === batch.key}>${c.name}</option>`)}
              </select></label
            >
            <div class="batch-value">
              <span class="batch-value-label">${l10n.t('New value')}</span>
              ${control(column, options, column.kind === 'checkbox' ? true : null, 'batch-editor')}
            </div>
          </div>`
        : nothing
    }
    ${batch.step === 'previewing' ? html`<p class="batch-wait">${l10n.t('Finding what would change…')}</p>` : nothing}
    ${batch.changes && batch.step !== 'choose' ? preview(batch.changes, batch.unchanged ?? 0, batch.refused ?? [], batch.results) : nothing}
    <div class="batch-actions">
      ${
        batch.step === 'choose'
          ? html`<button
              type="button"
              class="primary"
              ?disabled=${batch.taskIds.length > BATCH_LIMIT}
              @click=${on.preview}
            >
              ${l10n.t('Preview')}
            </button>`
          : nothing
      }
      ${
        batch.step === 'preview' || batch.step === 'applying'
          ? html`<button
              type="button"
              class="primary"
              ?disabled=${batch.step === 'applying' || (batch.changes?.length ?? 0) === 0}
              @click=${on.apply}
            >
              ${l10n.t('Apply to {0} tasks', batch.changes?.length ?? 0)}
            </button>`
          : nothing
      }
      <button type="button" class="secondary" @click=${on.close}>
        ${batch.step === 'done' ? l10n.t('Close') : l10n.t('Cancel')}
      </button>
    </div>
  </dialog>`;
}

function preview(
  changes: readonly TableBatchChange[],
  unchanged: number,
  refused: readonly TableBatchRefusal[],
  results: readonly { readonly taskId: string; readonly ok: boolean; readonly error?: string }[] | undefined,
): TemplateResult {
  const outcome = new Map(results?.map((r) => [r.taskId, r]));
  const failed = results?.filter((r) => !r.ok).length ?? 0;
  return html`<p class="batch-summary">
      ${
        results
          ? l10n.t('{0} changed, {1} failed.', results.length - failed, failed)
          : changes.length === 0
            ? l10n.t('No task would change.')
            : l10n.t('{0} tasks will change.', changes.length)
      }
      ${unchanged > 0 ? l10n.t('{0} already have this value and are left out.', unchanged) : nothing}
      ${refused.length > 0 ? l10n.t('{0} cannot take this value and are left out.', refused.length) : nothing}
    </p>
    ${
      refused.length > 0
        ? html`<ul class="batch-list batch-refused" aria-label=${l10n.t('Left out')}>
            ${refused.map(
              (r) =>
                html`<li class="failed">
                  ${r.displayId ? html`<span class="display-id">${r.displayId}</span> ` : nothing}<span
                    class="batch-title"
                    >${r.title}</span
                  >: <span class="batch-outcome">${r.reason}</span>
                </li>`,
            )}
          </ul>`
        : nothing
    }
    <ul class="batch-list" aria-label=${l10n.t('Changes')}>
      ${changes.map((c) => {
        const result = outcome.get(c.taskId);
        return html`<li class=${result ? (result.ok ? 'done' : 'failed') : ''}>
          ${c.displayId ? html`<span class="display-id">${c.displayId}</span> ` : nothing}<span class="batch-title"
            >${c.title}</span
          >: <span class="from">${c.from}</span> → <span class="to">${c.to}</span>
          ${
            result
              ? html`<span class="batch-outcome"
                  >${result.ok ? l10n.t('Changed') : l10n.t('Failed: {0}', result.error ?? l10n.t('refused'))}</span
                >`
              : nothing
          }
        </li>`;
      })}
    </ul>`;
}
