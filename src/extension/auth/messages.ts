import * as vscode from 'vscode';
import { BadResponseError, NetworkError, UnauthorizedError } from '../../core/api/errors';
import { describeFailure } from '../ui/failure';
import { errorText } from '../../core/util/errorText';

/** What a failed token check means for the user, and what to do about it. Never includes the token. */
export function describeSignInFailure(baseUrl: string, error: unknown): string {
  if (UnauthorizedError.is(error)) {
    return vscode.l10n.t(
      'The service at {0} refused this token. Copy it again from your profile settings (API token section); regenerating a token makes the previous one stop working.',
      baseUrl,
    );
  }
  if (NetworkError.is(error)) {
    // The core's message is English and names an operation; the shared wording is translated.
    return describeFailure(vscode.l10n.t('Signing in failed'), error);
  }
  if (BadResponseError.is(error)) {
    return vscode.l10n.t(
      '{0} did not answer like the Task Platform API. Check the taskPlatform.baseUrl setting: it is the service address including its /api prefix.',
      baseUrl,
    );
  }
  return vscode.l10n.t('Signing in failed: {0}', errorText(error));
}

export const tokenRejectedMessage = (): string =>
  vscode.l10n.t(
    'Task Platform rejected the stored token. It may have been regenerated or revoked. Sign in again with a current token.',
  );
