import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import type { NetworkError } from '../../core/api/errors';
import { ApiError, RateLimitedError, ValidationError } from '../../core/api/errors';
import { MAX_RETRY_AFTER_MS } from '../../core/api/limits';
import { inert } from '../../core/text/inert';
import { AbortError } from '../../core/util/abort';
import { log, logChannel } from '../log';
import { prompter } from './prompter';
import { errorText } from '../../core/util/errorText';

/**
 * One sentence for a failed API call: what failed (`action`, e.g. "Could not set the status"), why,
 * and what to do, in the user's terms (docs/api/README.md#errors). Field errors of a 422
 * are listed; the token never appears (the client redacts server text). The action (it may name a
 * task), server messages and the host are outside text: the sentence is inert, whatever shows it.
 */
export function describeFailure(action: string, error: unknown): string {
  return inert(describe(action, error));
}

function describe(action: string, error: unknown): string {
  if (!ApiError.is(error)) {
    return `${action}: ${errorText(error)}`;
  }
  switch (error.kind) {
    case 'unauthorized':
      return vscode.l10n.t('{0}: Task Platform rejected the token. Sign in again.', action);
    case 'forbidden':
      return vscode.l10n.t('{0}: you do not have permission for this. Ask a workspace admin for access.', action);
    case 'notFound':
      return vscode.l10n.t(
        '{0}: it no longer exists or you cannot see it (deleted, moved, or your access changed). Refresh to see the current state.',
        action,
      );
    case 'queued':
      return vscode.l10n.t(
        '{0}: Task Platform cannot be reached now; the change is kept and will be sent when the connection returns.',
        action,
      );
    case 'network':
      return describeNetwork(action, error as NetworkError);
    case 'rateLimited':
      return RateLimitedError.is(error) && (error.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS
        ? vscode.l10n.t(
            '{0}: the service asked to wait far longer than its limit of 60 requests a minute explains, so the extension did not wait. Try again later; the log has the details.',
            action,
          )
        : vscode.l10n.t('{0}: the request budget (60 a minute) is used up. Try again in a minute.', action);
    case 'validation': {
      const fields = ValidationError.is(error) ? Object.entries(error.fields) : [];
      const detail =
        fields.length > 0
          ? fields.map(([k, v]) => `${k}: ${v.join(' ')}`).join('; ')
          : (error.serverMessage ?? error.message);
      return vscode.l10n.t('{0}: {1}', action, detail);
    }
    case 'server':
      return vscode.l10n.t(
        '{0}: the service failed ({1}). Try again later; the log has the details.',
        action,
        String(error.status ?? ''),
      );
    default:
      return vscode.l10n.t('{0}: {1}', action, error.serverMessage ?? error.message);
  }
}

function describeNetwork(action: string, error: NetworkError): string {
  if (error.certificate) {
    return vscode.l10n.t(
      '{0}: {1} presented a certificate VS Code does not trust ({2}). If your company uses its own certificate authority, start VS Code with NODE_EXTRA_CA_CERTS set to its certificate file.',
      action,
      error.host,
      error.code,
    );
  }
  return error.timeout
    ? vscode.l10n.t(
        '{0}: {1} did not answer in time. Check your connection, proxy and the taskPlatform.baseUrl setting.',
        action,
        error.host,
      )
    : vscode.l10n.t(
        '{0}: could not reach {1}{2}. Check your connection, proxy and the taskPlatform.baseUrl setting.',
        action,
        error.host,
        error.code ? ` (${error.code})` : '',
      );
}

interface FixAction {
  readonly label: string;
  run(): Thenable<unknown>;
}

/** The one action that fixes each kind of failure, offered as the message's button. */
function fixesFor(error: unknown): FixAction[] {
  if (!ApiError.is(error)) {
    return [];
  }
  const showLog: FixAction = { label: vscode.l10n.t('Show Log'), run: async () => logChannel().show() };
  switch (error.kind) {
    case 'network':
      return [
        {
          label: vscode.l10n.t('Open Settings'),
          run: () => vscode.commands.executeCommand('workbench.action.openSettings', 'taskPlatform.baseUrl'),
        },
        showLog,
      ];
    case 'forbidden':
    case 'notFound':
      return [{ label: vscode.l10n.t('Refresh'), run: () => vscode.commands.executeCommand(Commands.refresh) }];
    case 'server':
    case 'badResponse':
    case 'unexpectedStatus':
    case 'rateLimited':
      return [showLog];
    default:
      return [];
  }
}

/**
 * Reports a failed call to the user. A 401 says nothing here: the client that got it has already
 * turned its own account's session to "rejected" (auth/session.ts), which offers Sign In.
 * A cancelled call is not a failure and says nothing. The caller's `actions` come first; then the
 * button that fixes this kind of failure (Open Settings, Refresh, Show Log), which runs here.
 * Returns the caller's action the user chose, or undefined.
 */
export function reportFailure(
  action: string,
  error: unknown,
  ...actions: string[]
): Thenable<string | undefined> | undefined {
  if (AbortError.is(error)) {
    return undefined;
  }
  const message = describeFailure(action, error);
  log.warn(message);
  if (ApiError.is(error) && error.kind === 'queued') {
    // Not a failure to fix: the outbox shows the pending count and says it once per offline spell.
    prompter().status(message, 5000, 'cloud-upload');
    return undefined;
  }
  if (ApiError.is(error) && error.kind === 'unauthorized') {
    return undefined;
  }
  const fixes = fixesFor(error).filter((f) => !actions.includes(f.label));
  return prompter()
    .error(message, ...actions, ...fixes.map((f) => f.label))
    .then((choice) => {
      const fix = fixes.find((f) => f.label === choice);
      if (fix) {
        void fix.run();
        return undefined;
      }
      return choice;
    });
}

/** What `read` gives, or undefined after reporting its failure under `action` (see reportFailure). */
export async function readOrReport<T>(action: string, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    void reportFailure(action, error);
    return undefined;
  }
}
