import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { budgetItemMode, budgetShown, straining } from '../../core/api/budgetShown';
import type { BudgetItemMode } from '../../core/api/budgetShown';
import type { RateLimitSnapshot } from '../../core/api/rateLimiter';
import { accountLabel } from '../auth/label';
import type { SessionState } from '../auth/session';
import { onDidChangeSetting, SECTION } from '../config';
import { Disposable } from '../disposable';
import type { Attention } from './attention';

/**
 * The request budget in the status bar: requests left in the current minute of the 60 the service
 * allows (docs/api/README.md#rate-limit), what is waiting, and a warning colour while the limiter is
 * pausing requests (after a 429, or with the budget spent and work queued). Shown only when it
 * matters (core/api/budgetShown.ts), or always with `taskPlatform.statusBar.requestBudget`; the
 * account item's tooltip always has its first line (`summary`).
 */
export class BudgetStatusBar extends Disposable {
  private readonly item = this.register(
    vscode.window.createStatusBarItem('taskPlatform.budget', vscode.StatusBarAlignment.Left, 9),
  );
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when `summary` changes. */
  readonly onDidChange = this.changed.event;
  private unsubscribe: { dispose(): void } | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastPausedAt: number | undefined;
  private mode = readMode();
  /** Whether the item is in the status bar now (tests read it). */
  visible = false;
  /** One line for the account's tooltip: requests left this minute; empty when signed out. */
  summary = '';

  /** The shown account's state while signed in: with several accounts its name starts the lines. */
  private shown: SessionState | undefined;

  /** Shows the budget of the account that needs attention (the primary one unless another strains). */
  constructor(private readonly attention: Attention) {
    super();
    this.item.name = vscode.l10n.t('Task Platform Request Budget');
    this.item.command = Commands.showLog;
    this.register(attention.onDidChange(() => this.watch(attention.session.state)));
    this.register(
      onDidChangeSetting('statusBar.requestBudget', () => {
        this.mode = readMode();
        this.watch(attention.session.state);
      }),
    );
    this.register({ dispose: () => this.stop() });
    this.watch(attention.session.state);
  }

  /** What the item shows now (tests read it). */
  get text(): string {
    return this.item.text;
  }

  private watch(state: SessionState): void {
    this.stop();
    if (state.kind !== 'signedIn') {
      this.update(false, '');
      return;
    }
    this.shown = state;
    const limiter = state.client.limiter;
    this.unsubscribe = limiter.onDidChange((snapshot) => this.render(snapshot));
    // Slots free up as the minute passes without any event: look again every few seconds.
    this.timer = setInterval(() => this.render(limiter.snapshot()), 3000);
    this.render(limiter.snapshot());
  }

  private render(s: RateLimitSnapshot): void {
    const now = Date.now();
    if (s.paused) {
      this.lastPausedAt = now;
    }
    const strained = straining(s);
    this.item.text = `$(${strained ? 'watch' : 'pulse'}) ${s.remaining}/${s.limit}${s.queued > 0 ? ` +${s.queued}` : ''}`;
    this.item.backgroundColor = strained ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const lines = [
      vscode.l10n.t('Task Platform requests: {0} of {1} left in the current minute.', s.remaining, s.limit),
      s.inFlight > 0 ? vscode.l10n.t('{0} on the way.', s.inFlight) : '',
      s.queued > 0
        ? vscode.l10n.t(
            '{0} waiting: {1} you asked for, {2} background (polling, prefetch) that yields to yours.',
            s.queued,
            s.queued - s.queuedBackground,
            s.queuedBackground,
          )
        : '',
      s.paused ? vscode.l10n.t('The service said "too many requests": everything waits until it allows more.') : '',
      s.limit < 60
        ? vscode.l10n.t(
            '{0} a minute of the 60 are left to the AI tools (MCP server) while it runs, since they share the token.',
            60 - s.limit,
          )
        : '',
    ];
    // Read at each render (the timer's too): an account that leaves the list may not announce it.
    const shown = this.shown;
    const account = this.attention.several && shown?.kind === 'signedIn' ? accountLabel(shown, true) : undefined;
    const first = account ? vscode.l10n.t('{0}: {1}', account, lines[0]!) : lines[0]!;
    this.item.tooltip = [first, ...lines.slice(1)].filter(Boolean).join('\n');
    this.item.accessibilityInformation = { label: first };
    this.update(budgetShown(s, this.mode, this.lastPausedAt, now), first);
  }

  /** Shows or hides the item, and keeps the account's line (signed out: hidden, no line). */
  private update(visible: boolean, summary: string): void {
    if (visible !== this.visible) {
      this.visible = visible;
      void (visible ? this.item.show() : this.item.hide());
    }
    if (summary !== this.summary) {
      this.summary = summary;
      this.changed.fire();
    }
  }

  private stop(): void {
    this.unsubscribe?.dispose();
    this.unsubscribe = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

function readMode(): BudgetItemMode {
  return budgetItemMode(vscode.workspace.getConfiguration(SECTION).get('statusBar.requestBudget'));
}
