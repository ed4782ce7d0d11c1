import * as vscode from 'vscode';
import type { Session } from '../auth/session';
import { Disposable } from '../disposable';
import { log } from '../log';
import type { Outboxes } from './outboxes';

const FIRST_PROBE_MS = 10_000;
const MAX_PROBE_MS = 60_000;

/**
 * Notices when an account's service can be reached again and sends what was queued for that account,
 * through its own client only (one per account: outbox/register.ts). While a connection fails, one
 * `GET /user` probe at background priority every 10 s, backing off to a minute (at most one request a
 * minute of the 60 the budget allows). A session that could not be restored because the service was
 * unreachable is restored the same way, so the views recover by themselves. Writes queued after a 5xx or
 * a 429 (the service answered, but not well) are tried again on the same schedule.
 */
export class Connectivity extends Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delayMs = FIRST_PROBE_MS;
  private offline = false;

  constructor(
    private readonly session: Session,
    private readonly outboxes: Outboxes,
  ) {
    super();
    // Each account's service on its own: one that cannot be reached never holds back another.
    this.register(
      outboxes.onDidChangeReachability(
        ({ account, reachable }) => account === session.key && (reachable ? this.online() : this.lost()),
      ),
    );
    this.register(
      session.onDidChange((state) => {
        if (state.kind === 'signedIn') {
          void this.flush();
        } else if (state.kind === 'error') {
          this.lost();
        }
      }),
    );
    this.register(vscode.window.onDidChangeWindowState((state) => state.focused && void this.flush()));
    // Queued after a 5xx or 429 while the service answers: tried again later, on the same backoff.
    this.register(outboxes.onDidChange(() => this.timer === undefined && this.pendingCount() > 0 && this.schedule()));
    this.register({ dispose: () => clearTimeout(this.timer) });
  }

  /** Sends queued writes of the signed-in account now; true when none is left pending. */
  async flush(): Promise<boolean> {
    const state = this.session.state;
    const outbox = this.outboxes.current(state);
    if (state.kind !== 'signedIn' || !outbox || outbox.pending.length === 0) {
      return true;
    }
    const done = await state.client.flushQueuedWrites();
    log.info(done ? 'Queued changes sent.' : `Queued changes: ${outbox.pending.length} still waiting for the service.`);
    return done;
  }

  /** One probe now (the timer calls it; tests too). True when the service answered. */
  async probe(): Promise<boolean> {
    const state = this.session.state;
    if (state.kind === 'error') {
      this.session.invalidate();
      return (await this.session.ensure()).kind !== 'error';
    }
    if (state.kind !== 'signedIn') {
      return false;
    }
    try {
      await state.client.getUser({ priority: 'background' });
      return true;
    } catch {
      return false; // the requester already told the queue whether the service answered
    }
  }

  private pendingCount(): number {
    return this.outboxes.current(this.session.state)?.pending.length ?? 0;
  }

  private lost(): void {
    this.offline = true;
    if (!this.timer) {
      this.schedule();
    }
  }

  private online(): void {
    this.offline = false;
    this.delayMs = FIRST_PROBE_MS;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.flush();
  }

  private schedule(): void {
    this.timer = setTimeout(async () => {
      this.timer = undefined;
      const unreachable = this.offline || this.session.state.kind === 'error';
      const ok = unreachable ? await this.probe() : await this.flush();
      if (ok && unreachable) {
        this.online();
      } else if (!ok && (this.offline || this.session.state.kind === 'error' || this.pendingCount() > 0)) {
        this.delayMs = Math.min(MAX_PROBE_MS, this.delayMs * 2);
        this.schedule();
      } else {
        this.delayMs = FIRST_PROBE_MS;
      }
    }, this.delayMs);
  }
}
