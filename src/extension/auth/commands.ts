import * as vscode from 'vscode';
import { parseBaseUrl } from '../../core/api/baseUrl';
import { readBaseUrl, SECTION, writeBaseUrl } from '../config';
import { log } from '../log';
import { abortSignalFor } from '../ui/cancellation';
import { prompter } from '../ui/prompter';
import { offerSignIn } from './guard';
import { describeSignInFailure } from './messages';
import type { Session } from './session';

/** Sign In: base URL (asked for when unset), then the token, checked with GET /user before it is stored. */
export async function signIn(session: Session): Promise<boolean> {
  const baseUrl = await resolveBaseUrl();
  if (!baseUrl) {
    return false;
  }
  const token = await prompter().inputBox({
    title: vscode.l10n.t('Sign in to Task Platform'),
    prompt: vscode.l10n.t('Paste your personal access token (profile settings, API token section).'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Enter a token; it cannot be empty.') : undefined),
  });
  // The input box validates too, but a scripted or cancelled answer must never reach the network.
  if (token === undefined || token.trim() === '') {
    if (token !== undefined) {
      void prompter().error(vscode.l10n.t('Enter a token; it cannot be empty.'));
    }
    return false;
  }
  try {
    const state = await prompter().progress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Checking the token with {0}…', baseUrl),
        cancellable: true,
      },
      (_progress, cancel) => session.verify(baseUrl, token.trim(), abortSignalFor(cancel)),
    );
    await session.adopt(state, token.trim());
    log.info(`Signed in as ${state.user.name} at ${baseUrl}`);
    void prompter().info(vscode.l10n.t('Signed in to Task Platform as {0}.', state.user.name));
    return true;
  } catch (error) {
    const message = describeSignInFailure(baseUrl, error);
    log.warn(`Sign-in failed: ${message}`);
    const again = vscode.l10n.t('Try Again');
    if ((await prompter().error(message, again)) === again) {
      return signIn(session);
    }
    return false;
  }
}

async function resolveBaseUrl(): Promise<string | undefined> {
  const setting = readBaseUrl();
  if (setting.kind === 'valid') {
    return setting.url;
  }
  if (setting.kind === 'invalid') {
    const open = vscode.l10n.t('Open Settings');
    const choice = await prompter().error(
      vscode.l10n.t('The taskPlatform.baseUrl setting is not valid: {0}', setting.message),
      open,
    );
    if (choice === open) {
      void vscode.commands.executeCommand('workbench.action.openSettings', `${SECTION}.baseUrl`);
    }
    return undefined;
  }
  const value = await prompter().inputBox({
    title: vscode.l10n.t('Task Platform service address'),
    prompt: vscode.l10n.t('The API base address, including its /api prefix.'),
    placeHolder: 'https://tasks.example.com/api',
    ignoreFocusOut: true,
    validateInput: (input) => {
      const parsed = parseBaseUrl(input);
      return parsed.ok ? undefined : parsed.message;
    },
  });
  const parsed = value === undefined ? undefined : parseBaseUrl(value);
  if (!parsed?.ok) {
    if (parsed) {
      void prompter().error(parsed.message);
    }
    return undefined;
  }
  await writeBaseUrl(parsed.url);
  return parsed.url;
}

export async function signOut(session: Session): Promise<void> {
  await session.signOut();
  log.info('Signed out');
  void prompter().info(vscode.l10n.t('Signed out of Task Platform.'));
}

export async function showAccount(session: Session): Promise<void> {
  const state = await session.ensure();
  if (state.kind !== 'signedIn') {
    await offerSignIn(vscode.l10n.t('You are not signed in to Task Platform.'));
    return;
  }
  const workspaces = state.user.workspaces.map((w) => w.name).join(', ') || vscode.l10n.t('none');
  const switchAccount = vscode.l10n.t('Switch Account');
  const signOutLabel = vscode.l10n.t('Sign Out');
  const choice = await prompter().info(
    vscode.l10n.t(
      'Signed in as {0} <{1}> at {2}. Workspaces: {3}.',
      state.user.name,
      state.user.email,
      state.baseUrl,
      workspaces,
    ),
    switchAccount,
    signOutLabel,
  );
  if (choice === switchAccount) {
    await signIn(session);
  } else if (choice === signOutLabel) {
    await signOut(session);
  }
}
