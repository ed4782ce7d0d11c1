import * as vscode from 'vscode';
import { parseAccountKey } from '../../core/accounts/account';
import { Commands } from '../common/commandIds';
import { prompter } from '../ui/prompter';
import type { AccountSessions } from './accountSessions';
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
  const [key] = carried;
  if (key === undefined || key === PRIMARY) {
    return signedIn(accounts.primary);
  }
  await accounts.all();
  const state = await accounts.find(key)?.ensure();
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
 * Every signed-in account, the primary first, for what looks in all of them (Search Tasks, Go to
 * Task). None signed in is the same warning as `signedIn`; an account whose token was refused or
 * whose service cannot be reached is left out here and named by its own warning elsewhere.
 */
export async function signedInAll(accounts: AccountSessions): Promise<SignedIn[]> {
  const primary = await accounts.primary.ensure();
  const others = (await accounts.all()).filter((s) => s !== accounts.primary).map((s) => s.state);
  const states = [primary, ...others].filter((s): s is SignedIn => s.kind === 'signedIn');
  if (states.length === 0) {
    void offerSignIn(vscode.l10n.t('Sign in to Task Platform first.'));
  }
  return states;
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
