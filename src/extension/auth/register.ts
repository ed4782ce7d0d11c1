import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import type { Services } from '../services';
import { registerAccountProvider } from './accounts';
import type { AccountProvider } from './accounts';
import { addAccount, showAccount, signIn, signOut } from './commands';
import { chooseFolderAccount, offerSignIn } from './guard';
import { tokenRejectedMessage } from './messages';
import type { AccountSessions } from './accountSessions';
import { prompter } from '../ui/prompter';

/**
 * Sign In, Sign Out, Show Account, Add Account, the accounts in VS Code's Accounts menu, and the notice when the
 * service rejects the stored token.
 */
export function registerAuth(context: vscode.ExtensionContext, services: Services): AccountProvider {
  const { session } = services;
  registerCommand(context, Commands.signIn, () => signIn(session));
  registerCommand(context, Commands.signOut, () => signOut(session, services.accounts));
  registerCommand(context, Commands.showAccount, () => showAccount(session, services.accounts));
  registerCommand(context, Commands.addAccount, () => addAccount(services.accounts));
  registerCommand(context, Commands.chooseFolderAccount, () => chooseFolderAccount(services.accounts));
  context.subscriptions.push(
    session.onDidChange((state) => {
      if (state.kind === 'rejected') {
        void offerSignIn(tokenRejectedMessage());
      }
    }),
    watchOtherAccounts(services.accounts),
  );
  return registerAccountProvider(context, services.accounts);
}

/**
 * A refused token of an account beside the primary one: said once per refusal, naming the account,
 * with Add Account to enter its current token. The other accounts carry on as they were.
 */
function watchOtherAccounts(accounts: AccountSessions): vscode.Disposable {
  const told = new Set<string>();
  return accounts.onDidChange(() => {
    for (const session of accounts.current()) {
      const key = session.key;
      if (session === accounts.primary || key === undefined) continue;
      if (session.state.kind !== 'rejected') {
        told.delete(key);
      } else if (!told.has(key)) {
        told.add(key);
        void tellRejected(accounts, session.state.baseUrl);
      }
    }
  });
}

async function tellRejected(accounts: AccountSessions, baseUrl: string): Promise<void> {
  const add = vscode.l10n.t('Add Account');
  const choice = await prompter().warn(
    vscode.l10n.t(
      'Task Platform at {0} rejected the stored token of one of your accounts. It may have been regenerated or revoked. Add the account again with a current token.',
      baseUrl,
    ),
    add,
  );
  if (choice === add) {
    await addAccount(accounts);
  }
}
