import { randomUUID } from 'node:crypto';
import { sleep, throwIfAborted } from '../util/abort';
import type { QueuedWrite } from '../outbox/queuedWrite';
import { isTransient } from '../outbox/outbox';
import type { WriteQueue } from '../outbox/outbox';
import { CallDeadline } from './deadline';
import { ApiError, BadResponseError, errorForStatus, limitError, NetworkError, RateLimitedError } from './errors';
import { CALL_DEADLINE_TIMEOUTS, MAX_RETRY_AFTER_MS, transferDeadlineMs } from './limits';
import type { RetryPolicy } from './limits';
import {
  errorCode,
  headerValue,
  parseRetryAfter,
  queuedError,
  readErrorBody,
  requestHeaders,
  toQueuedWrite,
} from './responses';
import { decodeJson } from './parse';
import type { RateLimiter, RequestPriority } from './rateLimiter';
import { hostOf, toNetworkError } from './transport';
import type { HttpMethod, HttpResponse, HttpTransport } from './transport';
import type { UploadBody } from './upload';

/** Options every client method takes last. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** `user` (default): someone is waiting. `background`: refresh and prefetch, served after user requests. */
  priority?: RequestPriority;
  /** One key per logical write; generated when omitted. Retries of the same call reuse it. */
  idempotencyKey?: string;
  /** `false`: never keep this write in the offline queue (replays of queued writes). */
  queue?: false;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFn = (level: LogLevel, message: string) => void;

export { DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_RETRY } from './limits';
export type { RetryPolicy };

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
  /** Per attempt: connect, headers, body idle (transport.ts). */
  timeoutMs: number;
  /** Per logical call: attempts, backoffs, rate-limit waits, bodies (limits.ts); default 3 x timeoutMs. */
  deadlineMs?: number;
  userAgent: string;
  retry: RetryPolicy;
  log?: LogFn;
  /** Keeps writes the service cannot get now and replays them in order (src/core/outbox). */
  queue?: WriteQueue;
  /** Told of every 401: the token was refused, whatever the call (the account's session marks it). */
  onUnauthorized?: () => void;
}

interface CallState {
  spec: CallSpec;
  opts: RequestOptions;
  url: string;
  key: string | undefined;
  bodyText: string | undefined;
  /** A JSON or body-less write that goes to the offline queue rather than failing on a transient error. */
  queueable: boolean;
  deadline: CallDeadline;
  attempt: number;
  transient: number;
  rateLimited: number;
  inFlight: number;
}

/** A retry carries the error it answers: reported as is when the wait would pass the deadline. */
type Decision<R> = { done: R } | { retryInMs: number; error?: Error } | { error: Error };

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
  async send<R>(spec: CallSpec, callerOpts: RequestOptions, accept: (res: HttpResponse) => Promise<R>): Promise<R> {
    const url = this.url(spec.path, spec.query);
    // Someone waits from now on; background work is timed from its first slot (it yields to users).
    const now = (spec.priority?.() ?? callerOpts.priority ?? 'user') === 'user';
    const { deadlineMs = this.config.timeoutMs * CALL_DEADLINE_TIMEOUTS } = this.config;
    // An upload's deadline grows with its size (limits.ts).
    const deadline = new CallDeadline(
      spec.upload ? transferDeadlineMs(spec.upload.length) : deadlineMs,
      callerOpts.signal,
      now,
    );
    try {
      return await this.sendWithin({ ...callerOpts, signal: deadline.signal }, spec, url, deadline, accept);
    } catch (error) {
      throw deadline.explain(error, spec.operation, url);
    } finally {
      deadline.dispose();
    }
  }

  private async sendWithin<R>(
    opts: RequestOptions,
    spec: CallSpec,
    url: string,
    deadline: CallDeadline,
    accept: (res: HttpResponse) => Promise<R>,
  ): Promise<R> {
    const write = spec.method !== 'GET';
    const state: CallState = {
      spec,
      opts,
      url,
      deadline,
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
    if (
      (await queue.waitForTurn(
        toQueuedWrite(spec, state.key, state.bodyText, 'offline'),
        (w) => this.replay(w),
        opts.signal,
      )) === 'queued'
    ) {
      throw queuedError(spec, state.key);
    }
    try {
      return await this.loop(state, accept);
    } catch (thrown) {
      // Past the deadline the outcome is as unknown as after any timeout: the write is kept.
      const error = deadline.explain(thrown, spec.operation, url);
      if (!isTransient(error)) {
        throw error;
      }
      // The outcome is unknown or the service is busy: keep the write (same key, same bytes) for later.
      const reason = NetworkError.is(error) ? 'network' : RateLimitedError.is(error) ? 'rateLimited' : 'server';
      await queue.enqueue(toQueuedWrite(spec, state.key, state.bodyText, reason));
      throw queuedError(spec, state.key, error as ApiError);
    } finally {
      queue.finished(state.key!); // after it was queued: a later write to the same task then finds it queued
    }
  }

  /** Sends a queued write again: its own key and bytes, never queued again, the answer decoded. */
  replay(write: QueuedWrite, signal?: AbortSignal): Promise<unknown> {
    const spec: CallSpec = {
      operation: write.operation,
      method: write.method,
      path: write.path,
      query: write.query,
      bodyText: write.body,
    };
    return this.send(spec, { idempotencyKey: write.key, queue: false, priority: 'user', signal }, async (res) => {
      const text = await res.text();
      return text.trim() === ''
        ? undefined
        : decodeJson(text, headerValue(res.headers['content-type']), write.operation, this.config.baseUrl);
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
      if ('error' in decision && !('retryInMs' in decision)) {
        throw decision.error;
      }
      if (decision.error && decision.retryInMs >= state.deadline.remaining()) {
        throw decision.error; // the last failure says more than "no answer in time" would
      }
      // What the deadline reports if it passes meanwhile: this failure, or none (a write still in flight).
      state.deadline.retrying(decision.error);
      await sleep(decision.retryInMs, opts.signal);
    }
  }

  private async attempt<R>(state: CallState, accept: (res: HttpResponse) => Promise<R>): Promise<Decision<R>> {
    const { spec, opts } = state;
    const permit = await this.config.limiter.acquire(spec.priority ?? opts.priority ?? 'user', opts.signal);
    state.deadline.start();
    const started = Date.now();
    let res: HttpResponse;
    try {
      res = await this.config.transport.send({
        method: spec.method,
        url: state.url,
        headers: requestHeaders(this.config, state.key, state.bodyText, state.spec.upload),
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
    this.log(
      res.status >= 400 ? 'warn' : 'debug',
      `${spec.method} ${spec.path} ${res.status} ${Date.now() - started}ms`,
    );
    this.config.queue?.observe(true);
    if (res.status < 400) {
      return this.onSuccess(state, res, accept);
    }
    return this.onErrorStatus(state, res);
  }

  private async onSuccess<R>(
    state: CallState,
    res: HttpResponse,
    accept: (res: HttpResponse) => Promise<R>,
  ): Promise<Decision<R>> {
    try {
      return { done: await accept(res) };
    } catch (error) {
      if (error instanceof ApiError || state.opts.signal?.aborted) {
        throw error;
      }
      const failure = toNetworkError(error, state.spec.operation, state.url, state.opts.signal);
      if (BadResponseError.is(failure)) {
        return { error: failure }; // a body over its cap: the same answer again would be no better
      }
      // The body broke off mid-way: the outcome is known to the service, not to us. Retry (same key).
      return this.onFailure(state, failure);
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
    if (res.status === 401) {
      this.config.onUnauthorized?.();
    }
    if (res.status === 429) {
      return this.onRateLimited(state, error, retryAfterMs);
    }
    if (
      res.status === 409 &&
      state.key !== undefined &&
      (state.attempt > 1 || state.opts.idempotencyKey !== undefined) &&
      state.inFlight < this.config.retry.inFlightRetries
    ) {
      // docs/api/README.md#idempotency (rule 4): our own earlier attempt is still running; wait it out, same key and
      // body.
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
    const absurd = retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_AFTER_MS;
    const wait = absurd ? estimate : (retryAfterMs ?? estimate);
    limiter.penalize(wait);
    if (absurd || wait >= state.deadline.remaining()) {
      // Beyond what 60 a minute explains (limits.ts), or past this call's deadline: reported, never slept through.
      this.log(
        'warn',
        `${state.spec.method} ${state.spec.path} 429 with Retry-After ${retryAfterMs ?? 'none'} ms: not waiting`,
      );
      return {
        error: limitError(state.spec.operation, hostOf(state.url), {
          kind: 'retryAfter',
          ms: retryAfterMs ?? wait,
          absurd,
        }),
      };
    }
    if (state.rateLimited > this.config.retry.rateLimitRetries || !this.replayable(state)) {
      return {
        error:
          error instanceof RateLimitedError
            ? error
            : new RateLimitedError({ operation: error.operation, message: error.message }),
      };
    }
    // A 429 was not applied and released the key (docs/api/README.md#errors): retrying is safe. The limiter pauses it.
    return { retryInMs: 0 };
  }

  /** Connection failure, timeout, 5xx: the outcome is unknown; retried with the same key and body. */
  private onFailure<R>(state: CallState, error: Error, knownOffline = false): Decision<R> {
    if (!(error instanceof NetworkError) && !(error instanceof ApiError)) {
      return { error };
    }
    // A queueable write is kept after a couple of tries: the queue retries it for as long as it takes,
    // and the user does not wait meanwhile.
    // While the service is known to be unreachable, a read fails at once (the views keep what they
    // showed; the connectivity probe notices the return) instead of after a series of backoffs.
    const { transientRetries } = this.config.retry;
    const retries =
      knownOffline && NetworkError.is(error) ? 0 : state.queueable ? Math.min(2, transientRetries) : transientRetries;
    if (state.transient >= retries || !this.replayable(state)) {
      return { error };
    }
    state.transient++;
    return { retryInMs: this.backoff(state.transient), error };
  }

  private replayable(state: CallState): boolean {
    return state.spec.upload === undefined || state.spec.upload.replayable;
  }

  private backoff(n: number): number {
    const { baseDelayMs, maxDelayMs } = this.config.retry;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (n - 1));
    return Math.round(ceiling * (0.5 + Math.random() * 0.5));
  }

  private log(level: LogLevel, message: string): void {
    // Never the token, never bodies: method, path, status, time.
    this.config.log?.(level, message);
  }
}
