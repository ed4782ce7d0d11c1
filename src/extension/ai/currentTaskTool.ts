import * as vscode from 'vscode';
import { CURRENT_TASK_TOOL, currentTaskText } from '../../core/mcp/currentTask';
import { toolErrorText } from '../../core/mcp/call';
import { lmToolName } from '../../core/mcp/manifest';
import type { AccountKey } from '../../core/accounts/account';
import type { AccountSessions } from '../auth/accountSessions';
import type { Session } from '../auth/session';
import { startedTask } from '../codeLinks/currentTask';
import { gitApi, repositoryFor } from '../codeLinks/git';
import type { TaskRef } from '../tasks/ref';
import { currentTasks } from '../tasks/current';
import { abortSignalFor } from '../ui/cancellation';
import { signedInClient } from './chatTools';

/**
 * The current branch's task: the one Start Work began in this workspace, while its branch is the
 * one checked out (or when there is no Git to ask).
 */
async function branchTask(workspaceState: vscode.Memento): Promise<TaskRef | undefined> {
  const started = startedTask(workspaceState);
  if (!started) {
    return undefined;
  }
  const git = await gitApi().catch(() => undefined);
  const head = git ? repositoryFor(git)?.state.HEAD?.name : undefined;
  return head === undefined || head === started.branch
    ? { account: started.account, workspaceId: started.workspaceId, taskId: started.taskId }
    : undefined;
}

/**
 * `#taskPlatformTask` in a chat request: the task of the focused panel (or the tree selection), else
 * the current branch's task, with its first page of comments and its dependencies, as JSON for the
 * model, marked as data and bounded like a tool's result (core/mcp/currentTask.ts). Three user-priority reads.
 */
async function currentTaskJson(
  accounts: AccountSessions,
  workspaceState: vscode.Memento,
  token: vscode.CancellationToken,
): Promise<string> {
  const ref = currentTasks()[0] ?? (await branchTask(workspaceState));
  if (!ref) {
    throw new Error(
      vscode.l10n.t(
        'No Task Platform task is open in a panel or selected in the tree, and no task was started on this branch (Start Work).',
      ),
    );
  }
  const client = await signedInClient(await sessionOf(accounts, ref.account));
  const opts = { signal: abortSignalFor(token), priority: 'user' as const };
  try {
    const [task, comments, dependencies] = await Promise.all([
      client.getTask(ref.workspaceId, ref.taskId, opts),
      client.getComments(ref.workspaceId, ref.taskId, undefined, opts),
      client.getDependencies(ref.workspaceId, ref.taskId, opts),
    ]);
    return currentTaskText({ task, comments, dependencies });
  } catch (error) {
    throw new Error(toolErrorText(CURRENT_TASK_TOOL.name, error), { cause: error });
  }
}

/** The session of the task's account (none: the primary); an account not signed in is said so to the model. */
async function sessionOf(accounts: AccountSessions, account: AccountKey | undefined): Promise<Session> {
  const session = await accounts.sessionOf(account);
  if (!session) {
    throw new Error(
      vscode.l10n.t(
        'The Task Platform account of this task is not signed in. Ask the user to run "Task Platform: Add Account".',
      ),
    );
  }
  return session;
}

export function registerCurrentTaskTool(accounts: AccountSessions, workspaceState: vscode.Memento): vscode.Disposable {
  return vscode.lm.registerTool<Record<string, never>>(lmToolName(CURRENT_TASK_TOOL), {
    prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Task Platform: reading the current task') }),
    invoke: async (_options, token) =>
      new vscode.LanguageModelToolResult([
        new vscode.LanguageModelTextPart(await currentTaskJson(accounts, workspaceState, token)),
      ]),
  });
}
