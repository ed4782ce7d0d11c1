import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import type { TaskRow } from '../../core/api/schemas';
import type { KnownView } from '../../core/views/known';
import { ViewPager } from '../../core/views/pager';
import { inert, inertMarkdown } from '../../core/text/inert';
import { messageNode, taskNode } from '../../core/tree/nodes';
import type { MessageNode, TaskNode } from '../../core/tree/nodes';
import { Disposable } from '../disposable';
import { registerViewSelection } from '../tasks/current';
import { TaskDragOut } from '../tree/dragOut';
import { treeItem } from '../tree/items';
import { knownViews, lastRunLabel, scopeLabel } from './context';
import type { ViewsContext } from './context';
import { describeViewFailure, reportViewFailure, staleCountsNote, viewLeftOut } from './messages';

export const SAVED_VIEWS_VIEW = 'taskPlatform.savedViews';

export type ViewNode = { readonly kind: 'view'; readonly key: string; readonly view: KnownView };
export type ViewMoreNode = {
  readonly kind: 'viewMore';
  readonly key: string;
  readonly viewId: string;
  readonly label: string;
};
export type SavedViewsNode = ViewNode | TaskNode | ViewMoreNode | MessageNode;

/**
 * "Saved Views": the pinned views of the signed-in account as roots, each expanding to its rows as
 * the server evaluates them, one page of 50 at a time ("Load more…" reads the next page).
 */
export class SavedViewsTree extends Disposable implements vscode.TreeDataProvider<SavedViewsNode> {
  private readonly emitter = this.register(new vscode.EventEmitter<SavedViewsNode | undefined>());
  readonly onDidChangeTreeData = this.emitter.event;
  readonly view: vscode.TreeView<SavedViewsNode>;
  private readonly pagers = new Map<string, ViewPager>();
  private readonly roots = new Map<string, ViewNode>();
  /** A task dragged out drops its display id (tree/dragOut.ts). */
  readonly dragOut = new TaskDragOut<SavedViewsNode>();

  constructor(private readonly ctx: ViewsContext) {
    super();
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
  }

  refresh(node?: ViewNode): void {
    if (node) {
      this.pagers.delete(node.view.id);
    } else {
      this.pagers.clear();
    }
    this.emitter.fire(node);
  }

  getParent(node: SavedViewsNode): SavedViewsNode | undefined {
    return node.kind === 'view' ? undefined : this.roots.get(node.key.split('/')[0]!);
  }

  getTreeItem(node: SavedViewsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'view':
        return this.viewItem(node);
      case 'viewMore': {
        const item = new vscode.TreeItem(inert(node.label));
        item.id = node.key;
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.command = { command: Commands.viewsMore, title: node.label, arguments: [node.viewId] };
        return item;
      }
      case 'message': {
        const item = treeItem(node, { listTotal: () => undefined, now: () => new Date(), viewId: SAVED_VIEWS_VIEW });
        item.command = node.retry
          ? {
              command: Commands.viewsMore,
              title: vscode.l10n.t('Retry'),
              arguments: [node.parentKey.slice('view:'.length)],
            }
          : undefined;
        return item;
      }
      case 'task': {
        const item = treeItem(node, { listTotal: () => undefined, now: () => new Date(), viewId: SAVED_VIEWS_VIEW });
        item.collapsibleState = vscode.TreeItemCollapsibleState.None;
        return item;
      }
    }
  }

  async getChildren(node?: SavedViewsNode): Promise<SavedViewsNode[]> {
    const state = await this.ctx.services.session.ensure();
    if (state.kind !== 'signedIn') {
      return [];
    }
    if (!node) {
      const roots = knownViews(this.ctx, state)
        .pinned()
        .map((view): ViewNode => ({ kind: 'view', key: `view:${view.id}`, view }));
      this.roots.clear();
      roots.forEach((r) => this.roots.set(r.key, r));
      return roots;
    }
    if (node.kind !== 'view') {
      return [];
    }
    let pager = this.pagers.get(node.view.id);
    if (!pager) {
      pager = new ViewPager(state.client, node.view.id);
      this.pagers.set(node.view.id, pager);
      try {
        await pager.next();
        void knownViews(this.ctx, state).patch(node.view.id, {
          lastRunAt: new Date().toISOString(),
          lastTotal: pager.counts.filtered,
        });
        // The root's description shows the count once known.
        queueMicrotask(() => this.emitter.fire(node));
      } catch (error) {
        this.pagers.delete(node.view.id);
        return [messageNode(node.key, 'error', describeViewFailure(node.view.name, error))];
      }
    }
    return this.rows(node, pager);
  }

  /** "Load more…": the next page of a view's rows. */
  async more(viewId: string): Promise<void> {
    const root = this.roots.get(`view:${viewId}`);
    const pager = this.pagers.get(viewId);
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
    for (const [viewId, pager] of this.pagers) {
      const index = pager.rows.findIndex((r) => r.id === task.id);
      if (index >= 0) {
        pager.rows[index] = { ...pager.rows[index], ...task };
        this.emitter.fire(this.roots.get(`view:${viewId}`));
      }
    }
  }

  pagerOf(viewId: string): ViewPager | undefined {
    return this.pagers.get(viewId);
  }

  private rows(node: ViewNode, pager: ViewPager): SavedViewsNode[] {
    const rows: SavedViewsNode[] = pager.rows.map((row) =>
      taskNode(row.workspace_id ?? node.view.workspaceId ?? '', row, node.key, `${node.key}/`),
    );
    if (pager.capped) {
      rows.push({
        kind: 'message',
        key: `${node.key}/leftOut`,
        parentKey: node.key,
        severity: 'info',
        text: viewLeftOut(pager.rows.length, pager.counts.filtered),
        retry: false,
      });
    } else if (!pager.done) {
      rows.push({
        kind: 'viewMore',
        key: `${node.key}/more`,
        viewId: node.view.id,
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
    const pager = this.pagers.get(node.view.id);
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
