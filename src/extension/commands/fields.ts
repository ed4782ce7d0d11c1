import * as vscode from 'vscode';
import type { UpdateTaskInput } from '../../core/api/inputs';
import type { Task } from '../../core/api/schemas';
import type { SignedIn } from '../auth/session';
import type { TaskRef } from '../tasks/ref';
import { describeFailure, readOrReport, reportFailure } from '../ui/failure';
import { pickAssignee, pickDueDate, pickPriority, pickStatus } from '../ui/pickers';
import { prompter } from '../ui/prompter';
import { commandOn, taskName } from '../common/commandContext';
import type { CommandContext, Finder } from '../common/commandContext';
import { taskFinder, selectedRefs, taskWith } from '../common/pickTask';

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
    void reportFailure(vscode.l10n.t('Could not update {0}', taskName(ref.row)), error);
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
const fieldTasksFinder: Finder<{ refs: TaskRef[] }> = async (ctx, state, call) => {
  const found = await taskFinder(ctx, state, call);
  const many = selectedRefs(call.arg, call.all);
  return found && { refs: many.length > 1 ? many : [found.ref] };
};

const several = (refs: readonly TaskRef[]): string =>
  refs.length === 1 ? taskName(refs[0]?.row) : vscode.l10n.t('{0} tasks', refs.length);

export const setStatus = commandOn(
  taskFinder,
  () => vscode.l10n.t('Set Status'),
  async (ctx, { state, ref }, { title }): Promise<Task | undefined> => {
    // Statuses are per list (docs/api/openapi.yaml#listListStatuses): the task's list decides what may be offered.
    const task = await readOrReport(vscode.l10n.t('Could not load the statuses'), () =>
      taskWith(state, ref, ['list_id']),
    );
    if (!task) {
      return undefined;
    }
    const picked = await pickStatus(ctx, state, task.list_id as string, {
      title,
      placeHolder: vscode.l10n.t('Status of {0}', taskName(task)),
      currentId: task.status_id,
    });
    return picked && patchTask(ctx, state, { ...ref, row: ref.row ?? task }, { status_id: picked.id }, title);
  },
);

export const setPriority = commandOn(
  fieldTasksFinder,
  () => vscode.l10n.t('Set Priority'),
  async (ctx, { state, refs }, { title }): Promise<Task | Task[] | undefined> => {
    const currentPriority = refs.length === 1 ? refs[0]?.row?.priority : undefined;
    const picked = await pickPriority(title, vscode.l10n.t('Priority of {0}', several(refs)), currentPriority);
    return picked && patchAll(ctx, state, refs, { priority: picked }, title);
  },
);

export const assign = commandOn(
  fieldTasksFinder,
  () => vscode.l10n.t('Assign'),
  async (ctx, { state, refs }, { title }): Promise<Task | Task[] | undefined> => {
    const first = refs[0] as TaskRef;
    const picked = await pickAssignee(
      ctx,
      state,
      first.workspaceId,
      title,
      refs.length === 1 ? first.row?.assignee_id : undefined,
    );
    return picked && patchAll(ctx, state, refs, { assignee_id: picked.id }, title);
  },
);

export const setDueDate = commandOn(
  fieldTasksFinder,
  () => vscode.l10n.t('Set Due Date'),
  async (ctx, { state, refs }, { title }): Promise<Task | Task[] | undefined> => {
    const picked = await pickDueDate(title, refs.length === 1 ? refs[0]?.row?.due_date : undefined);
    return picked && patchAll(ctx, state, refs, { due_date: picked.date }, title);
  },
);
