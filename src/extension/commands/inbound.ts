import * as vscode from 'vscode';
import type { InboundAddress } from '../../core/api/schemas';
import type { SignedIn } from '../auth/session';
import { readOrReport, reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { commandOn } from '../common/commandContext';
import { listFinder } from '../common/pickList';
import type { ListChoice } from '../common/pickList';

export interface InboundOutcome {
  readonly address?: InboundAddress;
  /** True when this command generated it (201), false when it existed (200 on generate, or the read). */
  readonly created: boolean;
}

/**
 * Inbound Email Address of a list (docs/api/openapi.yaml#generateInboundAddress): a pure read first (GET never
 * creates);
 * copy when there is one; generate on request when there is none (POST: 201 created, 200 existed).
 * Nothing is cached: `can_reset` is relative to the caller.
 */
export const showInboundAddress = commandOn(
  listFinder,
  () => vscode.l10n.t('Inbound Email Address'),
  async (_ctx, { state, list }): Promise<InboundOutcome | undefined> => {
    const address = await readOrReport(vscode.l10n.t('Could not read the inbound address of {0}', list.name), () =>
      state.client.getInboundAddress(list.listId, { priority: 'user' }),
    );
    if (address === undefined) {
      return undefined;
    }
    if (address) {
      await offerCopy(
        vscode.l10n.t('Mail sent to {0} becomes a task in {1}.', address.email_address, list.name),
        address,
      );
      return { address, created: false };
    }
    const generate = vscode.l10n.t('Generate Address');
    const choice = await prompter().info(
      vscode.l10n.t('{0} has no inbound email address. Generate one so that mail sent to it becomes tasks?', list.name),
      generate,
    );
    return choice === generate ? generateAddress(state, list) : { created: false };
  },
);

async function generateAddress(state: SignedIn, list: ListChoice): Promise<InboundOutcome | undefined> {
  try {
    const { address, created } = await state.client.createInboundAddress(list.listId, { priority: 'user' });
    // 200: someone generated it between our read and this call; it is the same address either way.
    const text = created
      ? vscode.l10n.t('Generated {0}: mail sent to it becomes a task in {1}.', address.email_address, list.name)
      : vscode.l10n.t('{0} already had an address: {1}.', list.name, address.email_address);
    await offerCopy(text, address);
    return { address, created };
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not generate an inbound address for {0}', list.name), error);
    return undefined;
  }
}

async function offerCopy(text: string, address: InboundAddress): Promise<void> {
  const copy = vscode.l10n.t('Copy Address');
  if ((await prompter().info(text, copy)) === copy) {
    await vscode.env.clipboard.writeText(address.email_address);
    prompter().status(vscode.l10n.t('Copied {0}', address.email_address), 4000);
  }
}
