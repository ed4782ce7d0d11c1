import type { CustomFieldDefinition, TaskRow } from '../../core/api/schemas';
import { inert } from '../../core/text/inert';
import { fieldValues } from '../../core/table/fields';
import type { TableRow } from '../../shared/table/protocol';
import { cardOf } from '../board/cards';
import type { DueContext } from '../board/cards';

const HEX = /^#[0-9A-Fa-f]{6}$/;

export interface RowNames {
  listName(listId: string): string | undefined;
  fieldsOf(listId: string): readonly CustomFieldDefinition[];
}

/**
 * A row of the table: what the index returned for the task, made inert (the board's card fields
 * plus status, list, assignee id and custom field values). The page shows every text as text only.
 */
export function tableRow(row: TaskRow, names: RowNames, pending: boolean, when?: DueContext): TableRow {
  const card = cardOf(row, pending, when);
  const listId = row.list_id ?? '';
  const listName = names.listName(listId);
  const color = row.status?.color;
  const assigneeId = row.assignee_id ?? row.assignee?.id ?? row.assignees?.[0]?.id ?? undefined;
  return {
    id: card.id,
    displayId: card.displayId,
    title: card.title,
    listId,
    listName: listName === undefined ? undefined : inert(listName, 120),
    statusId: row.status_id ?? row.status?.id ?? '',
    status: inert(row.status?.name ?? '', 80),
    statusColor: color && HEX.test(color) ? color : undefined,
    priority: card.priority,
    assigneeId: assigneeId ?? undefined,
    assignee: card.assignee,
    due: card.due,
    ...(card.dueText === undefined ? {} : { dueText: card.dueText, overdue: card.overdue }),
    fields: fieldValues(row, names.fieldsOf(listId), inert),
    ...(pending ? { pending: true } : {}),
  };
}
