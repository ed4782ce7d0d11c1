import * as vscode from 'vscode';
import { ApiClient } from '../../core/api/client';
import { NetworkError, UnauthorizedError } from '../../core/api/errors';
import { sharedRateLimiter } from '../../core/api/rateLimiter';
import type { RetryPolicy } from '../../core/api/requester';
import type { User } from '../../core/api/schemas';
import { NodeHttpTransport } from '../../core/api/transport';
import type { WriteQueue } from '../../core/outbox/outbox';
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
  | { readonly kind: 'rejected'; readonly baseUrl: string }
  /** A token is stored but checking it failed for another reason (offline, bad base URL...). */
  | { readonly kind: 'error'; readonly baseUrl: string; readonly message: string; readonly unreachable?: boolean };

export type SignedIn = Extract<SessionState, { kind: 'signedIn' }>;

/**
 * Who the user is, against which service. Every feature asks the session for its client, and
 * listens to onDidChange: a new client means every cached response of the old one is gone
 * (signing out or switching account drops caches by construction).
 */
export class Session implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<SessionState>();
  readonly onDidChange = this.emitter.event;
  private current: SessionState = { kind: 'unknown' };
  private restoring: Promise<SessionState> | undefined;

  constructor(
    private readonly tokens: TokenStore,
    private readonly outboxes?: Outboxes,
  ) {}

  get state(): SessionState {
    return this.current;
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
    const user = await createClient(transport, baseUrl, token, { transientRetries: 0 }).getUser({
      signal,
      priority: 'user',
    });
    // The account's offline queue: writes the service cannot get now are kept and sent later.
    const client = createClient(transport, baseUrl, token, undefined, this.outboxes?.for(baseUrl, user.id));
    return { kind: 'signedIn', baseUrl, user, client };
  }

  async adopt(state: SignedIn, token: string): Promise<void> {
    await this.tokens.store(state.baseUrl, token);
    this.set(state);
  }

  async signOut(): Promise<void> {
    const baseUrl = readBaseUrl();
    if (baseUrl.kind === 'valid') {
      await this.tokens.delete(baseUrl.url);
    }
    this.set({ kind: 'signedOut' });
  }

  /** Called by any feature that got a 401: the token was regenerated or revoked. */
  markRejected(): void {
    const baseUrl = readBaseUrl();
    if (this.current.kind === 'signedIn' || this.current.kind === 'unknown') {
      this.set({ kind: 'rejected', baseUrl: baseUrl.kind === 'valid' ? baseUrl.url : '' });
    }
  }

  dispose(): void {
    this.emitter.dispose();
  }

  private async restore(): Promise<SessionState> {
    const baseUrl = readBaseUrl();
    if (baseUrl.kind !== 'valid') {
      const reason = baseUrl.kind === 'invalid' ? baseUrl.message : undefined;
      return this.set({ kind: 'signedOut', reason });
    }
    const token = await this.tokens.get(baseUrl.url);
    if (!token) {
      return this.set({ kind: 'signedOut' });
    }
    try {
      return this.set(await this.verify(baseUrl.url, token));
    } catch (error) {
      return this.set(stateForFailure(baseUrl.url, error));
    }
  }

  private set(state: SessionState): SessionState {
    this.current = state;
    void vscode.commands.executeCommand('setContext', 'taskPlatform.signedIn', state.kind === 'signedIn');
    void vscode.commands.executeCommand('setContext', 'taskPlatform.sessionState', state.kind);
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
  retry?: Partial<RetryPolicy>,
  writeQueue?: WriteQueue,
): ApiClient {
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
    transport,
  });
}

function stateForFailure(baseUrl: string, error: unknown): SessionState {
  if (UnauthorizedError.is(error)) {
    return { kind: 'rejected', baseUrl };
  }
  const message = errorText(error);
  log.warn(`Restoring the session failed: ${message}`);
  // Unreachable: the connectivity probe restores the session by itself when the service answers.
  return { kind: 'error', baseUrl, message, unreachable: NetworkError.is(error) };
}
