import * as vscode from 'vscode';
import type { Inbox } from '../../core/inbox/inbox';
import type { FollowRef, InboxEntry } from '../../core/inbox/state';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import { anySignedIn, signedInFor } from '../auth/guard';
import type { SignedIn } from '../auth/session';
import { SECTION } from '../config';
import type { Services } from '../services';
import { currentTasks } from '../tasks/current';
import { taskRefFrom } from '../tasks/ref';
import type { TaskRef } from '../tasks/ref';
import { prompter } from '../ui/prompter';
import { Inboxes } from './inboxes';
import { InboxPoller } from './poller';
import { InboxTree } from './tree';
import type { InboxNode } from './tree';
import { sentence } from './words';

export interface InboxFeature {
  readonly inboxes: Inboxes;
  readonly tree: InboxTree;
  readonly poller: InboxPoller;
}

/** The Inbox: its tree and badge, the polling, Follow / Unfollow, Mark Read, notifications. */
export function registerInbox(context: vscode.ExtensionContext, services: Services): InboxFeature {
  const inboxes = new Inboxes(services.globalState);
  const tree = new InboxTree(inboxes, services.accounts);
  const poller = new InboxPoller(inboxes, services.accounts);
  const current = (): Inbox | undefined => inboxes.current(services.session.state);
  context.subscriptions.push(
    tree,
    poller,
    poller.onDidFind((entries) => notify(entries)),
    // A check stops at its budget (src/core/budgets.ts): say so where the entries are.
    poller.onDidCheck((result) => {
      tree.view.message =
        result.deferred > 0
          ? vscode.l10n.t('{0} changed tasks were left for the next check, which continues from them.', result.deferred)
          : undefined;
    }),
    services.changes.onDidChange((change) => {
      // A task the user creates here is followed like one assigned to them.
      if (change.kind === 'created' && autoFollows()) {
        const { task } = change;
        void current()?.created(task.id, refOf(change.workspaceId, task), task.updated_at);
      }
    }),
  );
  // Whether the task in front (the focused panel's, else the tree selection's) is followed: the
  // panel's menus offer Follow or Unfollow by it.
  const followingCurrent = (): void => {
    const ref = currentTasks()[0];
    const followed = ref !== undefined && (tree.inboxOf(ref)?.isFollowed(ref.taskId) ?? false);
    void vscode.commands.executeCommand('setContext', 'taskPlatform.inbox.followingCurrent', followed);
  };
  context.subscriptions.push(
    vscode.window.tabGroups.onDidChangeTabs(followingCurrent),
    tree.onDidChangeTreeData(followingCurrent),
  );
  registerCommand(context, Commands.inboxOpen, (entry?: InboxNode) => open(entry && tree.inboxOf(entry), entry));
  registerCommand(context, Commands.inboxMarkRead, (entry?: InboxNode, selected?: InboxNode[]) =>
    markRead(tree, selected ?? (entry ? [entry] : [...tree.view.selection])),
  );
  registerCommand(context, Commands.inboxMarkAllRead, () =>
    Promise.all(tree.accountInboxes().map(({ inbox }) => inbox.markAllRead())),
  );
  registerCommand(context, Commands.inboxCheckNow, () => poller.tick(true));
  registerCommand(context, Commands.followTask, (arg?: unknown) => setFollowed(services, inboxes, arg, true));
  registerCommand(context, Commands.unfollowTask, (arg?: unknown) => setFollowed(services, inboxes, arg, false));
  return { inboxes, tree, poller };
}

function autoFollows(): boolean {
  return vscode.workspace.getConfiguration(SECTION).get<boolean>('inbox.autoFollow', true);
}

function refOf(workspaceId: string, row: { display_id?: string; title: string }): FollowRef {
  return { workspaceId, title: row.title, ...(row.display_id ? { displayId: row.display_id } : {}) };
}

/** Enter on a row: the task opens (at the comment when there is one), as its account, and the row is read. */
async function open(inbox: Inbox | undefined, entry: InboxNode | undefined): Promise<void> {
  if (!inbox || !entry) return;
  const ref = {
    workspaceId: entry.workspaceId,
    taskId: entry.taskId,
    ...(entry.commentId ? { commentId: entry.commentId } : {}),
    ...(entry.account ? { account: entry.account } : {}),
  };
  await Promise.all([vscode.commands.executeCommand(Commands.openTask, ref), inbox.markRead([entry.id])]);
}

/** Marks rows read, each in its own account's inbox. */
async function markRead(tree: InboxTree, rows: readonly InboxNode[]): Promise<void> {
  const byInbox = new Map<Inbox, string[]>();
  for (const row of rows) {
    const inbox = tree.inboxOf(row);
    if (inbox) byInbox.set(inbox, [...(byInbox.get(inbox) ?? []), row.id]);
  }
  await Promise.all([...byInbox].map(([inbox, ids]) => inbox.markRead(ids)));
}

/** Follow / Unfollow: in the inbox of the task's account (the primary's when the task carries none). */
async function setFollowed(services: Services, inboxes: Inboxes, arg: unknown, followed: boolean): Promise<boolean> {
  const ref = taskRefFrom(arg) ?? currentTasks()[0];
  if (!ref) {
    if (await anySignedIn(services.accounts)) {
      void prompter().info(vscode.l10n.t('Open a task or select one in a tree first.'));
    }
    return false;
  }
  const state = await signedInFor(services.accounts, ref);
  const inbox = state && inboxes.current(state);
  if (!state || !inbox) return false;
  if (!followed) {
    await inbox.unfollow(ref.taskId);
    return true;
  }
  const named = await nameOf(state, ref, arg);
  await inbox.follow(ref.taskId, named.ref, named.updatedAt);
  return true;
}

/** How the inbox will name a followed task: from what the caller passed, else one read of the task. */
async function nameOf(state: SignedIn, ref: TaskRef, arg: unknown): Promise<{ ref: FollowRef; updatedAt?: string }> {
  const entry = arg as Partial<InboxEntry> | undefined;
  if (entry && typeof entry.title === 'string' && typeof entry.kind === 'string') {
    return {
      ref: {
        workspaceId: ref.workspaceId,
        title: entry.title,
        ...(entry.displayId ? { displayId: entry.displayId } : {}),
      },
    };
  }
  const row = ref.row ?? (await state.client.getTask(ref.workspaceId, ref.taskId, { priority: 'user' }));
  return { ref: refOf(ref.workspaceId, row), ...(row.updated_at ? { updatedAt: row.updated_at } : {}) };
}

/** Desktop notifications for assignments and mentions, when the setting is on: plain text only. */
function notify(entries: readonly InboxEntry[]): void {
  if (!vscode.workspace.getConfiguration(SECTION).get<boolean>('inbox.notifications', false)) return;
  const loud = entries.filter((e) => e.kind === 'assigned' || e.kind === 'mention');
  if (loud.length === 0) return;
  // The prompter shows every string inert: a title cannot bring a link, an icon or markup.
  const message =
    loud.length === 1
      ? vscode.l10n.t('{0}: {1}', sentence(loud[0]!), loud[0]!.title)
      : vscode.l10n.t('{0} new assignments and mentions in the Inbox', loud.length);
  const show = vscode.l10n.t('Show Inbox');
  void prompter()
    .info(message, show)
    .then((choice) => choice === show && vscode.commands.executeCommand('taskPlatform.inbox.focus'));
}
