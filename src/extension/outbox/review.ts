import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { queuedWriteProblem } from '../../core/outbox/queuedWrite';
import type { QueuedWrite } from '../../core/outbox/queuedWrite';
import type { Outbox } from '../../core/outbox/outbox';
import type { Session } from '../auth/session';
import { prompter } from '../ui/prompter';
import type { Connectivity } from './connectivity';
import { inputOf, labelOf } from './labels';
import type { Outboxes } from './outboxes';
import { errorText } from '../../core/util/errorText';

type EntryItem = vscode.QuickPickItem & { write?: QueuedWrite; sendNow?: true };
type ActionItem = vscode.QuickPickItem & { run: () => Promise<void> };

/**
 * "Show Pending Changes": every queued write with its state. A refused one shows the service's reason
 * and its original input, and can be fixed and retried, retried as is, copied, or discarded: it is
 * never dropped without the user's say.
 */
export class PendingReview {
  constructor(
    private readonly session: Session,
    private readonly outboxes: Outboxes,
    private readonly connectivity: Connectivity,
  ) {}

  async show(): Promise<void> {
    const outbox = this.outboxes.current(this.session.state);
    const { pending, refused, stored } = this.outboxes.shown(this.session.state);
    if (!outbox && stored) {
      // Not restored yet (the service cannot be reached): listed, but acting on them needs the account.
      const items = [...refused, ...pending].map((write) => ({ ...this.item(write, true), write: undefined }));
      await prompter().quickPick(items, {
        title: vscode.l10n.t('Task Platform: Pending Changes (cannot be reached; they are sent once it answers)'),
      });
      return;
    }
    if (!outbox || outbox.all.length === 0) {
      await prompter().info(vscode.l10n.t('No changes are waiting to be sent to Task Platform.'));
      return;
    }
    const items: EntryItem[] = outbox.all.map((write) => this.item(write, outbox.offline));
    if (outbox.pending.length > 0) {
      items.unshift({ label: vscode.l10n.t('Send Now'), iconPath: new vscode.ThemeIcon('sync'), sendNow: true });
    }
    const picked = await prompter().quickPick(items, {
      title: vscode.l10n.t('Task Platform: Pending Changes'),
      matchOnDetail: true,
    });
    if (picked?.sendNow) {
      await this.connectivity.flush();
    } else if (picked?.write) {
      await this.act(outbox, picked.write);
    }
  }

  private item(write: QueuedWrite, offline: boolean): EntryItem {
    const label = this.label(write);
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

  private label(write: QueuedWrite): string {
    return labelOf(this.session.state, write);
  }

  private async act(outbox: Outbox, write: QueuedWrite): Promise<void> {
    const actions: ActionItem[] = [];
    if (write.rejected) {
      if (write.body !== undefined) {
        actions.push({ label: vscode.l10n.t('Edit and Retry…'), run: () => this.editAndRetry(outbox, write) });
      }
      actions.push({ label: vscode.l10n.t('Retry'), run: () => this.retry(outbox, write) });
    }
    if (write.body !== undefined) {
      actions.push({
        label: vscode.l10n.t('Copy Input'),
        run: async () => vscode.env.clipboard.writeText(inputOf(write)),
      });
    }
    actions.push({ label: vscode.l10n.t('Discard'), run: () => this.discard(outbox, write) });
    const picked = await prompter().quickPick(actions, { title: this.label(write) });
    await picked?.run();
  }

  private async editAndRetry(outbox: Outbox, write: QueuedWrite): Promise<void> {
    const body = await prompter().inputBox({
      title: vscode.l10n.t('Edit the change and send it again'),
      prompt: write.rejected?.message,
      value: write.body,
      validateInput: (text) => checkJsonObject(text) ?? checkSendable(write, text),
    });
    if (body === undefined || checkJsonObject(body) !== undefined || checkSendable(write, body) !== undefined) {
      return;
    }
    await this.retry(outbox, write, body);
  }

  private async retry(outbox: Outbox, write: QueuedWrite, body?: string): Promise<void> {
    // The service keeps its answer to the old key (docs/api/README.md#idempotency): a retry needs a new one.
    await outbox.retry(write.key, randomUUID(), body);
    await this.connectivity.flush();
  }

  private async discard(outbox: Outbox, write: QueuedWrite): Promise<void> {
    const sure = await prompter().confirm(
      vscode.l10n.t('Discard this change?'),
      vscode.l10n.t('{0} will not be sent to Task Platform.', this.label(write)),
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
