import { isUuid } from '../../core/util/ids';
import type { AccountSessions } from '../auth/accountSessions';
import type { Session } from '../auth/session';

/**
 * The account a tool call acts with: the first signed-in account (the primary first) whose user sees
 * the workspace the input names. A call that names no workspace, or one no account sees, goes to the
 * primary account, which answers it as the service would (not found, or who the user is). With one
 * account this is the primary, without restoring anything.
 */
export async function sessionForInput(accounts: AccountSessions, input: unknown): Promise<Session> {
  if (accounts.current().length === 1) {
    return accounts.primary;
  }
  const workspaceId =
    typeof input === 'object' && input !== null ? (input as { workspace_id?: unknown }).workspace_id : undefined;
  if (!isUuid(workspaceId)) {
    return accounts.primary;
  }
  const sessions = await accounts.all();
  const sees = (s: Session): boolean =>
    s.state.kind === 'signedIn' && s.state.user.workspaces.some((w) => w.id === workspaceId);
  return sessions.find(sees) ?? accounts.primary;
}

/** More than one account is signed in: what is asked or shown names the account. */
export function severalSignedIn(accounts: AccountSessions): boolean {
  return accounts.current().filter((s) => s.state.kind === 'signedIn').length > 1;
}
