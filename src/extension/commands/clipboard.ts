import * as vscode from 'vscode';
import { isDisplayId } from '../../core/tasks/displayId';
import { taskWebLink } from '../../core/tasks/links';
import { refusedMessage } from '../codeLinks/insert';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import type { SignedIn } from '../auth/session';
import type { TaskRef } from '../tasks/ref';
import { commandOn } from './context';
import type { CommandContext } from './context';
import { taskFinder, taskWith } from './pickTask';

/** Copies the task's web-app link (format: core/tasks/links.ts). Returns what was copied. */
export const copyLink = commandOn(
  taskFinder,
  () => vscode.l10n.t('Copy Link'),
  (ctx, target) =>
    // A display id that is not of the form ACME-12 is not put in a link: the task's UUID works too.
    copy(ctx, target, (task, baseUrl) =>
      taskWebLink(baseUrl, isDisplayId(task.display_id) ? task.display_id : task.id),
    ),
);

/** Copies the display id; one not of the form ACME-12 (it could hold a line break or code) is refused. */
export const copyDisplayId = commandOn(
  taskFinder,
  () => vscode.l10n.t('Copy Display Id'),
  (ctx, target) => copy(ctx, target, (task) => (isDisplayId(task.display_id) ? task.display_id : undefined)),
);

type Copied = (
  task: { readonly id: string; readonly display_id?: string | null },
  baseUrl: string,
) => string | undefined;

async function copy(
  ctx: CommandContext,
  { state, ref }: { state: SignedIn; ref: TaskRef },
  text: Copied,
): Promise<string | undefined> {
  try {
    const task = await taskWith(state, ref, ['display_id']);
    const value = text(task, state.baseUrl);
    if (value === undefined) {
      void prompter().warn(refusedMessage(vscode.l10n.t('nothing was copied')));
      return undefined;
    }
    await vscode.env.clipboard.writeText(value);
    prompter().status(vscode.l10n.t('Copied {0}', value), 4000);
    return value;
  } catch (error) {
    void reportFailure(ctx.services.session, vscode.l10n.t('Could not copy'), error);
    return undefined;
  }
}
