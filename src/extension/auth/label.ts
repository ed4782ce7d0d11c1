import * as vscode from 'vscode';
import { inert } from '../../core/text/inert';
import type { SignedIn } from './session';

/** A user name from the service is data: one line, bounded, never markup. */
const MAX_NAME = 100;

/**
 * How an account is named to the user: the service's user name, and with several accounts the
 * service's host too, so two "Alice" entries can be told apart (the Accounts menu, search results).
 */
export function accountLabel(state: SignedIn, several: boolean): string {
  const name = inert(state.user.name, MAX_NAME).trim() || vscode.l10n.t('Task Platform account');
  return several ? vscode.l10n.t('{0} ({1})', name, new URL(state.baseUrl).host) : name;
}
