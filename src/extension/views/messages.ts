import * as vscode from 'vscode';
import { log } from '../log';
import { ApiError } from '../../core/api/errors';
import { describeFailure, reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';

/**
 * The errors the API defines for running a view, each in its own words (docs/api/openapi.yaml#listViewTasks): 403
 * a member who may not see it, 404 an unknown view or a workspace the user is not in (the server
 * gives one answer for both, and so do we), 422 a page or page size the server refused.
 */
export function describeViewFailure(viewName: string, error: unknown): string {
  if (ApiError.is(error)) {
    switch (error.status) {
      case 403:
        return vscode.l10n.t(
          'You may not see the view "{0}": it is private or in a space you cannot access. Ask its owner or a workspace admin to share it.',
          viewName,
        );
      case 404:
        return vscode.l10n.t(
          'The view "{0}" was not found: the id is unknown, or it belongs to a workspace you are not a member of. Check the link, or the account you are signed in with.',
          viewName,
        );
      case 422:
        return vscode.l10n.t(
          'The service refused the page asked for in "{0}": {1}',
          viewName,
          error.serverMessage ?? error.message,
        );
    }
  }
  return describeFailure(vscode.l10n.t('Could not run the view "{0}"', viewName), error);
}

/**
 * Shows a view failure: the view's own words for 403/404/422, otherwise the common report (a 401
 * turns the session to "rejected" and offers Sign In; network and server failures get their button).
 */
export function reportViewFailure(viewName: string, error: unknown): void {
  if (ApiError.is(error) && (error.status === 403 || error.status === 404 || error.status === 422)) {
    const message = describeViewFailure(viewName, error);
    log.warn(message);
    void prompter().error(message);
    return;
  }
  void reportFailure(vscode.l10n.t('Could not run the view "{0}"', viewName), error);
}

export const staleCountsNote = (): string =>
  vscode.l10n.t('Counts may be up to 60 seconds old: the service caches them per user.');

/** What a view's pick or tree says once it read its budget's pages (src/core/budgets.ts) and more are left. */
export const viewLeftOut = (shown: number, of: number | undefined): string =>
  vscode.l10n.t(
    'Showing the first {0} tasks of {1}. Open the view as a table, or narrow it on the service, for the rest.',
    shown,
    of ?? vscode.l10n.t('more'),
  );
