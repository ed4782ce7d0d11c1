import * as vscode from 'vscode';
import { ApiError } from '../../core/api/errors';
import { messageNode } from '../../core/tree/nodes';
import type { TreeNode } from '../../core/tree/nodes';
import type { SessionState } from '../auth/session';
import { log } from '../log';
import { describeFailure } from '../ui/failure';

/**
 * What a tree shows at `root` (its top, or an account's root) for an account that is not signed in:
 * why, with Retry; a rejected account under its own root (`scoped`) offers Add Account, which takes
 * a new token. Signed out with one account: nothing (the view's welcome content says what to do).
 */
export function signedOutRows(state: SessionState, root: string, scoped: boolean): TreeNode[] {
  if (state.kind === 'error') {
    if (state.unreachable) {
      const tooltip = `${state.message}\n${vscode.l10n.t('Trying again by itself; changes kept from before are sent once it answers.')}`;
      return [{ ...messageNode(root, 'error', vscode.l10n.t('Cannot reach Task Platform. Retry'), tooltip) }];
    }
    return [{ ...messageNode(root, 'error', vscode.l10n.t('Could not load your account. Retry'), state.message) }];
  }
  if (state.kind === 'rejected' && scoped) {
    const text = vscode.l10n.t('Task Platform rejected this token. Add Account again with a new token');
    return [{ ...messageNode(root, 'error', text), retry: false, fix: 'addAccount' }];
  }
  return [];
}

/** A failed load as a row under `parentKey`: a short reason and Retry; the full reason in its tooltip and the log. */
export function failureRow(viewId: string, parentKey: string, error: unknown): TreeNode {
  const reason = describeFailure(vscode.l10n.t('Could not load'), error);
  log.warn(`${viewId}: ${reason}`);
  const short = ApiError.is(error) ? shortReason(error) : vscode.l10n.t('failed');
  return messageNode(parentKey, 'error', vscode.l10n.t('Could not load ({0}). Retry', short), reason);
}

function shortReason(error: ApiError): string {
  switch (error.kind) {
    case 'network':
      return vscode.l10n.t('offline');
    case 'unauthorized':
      return vscode.l10n.t('token rejected');
    case 'forbidden':
    case 'notFound':
      return vscode.l10n.t('not visible to you');
    case 'rateLimited':
      return vscode.l10n.t('request budget used up');
    default:
      return vscode.l10n.t('server error');
  }
}
