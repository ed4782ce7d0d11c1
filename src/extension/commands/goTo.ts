import * as vscode from 'vscode';
import { signedIn } from '../auth/guard';
import { parseTaskReference, taskIdFromUriPath } from '../../core/tasks/links';
import type { TaskReference } from '../../core/tasks/links';
import type { TaskRef } from '../tasks/ref';
import { prompter } from '../ui/prompter';
import { openTask } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { findTask } from '../common/pickTask';

/** Why a typed reference cannot name a task, or undefined when it may (checked before any request). */
function referenceProblem(reference: TaskReference, origin: string): string | undefined {
  switch (reference.kind) {
    case 'empty':
      return vscode.l10n.t('Give a display id (ACME-12), a task id or a task link.');
    case 'invalid':
      return vscode.l10n.t('That is not a task id, a display id like ACME-12, or a task link.');
    case 'foreignLink':
      return vscode.l10n.t(
        'This link points to {0}, not to the Task Platform you are signed in to ({1}).',
        reference.origin,
        origin,
      );
    default:
      return undefined;
  }
}

/** Go to Task by Id: a display id, a UUID or a pasted web-app link opens the task's panel. */
export async function goToTask(ctx: CommandContext, arg?: unknown): Promise<TaskRef | undefined> {
  const title = vscode.l10n.t('Go to Task');
  const state = await signedIn(ctx.services.session);
  if (!state) {
    return undefined;
  }
  const origin = new URL(state.baseUrl).origin;
  const text =
    typeof arg === 'string'
      ? arg
      : await prompter().inputBox({
          title,
          prompt: vscode.l10n.t('Display id (ACME-12), task id or task link'),
          validateInput: (value) =>
            value.trim() === '' ? undefined : referenceProblem(parseTaskReference(value, state.baseUrl), origin),
        });
  if (text === undefined) {
    return undefined;
  }
  const reference = parseTaskReference(text, state.baseUrl);
  const problem = referenceProblem(reference, origin);
  if (problem) {
    void prompter().warn(problem);
    return undefined;
  }
  const ref = await findTask(state, reference);
  if (ref) {
    await openTask(ref);
  }
  return ref;
}

/** The longest path a task link can have: `/task/` and a UUID or display id, with room to spare. */
const MAX_LINK_PATH = 100;

/**
 * `vscode://task-platform.task-platform/task/<id>` (display id or UUID, optionally with a trailing
 * slash) opens the task, for links from chat, docs or the browser. Anyone can plant such a link (a
 * web page needs no account), so anything else is refused with a fixed message that never repeats
 * the link: a query or a fragment, another path, a path too long to be a task's.
 */
export function taskUriHandler(ctx: CommandContext): vscode.UriHandler {
  return {
    handleUri: async (uri: vscode.Uri): Promise<void> => {
      if (uri.query !== '' || uri.fragment !== '') {
        void prompter().warn(
          vscode.l10n.t(
            'This Task Platform link was not opened: task links have no query or fragment (nothing after "?" or "#").',
          ),
        );
        return;
      }
      const reference = uri.path.length <= MAX_LINK_PATH ? taskIdFromUriPath(uri.path) : undefined;
      if (reference?.kind !== 'id' && reference?.kind !== 'displayId') {
        void prompter().warn(
          vscode.l10n.t(
            'This Task Platform link is not understood. A task link ends in /task/ and a display id (ACME-12) or a task id.',
          ),
        );
        return;
      }
      await goToTask(ctx, reference.kind === 'id' ? reference.taskId : reference.displayId);
    },
  };
}
