import * as vscode from 'vscode';
import { signedInFor } from '../auth/guard';
import type { Task, TaskRow } from '../../core/api/schemas';
import { branchName, DEFAULT_BRANCH_TEMPLATE } from '../../core/codeLinks/branch';
import { asciiTitle } from '../../core/codeLinks/transliterate';
import { commitMessage } from '../../core/codeLinks/commitMessage';
import { writableDisplayId } from '../../core/tasks/displayId';
import type { SignedIn } from '../auth/session';
import { taskName } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { resolveTask } from '../common/pickTask';
import { readGuardedSettings, SECTION } from '../config';
import { directoryFor } from '../directory';
import type { TaskRef } from '../tasks/ref';
import { readOrReport, reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { checkoutBranch, gitApi, repositoryFor } from './git';
import type { GitRepository } from './git';
import type { CurrentTask } from './currentTask';
import { refusedMessage } from './insert';
import { errorText } from '../../core/util/errorText';

const COMPLETED = new Set(['done', 'closed', 'completed']);

export interface StartWorkResult {
  readonly branch: string;
  readonly created: boolean;
  readonly task: TaskRow | Task;
}

/**
 * Start Work on Task: warns when open tasks block it, creates and checks out a branch named
 * from `taskPlatform.startWork.branchTemplate` through the built-in Git extension, optionally sets the
 * status and assignee, remembers the task (status bar) and offers its reference in the commit box.
 */
export async function startWork(
  ctx: CommandContext,
  current: CurrentTask,
  arg?: unknown,
): Promise<StartWorkResult | undefined> {
  const title = vscode.l10n.t('Start Work on Task');
  const state = await signedInFor(ctx.services.accounts, arg);
  const ref = state && (await resolveTask(state, arg, title));
  if (!state || !ref) {
    return undefined;
  }
  const api = await gitApi();
  const repo = api && repositoryFor(api);
  if (!repo) {
    void prompter().warn(
      vscode.l10n.t(
        'Start Work needs a Git repository: open a file of the repository first (and keep the Git extension enabled).',
      ),
    );
    return undefined;
  }
  const task = await readOrReport(vscode.l10n.t('Could not start work on the task'), () =>
    state.client.getTask(ref.workspaceId, ref.taskId, { priority: 'user' }),
  );
  if (!task) {
    return undefined;
  }
  // The branch and the commit message are named after the display id: refused before anything
  // else is asked, sent or written when it is not one of the grammar.
  const displayId = writableDisplayId(task);
  if (!displayId) {
    void prompter().warn(refusedMessage(vscode.l10n.t('no branch was created and nothing was written')));
    return undefined;
  }
  try {
    if (task.is_blocked && !(await confirmBlocked(state, ref, task))) {
      return undefined;
    }
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not start work on the task'), error);
    return undefined;
  }
  return begin(ctx, state, current, repo, ref, task, displayId);
}

async function begin(
  ctx: CommandContext,
  state: SignedIn,
  current: CurrentTask,
  repo: GitRepository,
  ref: TaskRef,
  task: Task,
  displayId: string,
): Promise<StartWorkResult | undefined> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const template = config.get<unknown>('startWork.branchTemplate', DEFAULT_BRANCH_TEMPLATE);
  const branch = branchName(
    typeof template === 'string' ? template : DEFAULT_BRANCH_TEMPLATE,
    { displayId, title: await asciiTitle(task.title) },
    config.get<unknown>('startWork.lowercaseBranch', true) !== false,
  );
  if (!branch) {
    void prompter().warn(refusedMessage(vscode.l10n.t('no branch was created and nothing was written')));
    return undefined;
  }
  let outcome: 'created' | 'existing';
  try {
    outcome = await checkoutBranch(repo, branch);
  } catch (error) {
    void prompter().error(vscode.l10n.t('Could not create the branch {0}: {1}', branch, errorText(error)));
    return undefined;
  }
  const updated = (await updateTask(ctx, state, ref, task)) ?? task;
  await current.set({
    account: ref.account,
    workspaceId: ref.workspaceId,
    taskId: task.id,
    displayId,
    title: task.title,
    branch,
  });
  offerInCommitBox(repo, branch, commitMessage(config.get<unknown>('startWork.commitTemplate'), displayId));
  void prompter().info(
    outcome === 'created'
      ? vscode.l10n.t('Started work on {0} on the new branch {1}.', taskName(task), branch)
      : vscode.l10n.t('Started work on {0} on the existing branch {1}.', taskName(task), branch),
  );
  return { branch, created: outcome === 'created', task: updated };
}

/**
 * Tells the user which open tasks block this one (docs/api/openapi.yaml#createTaskDependency: blocked_by) before
 * starting.
 */
async function confirmBlocked(state: SignedIn, ref: TaskRef, task: Task): Promise<boolean> {
  const deps = await state.client.getDependencies(ref.workspaceId, ref.taskId, { priority: 'user' });
  const open = deps.blocked_by.filter((d) => {
    const entry = d as { is_completed?: unknown; status?: { type?: string } | null };
    return entry.is_completed !== true && !COMPLETED.has(entry.status?.type ?? '');
  });
  const names =
    open.map((d) => taskName(d as { display_id?: string; title: string })).join(', ') || vscode.l10n.t('open tasks');
  return prompter().confirm(
    vscode.l10n.t('{0} is blocked by {1}.', taskName(task), names),
    vscode.l10n.t('Start work anyway?'),
    vscode.l10n.t('Start Anyway'),
  );
}

/** `taskPlatform.startWork.updateTask`: ask (default), always or never set an active status and assign to me. */
async function updateTask(ctx: CommandContext, state: SignedIn, ref: TaskRef, task: Task): Promise<Task | undefined> {
  // A folder can make it stricter, never looser than the user's own choice (config.ts).
  const mode = readGuardedSettings().startWorkUpdateTask;
  if (mode === 'never') {
    return undefined;
  }
  try {
    const statuses = await directoryFor(state.client).statusesOf(task.list_id);
    const active = task.status?.type === 'active' ? undefined : statuses.find((s) => s.type === 'active');
    const patch = {
      ...(active ? { status_id: active.id } : {}),
      ...(task.assignee_id === state.user.id ? {} : { assignee_id: state.user.id }),
    };
    if (Object.keys(patch).length === 0) {
      return undefined;
    }
    if (mode === 'ask') {
      const yes = vscode.l10n.t('Update the task');
      const detail = [
        active ? vscode.l10n.t('status: {0}', active.name) : '',
        patch.assignee_id ? vscode.l10n.t('assignee: you') : '',
      ]
        .filter(Boolean)
        .join(', ');
      const picked = await prompter().quickPick(
        [{ label: yes, description: detail }, { label: vscode.l10n.t('Leave the task as it is') }],
        { title: vscode.l10n.t('Start Work on Task') },
      );
      if (picked?.label !== yes) {
        return undefined;
      }
    }
    const updated = await state.client.updateTask(ref.workspaceId, task.id, patch, { priority: 'user' });
    ctx.services.changes.fire({ kind: 'updated', workspaceId: ref.workspaceId, task: updated });
    return updated;
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not update the task'), error);
    return undefined;
  }
}

/**
 * Puts the message (`ACME-12: `, or `taskPlatform.startWork.commitTemplate` filled) in the commit
 * message box while that branch is checked out and the box is empty.
 */
function offerInCommitBox(repo: GitRepository, branch: string, message: string | undefined): void {
  if (message === undefined) {
    return;
  }
  const offer = (): void => {
    if (repo.state.HEAD?.name === branch && repo.inputBox.value.trim() === '') {
      repo.inputBox.value = message;
    }
  };
  offer();
  const listener = repo.state.onDidChange(() => {
    if (repo.state.HEAD?.name !== branch) {
      listener.dispose();
    } else {
      offer();
    }
  });
}
