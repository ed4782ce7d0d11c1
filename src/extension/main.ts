import * as vscode from 'vscode';
import { AccountStatusBar } from './account/statusBar';
import { registerCommands } from './commands/register';
import { showAccount, signIn, signOut } from './auth/commands';
import { tokenRejectedMessage } from './auth/messages';
import { Session } from './auth/session';
import { TokenStore } from './auth/tokenStore';
import { onDidChangeSetting } from './config';
import { log, logChannel } from './log';
import { TaskChanges } from './tasks/changes';
import { registerTaskSource } from './tasks/current';
import { ExplorerTree } from './tree/explorer';
import type { Services } from './services';
import { prompter, setPrompter } from './ui/prompter';
import type { Prompter } from './ui/prompter';

/** What the integration tests reach through `extension.exports`; only in ExtensionMode.Test. */
export interface TestApi {
  readonly session: Session;
  readonly explorer: ExplorerTree;
  /** The task change bus, so a test can see what a command announced. */
  readonly changes: TaskChanges;
  readonly activationMs: number;
  setPrompter(next: Prompter): () => void;
  /** Lets a test stand in for the tree selection or the focused panel (tasks/current.ts). */
  registerTaskSource: typeof registerTaskSource;
}

/**
 * Registers providers and commands and returns: no network and no waiting here. The session is
 * restored the first time something needs it (the view becomes visible, a command runs).
 */
export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  const started = performance.now();
  context.subscriptions.push(logChannel());

  const session = new Session(new TokenStore(context.secrets));
  const changes = new TaskChanges();
  const services: Services = { session, changes, extensionUri: context.extensionUri };
  const explorer = new ExplorerTree(session);
  context.subscriptions.push(
    session,
    changes,
    explorer,
    new AccountStatusBar(session),
    vscode.commands.registerCommand('taskPlatform.signIn', () => signIn(session)),
    vscode.commands.registerCommand('taskPlatform.signOut', () => signOut(session)),
    vscode.commands.registerCommand('taskPlatform.showAccount', () => showAccount(session)),
    vscode.commands.registerCommand('taskPlatform.refresh', () => {
      session.invalidate();
      explorer.refresh();
    }),
    vscode.commands.registerCommand('taskPlatform.showLog', () => logChannel().show()),
    onDidChangeSetting('baseUrl', () => session.invalidate()),
    session.onDidChange((state) => {
      if (state.kind === 'rejected') {
        void notifyRejected();
      }
    }),
  );

  // Features register here, one line each: register<Feature>(context, services).
  registerCommands(context, services);

  const activationMs = performance.now() - started;
  log.info(`Activated in ${activationMs.toFixed(1)} ms`);
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    return { session, explorer, changes, activationMs, setPrompter, registerTaskSource };
  }
  return undefined;
}

async function notifyRejected(): Promise<void> {
  const signInLabel = vscode.l10n.t('Sign In');
  if ((await prompter().warn(tokenRejectedMessage(), signInLabel)) === signInLabel) {
    await vscode.commands.executeCommand('taskPlatform.signIn');
  }
}

export function deactivate(): void {
  // Everything activate() created is in context.subscriptions, which VS Code disposes.
}
