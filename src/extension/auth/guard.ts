import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { prompter } from '../ui/prompter';
import type { Session, SignedIn } from './session';

/**
 * The one "not signed in" behaviour of every command: the session when signed in; otherwise a
 * warning that offers Sign In, and nothing else (no request, no input box the user did not ask for).
 */
export async function signedIn(session: Session): Promise<SignedIn | undefined> {
  const state = await session.ensure();
  if (state.kind === 'signedIn') {
    return state;
  }
  void offerSignIn(vscode.l10n.t('Sign in to Task Platform first.'));
  return undefined;
}

/** A warning with a Sign In button, which runs Sign In when chosen. */
export async function offerSignIn(message: string): Promise<void> {
  const signInLabel = vscode.l10n.t('Sign In');
  if ((await prompter().warn(message, signInLabel)) === signInLabel) {
    await vscode.commands.executeCommand(Commands.signIn);
  }
}
