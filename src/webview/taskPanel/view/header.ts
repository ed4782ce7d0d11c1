import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { App } from '../app';
import type { DependencyEntry } from '../../../core/api/schemas';
import type { Crumb } from '../../../shared/taskPanel/protocol';
import { control, fieldState, sectionError } from './common';

/** Breadcrumb, parent, title, and the banners that matter first (blocked, in Trash, errors). */
export function header(app: App): TemplateResult {
  const model = app.model!;
  const task = model.task;
  const blockedBy = model.dependencies?.blocked_by.filter((d) => d.is_completed !== true) ?? [];
  const blocked = task.is_blocked === true || blockedBy.length > 0;
  return html`
    <nav class="breadcrumb" aria-label=${l10n.t('Location')}>
      ${model.breadcrumb.map((c, i) => html`${i > 0 ? html`<span class="sep" aria-hidden="true">›</span>` : nothing}${crumb(app, c)}`)}
      ${model.parent ? html`<span class="sep" aria-hidden="true">›</span><button class="link" data-action="open-parent" @click=${() => app.post({ type: 'openTask', taskId: model.parent!.id })}>${model.parent.display_id ?? ''} ${model.parent.title}</button>` : nothing}
    </nav>
    ${model.gone ? html`<div class="banner banner-error" role="alert">${model.gone}</div>` : nothing}
    ${model.pending ? html`<div class="banner banner-info" role="status" data-pending>${model.pending}</div>` : nothing}
    ${blocked ? blockedBanner(blockedBy) : nothing} ${sectionError(app, 'task')}
    <div class="title-row">
      <span class="display-id">${task.display_id ?? ''}</span>
      ${control(
        app,
        'title',
        html`<vscode-textfield
          class="title"
          data-field="title"
          aria-label=${l10n.t('Title')}
          .label=${l10n.t('Title')}
          ?disabled=${!model.complete || !!model.gone}
          .value=${task.title}
          @change=${(e: Event) => editTitle(app, e)}
        ></vscode-textfield>`,
      )}
      ${
        model.inPreview
          ? html`<vscode-button
              secondary
              data-action="keep-open"
              title=${l10n.t('Preview: the next task you open replaces this one. Keep it open in its own tab.')}
              @click=${() => app.keep()}
              >${l10n.t('Keep Open')}</vscode-button
            >`
          : nothing
      }
      <vscode-button
        secondary
        data-action="refresh"
        title=${l10n.t('Reload the task')}
        @click=${() => app.post({ type: 'refresh' })}
        >${l10n.t('Reload')}</vscode-button
      >
    </div>
    ${fieldState(app, 'title')}
  `;
}

/** The blocked state first: a few blockers by id and short title (each isolated for bidi), then a count. */
function blockedBanner(blockedBy: readonly DependencyEntry[]): TemplateResult {
  const shown = blockedBy.slice(0, 3);
  const more = blockedBy.length - shown.length;
  const short = (t: string): string => (t.length > 60 ? `${t.slice(0, 57)}…` : t);
  return html`<div class="banner banner-warning" data-blocked>
    <strong>${blockedBy.length > 0 ? l10n.t('Blocked by:') : l10n.t('Blocked by another task')}</strong>
    ${shown.map((d, i) => html`${i > 0 ? ', ' : ' '}<bdi>${String(d.display_id ?? '')} ${short(d.title)}</bdi>`)}
    ${more > 0 ? l10n.t('and {0} more (see Dependencies)', more) : nothing}
  </div>`;
}

function crumb(app: App, c: Crumb): TemplateResult {
  return html`<button
    class="link crumb"
    data-level=${c.level}
    title=${l10n.t('Reveal in the Task Platform view')}
    @click=${() => app.post({ type: 'reveal', level: c.level })}
  >
    ${c.name}
  </button>`;
}

function editTitle(app: App, e: Event): void {
  const value = (e.target as HTMLInputElement).value;
  if (value === app.model?.task.title || app.asking('title')) return;
  app.request('title', { type: 'edit', change: { field: 'title', value } });
}
