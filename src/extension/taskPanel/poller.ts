import * as vscode from 'vscode';
import { AbortError } from '../../core/util/abort';
import { markFromLoaded } from '../../core/tasks/changeFeed';
import type { FeedMark } from '../../core/tasks/changeFeed';
import { SECTION } from '../config';
import { Disposable } from '../disposable';
import { onDidChangePresence, userPresent } from '../ui/presence';
import { log } from '../log';
import type { TaskPanel } from './panel';
import { pollPanel } from './othersChanges';
import { errorText } from '../../core/util/errorText';

/** What the poller needs of the open panels (TaskPanels). */
export interface PanelSource {
  all(): TaskPanel[];
  readonly onDidChangePanels: vscode.Event<void>;
}

const MIN_SECONDS = 5;

/**
 * Change polling for open task panels: each reads its task's activity newest first (changeFeed.ts),
 * faster for the panel in front, never while hidden or nobody is at the window (ui/presence.ts;
 * docs/decisions/change-detection.md).
 */
export class PanelPoller extends Disposable {
  private readonly marks = new Map<string, FeedMark>();
  private readonly polledAt = new Map<string, number>();
  private focused = userPresent();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: AbortController | undefined;
  private busy: Promise<number> | undefined;
  /** Polls that ran, requests they made, ticks skipped, changes by others applied (tests, benchmark). */
  readonly stats = { ticks: 0, polls: 0, requests: 0, skipped: 0, changes: 0 };
  private automatic = true;
  private closed = false;

  constructor(private readonly panels: PanelSource) {
    super();
    this.register(onDidChangePresence((present) => this.setWindowFocused(present)));
    this.register(panels.onDidChangePanels(() => this.panelsChanged()));
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`${SECTION}.panel`) && this.schedule()),
    );
    this.register({
      dispose: () => {
        this.closed = true;
        this.stop();
      },
    });
    this.schedule();
  }

  /** Off only in tests that drive tick() themselves and read the request log. */
  get timerEnabled(): boolean {
    return this.automatic;
  }

  set timerEnabled(on: boolean) {
    this.automatic = on;
    if (on) this.schedule();
    else this.stop();
  }

  /** Someone came to the window or left it (also how tests simulate it): polling stops while away. */
  setWindowFocused(focused: boolean): void {
    this.focused = focused;
    if (focused) {
      this.schedule();
    } else {
      this.stop();
    }
  }

  /** The interval of one panel now, in ms; 0 = not polled (hidden, window unfocused, setting 0). */
  intervalOf(panel: TaskPanel): number {
    if (!this.focused || !panel.panel.visible || panel.model.gone) {
      return 0;
    }
    const config = vscode.workspace.getConfiguration(SECTION);
    const seconds = panel.panel.active
      ? config.get<number>('panel.pollIntervalSeconds', 15)
      : config.get<number>('panel.idlePollIntervalSeconds', 60);
    return seconds <= 0 ? 0 : Math.max(MIN_SECONDS, seconds) * 1000;
  }

  /**
   * One poll now of every panel that may be polled (tests and the soak call it; the timer calls it
   * with `dueOnly`, polling only panels whose interval has passed). Returns the requests sent.
   */
  tick(options: { dueOnly?: boolean } = {}): Promise<number> {
    // One tick at a time: a second caller waits for the one running rather than polling twice.
    this.busy ??= this.pollAll(options.dueOnly === true).finally(() => {
      this.busy = undefined;
      this.schedule();
    });
    return this.busy;
  }

  /**
   * Each panel is polled through its own account's client, within that account's budget: an account
   * signed out or short of requests skips its panels and no other's.
   */
  private async pollAll(dueOnly: boolean): Promise<number> {
    this.running = new AbortController();
    const signal = this.running.signal;
    let requests = 0;
    const spent = new Set<string>();
    for (const panel of this.due(dueOnly)) {
      const state = panel.session.state;
      if (spent.has(panel.account)) continue;
      if (state.kind !== 'signedIn') {
        this.stats.skipped++;
        spent.add(panel.account);
        continue;
      }
      const budget = state.client.limiter.snapshot();
      if (budget.remaining < budget.limit / 2 || budget.paused) {
        this.stats.skipped++;
        spent.add(panel.account);
        log.debug(`Panel polling skipped: ${budget.remaining} of ${budget.limit} requests left`);
        continue;
      }
      requests += await this.pollOne(panel, state.user.id, signal);
    }
    this.stats.ticks++;
    this.stats.requests += requests;
    return requests;
  }

  /** Panels to poll now, one per task (a task has one panel; the key makes it so regardless). */
  private due(dueOnly: boolean): TaskPanel[] {
    const now = Date.now();
    const byTask = new Map<string, TaskPanel>();
    for (const panel of this.panels.all()) {
      const interval = this.intervalOf(panel);
      const k = key(panel);
      if (interval > 0 && !byTask.has(k) && (!dueOnly || now - (this.polledAt.get(k) ?? 0) >= interval)) {
        byTask.set(k, panel);
      }
    }
    return [...byTask.values()];
  }

  private async pollOne(panel: TaskPanel, me: string, signal: AbortSignal): Promise<number> {
    const k = key(panel);
    const loaded = panel.model.activity;
    const mark = this.marks.get(k) ?? (loaded ? markFromLoaded(loaded.items) : undefined);
    if (!mark) {
      return 0; // its activity is still loading: that load is the first look
    }
    this.polledAt.set(k, Date.now());
    try {
      const result = await pollPanel(panel.ctx, mark, me, AbortSignal.any([signal, panel.ctx.signal]));
      this.marks.set(k, result.mark);
      this.stats.polls++;
      this.stats.changes += result.others;
      return result.requests;
    } catch (error) {
      if (!AbortError.is(error)) {
        // Background work says nothing to the user; the next poll tries again.
        log.debug(`Panel polling: ${errorText(error)}`);
      }
      return 1;
    }
  }

  /** Panels opened, closed, shown, hidden or brought to front: new ones wait one interval (they just loaded). */
  private panelsChanged(): void {
    const open = new Set(this.panels.all().map(key));
    const now = Date.now();
    for (const k of open) {
      if (!this.polledAt.has(k)) this.polledAt.set(k, now);
    }
    for (const k of [...this.marks.keys(), ...this.polledAt.keys()]) {
      if (!open.has(k)) {
        this.marks.delete(k);
        this.polledAt.delete(k);
      }
    }
    this.schedule();
  }

  /** Wakes at the earliest due time of the panels that may be polled; nothing when none may. */
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    const waits = this.panels.all().flatMap((panel) => {
      const interval = this.intervalOf(panel);
      return interval > 0 ? [Math.max(1000, (this.polledAt.get(key(panel)) ?? now) + interval - now)] : [];
    });
    if (waits.length > 0 && !this.busy && this.automatic && !this.closed) {
      this.timer = setTimeout(() => void this.tick({ dueOnly: true }), Math.min(...waits));
    }
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running?.abort();
  }
}

/** A task as one account sees it (two accounts' panels of one task are polled each through its own). */
function key(panel: TaskPanel): string {
  return `${panel.account}/${panel.ref.workspaceId}/${panel.ref.taskId}`;
}
