import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { App } from '../app';
import type { TaskField } from '../../../shared/taskPanel/protocol';
import { control, fieldState, swatch, when } from './common';
import { markdown } from './markdownView';
import { dueView, pageLocale } from '../../due';
import { dueDisplay } from '../../../core/text/dates';
import { isCompletedType } from '../../../core/tree/rows';

const priorities = ['low', 'medium', 'high', 'critical'] as const;

/** Status (with colour), priority, assignee, due date, dates and creator, description. */
export function details(app: App): TemplateResult {
  const model = app.model!;
  const task = model.task;
  const off = !model.complete || !!model.gone;
  const status = model.statuses?.find((s) => s.id === task.status_id) ?? task.status ?? undefined;
  const due = task.due_date ? task.due_date.slice(0, 10) : '';
  // The same words and overdue rule as the tree, the board and the table (core/text/dates.ts).
  const shown = dueDisplay(task.due_date, isCompletedType(status?.type), new Date(), pageLocale());
  return html`
    <div class="fields">
      <label>${l10n.t('Status')}</label>
      <div class="field">
        ${swatch(status?.color, status?.name)}
        ${control(
          app,
          'status_id',
          html`<vscode-single-select
            data-field="status_id"
            aria-label=${l10n.t('Status')}
            label=${l10n.t('Status')}
            ?disabled=${off || !model.statuses}
            .value=${task.status_id ?? ''}
            @change=${(e: Event) => edit(app, { field: 'status_id', value: val(e) })}
          >
            ${(model.statuses ?? (status ? [status] : [])).map((s) => html`<vscode-option value=${s.id} ?selected=${s.id === task.status_id}>${s.name}</vscode-option>`)}
          </vscode-single-select>`,
        )}${fieldState(app, 'status_id')}
      </div>
      <label>${l10n.t('Priority')}</label>
      <div class="field">
        ${control(
          app,
          'priority',
          html`<vscode-single-select
            data-field="priority"
            aria-label=${l10n.t('Priority')}
            label=${l10n.t('Priority')}
            ?disabled=${off}
            .value=${task.priority ?? 'medium'}
            @change=${(e: Event) => edit(app, { field: 'priority', value: val(e) as (typeof priorities)[number] })}
          >
            ${priorities.map((p) => html`<vscode-option value=${p} ?selected=${p === task.priority}>${priorityName(p)}</vscode-option>`)}
          </vscode-single-select>`,
        )}${fieldState(app, 'priority')}
      </div>
      <label>${l10n.t('Assignee')}</label>
      <div class="field">
        ${control(
          app,
          'assignee_id',
          html`<vscode-single-select
            data-field="assignee_id"
            aria-label=${l10n.t('Assignee')}
            label=${l10n.t('Assignee')}
            ?disabled=${off || !model.members}
            combobox
            .value=${task.assignee_id ?? ''}
            @change=${(e: Event) => edit(app, { field: 'assignee_id', value: val(e) || null })}
          >
            <vscode-option value="" ?selected=${!task.assignee_id}>${l10n.t('Unassigned')}</vscode-option>
            ${(model.members ?? (task.assignee ? [task.assignee] : [])).map((m) => html`<vscode-option value=${m.id} ?selected=${m.id === task.assignee_id}>${m.name}</vscode-option>`)}
          </vscode-single-select>`,
        )}${fieldState(app, 'assignee_id')}
      </div>
      <label>${l10n.t('Due date')}</label>
      <div class="field">
        ${control(
          app,
          'due_date',
          html`<vscode-textfield
            type="date"
            data-field="due_date"
            aria-label=${l10n.t('Due date')}
            .label=${l10n.t('Due date')}
            ?disabled=${off}
            .value=${due}
            @change=${(e: Event) => edit(app, { field: 'due_date', value: val(e) || null })}
          ></vscode-textfield>`,
        )}${shown ? dueView(shown, false) : nothing}${fieldState(app, 'due_date')}
      </div>
      <label>${l10n.t('Created')}</label>
      <div class="field meta">
        ${when(task.created_at)}${task.creator ? html` · ${l10n.t('by {0}', task.creator.name)}` : nothing}
      </div>
      <label>${l10n.t('Updated')}</label>
      <div class="field meta">${when(task.updated_at)}</div>
    </div>
    ${description(app, off)}
  `;
}

function description(app: App, off: boolean): TemplateResult {
  const text = app.model!.task.description ?? '';
  const editing = app.open.has('description');
  const save = (): void => {
    const value = app.drafts.description ?? text;
    app.request(
      'description',
      { type: 'edit', change: { field: 'description', value: value === '' ? null : value } },
      (ok) => {
        if (ok) {
          app.setDraft('description', undefined);
          app.toggle('description', false);
        }
      },
    );
  };
  return html`<section class="description" aria-label=${l10n.t('Description')}>
    <div class="section-title">
      <h2>${l10n.t('Description')}</h2>
      ${editing || off ? nothing : html`<vscode-button secondary data-action="edit-description" @click=${() => app.toggle('description', true)}>${l10n.t('Edit')}</vscode-button>`}
    </div>
    ${
      editing
        ? html`<vscode-textarea
              data-field="description"
              rows="8"
              resize="vertical"
              aria-label=${l10n.t('Description (Markdown)')}
              .label=${l10n.t('Description (Markdown)')}
              .value=${live(app.drafts.description ?? text)}
              @input=${(e: Event) => app.setDraft('description', val(e))}
            ></vscode-textarea>
            <div class="actions">
              <vscode-button data-action="save-description" @click=${save}>${l10n.t('Save')}</vscode-button>
              <vscode-button
                secondary
                @click=${() => {
                  app.setDraft('description', undefined);
                  app.leave('description');
                  app.toggle('description', false);
                }}
                >${l10n.t('Cancel')}</vscode-button
              >
            </div>`
        : text
          ? markdown(app, text)
          : html`<p class="empty">${l10n.t('No description.')}</p>`
    }
    ${fieldState(app, 'description')}
  </section>`;
}

function edit(app: App, change: TaskField): void {
  const task = app.model?.task as Record<string, unknown> | undefined;
  const current =
    change.field === 'due_date'
      ? ((task?.due_date as string | null | undefined)?.slice(0, 10) ?? null)
      : (task?.[change.field] ?? null);
  if (current === change.value || app.asking(change.field)) return;
  app.request(change.field, { type: 'edit', change });
}

export function val(e: Event): string {
  return String((e.target as HTMLInputElement).value ?? '');
}

export function priorityName(p: string): string {
  const names: Record<string, string> = {
    low: l10n.t('Low'),
    medium: l10n.t('Medium'),
    high: l10n.t('High'),
    critical: l10n.t('Critical'),
  };
  return names[p] ?? p;
}
