import { closeSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { RateLimiter } from '../api/rateLimiter';
import type { Disposer } from '../util/event';
import { SERVICE_LIMIT } from './budget';

/**
 * One budget for two processes (docs/decisions/request-budget.md): the editor and the MCP server it
 * started use the same token, whose 60 requests a minute the service counts together. Each side
 * writes, into one small JSON file the editor names in the server's environment, the most slots it
 * may occupy (its ceiling), whether requests wait for a slot, and when it wrote. A side raises its
 * own limit only into what the other's ceiling leaves free, under a lock file, so the two ceilings
 * never add up to more than the budget; a side that stops writing (it crashed or exited) counts
 * until every request it may have sent has left the service's window, then not at all.
 */
export const LEASE_VAR = 'TASK_PLATFORM_BUDGET_LEASE';

export type LeaseSide = 'editor' | 'server';

export interface ShareRecord {
  /** The most slots this side may occupy; its limiter never exceeds it. */
  readonly ceiling: number;
  /** Requests of this side wait for a slot: the other lends what it does not use. */
  readonly wants: boolean;
  /** When it was written (ms since the epoch). */
  readonly at: number;
}

export type LeaseState = Partial<Record<LeaseSide, ShareRecord>>;

export interface BudgetShareOptions {
  readonly file: string;
  readonly side: LeaseSide;
  readonly limiter: RateLimiter;
  /** The token's budget for both sides together (60). */
  readonly total?: number;
  /** This side never takes more than this, e.g. TASK_PLATFORM_REQUESTS_PER_MINUTE. */
  readonly cap?: number;
  /** What an idle side keeps while the other is busy: the user's next click does not wait a window. */
  readonly keep?: number;
  /** How often each side writes its record; default a twelfth of the limiter's window (5 s). */
  readonly tickMs?: number;
  readonly now?: () => number;
}

/** What a side takes, given its own demand and the other's record (undefined: gone or never there). */
export function shareLimit(
  total: number,
  keep: number,
  wants: boolean,
  other: ShareRecord | undefined,
  cap = total,
): number {
  const room = total - (other?.ceiling ?? 0);
  const target = !wants ? (other?.wants ? keep : Math.floor(total / 2)) : other?.wants ? Math.floor(total / 2) : room;
  return Math.max(0, Math.min(target, room, cap));
}

/** Reads the lease; a missing or unreadable file is an empty one. */
export function readLease(file: string): LeaseState {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const state: LeaseState = {};
    for (const side of ['editor', 'server'] as const) {
      const record = (parsed as Record<string, unknown> | null)?.[side] as Partial<ShareRecord> | undefined;
      if (
        typeof record?.ceiling === 'number' &&
        typeof record.at === 'number' &&
        Number.isFinite(record.ceiling) &&
        Number.isFinite(record.at)
      ) {
        state[side] = { ceiling: Math.max(0, record.ceiling), wants: record.wants === true, at: record.at };
      }
    }
    return state;
  } catch {
    return {};
  }
}

/** When the lease was last written (ms since the epoch), if it exists: old ones of closed windows are removed. */
export async function lastTouch(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

const LOCK_STALE_MS = 2_000;

/** Runs `fn` holding `file`.lock (created exclusively); undefined when the other side holds it now. */
function withLock<T>(file: string, fn: () => T): T | undefined {
  const lock = `${file}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(lock, 'wx'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
      // A lock is held for a read and a write: an old one belongs to a process that died holding it;
      // one gone already was just released.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (attempt === 0 && (!held || Date.now() - held.mtimeMs > LOCK_STALE_MS)) {
        if (held) rmSync(lock, { force: true });
        continue;
      }
      return undefined;
    }
    try {
      return fn();
    } finally {
      rmSync(lock, { force: true });
    }
  }
  return undefined;
}

/** One side's part in the shared budget: keeps its limiter within what the other leaves. */
export class BudgetShare {
  readonly side: LeaseSide;
  readonly tickMs: number;
  /** How long a record counts after it was written: a refresh missed, plus the window and its margin. */
  readonly staleMs: number;
  private readonly total: number;
  private readonly keep: number;
  private readonly now: () => number;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly listening: Disposer;
  private published: ShareRecord | undefined;
  private lastWritten: number;
  private stopped = false;
  private stopping = false;
  private syncing = false;
  private retrying = false;

  constructor(private readonly options: BudgetShareOptions) {
    this.side = options.side;
    this.total = options.total ?? SERVICE_LIMIT;
    this.keep = options.keep ?? 4;
    this.now = options.now ?? Date.now;
    this.tickMs = options.tickMs ?? Math.max(10, Math.round(options.limiter.windowMs / 12));
    this.staleMs = options.limiter.windowMs + Math.ceil(options.limiter.windowMs / 100) + 3 * this.tickMs;
    this.lastWritten = this.now();
    this.timer = setInterval(() => this.sync(), this.tickMs);
    this.timer.unref?.();
    // Requests start waiting: ask for the other's idle share now rather than at the next tick.
    this.listening = options.limiter.onDidChange((s) => {
      if (s.queued > 0 && !this.published?.wants) queueMicrotask(() => this.sync());
    });
    this.sync();
  }

  /** The other side's record while it counts (written within `staleMs`). */
  other(state: LeaseState = readLease(this.options.file), now = this.now()): ShareRecord | undefined {
    const record = state[this.side === 'editor' ? 'server' : 'editor'];
    return record && now - record.at < this.staleMs ? record : undefined;
  }

  /** Reads the other's record, sets this side's limit and writes its own. False when it could not. */
  sync(): boolean {
    if (this.stopped || this.syncing) {
      return false;
    }
    this.syncing = true;
    let done: boolean | undefined;
    try {
      done = withLock(this.options.file, () => this.exchange());
    } catch {
      done = false;
    } finally {
      this.syncing = false;
    }
    if (done === undefined && !this.retrying) {
      // The other side holds the lock for a moment: try again shortly rather than at the next tick.
      this.retrying = true;
      setTimeout(() => {
        this.retrying = false;
        this.sync();
      }, 20).unref?.();
    }
    if (!done && this.now() - this.lastWritten > 2 * this.tickMs) {
      // The file cannot be written: keep to the fixed split of old (editor 40, server 20) meanwhile.
      const fixed = this.side === 'editor' ? this.total - Math.floor(this.total / 3) : Math.floor(this.total / 3);
      this.options.limiter.setLimit(Math.min(this.options.limiter.limit, fixed));
    }
    return done === true;
  }

  private exchange(): boolean {
    const { file, limiter, cap } = this.options;
    const state = readLease(file);
    const wants = !this.stopping && limiter.waiting > 0;
    const limit = this.stopping ? 0 : shareLimit(this.total, this.keep, wants, this.other(state), cap);
    // Lower first, publish, then raise: the file never claims less than the limiter may use.
    if (limit < limiter.limit) limiter.setLimit(limit);
    const record = { ceiling: Math.max(limit, limiter.occupied()), wants, at: this.now() };
    writeFileSync(file, JSON.stringify({ ...state, [this.side]: record }));
    this.published = record;
    this.lastWritten = record.at;
    if (limit > limiter.limit) limiter.setLimit(limit);
    return true;
  }

  /**
   * Stops: this side's limiter sends nothing more (the caller gives it the whole budget once the other
   * side is gone), and its record keeps what it still occupies until the record is stale.
   */
  stop(): void {
    if (this.stopped) {
      return;
    }
    this.stopping = true;
    this.sync();
    this.stopped = true;
    clearInterval(this.timer);
    this.listening.dispose();
  }
}
