import * as vscode from 'vscode';
import { anySignedIn, signedInFor } from '../auth/guard';
import type { TrashReceipt } from '../../core/api/schemas';
import { parseTaskReference } from '../../core/tasks/links';
import type { SignedIn } from '../auth/session';
import { taskRefFrom } from '../tasks/ref';
import type { TaskRef } from '../tasks/ref';
import { readOrReport, reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { commandOn, taskName } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { pickWorkspace } from '../ui/pickers';
import { taskFinder, taskWith } from '../common/pickTask';
import type { TrashedTask } from '../common/recentTrash';

/**
 * DELETE task: to Trash with its subtasks at any depth (docs/api/openapi.yaml#deleteTask). The confirmation names the
 * subtask count; the notification afterwards offers Undo, which restores the same sweep.
 */
export const deleteTask = commandOn(
  taskFinder,
  () => vscode.l10n.t('Delete Task'),
  async (ctx, { state, ref }): Promise<TrashReceipt | undefined> => {
    const task = await readOrReport(vscode.l10n.t('Could not delete {0}', taskName(ref.row)), () =>
      taskWith(state, ref, ['subtask_count', 'title', 'list_id']),
    );
    if (!task) {
      return undefined;
    }
    const count = task.subtask_count ?? 0;
    const question =
      count === 0
        ? vscode.l10n.t('Delete {0}?', taskName(task))
        : vscode.l10n.t('Delete {0} and its {1} subtask(s)?', taskName(task), count);
    // Whole sentences per case: translated fragments do not compose ("subtasks at any depth":
    // docs/api/openapi.yaml#deleteTask).
    const detail =
      count === 0
        ? vscode.l10n.t('It goes to the Trash for 30 days; you can undo right after.')
        : vscode.l10n.t(
            'It goes to the Trash for 30 days with all its subtasks, at any depth; you can undo right after.',
          );
    if (!(await prompter().confirm(question, detail, vscode.l10n.t('Delete')))) {
      return undefined;
    }
    try {
      const receipt = await state.client.deleteTask(ref.workspaceId, ref.taskId, { priority: 'user' });
      const trashed: TrashedTask = {
        account: ref.account,
        workspaceId: ref.workspaceId,
        taskId: ref.taskId,
        displayId: receipt.display_id ?? task.display_id,
        title: task.title,
        listId: task.list_id,
        parentTaskId: task.parent_task_id,
        deletedAt: receipt.deleted_at,
        subtasksDeleted: receipt.subtasks_deleted,
      };
      ctx.trash.add(trashed);
      ctx.services.changes.fire({
        kind: 'deleted',
        workspaceId: ref.workspaceId,
        taskId: ref.taskId,
        listId: task.list_id,
        parentTaskId: task.parent_task_id,
      });
      offerUndo(ctx, state, trashed);
      return receipt;
    } catch (error) {
      void reportFailure(vscode.l10n.t('Could not delete {0}', taskName(task)), error);
      return undefined;
    }
  },
);

/** Not awaited: the notification stays until the user acts, the command has finished. */
function offerUndo(ctx: CommandContext, state: SignedIn, trashed: TrashedTask): void {
  const undo = vscode.l10n.t('Undo');
  const name = taskName({ display_id: trashed.displayId, title: trashed.title });
  const text =
    trashed.subtasksDeleted === 0
      ? vscode.l10n.t('Deleted {0}. It stays in the Trash for 30 days.', name)
      : vscode.l10n.t(
          'Deleted {0} and {1} subtask(s). They stay in the Trash for 30 days.',
          name,
          trashed.subtasksDeleted,
        );
  void prompter()
    .info(text, undo)
    .then((choice) =>
      choice === undo
        ? restore(
            ctx,
            state,
            { account: trashed.account, workspaceId: trashed.workspaceId, taskId: trashed.taskId },
            name,
          )
        : undefined,
    );
}

/** POST /workspaces/{w}/trash/task/{id}/restore (shape not shown; the client checks only the task). */
async function restore(ctx: CommandContext, state: SignedIn, ref: TaskRef, name: string): Promise<boolean> {
  try {
    const result = await state.client.restoreTask(ref.workspaceId, ref.taskId, { priority: 'user' });
    ctx.trash.remove(ref.taskId);
    ctx.services.changes.fire({
      kind: 'restored',
      workspaceId: ref.workspaceId,
      taskId: ref.taskId,
      task: result.data,
    });
    prompter().status(vscode.l10n.t('Restored {0}', name), 5000);
    return true;
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not restore {0}', name), error);
    return false;
  }
}

type TrashItem = vscode.QuickPickItem & { trashed?: TrashedTask };

/**
 * Restores a task from the Trash. The API shows no Trash listing, so the tasks deleted in this
 * session are offered, and any other task can be restored by its id (a UUID: a task in the Trash is
 * not found by search).
 */
export async function restoreTask(ctx: CommandContext, arg?: unknown): Promise<boolean> {
  const title = vscode.l10n.t('Restore Task');
  // A task restores with the account that deleted it (the one its reference or entry carries).
  const given = taskRefFrom(arg);
  if (given) {
    const state = await signedInFor(ctx.services.accounts, arg);
    return state ? restore(ctx, state, given, taskName(given.row ?? { title: given.taskId })) : false;
  }
  // The list is what this window stored; only the picked entry's account is restored (below).
  if (!(await anySignedIn(ctx.services.accounts))) {
    return false;
  }
  const byId = vscode.l10n.t('Restore by task id…');
  const items: TrashItem[] = ctx.trash.list().map((t) => ({
    label: t.title ?? t.taskId,
    description: t.displayId,
    detail: vscode.l10n.t('deleted {0}', new Date(t.deletedAt).toLocaleString()),
    trashed: t,
  }));
  items.push({ label: byId, iconPath: new vscode.ThemeIcon('symbol-key'), alwaysShow: true });
  const placeHolder =
    items.length === 1
      ? vscode.l10n.t('Nothing was deleted in this session. The API shows no Trash listing: restore by id.')
      : vscode.l10n.t('Deleted in this session (the API shows no Trash listing)');
  const picked = await prompter().quickPick(items, { title, placeHolder });
  if (!picked) {
    return false;
  }
  const state = await signedInFor(ctx.services.accounts, picked.trashed);
  if (!state) {
    return false;
  }
  if (picked.trashed) {
    return restore(
      ctx,
      state,
      picked.trashed,
      taskName({ display_id: picked.trashed.displayId, title: picked.trashed.title }),
    );
  }
  return restoreById(ctx, state, title);
}

async function restoreById(ctx: CommandContext, state: SignedIn, title: string): Promise<boolean> {
  const idProblem = (value: string): string | undefined =>
    parseTaskReference(value, state.baseUrl).kind === 'id'
      ? undefined
      : vscode.l10n.t('Give the task id (a UUID): a task in the Trash cannot be found by its display id.');
  const text = await prompter().inputBox({
    title,
    prompt: vscode.l10n.t('Id (UUID) of the deleted task'),
    validateInput: idProblem,
  });
  if (text === undefined) {
    return false;
  }
  const reference = parseTaskReference(text, state.baseUrl);
  if (reference.kind !== 'id') {
    void prompter().warn(idProblem(text) as string);
    return false;
  }
  const workspaceId = await pickWorkspace(state, title);
  return workspaceId ? restore(ctx, state, { workspaceId, taskId: reference.taskId }, reference.taskId) : false;
}
