import * as l10n from '@vscode/l10n';
import type { ActivityEntry } from '../../core/api/schemas';

/**
 * One activity entry as a readable sentence ("who changed what from what to what").
 * The API shows only status_id/status_name for a status change; every other value shape is
 * read defensively (docs/api/openapi.yaml#listTaskActivity), and an unknown action still reads as a sentence.
 * Returns parts so the view can colour status names; all parts are plain text.
 */
export interface Sentence {
  readonly text: string;
  /** Status ids mentioned, old then new, for colour swatches. */
  readonly statusIds: readonly string[];
}

export function describeActivity(entry: ActivityEntry): Sentence {
  const who = entry.actor_name || l10n.t('Someone');
  const before = entry.old_value ?? {};
  const after = entry.new_value ?? {};
  const s = (key: string, from: Record<string, unknown>): string => show(from[key]);
  switch (entry.action) {
    case 'created':
      return plain(l10n.t('{0} created the task', who));
    case 'status_changed':
      return {
        text: l10n.t(
          '{0} changed the status from {1} to {2}',
          who,
          s('status_name', before) || l10n.t('none'),
          s('status_name', after) || l10n.t('none'),
        ),
        statusIds: [before.status_id, after.status_id].filter((v): v is string => typeof v === 'string'),
      };
    case 'title_changed':
      return plain(l10n.t('{0} renamed the task from "{1}" to "{2}"', who, s('title', before), s('title', after)));
    case 'description_changed':
      return plain(l10n.t('{0} edited the description', who));
    case 'priority_changed':
      return plain(
        l10n.t(
          '{0} changed the priority from {1} to {2}',
          who,
          s('priority', before) || l10n.t('none'),
          s('priority', after) || l10n.t('none'),
        ),
      );
    case 'assignee_changed':
      return plain(
        after.assignee_name
          ? l10n.t('{0} assigned the task to {1}', who, s('assignee_name', after))
          : l10n.t('{0} removed the assignee {1}', who, s('assignee_name', before)),
      );
    case 'due_date_changed':
      return plain(
        l10n.t(
          '{0} changed the due date from {1} to {2}',
          who,
          day(before.due_date) || l10n.t('none'),
          day(after.due_date) || l10n.t('none'),
        ),
      );
    case 'custom_field_changed':
      return plain(
        l10n.t(
          '{0} set {1} to {2}',
          who,
          s('field_name', after) || s('field_name', before) || l10n.t('a custom field'),
          show(after.value) || l10n.t('nothing'),
        ),
      );
    default:
      return plain(other(entry.action, who, before, after));
  }
}

function other(action: string, who: string, before: Record<string, unknown>, after: Record<string, unknown>): string {
  switch (action) {
    case 'comment_added':
      return after.parent_id ? l10n.t('{0} replied to a comment', who) : l10n.t('{0} commented', who);
    case 'comment_updated':
      return l10n.t('{0} edited a comment', who);
    case 'comment_deleted':
      return l10n.t('{0} deleted a comment', who);
    case 'comment_resolved':
      return l10n.t('{0} resolved a comment', who);
    case 'comment_unresolved':
      return l10n.t('{0} reopened a comment', who);
    case 'dependency_added':
      return l10n.t('{0} added a blocker {1}', who, show(after.blocker_display_id));
    case 'dependency_removed':
      return l10n.t('{0} removed a dependency', who);
    case 'attachment_added':
      return l10n.t('{0} attached {1}', who, show(after.file_name));
    case 'attachment_removed':
      return l10n.t('{0} removed the attachment {1}', who, show(before.file_name));
    case 'moved':
      return l10n.t(
        '{0} moved the task from {1} to {2}',
        who,
        show(before.list_name) || l10n.t('another list'),
        show(after.list_name) || l10n.t('another list'),
      );
    case 'deleted':
      return l10n.t('{0} moved the task to the Trash', who);
    case 'restored':
      return l10n.t('{0} restored the task from the Trash', who);
    default:
      return l10n.t('{0}: {1}', who, action.replace(/_/g, ' '));
  }
}

function plain(text: string): Sentence {
  return { text, statusIds: [] };
}

/** A value as short plain text (never markup): strings cut to 120 characters, lists joined. */
export function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object') return '';
  const text = String(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function day(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}
