import * as vscode from 'vscode';
import { accountKey, isAccountKey, parseAccountKey } from '../../core/accounts/account';
import type { AccountKey } from '../../core/accounts/account';
import { signedIn } from '../auth/guard';
import type { Session, SignedIn } from '../auth/session';
import { Commands } from '../common/commandIds';
import type { Services } from '../services';
import { prompter } from '../ui/prompter';
import { escapeAttr } from './html';

/**
 * Whose a task panel, board or table is: the account's session and its signed-in state. Every read,
 * write, poll and queued-write banner of the surface goes through this session's client, so nothing
 * it shows is ever asked for with another account's token (docs/decisions/accounts.md).
 */
export interface Owner {
  readonly session: Session;
  readonly state: SignedIn;
  readonly account: AccountKey;
}

/** The account a command argument or a page's saved state carries: a key, else none (the primary's). */
export function carriedAccount(arg: unknown): AccountKey | undefined | 'malformed' {
  const account = typeof arg === 'object' && arg !== null ? (arg as { account?: unknown }).account : undefined;
  if (account === undefined) return undefined;
  return isAccountKey(account) ? account : 'malformed';
}

/** The key a surface is known by: its own account, else the primary's (a ref that names none). */
export function ownerKey(services: Services, account: string | undefined): string {
  return account ?? services.session.key ?? '';
}

/**
 * Whether a surface opened as `account` through `session` still belongs to a signed-in account:
 * not once that account signed out, was removed, or its session now holds another user (Switch
 * Account). A surface that does not is closed: what it shows was another account's.
 */
export function holds(current: readonly Session[], session: Session, account: string | undefined): boolean {
  const kind = session.state.kind;
  if (kind === 'signedOut' || !current.includes(session)) return false;
  return kind !== 'signedIn' || account === undefined || session.key === account;
}

/**
 * The signed-in owner of a surface of `account` (none: the primary account). `quiet` (a tab restored
 * after a reload) says nothing: the tab itself says it (missingAccountHtml). Otherwise a surface of an
 * account that is not signed in is said so, with Sign In or Add Account, and nothing is sent.
 */
export async function ownerOf(
  services: Services,
  account: AccountKey | undefined,
  quiet = false,
): Promise<Owner | undefined> {
  const session = await services.accounts.sessionOf(account);
  if (account === undefined || session === services.session) {
    const state = quiet ? await services.session.ensure() : await signedIn(services.session);
    if (state?.kind !== 'signedIn') return undefined;
    return { session: services.session, state, account: accountKey({ baseUrl: state.baseUrl, userId: state.user.id }) };
  }
  const state = await session?.ensure();
  if (session && state?.kind === 'signedIn') return { session, state, account };
  if (!quiet) void offerAccount(services, missingAccountText(account));
  return undefined;
}

/** "The account … is not signed in", naming the service and user of the key (never anything else). */
export function missingAccountText(account: AccountKey): string {
  const parsed = parseAccountKey(account);
  return vscode.l10n.t(
    'The Task Platform account this belongs to ({0}) is not signed in.',
    parsed ? `${parsed.userId}, ${parsed.baseUrl}` : '',
  );
}

/**
 * A warning with the way back: Add Account while another account is signed in (Sign In would
 * replace it), else Sign In.
 */
export async function offerAccount(services: Services, message: string): Promise<void> {
  const add = services.session.state.kind === 'signedIn';
  const label = add ? vscode.l10n.t('Add Account') : vscode.l10n.t('Sign In');
  if ((await prompter().warn(message, label)) === label) {
    await vscode.commands.executeCommand(add ? Commands.addAccount : Commands.signIn);
  }
}

/**
 * What a tab restored after a reload shows when its account is not signed in: the message as text,
 * no script, nothing loaded (a page with no request and no code of its own).
 */
export function missingAccountHtml(webview: vscode.Webview, message: string): string {
  const csp = `default-src 'none'; style-src ${webview.cspSource}`;
  return `<!DOCTYPE html>
<html lang="${escapeAttr(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${escapeAttr(vscode.l10n.t('Not signed in'))}</title>
</head>
<body>
<main><p role="status">${escapeAttr(message)}</p></main>
</body>
</html>`;
}

/**
 * A restored tab whose account is not signed in: it says so, offers the way back, sends nothing.
 * Returns the message (tests read it).
 */
export function showMissingAccount(services: Services, panel: vscode.WebviewPanel, account: AccountKey): string {
  const message = missingAccountText(account);
  panel.webview.options = { enableScripts: false, enableCommandUris: false, localResourceRoots: [] };
  panel.webview.html = missingAccountHtml(panel.webview, message);
  void offerAccount(services, message);
  return message;
}
