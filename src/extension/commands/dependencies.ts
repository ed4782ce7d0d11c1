import * as vscode from 'vscode';
import { ConflictError } from '../../core/api/errors';
import type { DependencyEntry } from '../../core/api/schemas';
import type { SignedIn } from '../auth/session';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { announceUpdated } from './comment';
import { commandOn, taskName } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { searchForTask, taskFinder, taskTarget } from '../common/pickTask';

export type LinkOutcome = 'linked' | 'alreadyLinked' | undefined;

/**
 * Link Tasks: the blocked task (argument, current or search), then its blocker (search), then POST
 * dependencies (docs/api/openapi.yaml#createTaskDependency: "the blocker must complete first"). A 409 on a first
 * attempt is an
 * existing dependency: said plainly, not as a failure.
 */
export const linkTasks = commandOn(
  taskFinder,
  () => vscode.l10n.t('Link Tasks: the task that is blocked'),
  async (ctx, { state, ref: blocked }): Promise<LinkOutcome> => {
    const blocker = await searchForTask(
      state,
      vscode.l10n.t('Link Tasks: which task blocks {0}?', taskName(blocked.row)),
      blocked.workspaceId,
    );
    if (!blocker) {
      return undefined;
    }
    if (blocker.taskId === blocked.taskId) {
      void prompter().warn(vscode.l10n.t('A task cannot block itself.'));
      return undefined;
    }
    try {
      await state.client.addDependency(blocked.workspaceId, blocked.taskId, blocker.taskId, { priority: 'user' });
      announceUpdated(ctx, state, blocked);
      void prompter().info(vscode.l10n.t('{0} is now blocked by {1}.', taskName(blocked.row), taskName(blocker.row)));
      return 'linked';
    } catch (error) {
      if (ConflictError.is(error)) {
        void prompter().info(
          vscode.l10n.t('Already linked: {0} is already blocked by {1}.', taskName(blocked.row), taskName(blocker.row)),
        );
        return 'alreadyLinked';
      }
      void reportFailure(vscode.l10n.t('Could not link the tasks'), error);
      return undefined;
    }
  },
);

type DependencyItem = vscode.QuickPickItem & { entry: DependencyEntry };

/** Remove Dependency: lists what blocks the task and what it blocks (GET dependencies), removes one. */
export async function removeDependency(ctx: CommandContext, arg?: unknown): Promise<boolean> {
  const title = vscode.l10n.t('Remove Dependency');
  const target = await taskTarget(ctx, arg, title);
  if (!target) {
    return false;
  }
  const { state, ref } = target;
  const items = await dependencyItems(state, ref.workspaceId, ref.taskId);
  if (!items) {
    return false;
  }
  if (items.length === 0) {
    void prompter().info(vscode.l10n.t('{0} has no dependencies.', taskName(ref.row)));
    return false;
  }
  const picked = await prompter().quickPick(items, {
    title,
    placeHolder: vscode.l10n.t('Dependency to remove'),
    matchOnDescription: true,
  });
  if (!picked) {
    return false;
  }
  try {
    await state.client.removeDependency(ref.workspaceId, ref.taskId, picked.entry.dependency_id, { priority: 'user' });
    announceUpdated(ctx, state, ref);
    prompter().status(vscode.l10n.t('Dependency removed'), 4000);
    return true;
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not remove the dependency'), error);
    return false;
  }
}

async function dependencyItems(
  state: SignedIn,
  workspaceId: string,
  taskId: string,
): Promise<DependencyItem[] | undefined> {
  try {
    const deps = await state.client.getDependencies(workspaceId, taskId, { priority: 'user' });
    const item = (entry: DependencyEntry, relation: string): DependencyItem => ({
      label: entry.title,
      description: [relation, typeof entry.display_id === 'string' ? entry.display_id : undefined, entry.status?.name]
        .filter(Boolean)
        .join(' · '),
      entry,
    });
    return [
      ...deps.blocked_by.map((e) => item(e, vscode.l10n.t('blocks this task'))),
      ...deps.blocking.map((e) => item(e, vscode.l10n.t('blocked by this task'))),
    ];
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not load the dependencies'), error);
    return undefined;
  }
}
