import * as vscode from 'vscode';
import type { MoveTarget } from '../../core/api/inputs';
import type { Task } from '../../core/api/schemas';
import type { SignedIn } from '../auth/session';
import type { Services } from '../services';
import type { TaskRef } from '../tasks/ref';
import { describeFailure, reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { taskName } from './commandContext';

export type MoveOutcome =
  | { readonly ref: TaskRef; readonly ok: true; readonly task: Task }
  | { readonly ref: TaskRef; readonly ok: false; readonly error: unknown; readonly message: string };

/**
 * Moves tasks one by one (POST /tasks/{task}/move; Tasks "move") with progress, fires a `moved`
 * change per success and returns every outcome; the tree's drag and drop reuses it. A task the server
 * refuses stays where it was; the summary says why. Cancelling stops before the next task.
 */
export async function moveTasks(
  services: Services,
  refs: readonly TaskRef[],
  target: MoveTarget,
  targetName: string,
): Promise<MoveOutcome[]> {
  // The tasks' own account (a drag or a command refuses mixed accounts before this), else the primary.
  const account = refs[0]?.account;
  const state = await (account === undefined ? services.session : services.accounts.find(account))?.ensure();
  if (state?.kind !== 'signedIn') {
    return [];
  }
  const outcomes: MoveOutcome[] = [];
  await prompter().progress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Moving to {0}', targetName),
      cancellable: true,
    },
    async (progress, token) => {
      for (const [index, ref] of refs.entries()) {
        if (token.isCancellationRequested) {
          break;
        }
        progress.report({ message: vscode.l10n.t('{0} of {1}', index + 1, refs.length), increment: 100 / refs.length });
        outcomes.push(await moveOne(services, state, ref, target));
      }
    },
  );
  summarize(outcomes, refs.length, targetName);
  return outcomes;
}

async function moveOne(services: Services, state: SignedIn, ref: TaskRef, target: MoveTarget): Promise<MoveOutcome> {
  try {
    const task = await state.client.moveTask(ref.taskId, target, { priority: 'user' });
    services.changes.fire({ kind: 'moved', workspaceId: ref.workspaceId, task, fromListId: ref.row?.list_id });
    return { ref, ok: true, task };
  } catch (error) {
    return {
      ref,
      ok: false,
      error,
      message: describeFailure(vscode.l10n.t('Could not move {0}', taskName(ref.row)), error),
    };
  }
}

function summarize(outcomes: MoveOutcome[], asked: number, targetName: string): void {
  const moved = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.filter((o): o is Extract<MoveOutcome, { ok: false }> => !o.ok);
  if (failed.length === 0 && moved === asked) {
    const text =
      asked === 1
        ? vscode.l10n.t('Moved {0} to {1}.', taskName(outcomes[0]?.ok ? outcomes[0].task : undefined), targetName)
        : vscode.l10n.t('Moved {0} tasks to {1}.', moved, targetName);
    prompter().status(text, 5000);
    return;
  }
  if (failed.length === 1 && asked === 1) {
    void reportFailure(vscode.l10n.t('Could not move {0}', taskName(failed[0]?.ref.row)), failed[0]?.error);
    return;
  }
  const skipped = asked - outcomes.length;
  const reasons = failed.map((f) => f.message).join(' ');
  void prompter().warn(
    vscode.l10n.t(
      'Moved {0} of {1} tasks to {2}; {3} failed, {4} not tried. {5}',
      moved,
      asked,
      targetName,
      failed.length,
      skipped,
      reasons,
    ),
  );
}
