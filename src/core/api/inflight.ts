import { raceAbort } from '../util/abort';
import type { RequestPriority } from './rateLimiter';

interface Entry<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
  priority: RequestPriority;
}

export interface SharedStart<T> {
  (signal: AbortSignal, priority: () => RequestPriority): Promise<T>;
}

/**
 * Shares identical in-flight GETs. Each caller keeps its own AbortSignal: cancelling one
 * caller only detaches it; the shared request is aborted when every caller has gone. A user request
 * joining a background one upgrades it, so nobody waits behind prefetch for what they asked.
 */
export class InFlightGets {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(private readonly onUpgrade: () => void = () => undefined) {}

  run<T>(key: string, signal: AbortSignal | undefined, priority: RequestPriority, start: SharedStart<T>): Promise<T> {
    let entry = this.entries.get(key) as Entry<T> | undefined;
    if (!entry) {
      entry = this.start(key, priority, start);
    } else if (priority === 'user' && entry.priority !== 'user') {
      entry.priority = 'user';
      this.onUpgrade();
    }
    const current = entry;
    current.waiters++;
    return raceAbort(current.promise, signal).finally(() => {
      current.waiters--;
      if (current.waiters === 0 && !current.settled) {
        current.controller.abort();
        this.forget(key, current);
      }
    });
  }

  get size(): number {
    return this.entries.size;
  }

  private start<T>(key: string, priority: RequestPriority, start: SharedStart<T>): Entry<T> {
    const controller = new AbortController();
    const entry: Entry<T> = {
      promise: Promise.resolve() as Promise<T>,
      controller,
      waiters: 0,
      settled: false,
      priority,
    };
    entry.promise = start(controller.signal, () => entry.priority).finally(() => {
      entry.settled = true;
      this.forget(key, entry);
    });
    // Callers observe the promise through raceAbort; this keeps an abandoned one from being "unhandled".
    entry.promise.catch(() => undefined);
    this.entries.set(key, entry as Entry<unknown>);
    return entry;
  }

  private forget(key: string, entry: Entry<unknown>): void {
    if (this.entries.get(key) === entry) {
      this.entries.delete(key);
    }
  }
}
