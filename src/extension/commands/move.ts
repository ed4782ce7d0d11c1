import * as vscode from 'vscode';
import type { MoveTarget } from '../../core/api/inputs';
import type { ListTarget, SprintTarget } from '../../core/tasks/sidebar';
import type { SignedIn } from '../auth/session';
import { readOrReport } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { commandOn, taskName } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { taskFinder, selectedRefs } from '../common/pickTask';
import { moveTasks } from '../common/moveTasks';
import type { MoveOutcome } from '../common/moveTasks';

type TargetItem = vscode.QuickPickItem & { target?: MoveTarget };

/** Asks list or sprint, then which; only targets the user can see are offered (from the sidebar or the tree walk). */
export async function pickMoveTarget(
  ctx: CommandContext,
  state: SignedIn,
  workspaceId: string,
  title: string,
  fromListId?: string,
): Promise<{ target: MoveTarget; name: string } | undefined> {
  const targets = await readOrReport(vscode.l10n.t('Could not load the lists'), () =>
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
