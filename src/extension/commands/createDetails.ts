import * as vscode from 'vscode';
import type { CreateTaskInput } from '../../core/api/inputs';
import type { CustomFieldDefinition } from '../../core/api/schemas';
import { askField, shownValue } from './createFields';
import type { FieldChoices } from './createFields';
import { prompter } from '../ui/prompter';
import type { SignedIn } from '../auth/session';
import type { CommandContext } from '../common/commandContext';
import type { ListChoice } from '../common/pickList';
import { pickAssignee, pickDueDate, pickPriority, pickStatus, priorityLabel } from '../ui/pickers';
import { searchForTask } from '../common/pickTask';

type Details = Omit<CreateTaskInput, 'list_id' | 'title'>;
type Step = 'create' | 'priority' | 'assignee' | 'status' | 'due' | 'parent' | CustomFieldDefinition;

/** What the details step shows for each optional field (the server's defaults apply when unset). */
interface Shown {
  priority?: string;
  assignee?: string;
  status?: string;
  due?: string;
  parent?: string;
}

/**
 * The optional part of Create Task: a pick that loops until "Create" is chosen, each field shown with
 * its value (priority, assignee, status, due date, parent, then the list's custom fields). Undefined
 * when the user gives up.
 */
export async function chooseDetails(
  ctx: CommandContext,
  state: SignedIn,
  list: ListChoice,
  taskTitle: string,
  fields: FieldChoices,
): Promise<Details | undefined> {
  const details: Details = {};
  const shown: Shown = {};
  const title = vscode.l10n.t('Create "{0}" in {1}', taskTitle, list.name);
  for (;;) {
    const step = await askStep(title, shown, fields);
    if (step === undefined) {
      return undefined;
    }
    if (step === 'create') {
      return details;
    }
    if (typeof step === 'object') {
      const answer = await askField(step, title, step.is_required === true);
      if (answer) {
        fields.values.set(step.id, answer.value);
      }
      continue;
    }
    await editStep(ctx, state, list, title, step, details, shown);
  }
}

async function askStep(title: string, shown: Shown, custom: FieldChoices): Promise<Step | undefined> {
  const unset = vscode.l10n.t('not set');
  // Each optional field: its step, its label and its icon.
  const fields: [keyof Shown, string, string][] = [
    ['priority', vscode.l10n.t('Priority…'), 'arrow-up'],
    ['assignee', vscode.l10n.t('Assignee…'), 'person'],
    ['status', vscode.l10n.t('Status…'), 'circle-large-outline'],
    ['due', vscode.l10n.t('Due Date…'), 'calendar'],
    ['parent', vscode.l10n.t('Parent Task…'), 'type-hierarchy-sub'],
  ];
  const items: (vscode.QuickPickItem & { step: Step })[] = [
    {
      label: vscode.l10n.t('Create'),
      iconPath: new vscode.ThemeIcon('check'),
      description: vscode.l10n.t('create the task now'),
      step: 'create',
    },
    ...fields.map(([step, label, icon]) => ({
      label,
      iconPath: new vscode.ThemeIcon(icon),
      description: shown[step] ?? unset,
      step,
    })),
    // The list's custom fields: names come from the service (the prompter shows them inert).
    ...custom.defs.map((def) => ({
      label: `${def.name}…`,
      iconPath: new vscode.ThemeIcon('symbol-field'),
      description: shownValue(custom.values.get(def.id) ?? null),
      step: def,
    })),
  ];
  return (
    await prompter().quickPick(items, { title, placeHolder: vscode.l10n.t('Create now, or set optional fields first') })
  )?.step;
}

async function editStep(
  ctx: CommandContext,
  state: SignedIn,
  list: ListChoice,
  title: string,
  step: Exclude<Step, 'create' | CustomFieldDefinition>,
  details: Details,
  shown: Shown,
): Promise<void> {
  switch (step) {
    case 'priority': {
      const picked = await pickPriority(title, vscode.l10n.t('Priority'), details.priority);
      if (picked) {
        details.priority = picked;
        shown.priority = priorityLabel(picked);
      }
      return;
    }
    case 'assignee': {
      const picked = await pickAssignee(ctx, state, list.workspaceId, title, details.assignee_id);
      if (picked) {
        details.assignee_id = picked.id;
        shown.assignee =
          picked.id === null
            ? vscode.l10n.t('Unassigned')
            : (await ctx.lookups.members(state.client, list.workspaceId)).find((m) => m.id === picked.id)?.name;
      }
      return;
    }
    case 'status':
      return editStatus(ctx, state, list, title, details, shown);
    case 'due': {
      const picked = await pickDueDate(title, details.due_date);
      if (picked) {
        details.due_date = picked.date;
        shown.due = picked.date ?? vscode.l10n.t('none');
      }
      return;
    }
    case 'parent': {
      const parent = await searchForTask(state, title, list.workspaceId);
      if (parent) {
        details.parent_task_id = parent.taskId;
        shown.parent = parent.row?.display_id ?? parent.row?.title ?? parent.taskId;
      }
      return;
    }
  }
}

async function editStatus(
  ctx: CommandContext,
  state: SignedIn,
  list: ListChoice,
  title: string,
  details: Details,
  shown: Shown,
): Promise<void> {
  const picked = await pickStatus(ctx, state, list.listId, { title, placeHolder: vscode.l10n.t('Status') });
  if (picked) {
    details.status_id = picked.id;
    shown.status = picked.name;
  }
}
