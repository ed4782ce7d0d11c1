import * as vscode from 'vscode';
import { ApiClient } from '../../core/api/client';
import { NetworkError, UnauthorizedError } from '../../core/api/errors';
import { sharedRateLimiter } from '../../core/api/rateLimiter';
import type { RetryPolicy } from '../../core/api/requester';
import type { User } from '../../core/api/schemas';
import { accountKey, sameAccount } from '../../core/accounts/account';
import type { Account, AccountKey } from '../../core/accounts/account';
import { NodeHttpTransport } from '../../core/api/transport';
import type { WriteQueue } from '../../core/outbox/outbox';
import { setContextKey } from '../common/contextKeys';
import { readBaseUrl, requestTimeoutMs } from '../config';
import { log } from '../log';
import type { Outboxes } from '../outbox/outboxes';
import type { TokenStore } from './tokenStore';
import { errorText } from '../../core/util/errorText';

export type SessionState =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'signedOut'; readonly reason?: string }
  | { readonly kind: 'signedIn'; readonly baseUrl: string; readonly user: User; readonly client: ApiClient }
  /** A token is stored but the service refused it (401). Nothing is cleared until the user acts. */
  | { readonly kind: 'rejected'; readonly baseUrl: string; readonly account?: Account }
  /** A token is stored but checking it failed for another reason (offline, bad base URL...). */
  | {
      readonly kind: 'error';
      readonly baseUrl: string;
      readonly message: string;
      readonly unreachable?: boolean;
      readonly account?: Account;
    };

export type SignedIn = Extract<SessionState, { kind: 'signedIn' }>;

/** The account a state is about, when it is about one. */
export function accountOf(state: SessionState): Account | undefined {
  if (state.kind === 'signedIn') return { baseUrl: state.baseUrl, userId: state.user.id };
  return state.kind === 'rejected' || state.kind === 'error' ? state.account : undefined;
}

/**
 * Who the user is, against which service. Every feature asks the session for its client, and
 * listens to onDidChange: a new client means every cached response of the old one is gone
 * (signing out or switching account drops caches by construction).
 *
 * The primary session (no `pinned` account) follows `taskPlatform.baseUrl`: it holds the first
 * account stored for that address. A pinned session holds one other account added from the
 * Accounts menu (auth/accountSessions.ts), and only that one.
 */
export class Session implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<SessionState>();
  readonly onDidChange = this.emitter.event;
  private current: SessionState = { kind: 'unknown' };
  private restoring: Promise<SessionState> | undefined;

  constructor(
    private readonly tokens: TokenStore,
    private readonly outboxes?: Outboxes,
    readonly pinned?: Account,
  ) {}

  get state(): SessionState {
    return this.current;
  }

  /** The key of the account this session holds (or is pinned to), if it holds one. */
  get key(): AccountKey | undefined {
    const account = this.pinned ?? accountOf(this.current);
    return account && accountKey(account);
  }

  /**
   * The account this session holds, or the one it will hold once restored (the primary's is the
   * account stored for the configured address). No I/O.
   */
  get expectedKey(): AccountKey | undefined {
    const restorable = this.current.kind === 'unknown' ? this.configuredAccount() : undefined;
    const account = this.pinned ?? accountOf(this.current) ?? restorable;
    return account && accountKey(account);
  }

  /** Restores the session from SecretStorage on first need (never during activate()). */
  ensure(): Promise<SessionState> {
    if (this.current.kind !== 'unknown') {
      return Promise.resolve(this.current);
    }
    this.restoring ??= this.restore().finally(() => (this.restoring = undefined));
    return this.restoring;
  }

  /** Forgets the in-memory session so the next ensure() checks the stored token again. */
  invalidate(): void {
    this.set({ kind: 'unknown' });
  }

  /** Checks a token with GET /user; throws the client's typed errors. Does not store anything. */
  async verify(baseUrl: string, token: string, signal?: AbortSignal): Promise<SignedIn> {
    // The user is waiting on this check: one attempt, no transient retries, so a dead or silent
    // host is reported after one timeout rather than after a series of backoffs.
    // One connection pool per sign-in, fresh (no pooled connection of an earlier session that the
    // server may have closed): the session below reuses the check's connection (one TLS handshake).
    const transport = new NodeHttpTransport();
    const user = await createClient(transport, baseUrl, token, { retry: { transientRetries: 0 } }).getUser({
      signal,
      priority: 'user',
    });
    // The account's offline queue: writes the service cannot get now are kept and sent later.
    // A 401 on any of its calls is this account's alone: its session turns "rejected", no other.
    const client: ApiClient = createClient(transport, baseUrl, token, {
      writeQueue: this.outboxes?.for(baseUrl, user.id),
      onUnauthorized: () => {
        if (this.current.kind === 'signedIn' && this.current.client === client) this.markRejected();
      },
    });
    return { kind: 'signedIn', baseUrl, user, client };
  }

  /**
   * Stores the checked token under its account and holds that account. On the primary session,
   * signing in as another user of the same address is Switch Account: the account held before is
   * signed out (its queued writes stay with it).
   */
  async adopt(state: SignedIn, token: string): Promise<void> {
    const next: Account = { baseUrl: state.baseUrl, userId: state.user.id };
    if (this.pinned && !sameAccount(this.pinned, next)) {
      throw new Error('A session pinned to one account cannot hold another.');
    }
    const before = accountOf(this.current);
    if (!this.pinned && before && before.baseUrl === next.baseUrl && !sameAccount(before, next)) {
      await this.tokens.remove(before);
    }
    await this.tokens.add(next, token, !this.pinned);
    this.set(state);
  }

  async signOut(): Promise<void> {
    const account = this.pinned ?? accountOf(this.current) ?? this.configuredAccount();
    if (account) {
      await this.tokens.remove(account);
    }
    const baseUrl = readBaseUrl();
    if (!this.pinned && baseUrl.kind === 'valid') {
      await this.tokens.forgetLegacy(baseUrl.url);
    }
    this.set({ kind: 'signedOut' });
  }

  /** Called by any feature that got a 401: the token was regenerated or revoked. */
  markRejected(): void {
    if (this.current.kind === 'signedIn' || this.current.kind === 'unknown') {
      const account = this.pinned ?? accountOf(this.current) ?? this.configuredAccount();
      const baseUrl = account?.baseUrl ?? configuredUrl() ?? '';
      this.set({ kind: 'rejected', baseUrl, account });
    }
  }

  dispose(): void {
    this.emitter.dispose();
  }

  private configuredAccount(): Account | undefined {
    const url = configuredUrl();
    return url === undefined ? undefined : this.tokens.accountAt(url);
  }

  private async restore(): Promise<SessionState> {
    if (this.pinned) {
      return this.restoreAccount(this.pinned);
    }
    const baseUrl = readBaseUrl();
    if (baseUrl.kind !== 'valid') {
      const reason = baseUrl.kind === 'invalid' ? baseUrl.message : undefined;
      return this.set({ kind: 'signedOut', reason });
    }
    const account = this.tokens.accountAt(baseUrl.url);
    return account ? this.restoreAccount(account) : this.restoreLegacy(baseUrl.url);
  }

  private async restoreAccount(account: Account): Promise<SessionState> {
    const token = await this.tokens.get(account);
    if (!token) {
      return this.set({ kind: 'signedOut' });
    }
    try {
      const state = await this.verify(account.baseUrl, token);
      if (state.user.id !== account.userId) {
        // Not the user the token was stored for: keep it under the account it really is.
        await this.tokens.remove(account);
        await this.tokens.add({ baseUrl: state.baseUrl, userId: state.user.id }, token, !this.pinned);
      }
      return this.set(state);
    } catch (error) {
      return this.set(stateForFailure(account, error));
    }
  }

  /**
   * The previous release's token for the configured address: once the service says whose it is, it
   * moves under that account (one copy of a secret, never two). Until then, it stays where it is.
   */
  private async restoreLegacy(baseUrl: string): Promise<SessionState> {
    const token = await this.tokens.legacy(baseUrl);
    if (!token) {
      return this.set({ kind: 'signedOut' });
    }
    try {
      const state = await this.verify(baseUrl, token);
      await this.tokens.add({ baseUrl, userId: state.user.id }, token, true);
      await this.tokens.forgetLegacy(baseUrl);
      return this.set(state);
    } catch (error) {
      return this.set(stateForFailure({ baseUrl, userId: '' }, error));
    }
  }

  private set(state: SessionState): SessionState {
    this.current = state;
    // The views' welcome follows the primary account; "signed in" is any account's (AccountSessions).
    if (!this.pinned) setContextKey('taskPlatform.sessionState', state.kind);
    this.emitter.fire(state);
    return state;
  }
}

let testWindowMs: number | undefined;

/**
 * Test hook (TestApi only): the same 60-request budget over a shorter window, as the client tests
 * scale it, so a long integration suite does not wait a real minute for its budget. `undefined`
 * puts the real window back (for the clients created after the call).
 */
export function scaleRateWindowForTests(windowMs: number | undefined): void {
  testWindowMs = windowMs;
}

function createClient(
  transport: NodeHttpTransport,
  baseUrl: string,
  token: string,
  options: { retry?: Partial<RetryPolicy>; writeQueue?: WriteQueue; onUnauthorized?: () => void },
): ApiClient {
  const { retry, writeQueue, onUnauthorized } = options;
  const limiter =
    testWindowMs === undefined
      ? undefined
      : sharedRateLimiter(`${baseUrl}#window=${testWindowMs}`, token, { windowMs: testWindowMs });
  return new ApiClient({
    baseUrl,
    token,
    limiter,
    retry,
    timeoutMs: requestTimeoutMs(),
    userAgent: `task-platform-vscode/${vscode.version}`,
    log: (level, message) => (level === 'error' ? log.error(message) : log.debug(message)),
    writeQueue,
    onUnauthorized,
    transport,
  });
}

function configuredUrl(): string | undefined {
  const baseUrl = readBaseUrl();
  return baseUrl.kind === 'valid' ? baseUrl.url : undefined;
}

/** A failed check of a stored token; `account.userId` is empty while whose token it is is not known. */
function stateForFailure(account: Account, error: unknown): SessionState {
  const { baseUrl } = account;
  const known = account.userId === '' ? undefined : account;
  if (UnauthorizedError.is(error)) {
    return { kind: 'rejected', baseUrl, account: known };
  }
  const message = errorText(error);
  log.warn(`Restoring the session failed: ${message}`);
  // Unreachable: the connectivity probe restores the session by itself when the service answers.
  return { kind: 'error', baseUrl, message, unreachable: NetworkError.is(error), account: known };
}
