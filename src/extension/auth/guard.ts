import * as vscode from 'vscode';
import { parseAccountKey } from '../../core/accounts/account';
import { Commands } from '../common/commandIds';
import { prompter } from '../ui/prompter';
import type { AccountSessions } from './accountSessions';
import type { AccountKey } from '../../core/accounts/account';
import { currentTasks } from '../tasks/current';
import { accountLabel } from './label';
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

/**
 * The session a command acts with, by one rule: the account its target carries (a task reference,
 * a tree node, each item of a multi-selection); else the primary account. Targets of different
 * accounts are refused together, and a target of an account that is not signed in is said so:
 * nothing is ever sent with another account's token.
 */
export async function signedInFor(
  accounts: AccountSessions,
  arg: unknown,
  all?: unknown,
): Promise<SignedIn | undefined> {
  const carried = carriedAccounts(arg, all, accounts.primary.key);
  if (carried === 'malformed') {
    void prompter().error(vscode.l10n.t('This task reference names an account in a form Task Platform does not know.'));
    return undefined;
  }
  if (carried.size > 1) {
    void prompter().error(
      vscode.l10n.t('These items belong to different Task Platform accounts. Act on one account at a time.'),
    );
    return undefined;
  }
  const chosen = carried.size > 0 ? { key: [...carried][0] } : await accountWithoutTarget(accounts);
  if (chosen === CANCELLED) {
    return undefined;
  }
  const key = chosen.key;
  if (key === undefined || key === PRIMARY) {
    return signedIn(accounts.primary);
  }
  // That account alone is restored: the others are not needed for it.
  const state = await (await accounts.sessionOf(key as AccountKey))?.ensure();
  if (state?.kind === 'signedIn') {
    return state;
  }
  const account = parseAccountKey(key);
  void offerSignIn(
    vscode.l10n.t('The Task Platform account this belongs to ({0}) is not signed in.', account?.baseUrl ?? key),
  );
  return undefined;
}

/**
 * Whether any account is signed in, for a command that needs none in particular yet (it only says
 * what to do first): the primary restored, as `signedIn` does; the others as they stand, none
 * restored (an added account is listed with its token, so one not restored yet counts). None
 * signed in is the same warning as `signedIn`. With one account this is `signedIn` exactly.
 */
export async function anySignedIn(accounts: AccountSessions): Promise<boolean> {
  if ((await accounts.primary.ensure()).kind === 'signedIn') {
    return true;
  }
  const others = accounts.current().filter((s) => s !== accounts.primary);
  if (others.some((s) => s.state.kind === 'signedIn' || s.state.kind === 'unknown')) {
    return true;
  }
  void offerSignIn(vscode.l10n.t('Sign in to Task Platform first.'));
  return false;
}

/**
 * Every signed-in account, the primary first, for what looks in all of them (Search Tasks, Go to
 * Task). None signed in is the same warning as `signedIn`; an account whose token was refused or
 * whose service cannot be reached is left out here and named by its own warning elsewhere.
 */
export async function signedInAll(accounts: AccountSessions): Promise<SignedIn[]> {
  const states = (await accounts.all()).map((s) => s.state).filter((s): s is SignedIn => s.kind === 'signedIn');
  if (states.length === 0) {
    void offerSignIn(vscode.l10n.t('Sign in to Task Platform first.'));
  }
  return states;
}

/**
 * The account of a command run with no target (from the palette, a keybinding): the current task's
 * (the focused panel, the tree selection); else the only one signed in; else the one chosen for
 * this folder; else the user is asked, and the answer is kept as the folder's choice. No key
 * stands for the primary account.
 */
async function accountWithoutTarget(accounts: AccountSessions): Promise<{ key?: string } | typeof CANCELLED> {
  const [current] = currentTasks();
  if (current) {
    return { key: current.account };
  }
  if (accounts.current().length === 1) {
    return {}; // one account: no restoring, no question, as always
  }
  const signedInNow = (await accounts.all()).filter((s) => s.state.kind === 'signedIn' && s.key !== undefined);
  if (signedInNow.length <= 1) {
    return { key: signedInNow[0]?.key };
  }
  const key = accounts.folderChoice ?? (await askAccount(accounts, signedInNow));
  return key ? { key } : CANCELLED;
}

const CANCELLED = 'cancelled';

/**
 * Choose Account for This Folder: the account commands with no target use here, asked among the
 * signed-in accounts. With one account there is nothing to choose, and it says so.
 */
export async function chooseFolderAccount(accounts: AccountSessions): Promise<AccountKey | undefined> {
  const sessions = (await accounts.all()).filter((s) => s.state.kind === 'signedIn' && s.key !== undefined);
  if (sessions.length <= 1) {
    void prompter().info(vscode.l10n.t('Only one Task Platform account is signed in: commands use it everywhere.'));
    return undefined;
  }
  return askAccount(accounts, sessions);
}

/** Asks which account to use in this folder, and keeps the answer (undefined when cancelled). */
async function askAccount(accounts: AccountSessions, sessions: readonly Session[]): Promise<AccountKey | undefined> {
  const items = sessions.flatMap((session) =>
    session.state.kind === 'signedIn' && session.key
      ? [{ label: accountLabel(session.state, true), key: session.key }]
      : [],
  );
  const picked = await prompter().quickPick(items, {
    title: vscode.l10n.t('Which Task Platform account?'),
    placeHolder: vscode.l10n.t(
      'Used in this folder from now on (Task Platform: Choose Account for This Folder changes it)',
    ),
  });
  if (picked) {
    await accounts.chooseForFolder(picked.key);
  }
  return picked?.key;
}

/** What a target that names no account stands for: the primary account's. */
const PRIMARY = '';

/**
 * The account keys the targets carry (one that names none counts as the primary account's);
 * 'malformed' when one carries something that is not a key.
 */
function carriedAccounts(arg: unknown, all: unknown, primaryKey: string | undefined): Set<string> | 'malformed' {
  const items = (Array.isArray(all) && all.length > 0 ? [arg, ...all] : [arg]).filter(
    (item): item is object => typeof item === 'object' && item !== null,
  );
  const keys = new Set<string>();
  for (const item of items) {
    const account = 'account' in item ? item.account : undefined;
    if (account !== undefined && !parseAccountKey(account)) return 'malformed';
    keys.add(account === undefined ? (primaryKey ?? PRIMARY) : (account as string));
  }
  return keys;
}

/** A warning with a Sign In button, which runs Sign In when chosen. */
export async function offerSignIn(message: string): Promise<void> {
  const signInLabel = vscode.l10n.t('Sign In');
  if ((await prompter().warn(message, signInLabel)) === signInLabel) {
    await vscode.commands.executeCommand(Commands.signIn);
  }
}
