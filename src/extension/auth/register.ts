import type * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import type { Services } from '../services';
import { registerAccountProvider } from './accounts';
import type { AccountProvider } from './accounts';
import { addAccount, showAccount, signIn, signOut } from './commands';
import { offerSignIn } from './guard';
import { tokenRejectedMessage } from './messages';

/**
 * Sign In, Sign Out, Show Account, Add Account, the accounts in VS Code's Accounts menu, and the notice when the
 * service rejects the stored token.
 */
export function registerAuth(context: vscode.ExtensionContext, services: Services): AccountProvider {
  const { session } = services;
  registerCommand(context, Commands.signIn, () => signIn(session));
  registerCommand(context, Commands.signOut, () => signOut(session));
  registerCommand(context, Commands.showAccount, () => showAccount(session));
  registerCommand(context, Commands.addAccount, () => addAccount(services.accounts));
  context.subscriptions.push(
    session.onDidChange((state) => {
      if (state.kind === 'rejected') {
        void offerSignIn(tokenRejectedMessage());
      }
    }),
  );
  return registerAccountProvider(context, services.accounts);
}
