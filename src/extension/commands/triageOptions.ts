import * as vscode from 'vscode';
import type { UpdateTaskInput } from '../../core/api/inputs';
import type { TaskRow } from '../../core/api/schemas';
import { checkDate, DUE_DATE_PRESETS, dayOf, presetDate } from '../../core/tasks/dates';
import type { SignedIn } from '../auth/session';
import type { CommandContext } from '../common/commandContext';
import { assigneeItems, priorityIcon, priorityItems, priorityLabel } from '../ui/pickers';

export type Action = 'next' | 'status' | 'priority' | 'assignee' | 'due' | 'open';
export type ChoiceMode = Exclude<Action, 'next' | 'open'>;
export type TriageItem = vscode.QuickPickItem & { action?: Action; patch?: UpdateTaskInput; back?: true };

/** Single keystrokes of triage mode (typed into the QuickPick's input, which is then cleared). */
export const KEYS: Readonly<Record<string, Action>> = {
  n: 'next',
  s: 'status',
  p: 'priority',
  a: 'assignee',
  d: 'due',
  o: 'open',
};

const keyOf = (action: Action): string => Object.entries(KEYS).find(([, a]) => a === action)?.[0] ?? '';

/** The actions on the current task, each showing the task's current value and its key. */
export function actionItems(row: TaskRow): TriageItem[] {
  const none = vscode.l10n.t('none');
  const entries: [Action, string, string][] = [
    ['next', vscode.l10n.t('Next task'), 'arrow-right'],
    ['status', vscode.l10n.t('Status: {0}', row.status?.name ?? none), 'circle-large-outline'],
    [
      'priority',
      vscode.l10n.t('Priority: {0}', row.priority ? priorityLabel(row.priority) : none),
      priorityIcon(row.priority ?? '').id,
    ],
    ['assignee', vscode.l10n.t('Assignee: {0}', row.assignee?.name ?? vscode.l10n.t('unassigned')), 'person'],
    ['due', vscode.l10n.t('Due date: {0}', dayOf(row.due_date) ?? none), 'calendar'],
    ['open', vscode.l10n.t('Open'), 'go-to-file'],
  ];
  return entries.map(([action, label, icon]) => ({
    label,
    description: vscode.l10n.t('key {0}', keyOf(action)),
    iconPath: new vscode.ThemeIcon(icon),
    action,
  }));
}

export function actionButtons(): (vscode.QuickInputButton & { action: Action })[] {
  const entries: [Action, string, string][] = [
    ['status', 'circle-large-outline', vscode.l10n.t('Status')],
    ['priority', 'arrow-up', vscode.l10n.t('Priority')],
    ['assignee', 'person', vscode.l10n.t('Assignee')],
    ['due', 'calendar', vscode.l10n.t('Due date')],
    ['open', 'go-to-file', vscode.l10n.t('Open')],
    ['next', 'arrow-right', vscode.l10n.t('Next task')],
  ];
  return entries.map(([action, icon, name]) => ({
    iconPath: new vscode.ThemeIcon(icon),
    tooltip: `${name} (${keyOf(action)})`,
    action,
  }));
}

/** Last and filtered like the rest: typing a value then Enter must pick that value, never "Back". */
const withBack = (items: TriageItem[]): TriageItem[] => [
  ...items,
  { label: vscode.l10n.t('Back'), iconPath: new vscode.ThemeIcon('arrow-left'), back: true },
];

/** The values offered for one field of `row`; `typed` is what the user typed (a date in due mode). */
export async function choiceItems(
  ctx: CommandContext,
  state: SignedIn,
  mode: ChoiceMode,
  row: TaskRow,
  workspaceId: string,
  typed: string,
): Promise<TriageItem[]> {
  switch (mode) {
    case 'status': {
      const statuses = await ctx.lookups.statuses(state.client, row.list_id as string);
      const icons = await ctx.statusIcons.all(statuses);
      return withBack(
        statuses.map((s, i) => ({
          label: s.name,
          description: s.id === row.status_id ? vscode.l10n.t('current') : s.type,
          iconPath: icons[i],
          patch: { status_id: s.id },
        })),
      );
    }
    case 'priority':
      return withBack(priorityItems(row.priority).map((i) => ({ ...i, patch: { priority: i.priority } })));
    case 'assignee': {
      const members = await ctx.lookups.members(state.client, workspaceId);
      return withBack(assigneeItems(members).map(({ id, ...item }) => ({ ...item, patch: { assignee_id: id } })));
    }
    case 'due':
      return withBack(dueItems(typed));
  }
}

function dueItems(typed: string): TriageItem[] {
  const now = new Date();
  const typedDate = checkDate(typed);
  const first: TriageItem[] = typedDate.ok
    ? [{ label: vscode.l10n.t('Due {0}', typedDate.date), alwaysShow: true, patch: { due_date: typedDate.date } }]
    : [];
  const presets = DUE_DATE_PRESETS.map((p) => ({
    label: presetDate(p, now),
    description: p,
    patch: { due_date: presetDate(p, now) },
  }));
  return [...first, ...presets, { label: vscode.l10n.t('No due date'), patch: { due_date: null } }];
}
