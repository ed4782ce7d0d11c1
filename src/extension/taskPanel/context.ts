import type * as vscode from 'vscode';
import type { ApiClient } from '../../core/api/client';
import { ValidationError, WriteQueuedError } from '../../core/api/errors';
import { AbortError } from '../../core/util/abort';
import type { PanelModel } from '../../webview/taskPanel/protocol';
import type { Services } from '../services';
import { describeFailure, reportFailure } from '../ui/failure';
import type { Lookups } from './lookups';

/** What a panel's message handlers and loaders work with: one task, one client, one model. */
export interface PanelContext {
  readonly client: ApiClient;
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

export type Outcome = { ok: true } | { ok: false; error: string; fieldErrors?: Record<string, string> };

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
export async function attempt(ctx: PanelContext, action: string, write: () => Promise<void>, fieldKey: (apiField: string) => string = (f) => f): Promise<Outcome> {
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
      void reportFailure(ctx.services.session, action, error);
      return done;
    }
    void reportFailure(ctx.services.session, action, error);
    const fieldErrors: Record<string, string> = {};
    if (ValidationError.is(error)) {
      for (const [field, messages] of Object.entries(error.fields)) {
        fieldErrors[fieldKey(field)] = messages.join(' ');
      }
    }
    return { ok: false, error: describeFailure(action, error), fieldErrors };
  }
}
