import * as vscode from 'vscode';
import type { UpdateTaskInput } from '../../core/api/inputs';
import type { Priority, Task } from '../../core/api/schemas';
import { checkDate, DUE_DATE_PRESETS, dayOf, presetDate } from '../../core/tasks/dates';
import type { DuePresetId } from '../../core/tasks/dates';
import type { SignedIn } from '../auth/session';
import type { TaskRef } from '../tasks/ref';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { taskName } from './context';
import type { CommandContext } from './context';
import { taskTarget, taskWith } from './pickTask';

/** PATCH task (Tasks: "any subset of title, description, priority, status_id, assignee_id, due_date"). */
export async function patchTask(ctx: CommandContext, state: SignedIn, ref: TaskRef, patch: UpdateTaskInput, action: string): Promise<Task | undefined> {
  try {
    const task = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: action }, () =>
      state.client.updateTask(ref.workspaceId, ref.taskId, patch, { priority: 'user' }),
    );
    ctx.services.changes.fire({ kind: 'updated', workspaceId: ref.workspaceId, task });
    vscode.window.setStatusBarMessage(vscode.l10n.t('{0} updated', taskName(task)), 4000);
    return task;
  } catch (error) {
    void reportFailure(ctx.services.session, vscode.l10n.t('Could not update {0}', taskName(ref.row)), error);
    return undefined;
  }
}

const current = (yes: boolean): string | undefined => (yes ? vscode.l10n.t('current') : undefined);

export async function setStatus(ctx: CommandContext, arg?: unknown): Promise<Task | undefined> {
  const title = vscode.l10n.t('Set Status');
  const started = await taskTarget(ctx, arg, title);
  if (!started) {
    return undefined;
  }
  const { state, ref } = started;
  try {
    // Statuses are per list (Task status): the task's list decides what may be offered.
    const task = await taskWith(state, ref, ['list_id']);
    const statuses = await ctx.lookups.statuses(state.client, task.list_id as string);
    const icons = await ctx.statusIcons.all(statuses);
    const items = statuses.map((s, i) => ({
      label: s.name,
      description: [s.type, current(s.id === task.status_id)].filter(Boolean).join(' · '),
      iconPath: icons[i],
      id: s.id,
    }));
    const picked = await prompter().quickPick(items, { title, placeHolder: vscode.l10n.t('Status of {0}', taskName(task)) });
    return picked && patchTask(ctx, state, { ...ref, row: ref.row ?? task }, { status_id: picked.id }, title);
  } catch (error) {
    void reportFailure(ctx.services.session, vscode.l10n.t('Could not load the statuses'), error);
    return undefined;
  }
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
  return PRIORITY_ORDER.map((p) => ({ label: priorityLabel(p), description: current(p === currentPriority), iconPath: priorityIcon(p), priority: p }));
}

export async function setPriority(ctx: CommandContext, arg?: unknown): Promise<Task | undefined> {
  const title = vscode.l10n.t('Set Priority');
  const started = await taskTarget(ctx, arg, title);
  if (!started) {
    return undefined;
  }
  const { state, ref } = started;
  const picked = await prompter().quickPick(priorityItems(ref.row?.priority), { title, placeHolder: vscode.l10n.t('Priority of {0}', taskName(ref.row)) });
  return picked && patchTask(ctx, state, ref, { priority: picked.priority }, title);
}

/** Members of the workspace plus "Unassigned" (Member: "member id is used as assignee_id"). */
export async function pickAssignee(ctx: CommandContext, state: SignedIn, workspaceId: string, title: string, currentId?: string | null): Promise<{ id: string | null } | undefined> {
  let members;
  try {
    members = await ctx.lookups.members(state.client, workspaceId);
  } catch (error) {
    void reportFailure(ctx.services.session, vscode.l10n.t('Could not load the workspace members'), error);
    return undefined;
  }
  const items: (vscode.QuickPickItem & { id: string | null })[] = [
    { label: vscode.l10n.t('Unassigned'), iconPath: new vscode.ThemeIcon('circle-slash'), description: current(currentId === null), id: null },
    ...members.map((m) => ({
      label: m.name,
      description: [m.email, current(m.id === currentId)].filter(Boolean).join(' · '),
      iconPath: new vscode.ThemeIcon(m.id === state.user.id ? 'account' : 'person'),
      id: m.id,
    })),
  ];
  const picked = await prompter().quickPick(items, { title, placeHolder: vscode.l10n.t('Assignee'), matchOnDescription: true });
  return picked && { id: picked.id };
}

export async function assign(ctx: CommandContext, arg?: unknown): Promise<Task | undefined> {
  const title = vscode.l10n.t('Assign');
  const started = await taskTarget(ctx, arg, title);
  if (!started) {
    return undefined;
  }
  const { state, ref } = started;
  const picked = await pickAssignee(ctx, state, ref.workspaceId, title, ref.row?.assignee_id);
  return picked && patchTask(ctx, state, ref, { assignee_id: picked.id }, title);
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
export async function pickDueDate(title: string, currentDue?: string | null): Promise<{ date: string | null } | undefined> {
  const now = new Date();
  const custom = vscode.l10n.t('Pick a date…');
  const items: (vscode.QuickPickItem & { date?: string | null })[] = [
    ...DUE_DATE_PRESETS.map((p) => ({ label: presetLabel(p), description: presetDate(p, now), date: presetDate(p, now) })),
    { label: custom, description: 'YYYY-MM-DD', iconPath: new vscode.ThemeIcon('calendar') },
    { label: vscode.l10n.t('No due date'), description: current(currentDue === null), iconPath: new vscode.ThemeIcon('close'), date: null },
  ];
  const picked = await prompter().quickPick(items, { title, placeHolder: currentDue ? vscode.l10n.t('Due {0}', dayOf(currentDue) ?? '') : vscode.l10n.t('Due date') });
  if (!picked) {
    return undefined;
  }
  if (picked.date !== undefined) {
    return { date: picked.date };
  }
  const typed = await prompter().inputBox({ title, prompt: vscode.l10n.t('Due date (YYYY-MM-DD)'), value: dayOf(currentDue) ?? '', validateInput: dateProblem });
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

export async function setDueDate(ctx: CommandContext, arg?: unknown): Promise<Task | undefined> {
  const title = vscode.l10n.t('Set Due Date');
  const started = await taskTarget(ctx, arg, title);
  if (!started) {
    return undefined;
  }
  const { state, ref } = started;
  const picked = await pickDueDate(title, ref.row?.due_date);
  return picked && patchTask(ctx, state, ref, { due_date: picked.date }, title);
}
