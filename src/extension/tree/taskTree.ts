import * as vscode from 'vscode';
import { ApiError } from '../../core/api/errors';
import type { TreeModel } from '../../core/tree/model';
import { messageNode, ROOT_KEY } from '../../core/tree/nodes';
import type { MoreNode, TaskNode, TreeNode } from '../../core/tree/nodes';
import type { Session, SessionState, SignedIn } from '../auth/session';
import { Disposable } from '../disposable';
import { log } from '../log';
import type { TaskChange, TaskChanges } from '../tasks/changes';
import { registerViewSelection } from '../tasks/current';
import { describeFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { ExpandedNodes } from './expanded';
import { treeItem } from './items';
import type { ItemContext } from './items';

/**
 * What the explorer and My Tasks share: the session, the loading states (progress in the view, an
 * error row with the reason and Retry), node-level refreshes coalesced per tick, and the reaction to
 * the extension's own writes (only the nodes concerned are refreshed). getChildren never shows a
 * message box; failures become rows.
 */
export abstract class TaskTree<M extends TreeModel> extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly changed = this.register(new vscode.EventEmitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  protected model: M | undefined;
  private readonly parents = new Map<string, TreeNode | undefined>();
  private readonly pending = new Set<TreeNode | undefined>();
  private flushScheduled = false;
  private loading = 0;
  private finishLoading: (() => void) | undefined;

  constructor(
    protected readonly viewId: string,
    protected readonly session: Session,
    changes: TaskChanges,
  ) {
    super();
    // A new session means a new client: every cached answer of the old one is dropped with the model.
    this.register(session.onDidChange(() => this.onSession()));
    this.register(changes.onDidChange((change) => this.onTaskChange(change)));
  }

  abstract readonly view: vscode.TreeView<TreeNode>;

  /** The nodes left expanded, expanded again after a reload (expanded.ts); set with the view. */
  private expanded: ExpandedNodes | undefined;

  /** This tree's view (collapse-all, multi-selection), disposed with it; `memento` keeps its expansion. */
  protected createView(
    options: Partial<vscode.TreeViewOptions<TreeNode>> = {},
    memento?: vscode.Memento,
  ): vscode.TreeView<TreeNode> {
    const view = this.register(
      vscode.window.createTreeView(this.viewId, {
        treeDataProvider: this,
        showCollapseAll: true,
        canSelectMany: true,
        ...options,
      }),
    );
    this.register(
      registerViewSelection(this.viewId, () => view.selection.filter((n): n is TaskNode => n.kind === 'task')),
    );
    if (memento) {
      this.expanded = new ExpandedNodes(memento, this.viewId);
      this.register(this.expanded.track(view));
    }
    return view;
  }
  private staleShown = false;

  protected abstract createModel(state: SignedIn): M;

  /** Rows for tasks created offline under `node` (none by default; no request). */
  protected queuedRows(_node: TreeNode): TreeNode[] {
    return [];
  }
  protected abstract itemContext(): ItemContext;

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const item = treeItem(node, this.itemContext());
    if (item.collapsibleState === vscode.TreeItemCollapsibleState.Collapsed && this.expanded?.has(node.key)) {
      item.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
    }
    return item;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return this.parents.get(node.key);
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    const model = node ? this.model : await this.ensureModel();
    if (!model) {
      return node ? [] : this.signedOutRows();
    }
    this.startLoading();
    try {
      const queued = node ? this.queuedRows(node) : [];
      const loaded = await model.children(node);
      // A list that was empty is no longer shown as empty once a task waits to be created in it.
      const children =
        queued.length > 0 && loaded.length === 1 && loaded[0]?.kind === 'message' && loaded[0].severity === 'info'
          ? queued
          : [...loaded, ...queued];
      children.forEach((child) => this.parents.set(child.key, node));
      this.showStale(model.cache.stale.size > 0);
      return children;
    } catch (error) {
      return [this.errorRow(node?.key ?? ROOT_KEY, error)];
    } finally {
      this.stopLoading();
    }
  }

  sessionState(): Promise<SessionState> {
    return this.session.ensure();
  }

  /** Re-reads `node` (everything when undefined) from the server. */
  refresh(node?: TreeNode): void {
    if (!node) {
      this.model = undefined;
      this.parents.clear();
    } else {
      this.model?.invalidate(node.key);
    }
    this.fire(node);
  }

  /**
   * Re-reads every loaded node, keeping the model: what was shown stays until its new answer arrives,
   * and stays (marked as possibly out of date) when the service cannot be reached.
   */
  refreshLoaded(): void {
    if (!this.model) {
      this.refresh();
      return;
    }
    for (const key of this.model.cache.loadedKeys()) {
      this.model.invalidate(key);
    }
    this.fire(undefined);
  }

  /** "more…": shows rows in memory, or loads a cut parent's subtasks, then re-renders the parent. */
  async more(node: MoreNode): Promise<void> {
    await this.model?.more(node);
    this.fire(this.nodeByKey(node.parentKey));
  }

  /** Asks VS Code to re-render `node`; bursts in the same tick become one event per node. */
  protected fire(node: TreeNode | undefined): void {
    this.pending.add(node);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => {
        this.flushScheduled = false;
        const nodes = [...this.pending];
        this.pending.clear();
        if (nodes.includes(undefined)) {
          this.changed.fire(undefined);
        } else {
          nodes.forEach((n) => this.changed.fire(n));
        }
      });
    }
  }

  /** The tree's parent of `key` when it is loaded (undefined for roots and unknown keys). */
  protected parentOf(key: string): TreeNode | undefined {
    return this.parents.get(key);
  }

  protected *loadedTasks(taskId: string): Generator<TaskNode> {
    for (const node of this.model?.taskNodes() ?? []) {
      if (node.taskId === taskId) {
        yield node;
      }
    }
  }

  /** Invalidates and re-renders a loaded container by key (Retry of an error row, structure changes). */
  refreshKey(key: string | undefined): void {
    const node = key === undefined ? undefined : this.nodeByKey(key);
    if (key !== undefined && key !== ROOT_KEY && !node) {
      return; // not loaded: it will be read fresh when it is expanded
    }
    this.model?.invalidate(key ?? ROOT_KEY);
    this.fire(node);
  }

  protected nodeByKey(key: string): TreeNode | undefined {
    for (const node of this.model?.cache.values() ?? []) {
      if (node.key === key) {
        return node;
      }
    }
    return undefined;
  }

  protected onTaskChange(change: TaskChange): void {
    if (change.kind === 'updated') {
      for (const node of this.loadedTasks(change.task.id)) {
        node.row = { ...node.row, ...change.task };
        this.fire(node);
      }
      return;
    }
    // Structure changed: re-read the parents that hold (or will hold) the task.
    const taskId = change.kind === 'created' || change.kind === 'moved' ? change.task.id : change.taskId;
    for (const node of this.loadedTasks(taskId)) {
      this.refreshKey(node.parentKey);
    }
    this.onStructureChange(change);
  }

  /** Subclasses re-read the containers a created, moved, deleted or restored task belongs to. */
  protected abstract onStructureChange(change: Exclude<TaskChange, { kind: 'updated' }>): void;

  private async ensureModel(): Promise<M | undefined> {
    const state = await this.session.ensure();
    if (state.kind !== 'signedIn') {
      return undefined;
    }
    this.model ??= this.createModel(state);
    return this.model;
  }

  private signedOutRows(): TreeNode[] {
    const state = this.session.state;
    if (state.kind === 'error') {
      if (state.unreachable) {
        const tooltip = `${state.message}\n${vscode.l10n.t('Trying again by itself; changes kept from before are sent once it answers.')}`;
        return [{ ...messageNode(ROOT_KEY, 'error', vscode.l10n.t('Cannot reach Task Platform. Retry'), tooltip) }];
      }
      return [
        { ...messageNode(ROOT_KEY, 'error', vscode.l10n.t('Could not load your account. Retry'), state.message) },
      ];
    }
    return [];
  }

  private errorRow(parentKey: string, error: unknown): TreeNode {
    if (ApiError.is(error) && error.kind === 'unauthorized') {
      this.session.markRejected();
    }
    const reason = describeFailure(vscode.l10n.t('Could not load'), error);
    log.warn(`${this.viewId}: ${reason}`);
    const short = ApiError.is(error) ? shortReason(error) : vscode.l10n.t('failed');
    return messageNode(parentKey, 'error', vscode.l10n.t('Could not load ({0}). Retry', short), reason);
  }

  private onSession(): void {
    this.model = undefined;
    this.parents.clear();
    this.fire(undefined);
  }

  /** Offline, reloaded nodes keep their last children (NodeCache); the view says they may be old. */
  private showStale(stale: boolean): void {
    if (stale !== this.staleShown) {
      this.staleShown = stale;
      this.view.message = stale
        ? vscode.l10n.t('Task Platform cannot be reached: showing what was loaded earlier, which may be out of date.')
        : undefined;
    }
  }

  private startLoading(): void {
    if (this.loading++ === 0) {
      void prompter().progress(
        { location: { viewId: this.viewId } },
        () => new Promise<void>((resolve) => (this.finishLoading = resolve)),
      );
    }
  }

  private stopLoading(): void {
    if (--this.loading === 0) {
      this.finishLoading?.();
    }
  }
}

function shortReason(error: ApiError): string {
  switch (error.kind) {
    case 'network':
      return vscode.l10n.t('offline');
    case 'unauthorized':
      return vscode.l10n.t('token rejected');
    case 'forbidden':
    case 'notFound':
      return vscode.l10n.t('not visible to you');
    case 'rateLimited':
      return vscode.l10n.t('request budget used up');
    default:
      return vscode.l10n.t('server error');
  }
}
