import * as vscode from 'vscode';
import type { ApiError } from '../../core/api/errors';
import type { QueuedWrite } from '../../core/outbox/queuedWrite';
import { isQueuedWrite, targetOf } from '../../core/outbox/queuedWrite';
import { Outbox } from '../../core/outbox/outbox';
import type { OutboxStore } from '../../core/outbox/outbox';
import { accountKey, entryOf, legacyAccountKeys, parseAccountKey, withEntry } from '../../core/accounts/account';
import type { Account, AccountKey } from '../../core/accounts/account';
import type { SessionState } from '../auth/session';
import { log } from '../log';

/**
 * globalState key: `{ [account key]: QueuedWrite[] }` (core/accounts/account.ts). Queues of the
 * release before account keys sit under `<url> <user>` until their account's first write moves them.
 */
const STORAGE_KEY = 'taskPlatform.outbox';

export interface Reachability {
  readonly account: AccountKey;
  readonly reachable: boolean;
}

/** What one account's queue shows: its writes waiting and refused, and whether they wait on the network. */
export interface ShownQueue {
  readonly pending: QueuedWrite[];
  readonly refused: QueuedWrite[];
  readonly offline: boolean;
  /** Read from storage: the account is not restored yet (its service cannot be reached). */
  readonly stored: boolean;
}

export interface AppliedWrite {
  readonly write: QueuedWrite;
  readonly answer: unknown;
}

/**
 * The offline queues of every account this window has used, kept in extension global storage so they
 * survive a reload. Stored: method, path, body and Idempotency-Key of each write, never the token or
 * any header.
 */
export class Outboxes implements vscode.Disposable {
  private readonly byAccount = new Map<string, Outbox>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly appliedEmitter = new vscode.EventEmitter<AppliedWrite>();
  private readonly rejectedEmitter = new vscode.EventEmitter<{ write: QueuedWrite; error: ApiError }>();
  private readonly reachability = new vscode.EventEmitter<Reachability>();
  readonly onDidChange = this.changed.event;
  readonly onDidApply = this.appliedEmitter.event;
  readonly onDidReject = this.rejectedEmitter.event;
  /** An account's service answered again (`reachable`) or a connection to it failed. */
  readonly onDidChangeReachability = this.reachability.event;

  constructor(private readonly state: vscode.Memento) {}

  /** The queue of one account (created from storage on first use). */
  for(baseUrl: string, userId: string): Outbox {
    const account: Account = { baseUrl, userId };
    const key = accountKey(account);
    let outbox = this.byAccount.get(key);
    if (!outbox) {
      outbox = new Outbox(this.store(account), {
        changed: () => this.changed.fire(),
        applied: (write, answer) => this.appliedEmitter.fire({ write, answer }),
        rejected: (write, error) => this.rejectedEmitter.fire({ write, error }),
        reachability: (reachable) => this.reachability.fire({ account: key, reachable }),
        // Fixed phrases only: the stored entry itself may be anything, of any size.
        dropped: (reason) =>
          log.warn(
            `Offline queue: dropped a stored change that this extension would not make (${reason}); it was not sent.`,
          ),
      });
      this.byAccount.set(key, outbox);
    }
    return outbox;
  }

  /** The queue of the signed-in account, if any. */
  current(state: SessionState): Outbox | undefined {
    return state.kind === 'signedIn' ? this.for(state.baseUrl, state.user.id) : undefined;
  }

  /**
   * What is stored for any account of `baseUrl`, without knowing who is signed in: after a reload
   * while the service cannot be reached, the session (and so the account) is not restored yet, but
   * the user should still see that earlier changes wait to be sent. Read-only: replay needs the account.
   */
  storedFor(baseUrl: string, account?: Account): QueuedWrite[] {
    const all = this.state.get<Record<string, unknown>>(STORAGE_KEY, {});
    // The account, when known (two users of one service each have their own queue), else the address's.
    const ours = (key: string): boolean =>
      account
        ? key === accountKey(account) || legacyAccountKeys(account).includes(key)
        : parseAccountKey(key)?.baseUrl === baseUrl || key.startsWith(`${baseUrl} `);
    return Object.entries(all)
      .filter(([key]) => ours(key))
      .flatMap(([, entries]) => (Array.isArray(entries) ? entries.filter(isQueuedWrite) : []));
  }

  /**
   * The queued writes to show: the signed-in account's queue, or, while the service cannot be reached
   * and no account is known, what is stored for the service's address (`stored`).
   */
  shown(state: SessionState): ShownQueue {
    const outbox = this.current(state);
    if (outbox) {
      return { pending: outbox.pending, refused: outbox.rejected, offline: outbox.offline, stored: false };
    }
    const stored = state.kind === 'error' && state.unreachable ? this.storedFor(state.baseUrl, state.account) : [];
    return {
      pending: stored.filter((w) => !w.rejected),
      refused: stored.filter((w) => w.rejected),
      offline: stored.length > 0,
      stored: stored.length > 0,
    };
  }

  /** Queued writes (pending and refused) that change `taskId`, for the tree badge and the panel banner. */
  forTask(state: SessionState, taskId: string): QueuedWrite[] {
    return this.current(state)?.all.filter((w) => targetOf(w)?.taskId === taskId) ?? [];
  }

  /** Forgets the in-memory queues, so the next use reads storage again (what a reload does; tests). */
  forgetLoaded(): void {
    this.byAccount.clear();
  }

  dispose(): void {
    this.changed.dispose();
    this.appliedEmitter.dispose();
    this.rejectedEmitter.dispose();
    this.reachability.dispose();
  }

  private store(account: Account): OutboxStore {
    return {
      read: () => {
        const stored = entryOf(this.state.get<Record<string, unknown>>(STORAGE_KEY, {}), account);
        return Array.isArray(stored) ? stored : [];
      },
      // Idempotency keys are private to a token: a queue is only ever replayed through its own
      // account, and its first write moves it off the previous release's key, so no entry is read twice.
      write: async (entries) => {
        const all = this.state.get<Record<string, unknown>>(STORAGE_KEY, {});
        await this.state.update(
          STORAGE_KEY,
          withEntry<unknown>(all, account, entries.length === 0 ? undefined : entries),
        );
      },
    };
  }
}
