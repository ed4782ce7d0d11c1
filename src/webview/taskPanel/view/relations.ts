import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { DependencyEntry } from '../../../core/api/schemas';
import type { App } from '../app';
import { fieldState, loading, sectionError, swatch } from './common';
import { val } from './details';

/** Direct subtasks, each openable, and "add subtask". */
export function subtasks(app: App): TemplateResult {
  const model = app.model!;
  const items = model.subtasks;
  const add = (): void => {
    const title = app.drafts.subtask ?? '';
    app.request('subtask', { type: 'addSubtask', title }, (ok) => ok && app.setDraft('subtask', undefined));
  };
  return html`<section class="subtasks" aria-label=${l10n.t('Subtasks')}>
    <h2>${l10n.t('Subtasks')}${items ? html` <vscode-badge>${items.length}</vscode-badge>` : nothing}</h2>
    ${sectionError(app, 'subtasks')}
    ${
      items === undefined
        ? model.errors.subtasks
          ? nothing
          : loading(l10n.t('subtasks'))
        : html`<ul class="rows">
            ${items.map(
              (s) =>
                html`<li>
                  ${swatch(s.status?.color, s.status?.name)}<button
                    class="link"
                    data-open-task=${s.id}
                    @click=${() => app.post({ type: 'openTask', taskId: s.id })}
                  >
                    ${s.display_id ?? ''} ${s.title}
                  </button>
                  <span class="meta">${s.status?.name ?? ''}${s.assignee ? ` · ${s.assignee.name}` : ''}</span>
                </li>`,
            )}
          </ul>`
    }
    ${
      model.gone
        ? nothing
        : html`<div class="add-row">
            <vscode-textfield
              data-field="subtask"
              placeholder=${l10n.t('New subtask title')}
              aria-label=${l10n.t('New subtask title')}
              .label=${l10n.t('New subtask title')}
              .value=${live(app.drafts.subtask ?? '')}
              @input=${(e: Event) => app.setDraft('subtask', val(e))}
              @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && add()}
            ></vscode-textfield>
            <vscode-button data-action="add-subtask" @click=${add}>${l10n.t('Add Subtask')}</vscode-button>
          </div>`
    }
    ${fieldState(app, 'subtask')}
  </section>`;
}

/** "Blocked by" and "Blocking", with status; add a blocker (search picker in the host), remove one. */
export function dependencies(app: App): TemplateResult {
  const model = app.model!;
  const deps = model.dependencies;
  return html`<section class="dependencies" aria-label=${l10n.t('Dependencies')}>
    <h2>${l10n.t('Dependencies')}</h2>
    ${sectionError(app, 'dependencies')}
    ${
      deps === undefined
        ? model.errors.dependencies
          ? nothing
          : loading(l10n.t('dependencies'))
        : html` <h3>${l10n.t('Blocked by')}</h3>
            ${list(app, deps.blocked_by, l10n.t('Nothing blocks this task.'))}
            <h3>${l10n.t('Blocking')}</h3>
            ${list(app, deps.blocking, l10n.t('This task blocks nothing.'))}`
    }
    ${model.gone ? nothing : html`<vscode-button secondary data-action="add-blocker" @click=${() => app.request('blockedBy', { type: 'addBlocker' })}>${l10n.t('Add Blocker…')}</vscode-button>`}
    ${fieldState(app, 'blockedBy')}
  </section>`;
}

function list(app: App, entries: readonly DependencyEntry[], empty: string): TemplateResult {
  if (entries.length === 0) {
    return html`<p class="empty">${empty}</p>`;
  }
  return html`<ul class="rows">
    ${entries.map(
      (d) =>
        html`<li data-dependency=${d.dependency_id}>
          <button class="link" @click=${() => app.post({ type: 'openTask', taskId: d.id })}>
            ${String(d.display_id ?? '')} ${d.title}
          </button>
          <span class="meta">${d.status?.name ?? ''}${d.is_completed === true ? ` · ${l10n.t('completed')}` : ''}</span>
          <vscode-button
            secondary
            class="small"
            title=${l10n.t('Remove this dependency')}
            @click=${() => app.request(`dep:${d.dependency_id}`, { type: 'removeDependency', dependencyId: d.dependency_id })}
            >${l10n.t('Remove')}</vscode-button
          >
          ${fieldState(app, `dep:${d.dependency_id}`)}
        </li>`,
    )}
  </ul>`;
}
