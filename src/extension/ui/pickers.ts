import * as vscode from 'vscode';
import type { Member, Priority, Status } from '../../core/api/schemas';
import { checkDate, DUE_DATE_PRESETS, dayOf, presetDate } from '../../core/tasks/dates';
import type { DuePresetId } from '../../core/tasks/dates';
import type { SignedIn } from '../auth/session';
import type { CommandContext } from '../common/commandContext';
import { readOrReport, reportFailure } from './failure';
import { prompter } from './prompter';

// The pickers the commands, the tree, the views and the task panel share: workspace, priority,
// assignee and due date (statuses and tasks come next to them). All go through prompter().

export const current = (yes: boolean): string | undefined => (yes ? vscode.l10n.t('current') : undefined);

/** The user's workspace (asked only when there are several). */
export async function pickWorkspace(
  state: SignedIn,
  title: string,
  placeHolder = vscode.l10n.t('Pick a workspace'),
): Promise<string | undefined> {
  const workspaces = state.user.workspaces;
  if (workspaces.length <= 1) {
    if (workspaces.length === 0) {
      void prompter().warn(vscode.l10n.t('Your account has no workspace.'));
    }
    return workspaces[0]?.id;
  }
  const items = workspaces.map((w) => ({ label: w.name, id: w.id }));
  return (await prompter().quickPick(items, { title, placeHolder }))?.id;
}

const PRIORITY_ORDER: readonly Priority[] = ['critical', 'high', 'medium', 'low'];

export function priorityLabel(priority: string): string {
  switch (priority) {
    case 'critical':
      return vscode.l10n.t('Critical');
    case 'high':
      return vscode.l10n.t('High');
    case 'medium':
      return vscode.l10n.t('Medium');
    case 'low':
      return vscode.l10n.t('Low');
    default:
      return priority;
  }
}

/** One distinct shape per priority: quick picks and their buttons ignore icon colours. */
export function priorityIcon(priority: string): vscode.ThemeIcon {
  const icon = { critical: 'flame', high: 'arrow-up', medium: 'dash', low: 'arrow-down' }[priority] ?? 'circle-small';
  return new vscode.ThemeIcon(icon);
}

export function priorityItems(currentPriority?: string | null): (vscode.QuickPickItem & { priority: Priority })[] {
  return PRIORITY_ORDER.map((p) => ({
    label: priorityLabel(p),
    description: current(p === currentPriority),
    iconPath: priorityIcon(p),
    priority: p,
  }));
}

export async function pickPriority(
  title: string,
  placeHolder: string,
  currentPriority?: string | null,
): Promise<Priority | undefined> {
  return (await prompter().quickPick(priorityItems(currentPriority), { title, placeHolder }))?.priority;
}

/**
 * A status of a list (statuses are per list), each with a dot in its colour; a failed load is
 * reported and gives undefined.
 */
export async function pickStatus(
  ctx: CommandContext,
  state: SignedIn,
  listId: string,
  options: { title: string; placeHolder: string; currentId?: string | null },
): Promise<Status | undefined> {
  try {
    const statuses = await ctx.lookups.statuses(state.client, listId);
    const icons = await ctx.statusIcons.all(statuses);
    const items = statuses.map((s, i) => ({
      label: s.name,
      description: [s.type, current(s.id === options.currentId)].filter(Boolean).join(' · '),
      iconPath: icons[i],
      status: s,
    }));
    return (await prompter().quickPick(items, { title: options.title, placeHolder: options.placeHolder }))?.status;
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not load the statuses'), error);
    return undefined;
  }
}

/** "Unassigned", then the members (email, and "current" for `currentId`; the user's own icon for `meId`). */
export function assigneeItems(
  members: readonly Member[],
  marks: { meId?: string; currentId?: string | null } = {},
): (vscode.QuickPickItem & { id: string | null })[] {
  return [
    {
      label: vscode.l10n.t('Unassigned'),
      iconPath: new vscode.ThemeIcon('circle-slash'),
      description: current(marks.currentId === null),
      id: null,
    },
    ...members.map((m) => ({
      label: m.name,
      description: [m.email, current(m.id === marks.currentId)].filter(Boolean).join(' · '),
      iconPath: new vscode.ThemeIcon(m.id === marks.meId ? 'account' : 'person'),
      id: m.id,
    })),
  ];
}

/** Members of the workspace plus "Unassigned" (Member: "member id is used as assignee_id"). */
export async function pickAssignee(
  ctx: CommandContext,
  state: SignedIn,
  workspaceId: string,
  title: string,
  currentId?: string | null,
): Promise<{ id: string | null } | undefined> {
  const members = await readOrReport(vscode.l10n.t('Could not load the workspace members'), () =>
    ctx.lookups.members(state.client, workspaceId),
  );
  if (!members) {
    return undefined;
  }
  const picked = await prompter().quickPick(assigneeItems(members, { meId: state.user.id, currentId }), {
    title,
    placeHolder: vscode.l10n.t('Assignee'),
    matchOnDescription: true,
  });
  return picked && { id: picked.id };
}

function presetLabel(preset: DuePresetId): string {
  switch (preset) {
    case 'today':
      return vscode.l10n.t('Today');
    case 'tomorrow':
      return vscode.l10n.t('Tomorrow');
    case 'nextMonday':
      return vscode.l10n.t('Next Monday');
    case 'inAWeek':
      return vscode.l10n.t('In a week');
  }
}

/** Explains a bad typed date, or undefined when it is a real `YYYY-MM-DD` day. */
export function dateProblem(value: string): string | undefined {
  const check = checkDate(value);
  if (check.ok) {
    return undefined;
  }
  return check.reason === 'format'
    ? vscode.l10n.t('Type the date as YYYY-MM-DD, for example {0}.', presetDate('tomorrow', new Date()))
    : vscode.l10n.t('{0} is not a day of the calendar.', value.trim());
}

/** Presets, "clear", or a typed date; `null` means clear. Undefined when the user gave up or typed a bad date. */
export async function pickDueDate(
  title: string,
  currentDue?: string | null,
): Promise<{ date: string | null } | undefined> {
  const now = new Date();
  const custom = vscode.l10n.t('Pick a date…');
  const items: (vscode.QuickPickItem & { date?: string | null })[] = [
    ...DUE_DATE_PRESETS.map((p) => ({
      label: presetLabel(p),
      description: presetDate(p, now),
      date: presetDate(p, now),
    })),
    { label: custom, description: 'YYYY-MM-DD', iconPath: new vscode.ThemeIcon('calendar') },
    {
      label: vscode.l10n.t('No due date'),
      description: current(currentDue === null),
      iconPath: new vscode.ThemeIcon('close'),
      date: null,
    },
  ];
  const picked = await prompter().quickPick(items, {
    title,
    placeHolder: currentDue ? vscode.l10n.t('Due {0}', dayOf(currentDue) ?? '') : vscode.l10n.t('Due date'),
  });
  if (!picked) {
    return undefined;
  }
  if (picked.date !== undefined) {
    return { date: picked.date };
  }
  const typed = await prompter().inputBox({
    title,
    prompt: vscode.l10n.t('Due date (YYYY-MM-DD)'),
    value: dayOf(currentDue) ?? '',
    validateInput: dateProblem,
  });
  if (typed === undefined) {
    return undefined;
  }
  const problem = dateProblem(typed);
  if (problem) {
    // The input box refuses a bad date as it is typed; this covers anything that got past it.
    void prompter().warn(problem);
    return undefined;
  }
  return { date: typed.trim() };
}
