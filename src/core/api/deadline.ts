import { limitError } from './errors';
import { hostOf } from './transport';

/**
 * The deadline of one logical call: every attempt, backoff, rate-limit wait and body read happen
 * under `signal`, which aborts when the caller cancels or when the deadline passes. `explain` turns
 * whatever the abort caused into the deadline's own NetworkError (timeout), unless the caller cancelled.
 */
export class CallDeadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private endsAt = Infinity;
  private expired = false;
  /** The failure the call is retrying after: what the user is told if the deadline then passes. */
  private retried: unknown;
  private readonly onCallerAbort = (): void => this.controller.abort();

  constructor(
    readonly ms: number,
    private readonly caller: AbortSignal | undefined,
    startNow: boolean,
  ) {
    this.signal = this.controller.signal;
    if (caller?.aborted) {
      this.controller.abort();
    } else {
      caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    }
    if (startNow) {
      this.start();
    }
  }

  /** Starts the clock (once): at the call for user requests, at the first slot for background ones. */
  start(): void {
    if (this.endsAt !== Infinity || !Number.isFinite(this.ms)) {
      return;
    }
    this.endsAt = Date.now() + this.ms;
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort();
    }, this.ms);
    this.timer.unref?.();
  }

  /** Milliseconds left (Infinity before the clock starts). */
  remaining(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  /** Notes the failure a retry answers (undefined: none, as for a write still in flight). */
  retrying(error: unknown): void {
    this.retried = error;
  }

  /**
   * The error to report for `error`: when the deadline expired (and the caller did not cancel), the
   * failure being retried says more than "no answer in time"; without one, the deadline's own error.
   */
  explain(error: unknown, operation: string, url: string): unknown {
    if (!this.expired || this.caller?.aborted) {
      return error;
    }
    return this.retried ?? limitError(operation, hostOf(url), { kind: 'deadline', ms: this.ms });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
