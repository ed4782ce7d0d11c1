// How a task row reads in a tree: pure functions over the row, so the rules (overdue, the blocked
// marker, counts) are unit-tested without VS Code. Words come from the caller (localised there).
import type { TaskRow } from '../api/schemas';

/** Status types the service treats as completed (seen: `done`, `closed`; docs/api/openapi.yaml#listListStatuses). */
const COMPLETED_TYPES = new Set(['done', 'closed', 'completed']);

export function isCompleted(row: TaskRow): boolean {
  return isCompletedType(row.status?.type);
}

/** The same by a status's type, for a page that knows the status but not the row's copy of it. */
export function isCompletedType(type: string | null | undefined): boolean {
  return COMPLETED_TYPES.has(type ?? '');
}

export interface RowWords {
  blocked: string;
  /** The due date as every surface shows it (core/text/dates.ts), undefined without one. */
  due(row: TaskRow, now: Date): string | undefined;
  subtasks(n: number): string;
  attachments(n: number): string;
}

/** The description after the title: `ACME-12 · blocked · high · Bob · due tomorrow · ↳3 · 📎2`. */
export function rowDescription(
  row: TaskRow,
  now: Date,
  words: RowWords,
  options: { omitAssignee?: boolean } = {},
): string {
  const parts = [
    row.display_id,
    row.is_blocked ? words.blocked : undefined,
    row.priority ?? undefined,
    options.omitAssignee ? undefined : assigneeName(row),
    words.due(row, now),
    row.subtask_count ? words.subtasks(row.subtask_count) : undefined,
    row.attachments_count ? words.attachments(row.attachments_count) : undefined,
  ];
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' · ');
}

export function assigneeName(row: TaskRow): string | undefined {
  return row.assignee?.name ?? row.assignees?.[0]?.name ?? undefined;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A safe colour for an SVG: the status colour when it is a plain `#rrggbb`, else a neutral grey. */
export function safeColor(color: string | undefined | null): string {
  return color && HEX.test(color) ? color.toLowerCase() : '#8c8c8c';
}

/**
 * The status icon: a ring for open work, a half-filled circle for work in progress, a filled circle
 * with a check for completed work, in the status colour. Only a validated colour reaches the markup.
 */
export function statusIconSvg(row: TaskRow): string {
  const color = safeColor(row.status?.color);
  const type = row.status?.type ?? 'open';
  const ring = `<circle cx="8" cy="8" r="5.5" fill="none" stroke="${color}" stroke-width="1.8"/>`;
  let inner = '';
  if (COMPLETED_TYPES.has(type)) {
    inner = `<circle cx="8" cy="8" r="6.4" fill="${color}"/><path d="M5.2 8.2l1.9 1.9 3.7-3.9" fill="none" stroke="#ffffff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`;
  } else if (type === 'active') {
    inner = `<path d="M8 2.5a5.5 5.5 0 0 1 0 11z" fill="${color}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">${ring}${inner}</svg>`;
}
