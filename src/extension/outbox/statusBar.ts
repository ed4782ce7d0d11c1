import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { inertMarkdown } from '../../core/text/inert';
import type { AccountSessions } from '../auth/accountSessions';
import { Disposable } from '../disposable';
import { labelOf } from './labels';
import type { Outboxes, ShownQueue } from './outboxes';
import { queuesOf } from './queues';

/**
 * Queued changes in the status bar: `$(cloud-upload) 3` while writes wait for the service, `$(warning) 1`
 * when the service refused one on replay (click to review). Hidden when nothing is queued. With
 * several accounts the counts are every account's, and the tooltip says whose.
 */
export class OutboxStatusBar extends Disposable {
  private readonly item = this.register(
    vscode.window.createStatusBarItem('taskPlatform.outbox', vscode.StatusBarAlignment.Left, 8),
  );

  constructor(
    private readonly accounts: AccountSessions,
    private readonly outboxes: Outboxes,
  ) {
    super();
    this.item.name = vscode.l10n.t('Task Platform Pending Changes');
    this.item.command = Commands.showPendingChanges;
    this.register(outboxes.onDidChange(() => this.render()));
    this.register(outboxes.onDidChangeReachability(() => this.render()));
    this.register(accounts.onDidChange(() => this.render()));
    this.render();
  }

  get text(): string {
    return this.item.text;
  }

  get tooltip(): string {
    return this.item.accessibilityInformation?.label ?? '';
  }

  render(): void {
    const queues = queuesOf(this.accounts, this.outboxes);
    const pending = queues.reduce((n, q) => n + q.pending.length, 0);
    const refused = queues.reduce((n, q) => n + q.refused.length, 0);
    if (pending === 0 && refused === 0) {
      this.item.text = '';
      this.item.hide();
      return;
    }
    const parts = [pending > 0 ? `$(cloud-upload) ${pending}` : '', refused > 0 ? `$(warning) ${refused}` : ''];
    this.item.text = parts.filter(Boolean).join(' ');
    this.item.backgroundColor = new vscode.ThemeColor(
      refused > 0 ? 'statusBarItem.errorBackground' : 'statusBarItem.warningBackground',
    );
    const several = this.accounts.current().filter((s) => s.state.kind === 'signedIn').length > 1;
    const summary = queues.flatMap((q) => {
      const lines = summaryOf(q);
      return several ? [vscode.l10n.t('{0}: {1}', q.name, lines.join(' '))] : lines;
    });
    // Task titles and display ids are outside text: inert, so the tooltip shows them as typed.
    const names = queues
      .flatMap((q) => [...q.refused, ...q.pending].map((w) => labelOf(q.state, w)))
      .slice(0, 10)
      .map((label) => `- ${inertMarkdown(label)}`);
    this.item.tooltip = new vscode.MarkdownString(
      [...summary.map((line) => inertMarkdown(line)), '', ...names].join('\n'),
    );
    this.item.accessibilityInformation = { label: summary.join(' ') };
    this.item.show();
  }
}

function summaryOf(queue: ShownQueue): string[] {
  const { pending, refused, offline, stored } = queue;
  return [
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
    refused.length > 0 ? vscode.l10n.t('{0} change(s) refused by Task Platform: click to review.', refused.length) : '',
  ].filter(Boolean);
}
