import type { TaskRow } from '../../core/api/schemas';
import type { BoardColumn } from '../../core/board/columns';
import { buildColumns } from '../../core/board/columns';
import { inert } from '../../core/text/inert';
import { dueDisplay } from '../../core/text/dates';
import { isCompleted } from '../../core/tree/rows';
import type { BoardCard, BoardColumnModel } from '../../shared/board/protocol';

const HEX = /^#[0-9A-Fa-f]{6}$/;

/**
 * The columns the page renders: each row made a card of what the index returned (no request per
 * task). Every text from the service is made inert here and shown by the page as text only.
 */
export function columnModels(
  columns: readonly BoardColumn[],
  rows: readonly TaskRow[],
  pending: ReadonlySet<string | undefined>,
  when: DueContext = { now: new Date(), locale: undefined },
): BoardColumnModel[] {
  return buildColumns(columns, rows).columns.map(({ column, rows: inColumn }) => ({
    key: column.key,
    name: inert(column.name, 80),
    type: inert(column.type, 40),
    color: HEX.test(column.color) ? column.color : undefined,
    cards: inColumn.map((row) => cardOf(row, pending.has(row.id), when)),
  }));
}

/** The clock and the user's display language (vscode.env.language) the due dates are written for. */
export interface DueContext {
  readonly now: Date;
  readonly locale: string | undefined;
}

export function cardOf(
  row: TaskRow,
  pending: boolean,
  when: DueContext = { now: new Date(), locale: undefined },
): BoardCard {
  const assignee = row.assignee?.name ?? row.assignees?.[0]?.name;
  // The same words and overdue rule as the tree and the task panel (core/text/dates.ts).
  const due = dueDisplay(row.due_date, isCompleted(row), when.now, when.locale);
  return {
    id: row.id,
    displayId: row.display_id ? inert(row.display_id, 30) : undefined,
    title: inert(row.title, 500),
    priority: row.priority ? inert(row.priority, 20) : undefined,
    assignee: assignee ? inert(assignee, 80) : undefined,
    due: due?.day,
    ...(due ? { dueText: due.text, overdue: due.overdue } : {}),
    blocked: row.is_blocked === true,
    subtasks: row.subtask_count ?? 0,
    ...(pending ? { pending: true } : {}),
  };
}
