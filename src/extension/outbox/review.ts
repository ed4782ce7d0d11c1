import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { queuedWriteProblem } from '../../core/outbox/queuedWrite';
import type { QueuedWrite } from '../../core/outbox/queuedWrite';
import type { Outbox } from '../../core/outbox/outbox';
import type { AccountSessions } from '../auth/accountSessions';
import type { Session, SessionState } from '../auth/session';
import { prompter } from '../ui/prompter';
import type { Connectivity } from './connectivity';
import { inputOf, labelOf } from './labels';
import type { Outboxes } from './outboxes';
import { queuesOf } from './queues';
import type { AccountQueue } from './queues';
import { errorText } from '../../core/util/errorText';

type EntryItem = vscode.QuickPickItem & { write?: QueuedWrite; sendNow?: true };
type ActionItem = vscode.QuickPickItem & { run: () => Promise<void> };

/** One account's queue under review: its state (for labels) and the connectivity that sends it. */
interface Under {
  readonly state: SessionState;
  readonly connectivity: Connectivity | undefined;
}

/**
 * "Show Pending Changes": every queued write with its state. A refused one shows the service's reason
 * and its original input, and can be fixed and retried, retried as is, copied, or discarded: it is
 * never dropped without the user's say. With several accounts holding changes, the user first picks
 * whose; each account's changes are sent through its own client only.
 */
export class PendingReview {
  constructor(
    private readonly accounts: AccountSessions,
    private readonly outboxes: Outboxes,
    private readonly connectivityOf: (session: Session) => Connectivity | undefined,
  ) {}

  async show(): Promise<void> {
    const queues = queuesOf(this.accounts, this.outboxes);
    const queue = queues.length > 1 ? await this.chooseAccount(queues) : queues[0];
    if (!queue) {
      if (queues.length === 0)
        await prompter().info(vscode.l10n.t('No changes are waiting to be sent to Task Platform.'));
      return;
    }
    const under: Under = { state: queue.state, connectivity: this.connectivityOf(queue.session) };
    const outbox = this.outboxes.current(queue.state);
    if (!outbox) {
      // Not restored yet (the service cannot be reached): listed, but acting on them needs the account.
      const items = [...queue.refused, ...queue.pending].map((write) => ({
        ...this.item(under, write, true),
        write: undefined,
      }));
      await prompter().quickPick(items, {
        title: vscode.l10n.t('Task Platform: Pending Changes (cannot be reached; they are sent once it answers)'),
      });
      return;
    }
    const items: EntryItem[] = outbox.all.map((write) => this.item(under, write, outbox.offline));
    if (outbox.pending.length > 0) {
      items.unshift({ label: vscode.l10n.t('Send Now'), iconPath: new vscode.ThemeIcon('sync'), sendNow: true });
    }
    const picked = await prompter().quickPick(items, {
      title:
        queues.length > 1
          ? vscode.l10n.t('Task Platform: Pending Changes of {0}', queue.name)
          : vscode.l10n.t('Task Platform: Pending Changes'),
      matchOnDetail: true,
    });
    if (picked?.sendNow) {
      await under.connectivity?.flush();
    } else if (picked?.write) {
      await this.act(under, outbox, picked.write);
    }
  }

  private async chooseAccount(queues: readonly AccountQueue[]): Promise<AccountQueue | undefined> {
    const items = queues.map((queue) => ({
      label: queue.name,
      description: vscode.l10n.t('{0} waiting, {1} refused', queue.pending.length, queue.refused.length),
      queue,
    }));
    const picked = await prompter().quickPick(items, {
      title: vscode.l10n.t('Task Platform: Pending Changes'),
      placeHolder: vscode.l10n.t('Whose changes?'),
    });
    return picked?.queue;
  }

  private item(under: Under, write: QueuedWrite, offline: boolean): EntryItem {
    const label = labelOf(under.state, write);
    const input = inputOf(write).replace(/\s+/g, ' ');
    if (write.rejected) {
      const status = write.rejected.status ? ` (${write.rejected.status})` : '';
      return {
        label,
        iconPath: new vscode.ThemeIcon('warning'),
        description: vscode.l10n.t('refused{0}', status),
        detail: `${write.rejected.message}${input ? ` · ${input}` : ''}`,
        write,
      };
    }
    const why = offline
      ? vscode.l10n.t('waiting: Task Platform cannot be reached')
      : vscode.l10n.t('waiting to be sent');
    return {
      label,
      iconPath: new vscode.ThemeIcon('cloud-upload'),
      description: new Date(write.heldAt).toLocaleTimeString(),
      detail: `${why}${input ? ` · ${input}` : ''}`,
      write,
    };
  }

  private async act(under: Under, outbox: Outbox, write: QueuedWrite): Promise<void> {
    const actions: ActionItem[] = [];
    if (write.rejected) {
      if (write.body !== undefined) {
        actions.push({ label: vscode.l10n.t('Edit and Retry…'), run: () => this.editAndRetry(under, outbox, write) });
      }
      actions.push({ label: vscode.l10n.t('Retry'), run: () => this.retry(under, outbox, write) });
    }
    if (write.body !== undefined) {
      actions.push({
        label: vscode.l10n.t('Copy Input'),
        run: async () => vscode.env.clipboard.writeText(inputOf(write)),
      });
    }
    actions.push({ label: vscode.l10n.t('Discard'), run: () => this.discard(under, outbox, write) });
    const picked = await prompter().quickPick(actions, { title: labelOf(under.state, write) });
    await picked?.run();
  }

  private async editAndRetry(under: Under, outbox: Outbox, write: QueuedWrite): Promise<void> {
    const body = await prompter().inputBox({
      title: vscode.l10n.t('Edit the change and send it again'),
      prompt: write.rejected?.message,
      value: write.body,
      validateInput: (text) => checkJsonObject(text) ?? checkSendable(write, text),
    });
    if (body === undefined || checkJsonObject(body) !== undefined || checkSendable(write, body) !== undefined) {
      return;
    }
    await this.retry(under, outbox, write, body);
  }

  private async retry(under: Under, outbox: Outbox, write: QueuedWrite, body?: string): Promise<void> {
    // The service keeps its answer to the old key (docs/api/README.md#idempotency): a retry needs a new one.
    await outbox.retry(write.key, randomUUID(), body);
    await under.connectivity?.flush();
  }

  private async discard(under: Under, outbox: Outbox, write: QueuedWrite): Promise<void> {
    const sure = await prompter().confirm(
      vscode.l10n.t('Discard this change?'),
      vscode.l10n.t('{0} will not be sent to Task Platform.', labelOf(under.state, write)),
      vscode.l10n.t('Discard'),
    );
    if (sure) {
      await outbox.discard(write.key);
    }
  }
}

/** A message when the edited body is one the queue would drop instead of sending (queuedWrite.ts). */
function checkSendable(write: QueuedWrite, body: string): string | undefined {
  return queuedWriteProblem({ ...write, body, rejected: undefined }) === undefined
    ? undefined
    : vscode.l10n.t(
        'This change cannot be sent: keep it under 1 MB and 32 levels deep, without keys named __proto__, constructor or prototype.',
      );
}

/** A message when `text` is not a JSON object (nothing is sent then), undefined when it is. */
export function checkJsonObject(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? undefined
      : vscode.l10n.t('Enter a JSON object, like {"title": "New title"}.');
  } catch (error) {
    return vscode.l10n.t('This is not valid JSON: {0}', errorText(error));
  }
}
