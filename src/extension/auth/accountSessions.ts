import * as vscode from 'vscode';
import { accountKey } from '../../core/accounts/account';
import type { Account, AccountKey } from '../../core/accounts/account';
import type { Outboxes } from '../outbox/outboxes';
import { setContextKey } from '../common/contextKeys';
import { Session } from './session';
import type { SignedIn } from './session';
import type { TokenStore } from './tokenStore';

/** Where the folder's chosen account is kept (workspaceState). */
const FOLDER_ACCOUNT_KEY = 'taskPlatform.folderAccount';

/**
 * Every account signed in on this machine, each with a session of its own (its token, client,
 * request budget and offline queue). The primary session follows `taskPlatform.baseUrl` and is the
 * one every feature uses today; the others are the accounts added beside it from the Accounts menu.
 * With one account there is only the primary, and nothing is restored or sent for the others.
 */
export class AccountSessions implements vscode.Disposable {
  private readonly others = new Map<AccountKey, { session: Session; listener: vscode.Disposable }>();
  /** Accounts being added: not on the stored list until their token is stored, yet kept. */
  private readonly adding = new Set<AccountKey>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Any session's state changed, or an account was added or removed. */
  readonly onDidChange = this.changed.event;
  private readonly listener: vscode.Disposable;

  constructor(
    readonly primary: Session,
    private readonly tokens: TokenStore,
    private readonly outboxes?: Outboxes,
    private readonly folder?: vscode.Memento,
  ) {
    this.listener = primary.onDidChange(() => this.fire());
  }

  /** The sessions known now, the primary first, without restoring any (no request). */
  current(): Session[] {
    this.sync();
    return [this.primary, ...[...this.others.values()].map((o) => o.session)];
  }

  /** Every stored account's session, the primary first, each restored on first need. */
  async all(): Promise<Session[]> {
    await this.primary.ensure();
    const sessions = this.current();
    await Promise.all(sessions.map((s) => s.ensure()));
    return sessions;
  }

  /**
   * The account the user chose for this folder (the window's workspace), for commands that name
   * none. Kept in the workspace's own state on this machine: a per-user choice, never a setting a
   * repository could carry.
   */
  get folderChoice(): AccountKey | undefined {
    const key = this.folder?.get<unknown>(FOLDER_ACCOUNT_KEY);
    return typeof key === 'string' && this.find(key) ? (key as AccountKey) : undefined;
  }

  async chooseForFolder(key: AccountKey | undefined): Promise<void> {
    await this.folder?.update(FOLDER_ACCOUNT_KEY, key);
  }

  find(key: string): Session | undefined {
    return this.current().find((s) => s.key === key);
  }

  /**
   * The session of what carries `account` (none: the primary's), undefined when that account is not
   * listed. Restores at most the primary, whose key is only known once it is: the other accounts
   * are listed without a request, and none of them is restored here.
   */
  async sessionOf(account: AccountKey | undefined): Promise<Session | undefined> {
    if (account === undefined || account === this.primary.key) return this.primary;
    const listed = this.find(account);
    if (listed) return listed;
    await this.primary.ensure();
    return this.find(account);
  }

  /** A checked account added beside the others (Add Account). */
  async add(state: SignedIn, token: string): Promise<Session> {
    const account = { baseUrl: state.baseUrl, userId: state.user.id };
    // A sync() while the token is stored (any listener's current()) would otherwise drop this
    // session for one not restored yet, and the account would read as not signed in.
    this.adding.add(accountKey(account));
    try {
      const session = this.sessionFor(account);
      await session.adopt(state, token);
      return session;
    } finally {
      this.adding.delete(accountKey(account));
    }
  }

  dispose(): void {
    this.listener.dispose();
    for (const { session, listener } of this.others.values()) {
      listener.dispose();
      session.dispose();
    }
    this.others.clear();
    this.changed.dispose();
  }

  private fire(): void {
    this.publishSignedIn();
    this.changed.fire();
  }

  /**
   * Menus and command enablement see "signed in" while any account is: signing out of one account
   * (or one being refused) must not hide Add Account, Refresh and the rest from the others.
   */
  private publishSignedIn(): void {
    const sessions = [this.primary, ...[...this.others.values()].map((o) => o.session)];
    setContextKey(
      'taskPlatform.signedIn',
      sessions.some((s) => s.state.kind === 'signedIn'),
    );
  }

  /** Follows the stored list: a session for each account other than the primary's, none for the rest. */
  private sync(): void {
    // Not restored yet, the primary already stands for its stored account: no second session for it.
    const primaryKey = this.primary.expectedKey;
    const wanted = new Set(
      this.tokens
        .accounts()
        .map(accountKey)
        .filter((k) => k !== primaryKey),
    );
    let removed = false;
    for (const [key, other] of this.others) {
      if (!wanted.has(key) && !this.adding.has(key)) {
        other.listener.dispose();
        other.session.dispose();
        this.others.delete(key);
        removed = true;
      }
    }
    if (removed) this.publishSignedIn();
    for (const account of this.tokens.accounts()) {
      if (wanted.has(accountKey(account))) this.sessionFor(account);
    }
  }

  private sessionFor(account: Account): Session {
    const key = accountKey(account);
    let other = this.others.get(key);
    if (!other) {
      const session = new Session(this.tokens, this.outboxes, account);
      other = { session, listener: session.onDidChange(() => this.fire()) };
      this.others.set(key, other);
    }
    return other.session;
  }
}
