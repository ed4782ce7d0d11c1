import * as vscode from 'vscode';
import { parseBaseUrl } from '../../core/api/baseUrl';
import { readBaseUrl, SECTION, writeBaseUrl } from '../config';
import { log } from '../log';
import { abortSignalFor } from '../ui/cancellation';
import { prompter } from '../ui/prompter';
import { offerSignIn } from './guard';
import { describeSignInFailure } from './messages';
import type { AccountSessions } from './accountSessions';
import { accountLabel } from './label';
import type { Session, SessionState, SignedIn } from './session';

/** Sign In: base URL (asked for when unset), then the token, checked with GET /user before it is stored. */
export async function signIn(session: Session): Promise<boolean> {
  const baseUrl = await resolveBaseUrl();
  if (!baseUrl) {
    return false;
  }
  const token = await askToken(vscode.l10n.t('Sign in to Task Platform'));
  if (token === undefined) {
    return false;
  }
  try {
    const state = await checkToken(session, baseUrl, token);
    await session.adopt(state, token);
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

/**
 * Add Account: another account beside the signed-in ones (another service, or another user of the
 * same one). Asks the address (the configured one offered) and the token, checks it with GET /user,
 * then keeps it under its own account. An account already signed in is said so, and listed once.
 */
export async function addAccount(accounts: AccountSessions): Promise<Session | undefined> {
  const configured = readBaseUrl();
  const baseUrl = await askAddress(
    vscode.l10n.t('Add a Task Platform account (1/2): service address'),
    configured.kind === 'valid' ? configured.url : undefined,
  );
  if (baseUrl === undefined) {
    return undefined;
  }
  const token = await askToken(vscode.l10n.t('Add a Task Platform account (2/2): token'));
  if (token === undefined) {
    return undefined;
  }
  try {
    const state = await checkToken(accounts.primary, baseUrl, token);
    const existing = (await accounts.all()).find(
      (s) => s.state.kind === 'signedIn' && s.state.baseUrl === state.baseUrl && s.state.user.id === state.user.id,
    );
    if (existing) {
      void prompter().info(vscode.l10n.t('{0} at {1} is already signed in.', state.user.name, state.baseUrl));
      return undefined;
    }
    const session = await accounts.add(state, token);
    log.info(`Added the account of ${state.user.name} at ${state.baseUrl}`);
    void prompter().info(
      vscode.l10n.t('Added the Task Platform account of {0} at {1}.', state.user.name, state.baseUrl),
    );
    return session;
  } catch (error) {
    const message = describeSignInFailure(baseUrl, error);
    log.warn(`Adding an account failed: ${message}`);
    void prompter().error(message);
    return undefined;
  }
}

/** The token input: hidden, not empty; a scripted or cancelled answer never reaches the network. */
async function askToken(title: string): Promise<string | undefined> {
  const token = await prompter().inputBox({
    title,
    prompt: vscode.l10n.t('Paste your personal access token (profile settings, API token section).'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Enter a token; it cannot be empty.') : undefined),
  });
  if (token !== undefined && token.trim() === '') {
    void prompter().error(vscode.l10n.t('Enter a token; it cannot be empty.'));
    return undefined;
  }
  return token?.trim();
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
  const url = await askAddress(vscode.l10n.t('Task Platform service address'));
  if (url !== undefined) {
    await writeBaseUrl(url);
  }
  return url;
}

/** The service address, checked as typed; a bad one gets its message and sends nothing. */
async function askAddress(title: string, value?: string): Promise<string | undefined> {
  const answer = await prompter().inputBox({
    title,
    prompt: vscode.l10n.t('The API base address, including its /api prefix.'),
    placeHolder: 'https://tasks.example.com/api',
    value,
    ignoreFocusOut: true,
    validateInput: (input) => {
      const parsed = parseBaseUrl(input);
      return parsed.ok ? undefined : parsed.message;
    },
  });
  const parsed = answer === undefined ? undefined : parseBaseUrl(answer);
  if (!parsed?.ok) {
    if (parsed) {
      void prompter().error(parsed.message);
    }
    return undefined;
  }
  return parsed.url;
}

/** GET /user with the token, under a cancellable notification; stores nothing. */
function checkToken(session: Session, baseUrl: string, token: string): Thenable<SignedIn> {
  return prompter().progress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Checking the token with {0}…', baseUrl),
      cancellable: true,
    },
    (_progress, cancel) => session.verify(baseUrl, token, abortSignalFor(cancel)),
  );
}

/**
 * Signs `session` out. While other accounts stay signed in, the notice names the one that left
 * (which of several is the news); with one account the words are those of before.
 */
export async function signOut(session: Session, accounts: AccountSessions): Promise<void> {
  const others = accounts.current().some((s) => s !== session && s.state.kind !== 'signedOut');
  const name = others ? signedOutName(session.state) : undefined;
  await session.signOut();
  log.info('Signed out');
  void prompter().info(
    name
      ? vscode.l10n.t('Signed out of Task Platform as {0}. The other accounts stay signed in.', name)
      : vscode.l10n.t('Signed out of Task Platform.'),
  );
}

/** The account a session held, as the Accounts menu names it with several (its host too). */
function signedOutName(state: SessionState): string | undefined {
  if (state.kind === 'signedIn') return accountLabel(state, true);
  // Refused or unreachable: the user's name is not known, the account's id is (a checked key).
  const account = 'account' in state ? state.account : undefined;
  return account && vscode.l10n.t('{0} ({1})', account.userId, new URL(account.baseUrl).host);
}

export async function showAccount(session: Session, accounts: AccountSessions): Promise<void> {
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
    await signOut(session, accounts);
  }
}
