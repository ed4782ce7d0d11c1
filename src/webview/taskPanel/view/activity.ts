import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { describeActivity } from '../activityText';
import type { App } from '../app';
import { fieldState, loading, sectionError, swatch, when } from './common';

/**
 * The timeline, newest first (docs/api/openapi.yaml#listTaskActivity), one readable sentence per entry, "load more".
 */
export function activity(app: App): TemplateResult {
  const model = app.model!;
  const page = model.activity;
  const colour = (id: string): string | undefined => model.statuses?.find((s) => s.id === id)?.color;
  return html`<section class="activity" aria-label=${l10n.t('Activity')}>
    <h2>${l10n.t('Activity')}</h2>
    ${sectionError(app, 'activity')}
    ${page?.items.length === 0 ? html`<p class="empty">${l10n.t('No activity yet.')}</p>` : nothing}
    ${
      page === undefined
        ? model.errors.activity
          ? nothing
          : loading(l10n.t('activity'))
        : html`<ol class="timeline">
            ${page.items.map((entry) => {
              const sentence = describeActivity(entry);
              return html`<li data-activity=${entry.id}>
                ${sentence.statusIds.map((id) => swatch(colour(id)))}<span>${sentence.text}</span>
                <span class="meta">${when(entry.created_at)}</span>
              </li>`;
            })}
          </ol>`
    }
    ${page?.hasMore ? html`<vscode-button secondary data-action="more-activity" ?disabled=${page.loadingMore === true} @click=${() => app.request('activity', { type: 'loadMore', section: 'activity' })}>${l10n.t('Load More Activity')}</vscode-button>` : nothing}
    ${fieldState(app, 'activity')}
  </section>`;
}
