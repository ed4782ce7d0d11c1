import * as vscode from 'vscode';
import { accountKey } from '../../core/accounts/account';
import type { AccountKey } from '../../core/accounts/account';
import { signedInAll } from '../auth/guard';
import { accountLabel } from '../auth/label';
import type { SignedIn } from '../auth/session';
import { parseTaskReference, taskIdFromUriPath } from '../../core/tasks/links';
import type { TaskReference } from '../../core/tasks/links';
import type { TaskRef } from '../tasks/ref';
import { prompter } from '../ui/prompter';
import { openTask } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { chooseWorkspace, findTask, lookUp, notFound } from '../common/pickTask';
import { reportFailure } from '../ui/failure';

/** Why a typed reference cannot name a task, or undefined when it may (checked before any request). */
function referenceProblem(reference: TaskReference, origins: string): string | undefined {
  switch (reference.kind) {
    case 'empty':
      return vscode.l10n.t('Give a display id (ACME-12), a task id or a task link.');
    case 'invalid':
      return vscode.l10n.t('That is not a task id, a display id like ACME-12, or a task link.');
    case 'foreignLink':
      return vscode.l10n.t(
        'This link points to {0}, not to the Task Platform you are signed in to ({1}).',
        reference.origin,
        origins,
      );
    default:
      return undefined;
  }
}

/** What a text names in each signed-in account: a link names its own service's accounts only. */
interface Reading {
  readonly state: SignedIn;
  readonly reference: TaskReference;
}

function readingsOf(states: readonly SignedIn[], text: string): Reading[] {
  return states.map((state) => ({ state, reference: parseTaskReference(text, state.baseUrl) }));
}

/** The problem with a text when no account can take it (the first account's words), else undefined. */
function problemOf(readings: readonly Reading[]): string | undefined {
  if (readings.some((r) => referenceProblem(r.reference, '') === undefined)) {
    return undefined;
  }
  const origins = [...new Set(readings.map((r) => new URL(r.state.baseUrl).origin))].join(', ');
  return readings[0] && referenceProblem(readings[0].reference, origins);
}

/**
 * Go to Task by Id: a display id, a UUID or a pasted web-app link opens the task's panel. With
 * several accounts signed in, every account whose service the text can name is asked; when more
 * than one has the task, the user picks (each named by workspace and account).
 */
export async function goToTask(ctx: CommandContext, arg?: unknown): Promise<TaskRef | undefined> {
  const title = vscode.l10n.t('Go to Task');
  const states = await signedInAll(ctx.services.accounts);
  if (states.length === 0) {
    return undefined;
  }
  const text =
    typeof arg === 'string'
      ? arg
      : await prompter().inputBox({
          title,
          prompt: vscode.l10n.t('Display id (ACME-12), task id or task link'),
          validateInput: (value) => (value.trim() === '' ? undefined : problemOf(readingsOf(states, value))),
        });
  if (text === undefined) {
    return undefined;
  }
  const readings = readingsOf(states, text);
  const problem = problemOf(readings);
  if (problem) {
    void prompter().warn(problem);
    return undefined;
  }
  const [one] = readings;
  const ref = readings.length === 1 && one ? await findTask(one.state, one.reference) : await findAcross(readings);
  if (ref) {
    await openTask(ref);
  }
  return ref;
}

/**
 * Go to Task with several accounts: each account that can take the reference is asked, side by
 * side. A workspace two users of one service both see is asked once, by the first of them: it is
 * the same task whoever opens it.
 */
async function findAcross(readings: readonly Reading[]): Promise<TaskRef | undefined> {
  const seen = new Set<string>();
  const asked = readings.flatMap(({ state, reference }) => {
    const fresh = state.user.workspaces.map((w) => w.id).filter((id) => !seen.has(`${state.baseUrl} ${id}`));
    fresh.forEach((id) => seen.add(`${state.baseUrl} ${id}`));
    return (reference.kind === 'id' || reference.kind === 'displayId') && fresh.length > 0
      ? [{ state, reference, workspaceIds: fresh }]
      : [];
  });
  const answers = await Promise.all(
    asked.map(({ state, reference, workspaceIds }) =>
      lookUp(state, reference, workspaceIds).then(
        (refs) => refs.map((ref) => ({ ref: { ...ref, account: keyOf(state) }, state })),
        (error: unknown) => {
          void reportFailure(vscode.l10n.t('Could not look up the task'), error);
          return [];
        },
      ),
    ),
  );
  const found = answers.flat();
  if (found.length === 0) {
    if (asked[0]) void prompter().warn(notFound(asked[0].reference));
    return undefined;
  }
  if (found.length === 1) {
    return found[0]?.ref;
  }
  const name = (ref: TaskRef): string => {
    const state = found.find((f) => f.ref === ref)?.state;
    const workspace = state?.user.workspaces.find((w) => w.id === ref.workspaceId)?.name ?? ref.workspaceId;
    return state ? `${workspace} · ${accountLabel(state, true)}` : workspace;
  };
  return chooseWorkspace(
    found.map((f) => f.ref),
    name,
  );
}

const keyOf = (state: SignedIn): AccountKey => accountKey({ baseUrl: state.baseUrl, userId: state.user.id });

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
