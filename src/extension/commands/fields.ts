import * as vscode from 'vscode';
import type { UpdateTaskInput } from '../../core/api/inputs';
import type { Priority, Task } from '../../core/api/schemas';
import { checkDate, DUE_DATE_PRESETS, dayOf, presetDate } from '../../core/tasks/dates';
import type { DuePresetId } from '../../core/tasks/dates';
import type { SignedIn } from '../auth/session';
import type { TaskRef } from '../tasks/ref';
import { describeFailure, reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { taskName } from './context';
import type { CommandContext } from './context';
import { selectedRefs, taskTarget, taskWith } from './pickTask';

/** PATCH task: any subset of its fields (docs/api/openapi.yaml#updateTask). */
export async function patchTask(
  ctx: CommandContext,
  state: SignedIn,
  ref: TaskRef,
  patch: UpdateTaskInput,
  action: string,
): Promise<Task | undefined> {
  try {
    const task = await prompter().progress({ location: vscode.ProgressLocation.Window, title: action }, () =>
      state.client.updateTask(ref.workspaceId, ref.taskId, patch, { priority: 'user' }),
    );
    ctx.services.changes.fire({ kind: 'updated', workspaceId: ref.workspaceId, task });
    prompter().status(vscode.l10n.t('{0} updated', taskName(task)), 4000);
    return task;
  } catch (error) {
    void reportFailure(ctx.services.session, vscode.l10n.t('Could not update {0}', taskName(ref.row)), error);
    return undefined;
  }
}

/**
 * The same PATCH on every selected task, one after the other with progress (never in parallel: the
 * budget is 60 a minute), then one summary. A single task gives its Task, several the updated ones.
 */
export async function patchAll(
  ctx: CommandContext,
  state: SignedIn,
  refs: readonly TaskRef[],
  patch: UpdateTaskInput,
  action: string,
): Promise<Task | Task[] | undefined> {
  if (refs.length === 1) {
    return patchTask(ctx, state, refs[0] as TaskRef, patch, action);
  }
  const updated: Task[] = [];
  const failures: string[] = [];
  await prompter().progress(
    { location: vscode.ProgressLocation.Notification, title: action, cancellable: true },
    async (progress, token) => {
      for (const [index, ref] of refs.entries()) {
        if (token.isCancellationRequested) {
          break;
        }
        progress.report({ message: vscode.l10n.t('{0} of {1}', index + 1, refs.length), increment: 100 / refs.length });
        try {
          const task = await state.client.updateTask(ref.workspaceId, ref.taskId, patch, { priority: 'user' });
          ctx.services.changes.fire({ kind: 'updated', workspaceId: ref.workspaceId, task });
          updated.push(task);
        } catch (error) {
          failures.push(describeFailure(vscode.l10n.t('Could not update {0}', taskName(ref.row)), error));
        }
      }
    },
  );
  if (failures.length > 0) {
    void prompter().warn(
      vscode.l10n.t('Updated {0} of {1} tasks. {2}', updated.length, refs.length, failures.join(' ')),
    );
  } else {
    prompter().status(vscode.l10n.t('Updated {0} tasks', updated.length), 4000);
  }
  return updated;
}

/** The tasks a field command changes: the tree's multi-selection, else the one task it resolves. */
async function fieldTargets(
  ctx: CommandContext,
  arg: unknown,
  all: unknown,
  title: string,
): Promise<{ state: SignedIn; refs: TaskRef[] } | undefined> {
  const target = await taskTarget(ctx, arg, title);
  if (!target) {
    return undefined;
  }
  const many = selectedRefs(arg, all);
  return { state: target.state, refs: many.length > 1 ? many : [target.ref] };
}

const several = (refs: readonly TaskRef[]): string =>
  refs.length === 1 ? taskName(refs[0]?.row) : vscode.l10n.t('{0} tasks', refs.length);

const current = (yes: boolean): string | undefined => (yes ? vscode.l10n.t('current') : undefined);

export async function setStatus(ctx: CommandContext, arg?: unknown): Promise<Task | undefined> {
  const title = vscode.l10n.t('Set Status');
  const started = await taskTarget(ctx, arg, title);
  if (!started) {
    return undefined;
  }
  const { state, ref } = started;
  try {
    // Statuses are per list (docs/api/openapi.yaml#listListStatuses): the task's list decides what may be offered.
    const task = await taskWith(state, ref, ['list_id']);
    const statuses = await ctx.lookups.statuses(state.client, task.list_id as string);
    const icons = await ctx.statusIcons.all(statuses);
    const items = statuses.map((s, i) => ({
      label: s.name,
      description: [s.type, current(s.id === task.status_id)].filter(Boolean).join(' · '),
      iconPath: icons[i],
      id: s.id,
    }));
    const picked = await prompter().quickPick(items, {
      title,
      placeHolder: vscode.l10n.t('Status of {0}', taskName(task)),
    });
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
  return PRIORITY_ORDER.map((p) => ({
    label: priorityLabel(p),
    description: current(p === currentPriority),
    iconPath: priorityIcon(p),
    priority: p,
  }));
}

export async function setPriority(
  ctx: CommandContext,
  arg?: unknown,
  all?: unknown,
): Promise<Task | Task[] | undefined> {
  const title = vscode.l10n.t('Set Priority');
  const started = await fieldTargets(ctx, arg, all, title);
  if (!started) {
    return undefined;
  }
  const { state, refs } = started;
  const currentPriority = refs.length === 1 ? refs[0]?.row?.priority : undefined;
  const picked = await prompter().quickPick(priorityItems(currentPriority), {
    title,
    placeHolder: vscode.l10n.t('Priority of {0}', several(refs)),
  });
  return picked && patchAll(ctx, state, refs, { priority: picked.priority }, title);
}

/** Members of the workspace plus "Unassigned" (Member: "member id is used as assignee_id"). */
export async function pickAssignee(
  ctx: CommandContext,
  state: SignedIn,
  workspaceId: string,
  title: string,
  currentId?: string | null,
): Promise<{ id: string | null } | undefined> {
  let members;
  try {
    members = await ctx.lookups.members(state.client, workspaceId);
  } catch (error) {
    void reportFailure(ctx.services.session, vscode.l10n.t('Could not load the workspace members'), error);
    return undefined;
  }
  const items: (vscode.QuickPickItem & { id: string | null })[] = [
    {
      label: vscode.l10n.t('Unassigned'),
      iconPath: new vscode.ThemeIcon('circle-slash'),
      description: current(currentId === null),
      id: null,
    },
    ...members.map((m) => ({
      label: m.name,
      description: [m.email, current(m.id === currentId)].filter(Boolean).join(' · '),
      iconPath: new vscode.ThemeIcon(m.id === state.user.id ? 'account' : 'person'),
      id: m.id,
    })),
  ];
  const picked = await prompter().quickPick(items, {
    title,
    placeHolder: vscode.l10n.t('Assignee'),
    matchOnDescription: true,
  });
  return picked && { id: picked.id };
}

export async function assign(ctx: CommandContext, arg?: unknown, all?: unknown): Promise<Task | Task[] | undefined> {
  const title = vscode.l10n.t('Assign');
  const started = await fieldTargets(ctx, arg, all, title);
  if (!started) {
    return undefined;
  }
  const { state, refs } = started;
  const first = refs[0] as TaskRef;
  const picked = await pickAssignee(
    ctx,
    state,
    first.workspaceId,
    title,
    refs.length === 1 ? first.row?.assignee_id : undefined,
  );
  return picked && patchAll(ctx, state, refs, { assignee_id: picked.id }, title);
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

export async function setDueDate(
  ctx: CommandContext,
  arg?: unknown,
  all?: unknown,
): Promise<Task | Task[] | undefined> {
  const title = vscode.l10n.t('Set Due Date');
  const started = await fieldTargets(ctx, arg, all, title);
  if (!started) {
    return undefined;
  }
  const { state, refs } = started;
  const picked = await pickDueDate(title, refs.length === 1 ? refs[0]?.row?.due_date : undefined);
  return picked && patchAll(ctx, state, refs, { due_date: picked.date }, title);
}
