import { createHash } from 'node:crypto';
import { AbortError } from '../util/abort';
import { Emitter } from '../util/event';
import type { Disposer, Listener } from '../util/event';

/**
 * Client-side budget for the service's limit (docs/api/README.md#rate-limit).
 *
 * Every request occupies one of `limit` slots from the moment it is sent until `windowMs` after
 * its response ended. The service counts a request when it arrives, which is between those two
 * instants, so two requests that reuse a slot always arrive more than `windowMs` apart and no
 * window of the service's sliding counter ever sees more than `limit` of ours.
 */

export type RequestPriority = 'user' | 'background';

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface RateLimiterOptions {
  /** Requests per window; default 60. */
  limit?: number;
  /** Window length; default 60 000 ms. Tests scale it down together with the sandbox's `rateWindowMs`. */
  windowMs?: number;
  /** Slots kept free for `user` requests so they never queue behind a burst of background work. */
  userReserve?: number;
  clock?: Clock;
}

export interface RateLimitSnapshot {
  /** Requests that could be sent right now. */
  remaining: number;
  limit: number;
  /** Requests waiting for a slot. */
  queued: number;
  /** Of those, background work (polling, prefetch) that yields to what the user waits for. */
  queuedBackground: number;
  /** True while a 429 pauses every request (see `penalize`). */
  paused: boolean;
  /** Requests sent and not finished yet. */
  inFlight: number;
}

export interface Permit {
  /** Call once the response has been read (or the request failed). Idempotent. */
  release(): void;
}

/** A fixed priority, or one read at each scheduling decision (a shared GET a user joins is upgraded). */
export type PrioritySource = RequestPriority | (() => RequestPriority);

interface Waiter {
  priority: () => RequestPriority;
  resolve: (permit: Permit) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

export class RateLimiter {
  private max: number;
  readonly windowMs: number;
  private reserve: number;
  private readonly reserveOption: number | undefined;
  private readonly margin: number;
  private readonly clock: Clock;
  /** Instants (sorted) at which slots of finished requests become free again. */
  private readonly freeAt: number[] = [];
  private inFlight = 0;
  private pausedUntil = 0;
  private readonly queue: Waiter[] = [];
  private timer: unknown;
  private timerAt = Infinity;
  private readonly changes = new Emitter<RateLimitSnapshot>();
  private last = '';

  constructor(options: RateLimiterOptions = {}) {
    this.max = Math.max(0, options.limit ?? 60);
    this.windowMs = Math.max(1, options.windowMs ?? 60_000);
    this.reserveOption = options.userReserve;
    this.reserve = this.reserveFor(this.max);
    this.margin = Math.max(10, Math.ceil(this.windowMs / 200));
    this.clock = options.clock ?? systemClock;
  }

  /** Requests allowed per window. */
  get limit(): number {
    return this.max;
  }

  /**
   * Gives this client a smaller (or larger) part of the token's budget from now on, e.g. while another
   * process (the MCP server) shares the same 60 a minute (src/core/mcp/lease.ts). Slots already used
   * still count. 0 sends nothing until the limit is raised again (the other process holds every slot).
   */
  setLimit(limit: number): void {
    this.max = Math.max(0, Math.floor(limit));
    this.reserve = this.reserveFor(this.max);
    this.pump();
  }

  /** Slots taken now: requests in flight plus finished ones still inside their window. */
  occupied(): number {
    this.prune(this.clock.now());
    return this.inFlight + this.freeAt.length;
  }

  /** Requests waiting for a slot (a budget share lends this client more while any wait). */
  get waiting(): number {
    return this.queue.length;
  }

  private reserveFor(limit: number): number {
    return Math.max(0, Math.min(this.reserveOption ?? Math.floor(limit / 10), limit - 1));
  }

  /** Observes the budget (the UI shows it). Returns a disposer. */
  onDidChange(listener: Listener<RateLimitSnapshot>): Disposer {
    return this.changes.event(listener);
  }

  snapshot(): RateLimitSnapshot {
    const now = this.clock.now();
    this.prune(now);
    const paused = this.pausedUntil > now;
    return {
      remaining: paused ? 0 : Math.max(0, this.capacity()),
      limit: this.limit,
      queued: this.queue.length,
      queuedBackground: this.queue.filter((w) => w.priority() === 'background').length,
      paused,
      inFlight: this.inFlight,
    };
  }

  /** Waits for a slot; `user` requests go before `background` ones. Rejects with AbortError on abort. */
  acquire(priority: PrioritySource = 'user', signal?: AbortSignal): Promise<Permit> {
    if (signal?.aborted) {
      return Promise.reject(new AbortError());
    }
    return new Promise<Permit>((resolve, reject) => {
      const onAbort = (): void => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) {
          this.queue.splice(index, 1);
        }
        reject(new AbortError());
        this.pump();
      };
      const waiter: Waiter = {
        priority: typeof priority === 'function' ? priority : () => priority,
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** After a 429: pause every request for `retryAfterMs` (the service knows of traffic we do not). */
  penalize(retryAfterMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + Math.max(0, retryAfterMs));
    this.pump();
  }

  /** Re-reads the priorities of queued requests (after one was upgraded). */
  reprioritize(): void {
    this.pump();
  }

  dispose(): void {
    this.cancelTimer();
    for (const waiter of this.queue.splice(0)) {
      waiter.cleanup();
      waiter.reject(new AbortError('The rate limiter was disposed.'));
    }
    this.changes.dispose();
  }

  private capacity(): number {
    return this.limit - this.inFlight - this.freeAt.length;
  }

  private prune(now: number): void {
    while (this.freeAt.length > 0 && (this.freeAt[0] as number) <= now) {
      this.freeAt.shift();
    }
  }

  private pump(): void {
    const now = this.clock.now();
    this.prune(now);
    while (this.queue.length > 0 && this.pausedUntil <= now) {
      const index = this.nextWaiterIndex();
      if (index < 0) {
        break;
      }
      const [waiter] = this.queue.splice(index, 1) as [Waiter];
      waiter.cleanup();
      this.inFlight++;
      waiter.resolve(this.permit());
    }
    this.schedule(now);
    this.emitIfChanged();
  }

  /** Index of the waiter to serve now, or -1 when nobody may go yet. */
  private nextWaiterIndex(): number {
    const free = this.capacity();
    const user = this.queue.findIndex((w) => w.priority() === 'user');
    if (user >= 0) {
      return free > 0 ? user : -1;
    }
    return free > this.reserve ? 0 : -1;
  }

  private permit(): Permit {
    let released = false;
    return {
      release: () => {
        if (released) {
          return;
        }
        released = true;
        this.inFlight--;
        this.freeAt.push(this.clock.now() + this.windowMs + this.margin);
        this.pump();
      },
    };
  }

  /** Wakes up when the next slot frees or the pause ends, so queued requests and observers progress. */
  private schedule(now: number): void {
    const pauseEnd = this.pausedUntil > now ? this.pausedUntil : Infinity;
    const next = Math.min(this.freeAt[0] ?? Infinity, pauseEnd);
    if (next === this.timerAt) {
      return;
    }
    this.cancelTimer();
    if (next !== Infinity) {
      this.timerAt = next;
      this.timer = this.clock.setTimeout(() => {
        this.timer = undefined;
        this.timerAt = Infinity;
        this.pump();
      }, next - now);
    }
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) {
      this.clock.clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.timerAt = Infinity;
  }

  private emitIfChanged(): void {
    if (this.changes.size === 0) {
      return;
    }
    const snapshot = this.snapshot();
    const key = JSON.stringify(snapshot);
    if (key !== this.last) {
      this.last = key;
      this.changes.fire(snapshot);
    }
  }
}

const shared = new Map<string, RateLimiter>();

/**
 * The limiter of one token at one service, shared by every client built for it (the budget is per
 * token, not per client). Keyed by a hash so the token itself is never kept as a map key.
 */
export function sharedRateLimiter(baseUrl: string, token: string, options?: RateLimiterOptions): RateLimiter {
  const key = createHash('sha256').update(`${baseUrl}\u0000${token}`).digest('hex');
  let limiter = shared.get(key);
  if (!limiter) {
    limiter = new RateLimiter(options);
    shared.set(key, limiter);
  }
  return limiter;
}
