import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { inertMarkdown } from '../../core/text/inert';
import type { Session } from '../auth/session';
import { Disposable } from '../disposable';
import { labelOf } from './labels';
import type { Outboxes } from './outboxes';

/**
 * Queued changes in the status bar: `$(cloud-upload) 3` while writes wait for the service, `$(warning) 1`
 * when the service refused one on replay (click to review). Hidden when nothing is queued.
 */
export class OutboxStatusBar extends Disposable {
  private readonly item = this.register(
    vscode.window.createStatusBarItem('taskPlatform.outbox', vscode.StatusBarAlignment.Left, 8),
  );

  constructor(
    private readonly session: Session,
    private readonly outboxes: Outboxes,
  ) {
    super();
    this.item.name = vscode.l10n.t('Task Platform Pending Changes');
    this.item.command = Commands.showPendingChanges;
    this.register(outboxes.onDidChange(() => this.render()));
    this.register(outboxes.onDidChangeReachability(() => this.render()));
    this.register(session.onDidChange(() => this.render()));
    this.render();
  }

  get text(): string {
    return this.item.text;
  }

  render(): void {
    const state = this.session.state;
    const { pending, refused, offline, stored } = this.outboxes.shown(state);
    if (pending.length === 0 && refused.length === 0) {
      this.item.text = '';
      this.item.hide();
      return;
    }
    const parts = [
      pending.length > 0 ? `$(cloud-upload) ${pending.length}` : '',
      refused.length > 0 ? `$(warning) ${refused.length}` : '',
    ];
    this.item.text = parts.filter(Boolean).join(' ');
    this.item.backgroundColor = new vscode.ThemeColor(
      refused.length > 0 ? 'statusBarItem.errorBackground' : 'statusBarItem.warningBackground',
    );
    const summary = [
      pending.length > 0
        ? vscode.l10n.t(
            '{0} change(s) waiting to be sent{1}.',
            pending.length,
            offline ? vscode.l10n.t(' (Task Platform cannot be reached)') : '',
          )
        : '',
      stored
        ? vscode.l10n.t('Made before this window was reloaded; they are sent once Task Platform answers again.')
        : '',
      refused.length > 0
        ? vscode.l10n.t('{0} change(s) refused by Task Platform: click to review.', refused.length)
        : '',
    ].filter(Boolean);
    // Task titles and display ids are outside text: inert, so the tooltip shows them as typed.
    const names = [...refused, ...pending].slice(0, 10).map((w) => `- ${inertMarkdown(labelOf(state, w))}`);
    this.item.tooltip = new vscode.MarkdownString(
      [...summary.map((line) => inertMarkdown(line)), '', ...names].join('\n'),
    );
    this.item.accessibilityInformation = { label: summary.join(' ') };
    this.item.show();
  }
}
