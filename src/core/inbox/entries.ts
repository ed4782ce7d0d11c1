import type { ActivityEntry, Comment, TaskRow } from '../api/schemas';
import type { InboxEntry, InboxKind } from './state';

/**
 * Turns a task's activity into inbox entries. The action names and their values are the service's
 * (docs/api/openapi.yaml#listTaskActivity, with the sandbox's names): a status, assignee, due date or
 * title change, a comment, a new blocker. Anything else (descriptions, files, custom fields) is not
 * an inbox matter.
 */
export function entryOf(row: TaskRow, workspaceId: string, a: ActivityEntry, me: string): InboxEntry | undefined {
  const kind = kindOf(a, me);
  if (!kind) return undefined;
  const commentId = kind === 'comment' ? text(a.new_value?.comment_id) : undefined;
  const detail = detailOf(kind, a);
  return {
    id: a.id,
    kind,
    taskId: row.id,
    workspaceId,
    ...(row.display_id ? { displayId: row.display_id } : {}),
    title: row.title,
    ...(a.actor_name ? { actor: a.actor_name } : {}),
    when: a.created_at,
    ...(commentId ? { commentId } : {}),
    ...(detail ? { detail } : {}),
    read: false,
  };
}

function kindOf(a: ActivityEntry, me: string): InboxKind | undefined {
  switch (a.action) {
    case 'status_changed':
      return 'status';
    case 'assignee_changed':
      return text(a.new_value?.assignee_id) === me ? 'assigned' : 'assignee';
    case 'due_date_changed':
      return 'due';
    case 'title_changed':
      return 'title';
    case 'comment_added':
      return 'comment';
    case 'dependency_added':
      return 'blocker';
    default:
      return undefined;
  }
}

function detailOf(kind: InboxKind, a: ActivityEntry): string | undefined {
  const v = a.new_value ?? {};
  switch (kind) {
    case 'status':
      return text(v.status_name);
    case 'assignee':
      return text(v.assignee_name);
    case 'due':
      return text(v.due_date);
    case 'title':
      return text(v.title);
    case 'blocker':
      return text(v.blocker_display_id);
    default:
      return undefined;
  }
}

/** The assignment entry of a newly assigned task: the newest change that gave it to `me`. */
export function assignmentOf(entries: readonly ActivityEntry[], me: string): ActivityEntry | undefined {
  return entries.find((a) => a.action === 'assignee_changed' && text(a.new_value?.assignee_id) === me);
}

/** Whether a comment names `me` among its mentions (a sandbox field: docs/api/openapi.yaml#listTaskComments). */
export function mentions(comment: Comment, me: string): boolean {
  const list = (comment as { mentions?: unknown }).mentions;
  return Array.isArray(list) && list.includes(me);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
