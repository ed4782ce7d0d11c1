import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import type { Session } from '../auth/session';
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
  const { session, outboxes } = services;
  const connectivity = new Connectivity(session, outboxes);
  const statusBar = new OutboxStatusBar(session, outboxes);
  const review = new PendingReview(session, outboxes, connectivity);
  const publisher = new AppliedPublisher(session, services.changes);
  const decorations = new PendingDecorations(session, outboxes);
  context.subscriptions.push(
    connectivity,
    statusBar,
    publisher,
    new Notices(session, outboxes),
    decorations,
    vscode.window.registerFileDecorationProvider(decorations),
    outboxes.onDidApply((applied) => publisher.publish(applied)),
  );
  registerCommand(context, Commands.showPendingChanges, () => review.show());
  const others = new OtherAccounts(services, connectivity);
  context.subscriptions.push(others);
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

/** One notice per offline spell ("kept, will be sent"), and one per refused replay (with Review). */
class Notices extends Disposable {
  private told = false;

  constructor(
    private readonly session: Session,
    private readonly outboxes: Outboxes,
  ) {
    super();
    this.register(outboxes.onDidChangeReachability(({ reachable }) => reachable && (this.told = false)));
    this.register(outboxes.onDidChange(() => this.onChange()));
    this.register(
      outboxes.onDidReject(
        ({ write }) => void this.refused(labelOf(this.session.state, write), write.rejected?.message ?? ''),
      ),
    );
  }

  private onChange(): void {
    const outbox = this.outboxes.current(this.session.state);
    // Only while the service cannot be reached: a queue being sent after a reload says nothing.
    if (this.told || !outbox || !outbox.offline || outbox.pending.length === 0) {
      return;
    }
    this.told = true;
    const show = vscode.l10n.t('Show Pending Changes');
    const text = vscode.l10n.t(
      'Task Platform cannot be reached right now. Your changes are kept and will be sent, in order, when the connection returns.',
    );
    void prompter()
      .info(text, show)
      .then((choice) => choice === show && vscode.commands.executeCommand(Commands.showPendingChanges));
  }

  private async refused(label: string, reason: string): Promise<void> {
    const review = vscode.l10n.t('Review…');
    const text = vscode.l10n.t(
      'Task Platform refused a change made while it could not be reached: {0}: {1}',
      label,
      reason,
    );
    if ((await prompter().warn(text, review)) === review) {
      await vscode.commands.executeCommand(Commands.showPendingChanges);
    }
  }
}
