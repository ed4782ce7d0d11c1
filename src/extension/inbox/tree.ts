import * as vscode from 'vscode';
import type { Inbox } from '../../core/inbox/inbox';
import type { InboxEntry } from '../../core/inbox/state';
import { inert } from '../../core/text/inert';
import { Commands } from '../common/commandIds';
import type { Session } from '../auth/session';
import { Disposable } from '../disposable';
import type { Inboxes } from './inboxes';
import { ago, iconOf, sentence } from './words';

export const INBOX_VIEW = 'taskPlatform.inbox';

/** An inbox row: the entry, which is also a TaskRef (workspaceId, taskId) for the task commands. */
export type InboxNode = InboxEntry;

/**
 * "Inbox": what changed for the user, newest first, with a badge counting the unread entries. Every
 * name and title in a row came from the service and is shown through `inert`.
 */
export class InboxTree extends Disposable implements vscode.TreeDataProvider<InboxNode> {
  private readonly emitter = this.register(new vscode.EventEmitter<InboxNode | undefined>());
  readonly onDidChangeTreeData = this.emitter.event;
  readonly view: vscode.TreeView<InboxNode>;
  private watched: Inbox | undefined;
  private watching: vscode.Disposable | undefined;

  constructor(
    private readonly inboxes: Inboxes,
    private readonly session: Session,
  ) {
    super();
    this.view = this.register(vscode.window.createTreeView(INBOX_VIEW, { treeDataProvider: this }));
    this.register(session.onDidChange(() => this.refresh()));
    // What another window stored shows when this one is used again.
    this.register(vscode.window.onDidChangeWindowState((s) => s.focused && this.refresh()));
    this.register({ dispose: () => this.watching?.dispose() });
    this.refresh();
  }

  get inbox(): Inbox | undefined {
    const inbox = this.inboxes.current(this.session.state);
    if (inbox !== this.watched) {
      this.watching?.dispose();
      this.watched = inbox;
      this.watching = inbox?.onDidChange(() => this.refresh());
    }
    return inbox;
  }

  refresh(): void {
    const inbox = this.inbox;
    const unread = inbox?.unread ?? 0;
    this.view.badge =
      unread > 0 ? { value: unread, tooltip: vscode.l10n.t('{0} unread in the Inbox', unread) } : undefined;
    void vscode.commands.executeCommand('setContext', 'taskPlatform.inbox.empty', (inbox?.entries.length ?? 0) === 0);
    this.emitter.fire(undefined);
  }

  getChildren(node?: InboxNode): InboxNode[] {
    if (this.session.state.kind === 'unknown') {
      // Shown before any other view asked: the welcome says "checking" until the session is known.
      void this.session.ensure();
    }
    return node ? [] : [...(this.inbox?.entries ?? [])];
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
    item.id = entry.id;
    const when = ago(entry.when, new Date());
    item.description = entry.read
      ? inert(`${entry.title} · ${when}`)
      : inert(vscode.l10n.t('Unread · {0} · {1}', entry.title, when));
    const tooltip = `${words}\n${entry.title}\n${new Date(entry.when).toLocaleString()}`;
    item.tooltip = inert(entry.read ? tooltip : `${vscode.l10n.t('Unread')}\n${tooltip}`);
    item.iconPath = new vscode.ThemeIcon(
      iconOf(entry),
      entry.read ? undefined : new vscode.ThemeColor('notificationsInfoIcon.foreground'),
    );
    const followed = this.inbox?.isFollowed(entry.taskId) ?? false;
    item.contextValue = `inboxEntry.${entry.read ? 'read' : 'unread'}.${followed ? 'followed' : 'notFollowed'}`;
    item.accessibilityInformation = {
      label: inert(
        entry.read
          ? vscode.l10n.t('{0}: {1}, {2}', words, entry.title, when)
          : vscode.l10n.t('Unread: {0}: {1}, {2}', words, entry.title, when),
      ),
    };
    item.command = { command: Commands.inboxOpen, title: vscode.l10n.t('Open'), arguments: [entry] };
    return item;
  }
}
