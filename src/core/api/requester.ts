import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sleep, throwIfAborted } from '../util/abort';
import type { HeldWrite } from '../outbox/heldWrite';
import { isTransient } from '../outbox/outbox';
import type { WriteQueue } from '../outbox/outbox';
import { ApiError, BadResponseError, errorForStatus, NetworkError, RateLimitedError } from './errors';
import { errorCode, headerValue, held, parseRetryAfter, queuedError, readErrorBody } from './responses';
import { decodeJson } from './parse';
import type { RateLimiter, RequestPriority } from './rateLimiter';
import { toNetworkError } from './transport';
import type { HttpMethod, HttpResponse, HttpTransport } from './transport';

/** Options every client method takes last. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** `user` (default): someone is waiting. `background`: refresh and prefetch, served after user requests. */
  priority?: RequestPriority;
  /** One key per logical write; generated when omitted. Retries of the same call reuse it. */
  idempotencyKey?: string;
  /** `false`: never keep this write in the offline queue (replays of held writes). */
  queue?: false;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFn = (level: LogLevel, message: string) => void;

export interface RetryPolicy {
  /** Retries after a connection failure, timeout or 5xx. */
  transientRetries: number;
  /** Retries after a 429 (each waits for Retry-After or our estimate). */
  rateLimitRetries: number;
  /** Retries of a write answered 409 while its own earlier attempt may still be running. */
  inFlightRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  transientRetries: 6,
  rateLimitRetries: 12,
  inFlightRetries: 5,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
};

export interface UploadBody {
  contentType: string;
  length: number;
  /** A fresh stream of the same bytes for every attempt. */
  open(): Readable;
  /** False when the bytes can be read only once: the request is then never retried. */
  replayable: boolean;
}

export interface CallSpec {
  operation: string;
  method: HttpMethod;
  /** Path below the base URL, ids already encoded. */
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  json?: unknown;
  /** The exact JSON text to send instead of `json` (replays send the bytes they kept). */
  bodyText?: string;
  upload?: UploadBody;
  timeoutMs?: number;
  /** Overrides opts.priority with a live value (shared GETs upgraded by a user caller). */
  priority?: () => RequestPriority;
}

export interface RequesterConfig {
  baseUrl: string;
  token: string;
  limiter: RateLimiter;
  transport: HttpTransport;
  timeoutMs: number;
  userAgent: string;
  retry: RetryPolicy;
  log?: LogFn;
  /** Keeps writes the service cannot get now and replays them in order (src/core/outbox). */
  queue?: WriteQueue;
}

interface CallState {
  spec: CallSpec;
  opts: RequestOptions;
  url: string;
  key: string | undefined;
  bodyText: string | undefined;
  /** A JSON or body-less write that goes to the offline queue rather than failing on a transient error. */
  queueable: boolean;
  attempt: number;
  transient: number;
  rateLimited: number;
  inFlight: number;
}

type Decision<R> = { done: R } | { retryInMs: number } | { error: Error };

/** Sends one logical call: rate limit, Idempotency-Key, retries, status mapping. */
export class Requester {
  constructor(readonly config: RequesterConfig) {}

  url(path: string, query?: CallSpec['query']): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) {
        search.set(name, String(value));
      }
    }
    const text = search.toString();
    return `${this.config.baseUrl}${path}${text ? `?${text}` : ''}`;
  }

  /** Runs the call; `accept` turns a successful (2xx/3xx) response into the result. */
  async send<R>(spec: CallSpec, opts: RequestOptions, accept: (res: HttpResponse) => Promise<R>): Promise<R> {
    const write = spec.method !== 'GET';
    const state: CallState = {
      spec,
      opts,
      url: this.url(spec.path, spec.query),
      // Limits, idempotency rules: one key per logical operation, the same on every retry.
      key: write ? (opts.idempotencyKey ?? randomUUID()) : undefined,
      bodyText: spec.bodyText ?? (spec.json === undefined ? undefined : JSON.stringify(spec.json)),
      queueable: write && this.config.queue !== undefined && opts.queue !== false && spec.upload === undefined,
      attempt: 0,
      transient: 0,
      rateLimited: 0,
      inFlight: 0,
    };
    const queue = state.queueable ? this.config.queue : undefined;
    if (!queue) {
      return this.loop(state, accept);
    }
    throwIfAborted(opts.signal);
    if ((await queue.admit(held(spec, state.key, state.bodyText, 'offline'), (w) => this.replay(w), opts.signal)) === 'held') {
      throw queuedError(spec, state.key);
    }
    try {
      return await this.loop(state, accept);
    } catch (error) {
      if (!isTransient(error)) {
        throw error;
      }
      // The outcome is unknown or the service is busy: keep the write (same key, same bytes) for later.
      const reason = NetworkError.is(error) ? 'network' : RateLimitedError.is(error) ? 'rateLimited' : 'server';
      await queue.hold(held(spec, state.key, state.bodyText, reason));
      throw queuedError(spec, state.key, error as ApiError);
    } finally {
      queue.settled(state.key!); // after the hold: a later write to the same task then finds it queued
    }
  }

  /** Sends a held write again: its own key and bytes, never queued again, the answer decoded. */
  replay(write: HeldWrite, signal?: AbortSignal): Promise<unknown> {
    const spec: CallSpec = { operation: write.operation, method: write.method, path: write.path, query: write.query, bodyText: write.body };
    return this.send(spec, { idempotencyKey: write.key, queue: false, priority: 'user', signal }, async (res) => {
      const text = await res.text();
      return text.trim() === '' ? undefined : decodeJson(text, headerValue(res.headers['content-type']), write.operation, this.config.baseUrl);
    });
  }

  private async loop<R>(state: CallState, accept: (res: HttpResponse) => Promise<R>): Promise<R> {
    const { opts } = state;
    for (;;) {
      throwIfAborted(opts.signal);
      state.attempt++;
      const decision = await this.attempt(state, accept);
      if ('done' in decision) {
        return decision.done;
      }
      if ('error' in decision) {
        throw decision.error;
      }
      await sleep(decision.retryInMs, opts.signal);
    }
  }

  private async attempt<R>(state: CallState, accept: (res: HttpResponse) => Promise<R>): Promise<Decision<R>> {
    const { spec, opts } = state;
    const permit = await this.config.limiter.acquire(spec.priority ?? opts.priority ?? 'user', opts.signal);
    const started = Date.now();
    let res: HttpResponse;
    try {
      res = await this.config.transport.send({
        method: spec.method,
        url: state.url,
        headers: this.headers(state),
        body: state.bodyText ?? spec.upload?.open(),
        signal: opts.signal,
        timeoutMs: spec.timeoutMs ?? this.config.timeoutMs,
      });
    } catch (error) {
      this.log('warn', `${spec.method} ${spec.path} failed after ${Date.now() - started}ms (${errorCode(error)})`);
      const failure = toNetworkError(error, spec.operation, state.url, opts.signal);
      // Known before this failure, not because of it: one dropped connection is still retried.
      const knownOffline = this.config.queue?.offline ?? false;
      if (NetworkError.is(failure)) {
        this.config.queue?.observe(false);
      }
      return this.onFailure(state, failure, knownOffline);
    } finally {
      // The service has counted the request once it answered or failed (see rateLimiter.ts).
      permit.release();
    }
    this.log(res.status >= 400 ? 'warn' : 'debug', `${spec.method} ${spec.path} ${res.status} ${Date.now() - started}ms`);
    this.config.queue?.observe(true);
    if (res.status < 400) {
      return this.onSuccess(state, res, accept);
    }
    return this.onErrorStatus(state, res);
  }

  private async onSuccess<R>(state: CallState, res: HttpResponse, accept: (res: HttpResponse) => Promise<R>): Promise<Decision<R>> {
    try {
      return { done: await accept(res) };
    } catch (error) {
      if (error instanceof ApiError || state.opts.signal?.aborted) {
        throw error;
      }
      // The body broke off mid-way: the outcome is known to the service, not to us. Retry (same key).
      return this.onFailure(state, toNetworkError(error, state.spec.operation, state.url, state.opts.signal));
    }
  }

  private async onErrorStatus<R>(state: CallState, res: HttpResponse): Promise<Decision<R>> {
    const { spec } = state;
    const body = await readErrorBody(res, spec.operation, this.config.baseUrl);
    if (body instanceof BadResponseError && res.status < 500 && res.status !== 429) {
      return { error: body };
    }
    const retryAfterMs = parseRetryAfter(res.headers['retry-after']);
    const error = errorForStatus({
      operation: spec.operation,
      status: res.status,
      body: body instanceof Error ? undefined : body,
      keyMayBeKnown: state.attempt > 1 || state.opts.idempotencyKey !== undefined,
      retryAfterMs,
      secret: this.config.token,
    });
    if (res.status === 429) {
      return this.onRateLimited(state, error, retryAfterMs);
    }
    if (res.status === 409 && state.key !== undefined && (state.attempt > 1 || state.opts.idempotencyKey !== undefined) && state.inFlight < this.config.retry.inFlightRetries) {
      // Idempotency rule 4: our own earlier attempt is still running; wait it out, same key and body.
      state.inFlight++;
      return { retryInMs: this.backoff(state.inFlight) };
    }
    if (res.status >= 500) {
      return this.onFailure(state, error);
    }
    return { error };
  }

  private onRateLimited<R>(state: CallState, error: ApiError, retryAfterMs: number | undefined): Decision<R> {
    state.rateLimited++;
    const { limiter } = this.config;
    const estimate = Math.min(limiter.windowMs, (limiter.windowMs / limiter.limit) * 2 ** (state.rateLimited - 1));
    const wait = retryAfterMs ?? estimate;
    limiter.penalize(wait);
    if (state.rateLimited > this.config.retry.rateLimitRetries || !this.replayable(state)) {
      return { error: error instanceof RateLimitedError ? error : new RateLimitedError({ operation: error.operation, message: error.message }) };
    }
    // A 429 was not applied and released the key (Errors rule 1): retrying is safe. The limiter holds it.
    return { retryInMs: 0 };
  }

  /** Connection failure, timeout, 5xx: the outcome is unknown; retried with the same key and body. */
  private onFailure<R>(state: CallState, error: Error, knownOffline = false): Decision<R> {
    if (!(error instanceof NetworkError) && !(error instanceof ApiError)) {
      return { error };
    }
    // A queueable write is kept after a couple of tries: the queue retries it for as long as it takes,
    // and the user is not held up meanwhile.
    // While the service is known to be unreachable, a read fails at once (the views keep what they
    // showed; the connectivity probe notices the return) instead of after a series of backoffs.
    const { transientRetries } = this.config.retry;
    const retries = knownOffline && NetworkError.is(error) ? 0 : state.queueable ? Math.min(2, transientRetries) : transientRetries;
    if (state.transient >= retries || !this.replayable(state)) {
      return { error };
    }
    state.transient++;
    return { retryInMs: this.backoff(state.transient) };
  }

  private replayable(state: CallState): boolean {
    return state.spec.upload === undefined || state.spec.upload.replayable;
  }

  private backoff(n: number): number {
    const { baseDelayMs, maxDelayMs } = this.config.retry;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (n - 1));
    return Math.round(ceiling * (0.5 + Math.random() * 0.5));
  }

  private headers(state: CallState): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.config.token}`,
      accept: 'application/json',
      'user-agent': this.config.userAgent,
    };
    if (state.key !== undefined) {
      headers['idempotency-key'] = state.key;
    }
    if (state.bodyText !== undefined) {
      headers['content-type'] = 'application/json';
    } else if (state.spec.upload) {
      headers['content-type'] = state.spec.upload.contentType;
      headers['content-length'] = String(state.spec.upload.length);
    }
    return headers;
  }

  private log(level: 'debug' | 'warn', message: string): void {
    // Never the token, never bodies: method, path, status, time.
    this.config.log?.(level, message);
  }
}
