import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import type { AccountSessions } from '../auth/accountSessions';
import { accountLabel } from '../auth/label';
import type { Session } from '../auth/session';
import type { QueuedWrite } from '../../core/outbox/queuedWrite';
import { Disposable } from '../disposable';
import type { Services } from '../services';
import { prompter } from '../ui/prompter';
import { Connectivity } from './connectivity';
import { labelOf } from './labels';
import type { Outboxes } from './outboxes';
import { PendingDecorations } from './decorations';
import { AppliedPublisher } from './publish';
import { PendingReview } from './review';
import { OutboxStatusBar } from './statusBar';

export interface OutboxFeature {
  readonly outboxes: Outboxes;
  /** The primary account's. */
  readonly connectivity: Connectivity;
  /** Any signed-in account's (each account's queue is probed and replayed through its own client). */
  connectivityOf(key: string): Connectivity | undefined;
  readonly statusBar: OutboxStatusBar;
  readonly review: PendingReview;
}

/** Offline writes: the status bar count, the tree badge, replay when back, review of refused ones. */
export function registerOutbox(context: vscode.ExtensionContext, services: Services): OutboxFeature {
  const { session, accounts, outboxes } = services;
  const connectivity = new Connectivity(session, outboxes);
  const others = new OtherAccounts(services, connectivity);
  const statusBar = new OutboxStatusBar(accounts, outboxes);
  const review = new PendingReview(accounts, outboxes, (s) =>
    s === session ? connectivity : s.key === undefined ? undefined : others.of(s.key),
  );
  const publisher = new AppliedPublisher(session, services.changes);
  const decorations = new PendingDecorations(accounts, outboxes);
  context.subscriptions.push(
    connectivity,
    others,
    statusBar,
    publisher,
    new Notices(accounts, outboxes),
    decorations,
    vscode.window.registerFileDecorationProvider(decorations),
    outboxes.onDidApply((applied) => publisher.publish(applied)),
  );
  registerCommand(context, Commands.showPendingChanges, () => review.show());
  return { outboxes, connectivity, statusBar, review, connectivityOf: (key) => others.of(key) };
}

/** A Connectivity for each account beside the primary one, following the accounts signed in. */
class OtherAccounts extends Disposable {
  private readonly byKey = new Map<string, { session: Session; connectivity: Connectivity }>();

  constructor(
    private readonly services: Services,
    private readonly primary: Connectivity,
  ) {
    super();
    this.register(services.accounts.onDidChange(() => this.follow()));
    this.register({ dispose: () => this.byKey.forEach(({ connectivity }) => connectivity.dispose()) });
    this.follow();
  }

  of(key: string): Connectivity | undefined {
    return this.services.session.key === key ? this.primary : this.byKey.get(key)?.connectivity;
  }

  private follow(): void {
    const current = new Map(
      this.services.accounts
        .current()
        .filter((s) => s !== this.services.session && s.key !== undefined)
        .map((s) => [s.key as string, s]),
    );
    for (const [key, entry] of this.byKey) {
      if (current.get(key) !== entry.session) {
        entry.connectivity.dispose();
        this.byKey.delete(key);
      }
    }
    for (const [key, session] of current) {
      if (!this.byKey.has(key)) {
        this.byKey.set(key, { session, connectivity: new Connectivity(session, this.services.outboxes) });
      }
    }
  }
}

/**
 * One notice per offline spell of each account ("kept, will be sent"), and one per refused replay
 * (with Review). With several accounts the notice names the account's service.
 */
class Notices extends Disposable {
  /** Accounts told about their current offline spell. */
  private readonly told = new Set<string>();

  constructor(
    private readonly accounts: AccountSessions,
    private readonly outboxes: Outboxes,
  ) {
    super();
    this.register(outboxes.onDidChangeReachability(({ account, reachable }) => reachable && this.told.delete(account)));
    this.register(outboxes.onDidChange(() => this.onChange()));
    this.register(outboxes.onDidReject(({ write }) => void this.refused(write)));
  }

  private onChange(): void {
    const several = this.accounts.current().filter((s) => s.state.kind === 'signedIn').length > 1;
    for (const session of this.accounts.current()) {
      const key = session.key;
      const state = session.state;
      const outbox = this.outboxes.current(state);
      // Only while the service cannot be reached: a queue being sent after a reload says nothing.
      if (!key || this.told.has(key) || !outbox || !outbox.offline || outbox.pending.length === 0) continue;
      this.told.add(key);
      const show = vscode.l10n.t('Show Pending Changes');
      const text =
        several && state.kind === 'signedIn'
          ? vscode.l10n.t(
              'Task Platform at {0} cannot be reached right now. Changes made as {1} are kept and will be sent, in order, when the connection returns.',
              new URL(state.baseUrl).host,
              accountLabel(state, false),
            )
          : vscode.l10n.t(
              'Task Platform cannot be reached right now. Your changes are kept and will be sent, in order, when the connection returns.',
            );
      void prompter()
        .info(text, show)
        .then((choice) => choice === show && vscode.commands.executeCommand(Commands.showPendingChanges));
    }
  }

  private async refused(write: QueuedWrite): Promise<void> {
    // The label names the task when an account that holds the write has seen it (no request).
    const state = this.accounts
      .current()
      .find((s) => this.outboxes.current(s.state)?.all.some((w) => w.key === write.key))?.state;
    const label = labelOf(state ?? { kind: 'unknown' }, write);
    const review = vscode.l10n.t('Review…');
    const text = vscode.l10n.t(
      'Task Platform refused a change made while it could not be reached: {0}: {1}',
      label,
      write.rejected?.message ?? '',
    );
    if ((await prompter().warn(text, review)) === review) {
      await vscode.commands.executeCommand(Commands.showPendingChanges);
    }
  }
}
