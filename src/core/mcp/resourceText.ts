import type { ActivityEntry, Comment, TaskRow } from '../api/schemas';
import { untrustedResult } from './untrusted';

/**
 * The text of an MCP resource: the service's data under `data`, behind the same note every tool
 * result carries (untrusted.ts), plus the server's own links (the next page, related resources)
 * outside it. Compact JSON, at most MAX_RESOURCE_CHARS: long strings are cut, then long arrays, until
 * it fits, and the links say how to read on.
 */
export const MAX_RESOURCE_CHARS = 25_000;

/** Rows of a list or view resource per page: 25 compact rows stay well under the bound. */
export const RESOURCE_PAGE_SIZE = 25;

/** Caps tried in turn: [longest string, most array items]. */
const STEPS: readonly (readonly [number, number])[] = [
  [8_000, 200],
  [2_000, 100],
  [400, 50],
  [80, 25],
];

function capped(value: unknown, maxText: number, maxItems: number, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length <= maxText ? value : `${value.slice(0, maxText)}… (${value.length - maxText} more characters)`;
  }
  if (value === null || typeof value !== 'object' || depth > 30) {
    return value;
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, maxItems).map((item) => capped(item, maxText, maxItems, depth + 1));
    return value.length > maxItems ? [...kept, `(${value.length - maxItems} more items not shown)`] : kept;
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, capped(item, maxText, maxItems, depth + 1)]),
  );
}

/** `{ note, data, ...links }` as compact JSON within the bound. */
export function resourceText(data: unknown, links: Readonly<Record<string, unknown>> = {}): string {
  let text = '';
  for (const [maxText, maxItems] of STEPS) {
    const envelope = JSON.parse(untrustedResult(capped(data, maxText, maxItems))) as Record<string, unknown>;
    text = JSON.stringify({ ...envelope, ...links });
    if (text.length <= MAX_RESOURCE_CHARS) {
      return text;
    }
  }
  return text;
}

const name = (user: { name?: unknown } | null | undefined): string | null =>
  typeof user?.name === 'string' ? user.name : null;

/** Leaves out empty fields (null, undefined, empty text and lists, false): fewer characters, same facts. */
function present(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && v !== false && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/** One task as a row of a page: what a model needs to pick a task, nothing more; empty fields left out. */
export function compactRow(task: TaskRow): Record<string, unknown> {
  return present({
    id: task.id,
    display_id: task.display_id,
    title: task.title,
    status: task.status?.name,
    priority: task.priority,
    assignee: name(task.assignee) ?? task.assignees?.map((a) => a.name).join(', '),
    due_date: task.due_date,
    list_id: task.list_id,
    parent_task_id: task.parent_task_id,
    subtask_count: task.subtask_count || undefined,
  });
}

/** One task in full, in the same compact vocabulary. */
export function compactTask(task: TaskRow): Record<string, unknown> {
  return present({
    ...compactRow(task),
    description: task.description,
    creator: name(task.creator),
    created_at: task.created_at,
    updated_at: task.updated_at,
    is_blocked: task.is_blocked,
    tags: (task.tags ?? []).map((t) => t.name ?? ''),
    custom_field_values: (task.custom_field_values ?? []).map((v) => ({
      field_id: v.custom_field_definition_id,
      value: v.value_text ?? v.value_number ?? v.value_date ?? v.value_boolean ?? v.value_json ?? null,
    })),
    attachments_count: task.attachments_count || undefined,
  });
}

export function compactComment(comment: Comment): Record<string, unknown> {
  return present({
    id: comment.id,
    author: name(comment.user),
    created_at: comment.created_at,
    body: comment.body,
    parent_id: comment.parent_id,
    assigned_to: name(comment.assignee),
    resolved: Boolean(comment.resolved_at),
  });
}

/** Who did what when; `from` and `to` are the fields' values before and after. */
export function compactActivity(entry: ActivityEntry): Record<string, unknown> {
  return present({
    created_at: entry.created_at,
    actor_name: entry.actor_name,
    action: entry.action,
    from: entry.old_value,
    to: entry.new_value,
  });
}
