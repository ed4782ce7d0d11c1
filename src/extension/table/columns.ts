import * as vscode from 'vscode';
import type { Member, Status } from '../../core/api/schemas';
import { inert } from '../../core/text/inert';
import { PRIORITIES } from '../../core/tasks/filter';
import type { TableColumn, TableGroupBy, TableOption } from '../../shared/table/protocol';

const HEX = /^#[0-9A-Fa-f]{6}$/;

/** The fixed columns: title (with display id), status, priority, assignee, due date, list. */
export function baseColumns(members: readonly Member[] | undefined): TableColumn[] {
  return [
    { key: 'title', name: vscode.l10n.t('Title'), kind: 'title', editable: false, sortable: true },
    { key: 'status', name: vscode.l10n.t('Status'), kind: 'status', editable: true, sortable: true },
    {
      key: 'priority',
      name: vscode.l10n.t('Priority'),
      kind: 'priority',
      editable: true,
      sortable: true,
      options: PRIORITIES.map((p) => ({ value: p, label: p })),
    },
    {
      key: 'assignee',
      name: vscode.l10n.t('Assignee'),
      kind: 'assignee',
      editable: true,
      sortable: true,
      options: [
        { value: '', label: vscode.l10n.t('Unassigned') },
        ...(members ?? []).map((m) => ({ value: m.id, label: inert(m.name, 80) })),
      ],
    },
    { key: 'due', name: vscode.l10n.t('Due Date'), kind: 'date', editable: true, sortable: true },
    { key: 'list', name: vscode.l10n.t('List'), kind: 'list', editable: false, sortable: true },
  ];
}

/** Each list's statuses as a cell's choices (a row's status is one of its own list's). */
export function statusOptions(lists: ReadonlyMap<string, readonly Status[]>): Record<string, TableOption[]> {
  const out: Record<string, TableOption[]> = {};
  for (const [listId, statuses] of lists) {
    out[listId] = statuses.map((s) => ({
      value: s.id,
      label: inert(s.name, 80),
      ...(HEX.test(s.color) ? { color: s.color } : {}),
    }));
  }
  return out;
}

/** A group header for rows with no value of the grouped field (the index's `none` key). */
export function noValueLabel(by: TableGroupBy): string {
  return by === 'assignee' ? vscode.l10n.t('Unassigned') : by === 'priority' ? vscode.l10n.t('No priority') : '—';
}
