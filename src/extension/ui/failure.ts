import * as vscode from 'vscode';
import { ApiError, ValidationError } from '../../core/api/errors';
import { AbortError } from '../../core/util/abort';
import type { Session } from '../auth/session';
import { log } from '../log';
import { prompter } from './prompter';

/**
 * One sentence for a failed API call: what failed (`action`, e.g. "Could not set the status") and
 * why, in the user's terms. Field errors of a 422 are listed; the token never appears (the client
 * redacts server text).
 */
export function describeFailure(action: string, error: unknown): string {
  if (!ApiError.is(error)) {
    return `${action}: ${error instanceof Error ? error.message : String(error)}`;
  }
  switch (error.kind) {
    case 'unauthorized':
      return vscode.l10n.t('{0}: Task Platform rejected the token. Sign in again.', action);
    case 'forbidden':
      return vscode.l10n.t('{0}: you do not have permission for this.', action);
    case 'notFound':
      return vscode.l10n.t('{0}: it no longer exists or you cannot see it.', action);
    case 'queued':
      return vscode.l10n.t('{0}: Task Platform cannot be reached now; the change is kept and will be sent when the connection returns.', action);
    case 'network':
      return vscode.l10n.t('{0}: {1}', action, error.message);
    case 'rateLimited':
      return vscode.l10n.t('{0}: the request budget (60 a minute) is used up. Try again in a minute.', action);
    case 'validation': {
      const fields = ValidationError.is(error) ? Object.entries(error.fields) : [];
      const detail = fields.length > 0 ? fields.map(([k, v]) => `${k}: ${v.join(' ')}`).join('; ') : (error.serverMessage ?? error.message);
      return vscode.l10n.t('{0}: {1}', action, detail);
    }
    default:
      return vscode.l10n.t('{0}: {1}', action, error.serverMessage ?? error.message);
  }
}

/**
 * Reports a failed call to the user (a 401 also turns the session to "rejected", which offers Sign In).
 * A cancelled call is not a failure and says nothing. Returns the message shown, or undefined.
 */
export function reportFailure(session: Session, action: string, error: unknown, ...actions: string[]): Thenable<string | undefined> | undefined {
  if (AbortError.is(error)) {
    return undefined;
  }
  const message = describeFailure(action, error);
  log.warn(message);
  if (ApiError.is(error) && error.kind === 'queued') {
    // Not a failure to fix: the outbox shows the pending count and says it once per offline spell.
    vscode.window.setStatusBarMessage(`$(cloud-upload) ${message}`, 5000);
    return undefined;
  }
  if (ApiError.is(error) && error.kind === 'unauthorized') {
    session.markRejected();
    return undefined;
  }
  return prompter().error(message, ...actions);
}
