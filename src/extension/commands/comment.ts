import * as vscode from 'vscode';
import type { Comment } from '../../core/api/schemas';
import type { SignedIn } from '../auth/session';
import type { TaskRef } from '../tasks/ref';
import { log } from '../log';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { commandOn, taskName } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { pickAssignee } from '../ui/pickers';
import { taskFinder } from '../common/pickTask';
import { errorText } from '../../core/util/errorText';

/**
 * Tells the tree and the panel that a task changed through a write that does not return the task
 * (comments, dependencies): one background GET of the task, at most.
 */
export function announceUpdated(ctx: CommandContext, state: SignedIn, ref: TaskRef): void {
  state.client.getTask(ref.workspaceId, ref.taskId, { priority: 'background' }).then(
    (task) => ctx.services.changes.fire({ kind: 'updated', workspaceId: ref.workspaceId, task }),
    (error: unknown) => log.warn(`Could not re-read the task after a change: ${errorText(error)}`),
  );
}

/**
 * Add Comment: the task, the text (Markdown), an optional assignee; POST comment
 * (docs/api/openapi.yaml#createTaskComment).
 */
export const addComment = commandOn(
  taskFinder,
  () => vscode.l10n.t('Add Comment'),
  async (ctx, { state, ref }): Promise<Comment | undefined> => {
    const body = await askBody(taskName(ref.row));
    if (body === undefined) {
      return undefined;
    }
    if (body.trim() === '') {
      void prompter().warn(vscode.l10n.t('The comment cannot be empty.'));
      return undefined;
    }
    const assignee = await pickAssignee(ctx, state, ref.workspaceId, vscode.l10n.t('Assign the comment to (optional)'));
    if (!assignee) {
      return undefined;
    }
    try {
      const comment = await prompter().progress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Posting the comment…') },
        () =>
          state.client.createComment(
            ref.workspaceId,
            ref.taskId,
            { body, assignee_id: assignee.id },
            { priority: 'user' },
          ),
      );
      announceUpdated(ctx, state, ref);
      prompter().status(vscode.l10n.t('Comment posted on {0}', taskName(ref.row)), 4000);
      return comment;
    } catch (error) {
      void reportFailure(vscode.l10n.t('Could not post the comment'), error);
      return undefined;
    }
  },
);

/** One line in an input box; an empty answer opens a Markdown editor for a longer comment. */
async function askBody(name: string): Promise<string | undefined> {
  const typed = await prompter().inputBox({
    title: vscode.l10n.t('Comment on {0}', name),
    prompt: vscode.l10n.t('Comment (Markdown). Press Enter on an empty box to write a longer one in an editor.'),
  });
  if (typed === undefined || typed.trim() !== '') {
    return typed;
  }
  return writeInEditor(name);
}

/**
 * An untitled Markdown editor for the comment; a notification posts what it holds (or cancels). The
 * editor is then reverted and closed, so nothing asks to be saved.
 */
async function writeInEditor(name: string): Promise<string | undefined> {
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: '' });
  await vscode.window.showTextDocument(doc, { preview: false });
  const post = vscode.l10n.t('Post Comment');
  const choice = await prompter().info(
    vscode.l10n.t('Write the comment on {0} in the editor, then choose Post Comment.', name),
    post,
    vscode.l10n.t('Cancel'),
  );
  const text = doc.getText();
  if (!doc.isClosed) {
    await vscode.window.showTextDocument(doc, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  return choice === post ? text : undefined;
}
