/**
 * Task fields the panel edits (PATCH, Tasks). Shared by host and webview without pulling zod into
 * the webview bundle (protocol.ts holds the schemas).
 */
export const EDITABLE_FIELDS = ['title', 'description', 'status_id', 'priority', 'assignee_id', 'due_date'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The fields whose value differs between two versions of a task (dates compared by day). */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): EditableField[] {
  const norm = (field: EditableField, v: unknown): unknown =>
    field === 'due_date' && typeof v === 'string' ? v.slice(0, 10) : (v ?? null);
  return EDITABLE_FIELDS.filter((f) => norm(f, before[f]) !== norm(f, after[f]));
}
