import * as vscode from 'vscode';
import type { Inbox } from '../../core/inbox/inbox';
import type { InboxEntry } from '../../core/inbox/state';
import { inert } from '../../core/text/inert';
import { Commands } from '../common/commandIds';
import { accountKey } from '../../core/accounts/account';
import type { AccountKey } from '../../core/accounts/account';
import type { AccountSessions } from '../auth/accountSessions';
import { accountLabel } from '../auth/label';
import type { SignedIn } from '../auth/session';
import { Disposable } from '../disposable';
import type { Inboxes } from './inboxes';
import { ago, iconOf, sentence } from './words';

export const INBOX_VIEW = 'taskPlatform.inbox';

/**
 * An inbox row: the entry, which is also a TaskRef (workspaceId, taskId) for the task commands. With
 * several accounts it carries its account (and the account's name for the row), so opening, marking
 * read and following act as that account.
 */
export type InboxNode = InboxEntry & { readonly account?: AccountKey; readonly accountName?: string };

/**
 * "Inbox": what changed for the user, newest first, with a badge counting the unread entries: one
 * list for every signed-in account, each entry naming its account when there are several. Every
 * name and title in a row came from the service and is shown through `inert`.
 */
export class InboxTree extends Disposable implements vscode.TreeDataProvider<InboxNode> {
  private readonly emitter = this.register(new vscode.EventEmitter<InboxNode | undefined>());
  readonly onDidChangeTreeData = this.emitter.event;
  readonly view: vscode.TreeView<InboxNode>;
  private readonly watching = new Map<Inbox, vscode.Disposable>();

  constructor(
    private readonly inboxes: Inboxes,
    private readonly accounts: AccountSessions,
  ) {
    super();
    this.view = this.register(vscode.window.createTreeView(INBOX_VIEW, { treeDataProvider: this }));
    this.register(accounts.onDidChange(() => this.refresh()));
    // What another window stored shows when this one is used again.
    this.register(vscode.window.onDidChangeWindowState((s) => s.focused && this.refresh()));
    this.register({ dispose: () => this.watching.forEach((w) => w.dispose()) });
    this.refresh();
  }

  /** The primary account's inbox (what a single account has). */
  get inbox(): Inbox | undefined {
    return this.inboxes.current(this.accounts.primary.state);
  }

  /** Each signed-in account's inbox, the primary's first, with its key and name when there are several. */
  accountInboxes(): { inbox: Inbox; key: AccountKey; account?: AccountKey; accountName?: string; state: SignedIn }[] {
    const states = this.accounts
      .current()
      .map((s) => s.state)
      .filter((s): s is SignedIn => s.kind === 'signedIn');
    const several = states.length > 1;
    const found = states.flatMap((state) => {
      const inbox = this.inboxes.current(state);
      if (!inbox) return [];
      const key = accountKey({ baseUrl: state.baseUrl, userId: state.user.id });
      return [{ inbox, state, key, ...(several && { account: key, accountName: accountLabel(state, true) }) }];
    });
    this.watch(found.map((f) => f.inbox));
    return found;
  }

  /** The inbox an entry (or a task reference) belongs to: its account's, else the primary's. */
  inboxOf(ref: { readonly account?: string } | undefined): Inbox | undefined {
    const key = ref?.account;
    const all = this.accountInboxes();
    // A reference may carry its account even when it is the only one (the panel's does).
    return key ? all.find((a) => a.key === key)?.inbox : (all[0]?.inbox ?? this.inbox);
  }

  refresh(): void {
    const all = this.accountInboxes();
    const unread = all.reduce((n, a) => n + a.inbox.unread, 0);
    const entries = all.reduce((n, a) => n + a.inbox.entries.length, 0);
    this.view.badge =
      unread > 0 ? { value: unread, tooltip: vscode.l10n.t('{0} unread in the Inbox', unread) } : undefined;
    void vscode.commands.executeCommand('setContext', 'taskPlatform.inbox.empty', entries === 0);
    this.emitter.fire(undefined);
  }

  getChildren(node?: InboxNode): InboxNode[] {
    if (this.accounts.primary.state.kind === 'unknown') {
      // Shown before any other view asked: the welcome says "checking" until the session is known.
      void this.accounts.primary.ensure();
    }
    if (node) return [];
    const rows = this.accountInboxes().flatMap(({ inbox, account, accountName }) =>
      inbox.entries.map((entry): InboxNode => (account ? { ...entry, account, accountName } : entry)),
    );
    // Newest first across accounts (each inbox is already newest first).
    return rows.sort((a, b) => (a.when < b.when ? 1 : a.when > b.when ? -1 : 0));
  }

  /** Listens to each shown inbox, and stops listening to the ones no longer shown. */
  private watch(inboxes: readonly Inbox[]): void {
    for (const [inbox, listener] of this.watching) {
      if (!inboxes.includes(inbox)) {
        listener.dispose();
        this.watching.delete(inbox);
      }
    }
    for (const inbox of inboxes) {
      if (!this.watching.has(inbox))
        this.watching.set(
          inbox,
          inbox.onDidChange(() => this.refresh()),
        );
    }
  }

  getTreeItem(entry: InboxNode): vscode.TreeItem {
    const words = sentence(entry);
    const label = inert(words);
    // Unread rows differ in more than colour: the label is highlighted and the description starts
    // with the word "Unread" (also what a screen reader says first, below).
    const item = new vscode.TreeItem(
      entry.read ? label : { label, highlights: [[0, label.length]] },
      vscode.TreeItemCollapsibleState.None,
    );
    // Two users of one service can hold the same entry: the account keeps the ids apart.
    item.id = entry.account ? `${entry.account}\n${entry.id}` : entry.id;
    const when = ago(entry.when, new Date());
    const whose = entry.accountName ? ` · ${entry.accountName}` : '';
    item.description = entry.read
      ? inert(`${entry.title} · ${when}${whose}`)
      : inert(`${vscode.l10n.t('Unread · {0} · {1}', entry.title, when)}${whose}`);
    const tooltip = `${words}\n${entry.title}\n${new Date(entry.when).toLocaleString()}${entry.accountName ? `\n${entry.accountName}` : ''}`;
    item.tooltip = inert(entry.read ? tooltip : `${vscode.l10n.t('Unread')}\n${tooltip}`);
    item.iconPath = new vscode.ThemeIcon(
      iconOf(entry),
      entry.read ? undefined : new vscode.ThemeColor('notificationsInfoIcon.foreground'),
    );
    const followed = this.inboxOf(entry)?.isFollowed(entry.taskId) ?? false;
    item.contextValue = `inboxEntry.${entry.read ? 'read' : 'unread'}.${followed ? 'followed' : 'notFollowed'}`;
    item.accessibilityInformation = {
      label: inert(
        (entry.read
          ? vscode.l10n.t('{0}: {1}, {2}', words, entry.title, when)
          : vscode.l10n.t('Unread: {0}: {1}, {2}', words, entry.title, when)) + whose,
      ),
    };
    item.command = { command: Commands.inboxOpen, title: vscode.l10n.t('Open'), arguments: [entry] };
    return item;
  }
}
