import * as vscode from 'vscode';
import { ApiError } from '../../core/api/errors';
import type { TreeModel } from '../../core/tree/model';
import { rootKey, ROOT_KEY } from '../../core/tree/nodes';
import type { AccountNode, MoreNode, Scope, TaskNode, TreeNode } from '../../core/tree/nodes';
import type { AccountSessions } from '../auth/accountSessions';
import type { Session, SessionState, SignedIn } from '../auth/session';
import { Disposable } from '../disposable';
import type { TaskChange, TaskChanges } from '../tasks/changes';
import { registerViewSelection } from '../tasks/current';
import { prompter } from '../ui/prompter';
import { accountNode, AccountParts, staleMessage } from './accountParts';
import type { Part } from './accountParts';
import { ExpandedNodes } from './expanded';
import { failureRow, signedOutRows } from './treeMessages';
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
  /** One part per account shown (accountParts.ts): the primary alone with one account. */
  protected readonly parts: AccountParts<M>;
  private readonly parents = new Map<string, TreeNode | undefined>();
  private readonly pending = new Set<TreeNode | undefined>();
  private flushScheduled = false;
  private loading = 0;
  private finishLoading: (() => void) | undefined;

  constructor(
    protected readonly viewId: string,
    protected readonly session: Session,
    changes: TaskChanges,
    accounts?: AccountSessions,
  ) {
    super();
    this.parts = new AccountParts(session, accounts);
    // A new session means a new client: every cached answer of the old one is dropped with the model.
    this.register(session.onDidChange(() => this.onSession(true)));
    if (accounts) {
      this.register(accounts.onDidChange(() => this.onSession(false)));
    }
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
  private staleShown: string | undefined;

  /** A model reading with `state`'s client; `scope` set when several accounts are shown. */
  protected abstract createModel(state: SignedIn, scope?: Scope): M;

  /** The primary account's model, when it is the only one shown (several: undefined). */
  protected get model(): M | undefined {
    return this.parts.several ? undefined : this.parts.all[0]?.model;
  }

  /** The session whose node `node` is (the primary's with one account). */
  protected sessionOf(node: TreeNode): Session {
    return this.parts.of(node).session;
  }

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
    if (!node) {
      const parts = await this.parts.load();
      if (parts.length > 1) {
        return parts.flatMap((part) => accountNode(part) ?? []);
      }
      return this.childrenIn(parts[0]!, undefined, undefined);
    }
    const part = this.parts.of(node);
    return node.kind === 'account' ? this.childrenIn(part, undefined, node) : this.childrenIn(part, node, node);
  }

  /** `node`'s children in one account's model (its top level when undefined), `parent` their parent. */
  private async childrenIn(
    part: Part<M>,
    node: TreeNode | undefined,
    parent: TreeNode | undefined,
  ): Promise<TreeNode[]> {
    const model = node ? part.model : await this.ensureModel(part);
    if (!model) {
      return node ? [] : signedOutRows(part.session.state, rootKey(part.scope), part.scope !== undefined);
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
      children.forEach((child) => this.parents.set(child.key, parent));
      this.showStale(staleMessage(this.parts.all));
      return children;
    } catch (error) {
      return [this.errorRow(part, node?.key ?? rootKey(part.scope), error)];
    } finally {
      this.stopLoading();
    }
  }

  /** The state of `account`'s session when it is shown (the primary's when none is named). */
  sessionState(account?: string): Promise<SessionState> {
    if (account === undefined || account === this.session.key) {
      return this.session.ensure();
    }
    // Another account's item is read with that account's session only, never the primary's.
    const part = this.parts.all.find((p) => p.scope?.account === account);
    return part ? part.session.ensure() : Promise.resolve({ kind: 'signedOut' });
  }

  /** With several accounts, the root of `account` (the primary's when none is named); else undefined. */
  async rootFor(account?: string): Promise<AccountNode | undefined> {
    const roots = (await this.getChildren()).filter((n): n is AccountNode => n.kind === 'account');
    return account ? roots.find((r) => r.account === account) : roots[0];
  }

  /** Every node loaded in any account's model (no request). */
  loadedNodes(): TreeNode[] {
    return [...this.parts.models()].flatMap((m) => [...m.cache.values()]);
  }

  /** Re-reads `node` (everything when undefined) from the server. */
  refresh(node?: TreeNode): void {
    if (!node) {
      this.parts.drop();
      this.parents.clear();
    } else {
      this.parts.of(node).model?.invalidate(node.key);
    }
    this.fire(node);
  }

  /**
   * Re-reads every loaded node, keeping the model: what was shown stays until its new answer arrives,
   * and stays (marked as possibly out of date) when the service cannot be reached.
   */
  refreshLoaded(): void {
    const models = [...this.parts.models()];
    if (models.length === 0) {
      this.refresh();
      return;
    }
    for (const model of models) {
      for (const key of model.cache.loadedKeys()) {
        model.invalidate(key);
      }
    }
    this.fire(undefined);
  }

  /** "more…": shows rows in memory, or loads a cut parent's subtasks, then re-renders the parent. */
  async more(node: MoreNode): Promise<void> {
    await this.parts.of(node).model?.more(node);
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
    for (const model of this.parts.models()) {
      for (const node of model.taskNodes()) {
        if (node.taskId === taskId) {
          yield node;
        }
      }
    }
  }

  /** Invalidates and re-renders a loaded container by key (Retry of an error row, structure changes). */
  refreshKey(key: string | undefined): void {
    const root = this.parts.ofRoot(key ?? ROOT_KEY);
    if (root) {
      // A root: its model's top level; an account that is not signed in is checked again.
      if (!root.model && root.scope) root.session.invalidate();
      root.model?.invalidate(rootKey(root.scope));
      this.fire(undefined);
      return;
    }
    const node = key === undefined ? undefined : this.nodeByKey(key);
    if (!node) {
      return; // not loaded: it will be read fresh when it is expanded
    }
    this.parts.of(node).model?.invalidate(node.key);
    this.fire(node);
  }

  /** Refreshes `key` (an unscoped key such as `keys.list(id)`) in every account shown. */
  protected refreshEverywhere(key: string): void {
    for (const part of this.parts.all) {
      this.refreshKey(part.scope ? `${part.scope.prefix}${key}` : key);
    }
  }

  protected nodeByKey(key: string): TreeNode | undefined {
    for (const node of this.parts.ofKey(key).model?.cache.values() ?? []) {
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

  private async ensureModel(part: Part<M>): Promise<M | undefined> {
    const state = await part.session.ensure();
    if (state.kind !== 'signedIn') {
      return undefined;
    }
    if (!part.model || part.state !== state) {
      part.model = this.createModel(state, part.scope);
      part.state = state;
    }
    return part.model;
  }

  private errorRow(part: Part<M>, parentKey: string, error: unknown): TreeNode {
    if (ApiError.is(error) && error.kind === 'unauthorized') {
      part.session.markRejected();
    }
    return failureRow(this.viewId, parentKey, error);
  }

  /**
   * The primary session changed (`primary`), or any account's. With one account, as always: every
   * cached answer is dropped and the view rebuilt. With several, only the account whose session
   * changed loses its model; the view is rebuilt when anything shown changed.
   */
  private onSession(primary: boolean): void {
    const wasSeveral = this.parts.several;
    const changed = this.parts.sync();
    if (primary && !wasSeveral && !this.parts.several) {
      this.parts.drop();
    } else if (!changed) {
      return;
    }
    this.parents.clear();
    this.fire(undefined);
  }

  /** Offline, reloaded nodes keep their last children (NodeCache); the view says they may be old, and whose. */
  private showStale(message: string | undefined): void {
    if (message !== this.staleShown) {
      this.staleShown = message;
      this.view.message = message;
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
