import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { ActivityEntry } from '../../../core/api/schemas';
import type { App } from '../app';
import { show } from '../activityText';
import type { EditableField } from '../../../shared/taskPanel/fields';
import { priorityName } from './details';

/**
 * "Updated by Bob Smith at 15:42: status → Done": what someone else changed, found by the
 * host's polling, dismissible. The live region is always in the page so screen readers announce a
 * notice when it appears (aria-live polite: after what they are reading). Below it, one question
 * per field the user was editing when it changed elsewhere.
 */
export function changeNotice(app: App): TemplateResult {
  const notice = app.model?.notice;
  return html`<div class="notice-region" aria-live="polite">
      ${
        notice
          ? html`<div class="change-notice" data-notice=${notice.id}>
              <span class="notice-icon" aria-hidden="true">↻</span>
              <span class="notice-text"
                >${l10n.t('Updated by {0} at {1}: {2}', notice.actors.join(', '), time(notice.at), summary(notice.entries))}</span
              >
              <button
                class="link dismiss"
                data-action="dismiss-notice"
                title=${l10n.t('Dismiss')}
                aria-label=${l10n.t('Dismiss the notice')}
                @click=${() => app.post({ type: 'dismissNotice' })}
              >
                ✕
              </button>
            </div>`
          : nothing
      }
    </div>
    ${[...app.parked.edits].filter(([, h]) => !h.acknowledged).map(([field, edit]) => conflict(app, field, edit.by))}`;
}

function conflict(app: App, field: EditableField, by: string): TemplateResult {
  return html`<div class="banner banner-warning conflict" role="alert" data-conflict=${field}>
    ${l10n.t('{0} changed the {1} while you were editing it.', by || l10n.t('Someone'), fieldName(field))}
    <vscode-button secondary data-action="show-theirs" @click=${() => app.showTheirs(field)}
      >${l10n.t('Show theirs')}</vscode-button
    >
    <vscode-button secondary data-action="keep-mine" @click=${() => app.keepMine(field, typedValue(field))}
      >${l10n.t('Keep mine')}</vscode-button
    >
  </div>`;
}

/** What the user typed in a field's control (the page keeps it; the model holds the old value). */
function typedValue(field: EditableField): string | undefined {
  const control = document.querySelector(`[data-field="${field}"]`) as HTMLInputElement | null;
  return typeof control?.value === 'string' ? control.value : undefined;
}

/** A few short changes ("status → Done, new comment"); the activity section has the full story. */
function summary(entries: readonly ActivityEntry[]): string {
  const parts = [...new Set(entries.map(short))];
  const shown = parts.slice(0, 4);
  return parts.length > shown.length
    ? l10n.t('{0} and {1} more', shown.join(', '), parts.length - shown.length)
    : shown.join(', ');
}

function short(entry: ActivityEntry): string {
  const after = entry.new_value ?? {};
  switch (entry.action) {
    case 'status_changed':
      return l10n.t('status → {0}', show(after.status_name) || l10n.t('none'));
    case 'priority_changed':
      return l10n.t(
        'priority → {0}',
        typeof after.priority === 'string' ? priorityName(after.priority) : l10n.t('none'),
      );
    case 'assignee_changed':
      return l10n.t('assignee → {0}', show(after.assignee_name) || l10n.t('nobody'));
    case 'title_changed':
      return l10n.t('title → "{0}"', show(after.title));
    case 'description_changed':
      return l10n.t('description');
    case 'due_date_changed':
      return l10n.t(
        'due date → {0}',
        typeof after.due_date === 'string' ? after.due_date.slice(0, 10) : l10n.t('none'),
      );
    case 'comment_added':
      return l10n.t('new comment');
    default:
      return entry.action.replace(/_/g, ' ');
  }
}

function fieldName(field: EditableField): string {
  const names: Record<EditableField, string> = {
    title: l10n.t('title'),
    description: l10n.t('description'),
    status_id: l10n.t('status'),
    priority: l10n.t('priority'),
    assignee_id: l10n.t('assignee'),
    due_date: l10n.t('due date'),
  };
  return names[field];
}

function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
