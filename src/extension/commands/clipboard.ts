import * as vscode from 'vscode';
import { isDisplayId } from '../../core/tasks/displayId';
import { taskWebLink } from '../../core/tasks/links';
import { refusedMessage } from '../codeLinks/insert';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import type { SignedIn } from '../auth/session';
import { currentTasks } from '../tasks/current';
import { taskRefFrom } from '../tasks/ref';
import type { TaskRef } from '../tasks/ref';
import { openOutsideLink } from '../links/opener';
import type { LinkOutcome } from '../links/opener';
import { commandOn } from '../common/commandContext';
import type { Command } from '../common/commandContext';
import { taskFinder, taskWith } from '../common/pickTask';

/** The task's web-app link (format: core/tasks/links.ts); a display id not of the form ACME-12 is not put in it. */
const webLink: Copied = (task, baseUrl) =>
  taskWebLink(baseUrl, isDisplayId(task.display_id) ? task.display_id : task.id);

/** Copies the task's web-app link. Returns what was copied. */
export const copyLink = commandOn(
  taskFinder,
  () => vscode.l10n.t('Copy Link'),
  (_ctx, target) => copy(target, webLink),
);

const openWebLink = commandOn(
  taskFinder,
  () => vscode.l10n.t('Open in Browser'),
  async (_ctx, target) => {
    const link = await linkOf(target, webLink, vscode.l10n.t('Could not open the task in the browser'));
    return link === undefined ? undefined : openOutsideLink(link, new URL(target.state.baseUrl).origin);
  },
);

/**
 * Opens the task's web-app link, the one Copy Link copies, through the one checked opener
 * (links/opener.ts), on the configured service's address (so not questioned as task text would
 * be). With no task given and exactly one in front of the user (the focused panel, one selected
 * row), that one: the panel's title button passes none. Returns the link's outcome.
 */
export const openInBrowser: Command<LinkOutcome> = (ctx, arg, all) => {
  const current = currentTasks();
  return openWebLink(ctx, taskRefFrom(arg) ?? (current.length === 1 ? current[0] : arg), all);
};

/** Copies the display id; one not of the form ACME-12 (it could hold a line break or code) is refused. */
export const copyDisplayId = commandOn(
  taskFinder,
  () => vscode.l10n.t('Copy Display Id'),
  (_ctx, target) => copy(target, (task) => (isDisplayId(task.display_id) ? task.display_id : undefined)),
);

type Copied = (
  task: { readonly id: string; readonly display_id?: string | null },
  baseUrl: string,
) => string | undefined;

/** The text `text` makes of the task (its display id fetched when the caller has no row). */
async function linkOf(
  { state, ref }: { state: SignedIn; ref: TaskRef },
  text: Copied,
  failure: string,
): Promise<string | undefined> {
  try {
    const task = await taskWith(state, ref, ['display_id']);
    const value = text(task, state.baseUrl);
    if (value === undefined) {
      void prompter().warn(refusedMessage(vscode.l10n.t('nothing was copied')));
    }
    return value;
  } catch (error) {
    void reportFailure(failure, error);
    return undefined;
  }
}

async function copy(target: { state: SignedIn; ref: TaskRef }, text: Copied): Promise<string | undefined> {
  const value = await linkOf(target, text, vscode.l10n.t('Could not copy'));
  if (value === undefined) {
    return undefined;
  }
  await vscode.env.clipboard.writeText(value);
  prompter().status(vscode.l10n.t('Copied {0}', value), 4000);
  return value;
}
