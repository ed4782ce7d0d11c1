import * as vscode from 'vscode';
import type { MoveTarget } from '../../core/api/inputs';
import type { Task } from '../../core/api/schemas';
import type { ListTarget, SprintTarget } from '../../core/tasks/sidebar';
import type { SignedIn } from '../auth/session';
import type { Services } from '../services';
import type { TaskRef } from '../tasks/ref';
import { describeFailure, readOrReport, reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { commandOn, taskName } from './context';
import type { CommandContext } from './context';
import { taskFinder, selectedRefs } from './pickTask';

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
  const state = await services.session.ensure();
  if (state.kind !== 'signedIn') {
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
  summarize(services, outcomes, refs.length, targetName);
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

function summarize(services: Services, outcomes: MoveOutcome[], asked: number, targetName: string): void {
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
    void reportFailure(
      services.session,
      vscode.l10n.t('Could not move {0}', taskName(failed[0]?.ref.row)),
      failed[0]?.error,
    );
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

type TargetItem = vscode.QuickPickItem & { target?: MoveTarget };

/** Asks list or sprint, then which; only targets the user can see are offered (from the sidebar or the tree walk). */
export async function pickMoveTarget(
  ctx: CommandContext,
  state: SignedIn,
  workspaceId: string,
  title: string,
  fromListId?: string,
): Promise<{ target: MoveTarget; name: string } | undefined> {
  const targets = await readOrReport(ctx.services.session, vscode.l10n.t('Could not load the lists'), () =>
    ctx.lookups.targets(state.client, workspaceId),
  );
  if (!targets) {
    return undefined;
  }
  const kinds = [
    { label: vscode.l10n.t('List'), targetType: 'list' as const, iconPath: new vscode.ThemeIcon('list-unordered') },
    {
      label: vscode.l10n.t('Sprint'),
      targetType: 'sprint' as const,
      iconPath: new vscode.ThemeIcon('rocket'),
      description: targets.sprints.length === 0 ? vscode.l10n.t('no sprints known') : undefined,
    },
  ];
  const kind = await prompter().quickPick(kinds, { title, placeHolder: vscode.l10n.t('Move to a list or a sprint?') });
  if (!kind) {
    return undefined;
  }
  if (kind.targetType === 'sprint' && targets.sprints.length === 0) {
    // The API documents no sprint listing; only the sidebar (when readable) names sprints.
    void prompter().warn(vscode.l10n.t('No sprint is known for this workspace: the sidebar did not list any.'));
    return undefined;
  }
  const items: TargetItem[] =
    kind.targetType === 'list' ? listItems(targets.lists, fromListId) : sprintItems(targets.sprints);
  const picked = await prompter().quickPick(items, {
    title,
    placeHolder: vscode.l10n.t('Pick the target'),
    matchOnDescription: true,
  });
  return picked?.target && { target: picked.target, name: picked.label };
}

function listItems(lists: readonly ListTarget[], fromListId?: string): TargetItem[] {
  return lists
    .filter((l) => l.id !== fromListId)
    .map((l) => ({
      label: l.name,
      description: l.path,
      iconPath: new vscode.ThemeIcon('list-unordered'),
      target: { target_type: 'list', target_id: l.id },
    }));
}

function sprintItems(sprints: readonly SprintTarget[]): TargetItem[] {
  return sprints.map((s) => ({
    label: s.name,
    iconPath: new vscode.ThemeIcon('rocket'),
    target: { target_type: 'sprint', target_id: s.id },
  }));
}

/** Move Task: one task, or the tree's multi-selection, to a list or a sprint, after confirming. */
export const moveTask = commandOn(
  taskFinder,
  () => vscode.l10n.t('Move Task'),
  async (ctx, { state, ref }, { title, arg, all }): Promise<MoveOutcome[] | undefined> => {
    const many = selectedRefs(arg, all);
    const refs = many.length > 1 ? many : [ref];
    // The current list is left out only when every task is in it.
    const from = refs.every((r) => r.row?.list_id === ref.row?.list_id) ? ref.row?.list_id : undefined;
    const picked = await pickMoveTarget(ctx, state, ref.workspaceId, title, from);
    if (!picked) {
      return undefined;
    }
    const what = refs.length === 1 ? taskName(ref.row) : vscode.l10n.t('{0} tasks', refs.length);
    const question = vscode.l10n.t('Move {0} to {1}?', what, picked.name);
    const detail =
      picked.target.target_type === 'list'
        ? vscode.l10n.t('Subtasks move with their parents.')
        : vscode.l10n.t('Tasks stay in their lists.');
    if (!(await prompter().confirm(question, detail, vscode.l10n.t('Move')))) {
      return undefined;
    }
    return moveTasks(ctx.services, refs, picked.target, picked.name);
  },
);
