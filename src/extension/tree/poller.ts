import * as vscode from 'vscode';
import type { Session } from '../auth/session';
import { SECTION } from '../config';
import { Disposable } from '../disposable';
import { onDidChangePresence, userPresent } from '../ui/presence';
import { log } from '../log';
import type { ExplorerTree } from './explorer';
import type { MyTasksTree } from './myTasks';

/**
 * The tree's change polling: re-reads the index of each loaded list, at background priority, never
 * while no view is visible or nobody is at the window (ui/presence.ts; docs/decisions/change-detection.md).
 */
const REFOCUS_DELAY_MS = 2_000;

export class TreePoller extends Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: AbortController | undefined;
  private focused = userPresent();
  /** A poll was skipped because nobody was at the window: poll soon once someone is again. */
  private missed = false;
  /** Polls that ran and requests they made (the benchmark reads these). */
  readonly stats = { ticks: 0, requests: 0, skipped: 0 };

  constructor(
    private readonly explorer: ExplorerTree,
    private readonly myTasks: MyTasksTree,
    private readonly session: Session,
  ) {
    super();
    this.register(
      vscode.workspace.onDidChangeConfiguration(
        (e) => e.affectsConfiguration(`${SECTION}.tree.pollIntervalSeconds`) && this.schedule(),
      ),
    );
    this.register(onDidChangePresence((present) => this.setWindowFocused(present)));
    this.register({ dispose: () => this.stop() });
    this.schedule();
  }

  /** Someone came to the window or left it (also how tests simulate it). */
  setWindowFocused(focused: boolean): void {
    const back = focused && !this.focused;
    this.focused = focused;
    if (back && this.missed && this.intervalMs > 0) {
      // Not at once: a quick switch away and back costs nothing.
      this.schedule(REFOCUS_DELAY_MS);
    }
  }

  get intervalMs(): number {
    const seconds = vscode.workspace.getConfiguration(SECTION).get<number>('tree.pollIntervalSeconds', 300);
    return seconds <= 0 ? 0 : Math.max(30, seconds) * 1000;
  }

  /** One poll now (tests and the benchmark call it; the timer calls it otherwise). */
  async tick(): Promise<number> {
    const state = this.session.state;
    if (state.kind !== 'signedIn' || !(this.explorer.view.visible || this.myTasks.view.visible)) {
      this.stats.skipped++;
      return 0;
    }
    if (!this.focused) {
      this.missed = true;
      this.stats.skipped++;
      return 0;
    }
    this.missed = false;
    const budget = state.client.limiter.snapshot();
    if (budget.remaining < budget.limit / 2 || budget.paused) {
      this.stats.skipped++;
      log.debug(`Polling skipped: ${budget.remaining} of ${budget.limit} requests left`);
      return 0;
    }
    this.running = new AbortController();
    const requests = await this.explorer.poll(this.running.signal).catch(() => 0);
    this.stats.ticks++;
    this.stats.requests += requests;
    return requests;
  }

  private schedule(firstInMs?: number): void {
    this.stop();
    const interval = this.intervalMs;
    if (interval > 0 && !this.isDisposed) {
      // a poll running at dispose schedules no next one
      this.timer = setTimeout(() => void this.tick().finally(() => this.schedule()), firstInMs ?? interval);
    }
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running?.abort();
  }
}
