import { ApiError, BadResponseError } from '../api/errors';
import { ValidationError } from '../api/errors';
import { AbortError } from '../util/abort';
import { queuedWriteProblem, isQueuedWrite, targetOf } from './queuedWrite';
import type { QueuedWrite, RejectedWrite } from './queuedWrite';

/** Where queued writes survive a reload (per account; the extension uses globalState). */
export interface OutboxStore {
  read(): unknown[];
  write(entries: readonly QueuedWrite[]): Promise<void>;
}

/** Sends one queued write again, with its own key and bytes; resolves with the decoded answer. */
export type ReplaySend = (write: QueuedWrite) => Promise<unknown>;

export interface OutboxEvents {
  changed?(): void;
  applied?(write: QueuedWrite, answer: unknown): void;
  rejected?(write: QueuedWrite, error: ApiError): void;
  reachability?(reachable: boolean): void;
  /** A stored entry was not a write this client makes (queuedWriteProblem): dropped, never sent. */
  dropped?(reason: string): void;
}

/** What the requester asks of the queue (src/core/api/requester.ts). */
export interface WriteQueue {
  /** A connection failed and the service has not answered since. */
  readonly offline: boolean;
  /**
   * Called before a write is sent; waits until the earlier writes to its task are done. `queued`: it
   * was kept (the service is known to be unreachable, or earlier queued writes could not all be
   * delivered): the caller gets a WriteQueuedError. `send`: go on, and call `finished(write.key)` once
   * the write succeeded, failed or was queued.
   */
  waitForTurn(write: QueuedWrite, send: ReplaySend, signal?: AbortSignal): Promise<'send' | 'queued'>;
  /** A write let through is done (answered, refused, or queued): later writes to its task may go. */
  finished(key: string): void;
  /** A write failed in a way that may be temporary: keep it, with its key, for replay. */
  enqueue(write: QueuedWrite): Promise<void>;
  /** Every answer from the service (reachable) and every failed connection (unreachable). */
  observe(reachable: boolean): void;
  /** Sends what is queued, oldest first; true when nothing pending is left. */
  drain(send: ReplaySend): Promise<boolean>;
}

/**
 * The persistent queue of writes the service did not get. Order is the user's order: while anything is
 * pending, a new write waits for the queue to drain before it is sent, so it can never overtake an older
 * one. Replays reuse the original Idempotency-Key and body, so a write whose first attempt did reach
 * the service is not applied twice. A write refused for a real reason (4xx) stays, marked rejected, until
 * the user retries or discards it.
 */
export class Outbox implements WriteQueue {
  private entries: QueuedWrite[];
  /**
   * Every key this queue has had (loaded, added, renamed by a retry). Storage is shared by the windows
   * signed in to the same account: an entry with a key not in here belongs to another window and is
   * kept as it is when this one saves.
   */
  private readonly known = new Set<string>();
  /** Writes let through and not done yet, oldest first: a later write to the same target waits for them. */
  private active: { key: string; target: string; done: Promise<void>; markDone: () => void }[] = [];
  private reachable = true;
  private draining: Promise<boolean> | undefined;
  private saving: Promise<void> = Promise.resolve();
  /** Entries read back from storage that were not valid queued writes (kept aside, reported once). */
  readonly unreadable: number;

  constructor(
    private readonly store: OutboxStore,
    private readonly events: OutboxEvents = {},
  ) {
    const stored = store.read();
    this.entries = stored.filter((entry): entry is QueuedWrite => {
      const problem = queuedWriteProblem(entry);
      if (problem !== undefined) {
        events.dropped?.(problem);
      }
      return problem === undefined;
    });
    this.unreadable = stored.length - this.entries.length;
    this.entries.forEach((e) => this.known.add(e.key));
  }

  get offline(): boolean {
    return !this.reachable;
  }
  get all(): readonly QueuedWrite[] {
    return this.entries;
  }
  get pending(): QueuedWrite[] {
    return this.entries.filter((e) => !e.rejected);
  }
  get rejected(): QueuedWrite[] {
    return this.entries.filter((e) => e.rejected);
  }

  async waitForTurn(write: QueuedWrite, send: ReplaySend, signal?: AbortSignal): Promise<'send' | 'queued'> {
    // An earlier write to the same task may still be retrying (a 5xx, a reset): if it ends up queued,
    // this one must go after it, so it waits until that write is done. Writes to other tasks do not wait.
    const target = orderingTarget(write.path);
    const earlier = this.active.filter((a) => a.target === target).map((a) => a.done);
    let markDone!: () => void;
    const done = new Promise<void>((resolve) => (markDone = resolve));
    this.active.push({ key: write.key, target, done, markDone });
    try {
      await Promise.all(earlier);
      // Cancelled while it waited: neither sent nor kept.
      if (signal?.aborted) {
        throw new AbortError();
      }
      if (this.reachable && (this.pending.length === 0 || (await this.drain(send)))) {
        return 'send';
      }
      await this.enqueue({ ...write, reason: this.reachable ? 'queued' : 'offline' });
    } catch (error) {
      this.finished(write.key);
      throw error;
    }
    this.finished(write.key);
    return 'queued';
  }

  /** Marks done the oldest write let through with this key (two calls with one key are one logical write). */
  finished(key: string): void {
    const index = this.active.findIndex((a) => a.key === key);
    if (index >= 0) {
      this.active[index]!.markDone();
      this.active.splice(index, 1);
    }
  }

  async enqueue(write: QueuedWrite): Promise<void> {
    if (!this.entries.some((e) => e.key === write.key)) {
      this.entries = [...this.entries, write];
      this.known.add(write.key);
      await this.persist();
    }
  }

  observe(reachable: boolean): void {
    if (reachable !== this.reachable) {
      this.reachable = reachable;
      this.events.reachability?.(reachable);
    }
  }

  /**
   * Sends pending writes oldest first, one at a time; stops at the first transient failure (the rest
   * wait for the next chance). True when nothing pending is left. Concurrent calls share one run.
   */
  drain(send: ReplaySend): Promise<boolean> {
    this.draining ??= this.run(send).finally(() => (this.draining = undefined));
    return this.draining;
  }

  /** Removes an entry (the user discarded it). */
  async discard(key: string): Promise<void> {
    this.entries = this.entries.filter((e) => e.key !== key);
    await this.persist();
  }

  /**
   * Puts a rejected entry back in line with a new key (the service stored its answer to the old one)
   * and, when given, a corrected body; it keeps its place in the order.
   */
  async retry(key: string, newKey: string, body?: string): Promise<void> {
    this.known.add(newKey);
    this.entries = this.entries.map((e) =>
      e.key === key ? { ...e, key: newKey, body: body ?? e.body, rejected: undefined } : e,
    );
    await this.persist();
  }

  private async run(send: ReplaySend): Promise<boolean> {
    for (;;) {
      const next = this.entries.find((e) => !e.rejected);
      if (!next) {
        return true;
      }
      const problem = queuedWriteProblem(next);
      if (problem !== undefined) {
        this.entries = this.entries.filter((e) => e !== next);
        await this.persist();
        this.events.dropped?.(problem);
        continue;
      }
      let answer: unknown;
      try {
        answer = await send(next);
      } catch (error) {
        if (isTransient(error) || AbortError.is(error) || !ApiError.is(error) || error.kind === 'unauthorized') {
          return false;
        }
        await this.markRejected(next, error);
        continue;
      }
      this.entries = this.entries.filter((e) => e.key !== next.key);
      await this.persist();
      this.events.applied?.(next, answer);
    }
  }

  private async markRejected(write: QueuedWrite, error: ApiError): Promise<void> {
    if (error instanceof BadResponseError && (error.status === undefined || error.status < 400)) {
      // A 2xx whose body we could not read: the service applied it. Nothing to keep.
      this.entries = this.entries.filter((e) => e.key !== write.key);
      await this.persist();
      this.events.applied?.(write, undefined);
      return;
    }
    const rejected: RejectedWrite = {
      status: error.status,
      message: error.serverMessage ?? error.message,
      fields: ValidationError.is(error) ? error.fields : undefined,
      at: Date.now(),
    };
    const marked = { ...write, rejected };
    this.entries = this.entries.map((e) => (e.key === write.key ? marked : e));
    await this.persist();
    this.events.rejected?.(marked, error);
  }

  private persist(): Promise<void> {
    const snapshot = this.entries;
    const known = new Set(this.known);
    // Writes to storage are chained so an older snapshot never lands after a newer one. Each one reads
    // storage again, so what another window of the same account stored meanwhile is kept.
    this.saving = this.saving
      .then(() => this.store.write(mergeStored(this.store.read(), snapshot, known)))
      .catch(() => undefined);
    this.events.changed?.();
    return this.saving;
  }
}

/**
 * What to store: this window's entries, and the valid entries of other windows (keys this one never
 * had), merged by the time they were made; each side keeps its own order.
 */
export function mergeStored(
  stored: readonly unknown[],
  own: readonly QueuedWrite[],
  known: ReadonlySet<string>,
): QueuedWrite[] {
  const foreign = stored.filter(isQueuedWrite).filter((e) => !known.has(e.key));
  const merged: QueuedWrite[] = [];
  let i = 0;
  let j = 0;
  while (i < foreign.length || j < own.length) {
    const takeForeign = j >= own.length || (i < foreign.length && foreign[i]!.heldAt < own[j]!.heldAt);
    merged.push(takeForeign ? foreign[i++]! : own[j++]!);
  }
  return merged;
}

/**
 * What a write must stay in order with: the task it changes (its fields, comments, links, custom
 * fields, whichever route names it), else the first resource its path names (`/workspaces/w` for a
 * task created there). Two writes with the same target are sent in the order they were made.
 */
export function orderingTarget(path: string): string {
  const restored = RESTORE_PATH.exec(path)?.[1];
  const task = targetOf({ path })?.taskId ?? (restored === undefined ? undefined : decodeURIComponent(restored));
  return task !== undefined
    ? `task ${task}`
    : `/${path
        .split('/')
        .filter((s) => s !== '')
        .slice(0, 2)
        .join('/')}`;
}

/** Restoring a task from the trash names it too: it goes after a delete of the same task. */
const RESTORE_PATH = /^\/workspaces\/[^/]+\/trash\/task\/([^/]+)\/restore$/;

/** Failures after which the write may still succeed later: keep it and stop the replay. */
export function isTransient(error: unknown): boolean {
  return ApiError.is(error) && (error.kind === 'network' || error.kind === 'server' || error.kind === 'rateLimited');
}
