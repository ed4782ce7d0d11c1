import * as vscode from 'vscode';
import type { CheckResult } from '../../core/inbox/check';
import type { InboxEntry } from '../../core/inbox/state';
import { errorText } from '../../core/util/errorText';
import type { AccountSessions } from '../auth/accountSessions';
import type { SignedIn } from '../auth/session';
import { SECTION } from '../config';
import { Disposable } from '../disposable';
import { onDidChangePresence, userPresent } from '../ui/presence';
import { log } from '../log';
import type { Inboxes } from './inboxes';

/** Why a tick did not check (the tests and the benchmark read it). */
export type Skip = 'signedOut' | 'unfocused' | 'budget' | 'recent' | 'running';

/** From someone's return to the catch-up check: a quick switch away and back costs nothing. */
const CATCH_UP_MS = 2_000;

/**
 * The inbox's polling (docs/decisions/inbox-polling.md): one combined check per interval, at
 * background priority, never while nobody is at the window (ui/presence.ts), while less than half of the request
 * budget is left or the limiter waits out a 429, nor when another window of the account checked
 * within the interval.
 */
export class InboxPoller extends Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: AbortController | undefined;
  private focused = userPresent();
  /** A check was skipped for want of a user: one catch-up check when someone is back. */
  private missed = false;
  private readonly found = this.register(new vscode.EventEmitter<readonly InboxEntry[]>());
  /** Entries each check found (notifications listen). */
  readonly onDidFind = this.found.event;
  private readonly checked = this.register(new vscode.EventEmitter<CheckResult>());
  /** Every check that ran (the tree says what a check left for the next one). */
  readonly onDidCheck = this.checked.event;
  /** Checks that ran, requests they made, ticks skipped (the benchmark reads these). */
  readonly stats = { checks: 0, requests: 0, skipped: 0 };

  constructor(
    private readonly inboxes: Inboxes,
    private readonly accounts: AccountSessions,
  ) {
    super();
    this.register(
      vscode.workspace.onDidChangeConfiguration(
        (e) => e.affectsConfiguration(`${SECTION}.inbox.pollIntervalSeconds`) && this.schedule(),
      ),
    );
    this.register(onDidChangePresence((present) => this.setWindowFocused(present)));
    this.register({ dispose: () => this.stop() });
    this.schedule(5_000);
  }

  /** Someone came to the window or left it (also how tests stand in for it): a missed check runs soon after. */
  setWindowFocused(focused: boolean): void {
    const back = focused && !this.focused;
    this.focused = focused;
    if (back && this.missed && this.intervalMs > 0) {
      this.missed = false;
      this.schedule(CATCH_UP_MS);
    }
  }

  get intervalMs(): number {
    const seconds = vscode.workspace.getConfiguration(SECTION).get<number>('inbox.pollIntervalSeconds', 120);
    return seconds <= 0 ? 0 : Math.max(30, seconds) * 1000;
  }

  /**
   * One check now, unless something says wait. `force` (Check Now: the user asked) skips those
   * tests; its requests stay at background priority, so they still yield to what the user waits for.
   * Every signed-in account is checked in turn, each with its own client and budget; the result is
   * theirs together, or the first account's reason when none was checked.
   */
  async tick(force = false): Promise<CheckResult | Skip> {
    const states = this.accounts
      .current()
      .map((s) => s.state)
      .filter((s): s is SignedIn => s.kind === 'signedIn');
    if (states.length === 0) return this.skip('signedOut');
    if (this.running) return this.skip('running');
    if (!force && !this.focused) {
      this.missed = true;
      return this.skip('unfocused');
    }
    const running = new AbortController();
    this.running = running;
    try {
      const outcomes: (CheckResult | Skip)[] = [];
      for (const state of states) {
        if (running.signal.aborted) break;
        outcomes.push(await this.checkOne(state, force, running.signal));
      }
      const results = outcomes.filter((o): o is CheckResult => typeof o !== 'string');
      if (results.length === 0) return this.skip(outcomes[0] as Skip);
      const result = together(results);
      if (result.entries.length > 0) this.found.fire(result.entries);
      this.checked.fire(result);
      return result;
    } finally {
      this.running = undefined;
    }
  }

  /** One account's check, or why it was not checked. */
  private async checkOne(state: SignedIn, force: boolean, signal: AbortSignal): Promise<CheckResult | Skip> {
    const inbox = this.inboxes.current(state);
    if (!inbox) return 'signedOut';
    if (!force && inbox.sinceLastCheck() < this.intervalMs * 0.9) {
      inbox.refresh(); // another window checked: show what it stored
      return 'recent';
    }
    const budget = state.client.limiter.snapshot();
    if (!force && (budget.remaining < budget.limit / 2 || budget.paused)) return 'budget';
    try {
      const workspaces = state.user.workspaces.map((w) => w.id);
      const { spaces, requests } = await this.inboxes.spacesOf(state.client, workspaces, signal);
      const result = await inbox.check(state.client, { spaces, signal });
      this.stats.checks++;
      this.stats.requests += requests + result.requests;
      return result;
    } catch (error) {
      log.debug(`Inbox check failed: ${errorText(error)}`);
      throw error;
    }
  }

  private skip(reason: Skip): Skip {
    this.stats.skipped++;
    return reason;
  }

  private schedule(firstInMs?: number): void {
    this.stop();
    const interval = this.intervalMs;
    if (interval > 0 && !this.isDisposed) {
      this.timer = setTimeout(
        () =>
          void this.tick()
            .catch(() => undefined)
            .finally(() => this.schedule()),
        firstInMs ?? interval,
      );
    }
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running?.abort();
  }
}

/** Several accounts' checks as one: their entries and requests, and what each left for next time. */
function together(results: readonly CheckResult[]): CheckResult {
  if (results.length === 1) return results[0]!;
  return {
    entries: results.flatMap((r) => r.entries),
    requests: results.reduce((n, r) => n + r.requests, 0),
    deferred: results.reduce((n, r) => n + r.deferred, 0),
    // Each account's check applied itself to its own inbox (Inbox.check); nothing is left to apply.
    apply: (state) => state,
  };
}
