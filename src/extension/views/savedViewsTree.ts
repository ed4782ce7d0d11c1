import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import type { TaskRow } from '../../core/api/schemas';
import type { KnownView } from '../../core/views/known';
import { ViewPager } from '../../core/views/pager';
import { inert, inertMarkdown } from '../../core/text/inert';
import type { AccountKey } from '../../core/accounts/account';
import { accountScope, messageNode, rootKey, scopeKey, taskNode } from '../../core/tree/nodes';
import type { AccountNode, MessageNode, TaskNode } from '../../core/tree/nodes';
import type { SignedIn } from '../auth/session';
import { accountNode, AccountParts } from '../tree/accountParts';
import { Disposable } from '../disposable';
import { registerViewSelection } from '../tasks/current';
import { TaskDragOut } from '../tree/dragOut';
import { treeItem } from '../tree/items';
import { knownViews, lastRunLabel, scopeLabel } from './context';
import type { ViewsContext } from './context';
import { describeViewFailure, reportViewFailure, staleCountsNote, viewLeftOut } from './messages';

export const SAVED_VIEWS_VIEW = 'taskPlatform.savedViews';

/** A pinned view; `account` set when several accounts are shown (each has its own pins). */
export type ViewNode = {
  readonly kind: 'view';
  readonly key: string;
  readonly view: KnownView;
  readonly account?: AccountKey;
};
export type ViewMoreNode = {
  readonly kind: 'viewMore';
  readonly key: string;
  readonly parentKey: string;
  readonly viewId: string;
  readonly account?: AccountKey;
  readonly label: string;
};
export type SavedViewsNode = ViewNode | TaskNode | ViewMoreNode | MessageNode | AccountNode;

/** Where a view's pager is kept: its id, with several accounts prefixed by the account's key. */
function slot(viewId: string, account: AccountKey | undefined): string {
  return account ? `${account}/${viewId}` : viewId;
}

/**
 * "Saved Views": the pinned views of the signed-in account as roots, each expanding to its rows as
 * the server evaluates them, one page of 50 at a time ("Load more…" reads the next page). With
 * several accounts, a root per account holds that account's pinned views, run with its client.
 */
export class SavedViewsTree extends Disposable implements vscode.TreeDataProvider<SavedViewsNode> {
  private readonly emitter = this.register(new vscode.EventEmitter<SavedViewsNode | undefined>());
  readonly onDidChangeTreeData = this.emitter.event;
  readonly view: vscode.TreeView<SavedViewsNode>;
  /** Pagers by slot (view id, account-prefixed with several accounts). */
  private readonly pagers = new Map<string, ViewPager>();
  /** View nodes by key. */
  private readonly roots = new Map<string, ViewNode>();
  private readonly accountRoots = new Map<string, AccountNode>();
  private readonly parts: AccountParts<never>;
  /** A task dragged out drops its display id (tree/dragOut.ts). */
  readonly dragOut = new TaskDragOut<SavedViewsNode>();

  constructor(private readonly ctx: ViewsContext) {
    super();
    this.parts = new AccountParts(ctx.services.session, ctx.services.accounts);
    this.view = this.register(
      vscode.window.createTreeView(SAVED_VIEWS_VIEW, {
        treeDataProvider: this,
        showCollapseAll: true,
        dragAndDropController: this.dragOut,
      }),
    );
    const view = this.view;
    this.register(registerViewSelection(SAVED_VIEWS_VIEW, () => view.selection.filter((n) => n.kind === 'task')));
    this.register(ctx.changed.event(() => this.refresh()));
    this.register(ctx.services.session.onDidChange(() => this.refresh()));
    // Another account added, removed or changed: rebuilt when several are (or were) shown.
    this.register(
      ctx.services.accounts.onDidChange(() => {
        if (this.parts.sync() || this.parts.several) this.refresh();
      }),
    );
  }

  refresh(node?: ViewNode): void {
    if (node) {
      this.pagers.delete(slot(node.view.id, node.account));
    } else {
      this.pagers.clear();
    }
    this.emitter.fire(node);
  }

  getParent(node: SavedViewsNode): SavedViewsNode | undefined {
    switch (node.kind) {
      case 'account':
        return undefined;
      case 'view':
        return node.account && this.accountRoots.get(rootKey(accountScope(node.account)));
      default:
        return this.roots.get(node.parentKey);
    }
  }

  getTreeItem(node: SavedViewsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'view':
        return this.viewItem(node);
      case 'viewMore': {
        const item = new vscode.TreeItem(inert(node.label));
        item.id = node.key;
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.command = { command: Commands.viewsMore, title: node.label, arguments: [node.viewId, node.account] };
        return item;
      }
      case 'message': {
        const item = treeItem(node, { listTotal: () => undefined, now: () => new Date(), viewId: SAVED_VIEWS_VIEW });
        const root = this.roots.get(node.parentKey);
        item.command =
          node.retry && root
            ? { command: Commands.viewsMore, title: vscode.l10n.t('Retry'), arguments: [root.view.id, root.account] }
            : undefined;
        return item;
      }
      case 'account':
        return treeItem(node, { listTotal: () => undefined, now: () => new Date(), viewId: SAVED_VIEWS_VIEW });
      case 'task': {
        const item = treeItem(node, { listTotal: () => undefined, now: () => new Date(), viewId: SAVED_VIEWS_VIEW });
        item.collapsibleState = vscode.TreeItemCollapsibleState.None;
        return item;
      }
    }
  }

  async getChildren(node?: SavedViewsNode): Promise<SavedViewsNode[]> {
    if (!node) {
      const parts = await this.parts.load();
      if (parts.length > 1) {
        this.accountRoots.clear();
        return parts.flatMap((part) => {
          const root = accountNode(part);
          if (root) this.accountRoots.set(root.key, root);
          return root ?? [];
        });
      }
      this.roots.clear();
    }
    if (!node || node.kind === 'account') {
      const session = node ? this.ctx.services.accounts.find(node.account) : this.ctx.services.session;
      const state = await session?.ensure();
      if (state?.kind !== 'signedIn') {
        // Under an account's root, why it shows nothing; with one account, nothing (as before).
        return node ? [messageNode(node.key, 'info', vscode.l10n.t('This account is not signed in.'))] : [];
      }
      return this.pinnedOf(state, node?.account);
    }
    if (node.kind !== 'view') {
      return [];
    }
    const state = await (
      node.account ? this.ctx.services.accounts.find(node.account) : this.ctx.services.session
    )?.ensure();
    if (state?.kind !== 'signedIn') {
      return [];
    }
    const key = slot(node.view.id, node.account);
    let pager = this.pagers.get(key);
    if (!pager) {
      pager = new ViewPager(state.client, node.view.id);
      this.pagers.set(key, pager);
      try {
        await pager.next();
        void knownViews(this.ctx, state).patch(node.view.id, {
          lastRunAt: new Date().toISOString(),
          lastTotal: pager.counts.filtered,
        });
        // The root's description shows the count once known.
        queueMicrotask(() => this.emitter.fire(node));
      } catch (error) {
        this.pagers.delete(key);
        return [messageNode(node.key, 'error', describeViewFailure(node.view.name, error))];
      }
    }
    return this.rows(node, pager);
  }

  /** An account's pinned views as roots (under its root with several accounts). */
  private pinnedOf(state: SignedIn, account: AccountKey | undefined): ViewNode[] {
    const scope = account && accountScope(account);
    const roots = knownViews(this.ctx, state)
      .pinned()
      .map((view): ViewNode => ({
        kind: 'view',
        key: scopeKey(scope, `view:${view.id}`),
        view,
        ...(account && { account }),
      }));
    roots.forEach((r) => this.roots.set(r.key, r));
    return roots;
  }

  /** "Load more…": the next page of a view's rows (`account`: whose view, with several). */
  async more(viewId: string, account?: AccountKey): Promise<void> {
    const root = this.roots.get(scopeKey(account && accountScope(account), `view:${viewId}`));
    const pager = this.pagers.get(slot(viewId, account));
    if (pager) {
      try {
        await pager.next();
      } catch (error) {
        reportViewFailure(root?.view.name ?? viewId, error);
      }
    }
    this.emitter.fire(root);
  }

  /** A task changed elsewhere: its row in any loaded view shows the new values (no request). */
  replaceRow(task: TaskRow): void {
    for (const [key, pager] of this.pagers) {
      const index = pager.rows.findIndex((r) => r.id === task.id);
      if (index >= 0) {
        pager.rows[index] = { ...pager.rows[index], ...task };
        this.emitter.fire([...this.roots.values()].find((r) => slot(r.view.id, r.account) === key));
      }
    }
  }

  pagerOf(viewId: string, account?: AccountKey): ViewPager | undefined {
    return this.pagers.get(slot(viewId, account));
  }

  private rows(node: ViewNode, pager: ViewPager): SavedViewsNode[] {
    const account = node.account && { account: node.account };
    const rows: SavedViewsNode[] = pager.rows.map((row) => ({
      ...taskNode(row.workspace_id ?? node.view.workspaceId ?? '', row, node.key, `${node.key}/`),
      ...account,
    }));
    if (pager.capped) {
      rows.push({
        kind: 'message',
        key: `${node.key}/leftOut`,
        parentKey: node.key,
        severity: 'info',
        text: viewLeftOut(pager.rows.length, pager.counts.filtered),
        retry: false,
        ...account,
      });
    } else if (!pager.done) {
      rows.push({
        kind: 'viewMore',
        key: `${node.key}/more`,
        parentKey: node.key,
        viewId: node.view.id,
        ...account,
        label: vscode.l10n.t('Load more… ({0} of {1} loaded)', pager.rows.length, pager.counts.filtered ?? '?'),
      });
    }
    return rows;
  }

  /** A view's row: its name comes from the service (label and tooltip inert), the rest is ours. */
  private viewItem(node: ViewNode): vscode.TreeItem {
    const item = new vscode.TreeItem(inert(node.view.name), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.key;
    item.contextValue = 'savedView';
    item.iconPath = new vscode.ThemeIcon('filter');
    const pager = this.pagers.get(slot(node.view.id, node.account));
    const counts = pager?.counts;
    item.description =
      counts?.filtered === undefined ? scopeLabel(node.view) : vscode.l10n.t('{0} tasks', counts.filtered);
    const lines = [scopeLabel(node.view)];
    if (counts?.total !== undefined) {
      lines.push(
        vscode.l10n.t(
          '{0} of {1} tasks shown, {2} completed',
          counts.filtered ?? '?',
          counts.total,
          counts.completed ?? '?',
        ),
      );
    }
    const last = lastRunLabel(node.view);
    if (last) {
      lines.push(last);
    }
    lines.push(staleCountsNote());
    const tooltip = new vscode.MarkdownString(`**${inertMarkdown(node.view.name)}**`);
    lines.forEach((line) => tooltip.appendMarkdown(`  \n${inertMarkdown(line)}`));
    item.tooltip = tooltip;
    return item;
  }
}
