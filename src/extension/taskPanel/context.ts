import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import type { ApiClient } from '../../core/api/client';
import { NotFoundError, ValidationError, WriteQueuedError } from '../../core/api/errors';
import { AbortError } from '../../core/util/abort';
import type { PanelModel } from '../../shared/taskPanel/protocol';
import type { Services } from '../services';
import type { Session } from '../auth/session';
import { describeFailure, reportFailure } from '../ui/failure';
import type { Lookups } from '../common/lookups';
import { prompter } from '../ui/prompter';

/** What a panel's message handlers and loaders work with: one task, one client, one model. */
export interface PanelContext {
  /** The client of the task's account (never another account's). */
  readonly client: ApiClient;
  /** The session of the task's account: its user, workspaces and offline queue. */
  readonly session: Session;
  /** Its key, passed on with every task the panel opens. */
  readonly account: string;
  readonly workspaceId: string;
  readonly taskId: string;
  /** Aborted when the panel closes: its pending reads stop. */
  readonly signal: AbortSignal;
  readonly services: Services;
  readonly lookups: Lookups;
  model(): PanelModel;
  update(patch: Partial<PanelModel>): void;
  /** Opaque cursors of the comment and activity pages (kept on the host, never shown). */
  readonly cursors: { comments?: string | null; activity?: string | null };
  /** Called after every successful write: refreshes the activity's first page. */
  wrote(): void;
  readonly webview: vscode.Webview;
}

export type Outcome = { ok: true; text?: string } | { ok: false; error: string; fieldErrors?: Record<string, string> };

export const done: Outcome = { ok: true };

/** A refusal decided before any request (bad input already known): specific message, no request. */
export function refuse(error: string, field?: string): Outcome {
  return { ok: false, error, fieldErrors: field ? { [field]: error } : undefined };
}

/**
 * Runs one write for the panel: a failure is reported (reportFailure: a 401 turns the session to
 * "rejected") and returned to the webview, with 422 field errors keyed as `fieldKey` maps them, so
 * the webview puts the old value back and shows why next to the field.
 */
export async function attempt(
  ctx: PanelContext,
  action: string,
  write: () => Promise<void>,
  fieldKey: (apiField: string) => string = (f) => f,
): Promise<Outcome> {
  try {
    await write();
    ctx.wrote();
    return done;
  } catch (error) {
    if (AbortError.is(error)) {
      return { ok: false, error: '' };
    }
    if (WriteQueuedError.is(error)) {
      // Kept for replay: the field keeps the user's value; the banner says it is not sent yet.
      void reportFailure(action, error);
      return done;
    }
    if (NotFoundError.is(error) && (await taskIsGone(ctx))) {
      // The banner says it once for the whole panel; the field only goes back to its old value.
      return { ok: false, error: '' };
    }
    void reportFailure(action, error);
    const fieldErrors: Record<string, string> = {};
    if (ValidationError.is(error)) {
      for (const [field, messages] of Object.entries(error.fields)) {
        fieldErrors[fieldKey(field)] = messages.join(' ');
      }
    }
    return { ok: false, error: describeFailure(action, error), fieldErrors };
  }
}

/** The panel's words for a task that answers 404: the API says the same for deleted and invisible. */
export function goneMessage(): string {
  return vscode.l10n.t(
    'This task no longer exists or you can no longer see it: someone deleted or moved it to the Trash, or your access changed. Close this tab, or refresh the tree to see where things are now.',
  );
}

/**
 * A write answered 404: the task itself may be gone (deleted elsewhere, access lost) or only the
 * thing written to (a comment, a dependency). One read of the task tells which (docs/api/README.md#errors: 404 is
 * "not found or not visible"); when the task is gone the panel turns read-only with a banner and
 * one message, instead of letting each later edit fail.
 */
async function taskIsGone(ctx: PanelContext): Promise<boolean> {
  try {
    await ctx.client.getTask(ctx.workspaceId, ctx.taskId, { signal: ctx.signal, priority: 'user' });
    return false;
  } catch (error) {
    if (!NotFoundError.is(error)) {
      return false;
    }
    markGone(ctx);
    return true;
  }
}

/** Turns the panel read-only with the "gone" banner and says so once, with a way out. */
export function markGone(ctx: PanelContext): void {
  if (ctx.model().gone) {
    return;
  }
  ctx.update({ gone: goneMessage() });
  const refresh = vscode.l10n.t('Refresh Tree');
  void prompter()
    .warn(goneMessage(), refresh)
    .then((choice) => (choice === refresh ? vscode.commands.executeCommand(Commands.refresh) : undefined));
}
