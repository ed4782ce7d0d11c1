import * as vscode from 'vscode';
import { Inbox } from '../../core/inbox/inbox';
import type { InboxStore } from '../../core/inbox/inbox';
import type { ApiClient } from '../../core/api/client';
import { accountKey, entryOf, withEntry } from '../../core/accounts/account';
import type { Account } from '../../core/accounts/account';
import type { SessionState } from '../auth/session';
import { SECTION } from '../config';

/** globalState key: `{ [account]: InboxState }`; an account is the service address and the user id. */
export const INBOX_KEY = 'taskPlatform.inbox';
/** How long the list of a workspace's spaces is kept before it is read again. */
const SPACES_TTL_MS = 30 * 60_000;

export function autoFollowSetting(): boolean {
  return vscode.workspace.getConfiguration(SECTION).get<boolean>('inbox.autoFollow', true);
}

/**
 * The inbox of each account this window used, over one key of global state shared by the windows
 * (through SerialMemento: docs/decisions/serial-global-state.md). Every change reads the stored
 * value again first, as the offline queue does, so windows keep each other's entries.
 */
export class Inboxes {
  private readonly byAccount = new Map<string, Inbox>();
  private readonly spaces = new WeakMap<ApiClient, Map<string, { ids: string[]; at: number }>>();

  constructor(private readonly state: vscode.Memento) {}

  current(session: SessionState): Inbox | undefined {
    if (session.kind !== 'signedIn') return undefined;
    const account: Account = { baseUrl: session.baseUrl, userId: session.user.id };
    const key = accountKey(account);
    let inbox = this.byAccount.get(key);
    if (!inbox) {
      inbox = new Inbox(this.store(account), session.user.id, { autoFollow: autoFollowSetting });
      this.byAccount.set(key, inbox);
    }
    return inbox;
  }

  /** The spaces of each workspace of the user (kept for half an hour per client: one request each). */
  async spacesOf(
    client: ApiClient,
    workspaceIds: readonly string[],
    signal: AbortSignal,
  ): Promise<{ spaces: { workspaceId: string; spaceIds: string[] }[]; requests: number }> {
    let cache = this.spaces.get(client);
    if (!cache) {
      cache = new Map();
      this.spaces.set(client, cache);
    }
    let requests = 0;
    const spaces = [];
    for (const workspaceId of workspaceIds) {
      let known = cache.get(workspaceId);
      if (!known || Date.now() - known.at > SPACES_TTL_MS) {
        requests += 1;
        const list = await client.listSpaces(workspaceId, { priority: 'background', signal });
        known = { ids: list.map((s) => s.id), at: Date.now() };
        cache.set(workspaceId, known);
      }
      spaces.push({ workspaceId, spaceIds: known.ids });
    }
    return { spaces, requests };
  }

  /** Forgets the loaded inboxes, so the next use reads storage again (what a reload does; tests). */
  forgetLoaded(): void {
    for (const inbox of this.byAccount.values()) inbox.dispose();
    this.byAccount.clear();
  }

  /** Under the account's key; an Inbox of the release before account keys moves there on its first write. */
  private store(account: Account): InboxStore {
    return {
      read: () => entryOf(this.state.get<Record<string, unknown>>(INBOX_KEY, {}), account),
      write: async (value) => {
        await this.state.update(
          INBOX_KEY,
          withEntry<unknown>(this.state.get<Record<string, unknown>>(INBOX_KEY, {}), account, value),
        );
      },
    };
  }
}
