import * as vscode from 'vscode';
import { markStepDone } from '../walkthrough/progress';
import type { Session, SignedIn } from '../auth/session';
import type { Directory } from '../../core/api/directory';
import { queuedCreation } from '../../core/outbox/queuedWrite';
import type { QueuedWrite } from '../../core/outbox/queuedWrite';
import { inert } from '../../core/text/inert';
import { ExplorerModel } from '../../core/tree/explorerModel';
import type { ExplorerText } from '../../core/tree/explorerModel';
import { groupKeyOf, isGroupOf } from '../../core/tree/listGroups';
import type { ListGroupBy } from '../../core/tree/listGroups';
import { keys, scopeKey } from '../../core/tree/nodes';
import type { ListNode, Scope, TaskNode, TreeNode } from '../../core/tree/nodes';
import type { Services } from '../services';
import type { TaskChange } from '../tasks/changes';
import { registerTaskSource } from '../tasks/current';
import { directoryFor } from '../directory';
import { groupByLabel } from './groupBy';
import type { ItemContext } from './items';
import { TaskTree } from './taskTree';
import { ViewFilter } from './viewFilter';

export const EXPLORER_VIEW = 'taskPlatform.explorer';

interface QueuedCreation {
  readonly write: QueuedWrite;
  readonly creation: NonNullable<ReturnType<typeof queuedCreation>>;
}

export const subtaskText = {
  loadSubtasks: (shown: number, total: number): string =>
    vscode.l10n.t('Load more subtasks… ({0} of {1} shown)', shown, total),
  capped: (shown: number, total: number): string =>
    vscode.l10n.t('{0} of {1} subtasks shown: the service lists at most {0} subtasks of one task', shown, total),
};

const text = (): ExplorerText => ({
  noSpaces: vscode.l10n.t('No spaces you can see'),
  noFolders: vscode.l10n.t('No folders'),
  noLists: vscode.l10n.t('No lists'),
  noTasks: vscode.l10n.t('No tasks in this list'),
  noMatches: vscode.l10n.t('No tasks match the filter'),
  showMore: (shown, total) => vscode.l10n.t('Show more… ({0} of {1} shown)', shown, total),
  noPriority: vscode.l10n.t('no priority'),
  unassigned: vscode.l10n.t('Unassigned'),
  ...subtaskText,
});

/**
 * The "Workspaces" view: Workspace -> Space -> Folder -> List -> Task -> subtasks, loaded per
 * expanded node. Its filter applies to the tasks of every list (sent to the server).
 */
export class ExplorerTree extends TaskTree<ExplorerModel> {
  readonly view: vscode.TreeView<TreeNode>;
  readonly filter: ViewFilter;

  constructor(
    private readonly services: Services,
    private readonly memento: vscode.Memento,
    dragAndDropController?: vscode.TreeDragAndDropController<TreeNode>,
  ) {
    super(EXPLORER_VIEW, services.session, services.changes, services.accounts);
    this.filter = this.register(new ViewFilter(EXPLORER_VIEW, memento));
    this.view = this.createView({ dragAndDropController }, memento);
    this.register(this.filter.onDidChange(() => this.onFilter()));
    this.register(
      registerTaskSource('tree', () => this.view.selection.filter((n): n is TaskNode => n.kind === 'task')),
    );
    this.register(services.session.onDidChange(() => (this.queued.clear(), this.describe())));
    this.register(services.accounts.onDidChange(() => (this.queued.clear(), this.describe())));
    this.register(services.outboxes.onDidChange(() => this.queuedChanged()));
    this.describe();
  }

  /** Tasks created offline, per account shown: read from its queue once per change of it. */
  private readonly queued = new Map<Session, QueuedCreation[]>();
  /** Parents (list or task keys) that show rows for tasks created offline, as last rendered. */
  private queuedParents = new Set<string>();
  private queuedSignature = '';

  override getTreeItem(node: TreeNode): vscode.TreeItem {
    const item = super.getTreeItem(node);
    // A task with no subtasks yet, but one created offline under it: expandable, and open.
    if (
      node.kind === 'task' &&
      item.collapsibleState === vscode.TreeItemCollapsibleState.None &&
      this.queuedRows(node).length > 0
    ) {
      item.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
    }
    return item;
  }

  protected override queuedRows(node: TreeNode): TreeNode[] {
    if (node.kind !== 'list' && node.kind !== 'task') {
      return [];
    }
    return this.queuedCreations(this.sessionOf(node))
      .filter(({ creation }) =>
        node.kind === 'list'
          ? creation.listId === node.listId && !creation.parentId
          : creation.parentId === node.taskId,
      )
      .map(({ write, creation }) => ({
        kind: 'queued',
        key: `${node.key}/queued:${write.key}`,
        parentKey: node.key,
        title: creation.title,
        writeKey: write.key,
        refused: write.rejected !== undefined,
      }));
  }

  private queuedCreations(session: Session): QueuedCreation[] {
    let queued = this.queued.get(session);
    if (!queued) {
      queued = (this.services.outboxes.current(session.state)?.all ?? []).flatMap((write) => {
        const creation = queuedCreation(write);
        return creation ? [{ write, creation }] : [];
      });
      this.queued.set(session, queued);
    }
    return queued;
  }

  /** The queue changed: re-render (from memory) the lists and tasks whose offline creations changed. */
  private queuedChanged(): void {
    this.queued.clear();
    const queued = this.parts.all.map((part) => ({ part, creations: this.queuedCreations(part.session) }));
    const signature = queued
      .flatMap(({ creations }) => creations.map(({ write }) => `${write.key}${write.rejected ? '!' : ''}`))
      .join(',');
    if (signature === this.queuedSignature) {
      return; // other kinds of queued changes (edits, comments): nothing to show in the list
    }
    this.queuedSignature = signature;
    const now = new Set(
      queued.flatMap(({ part, creations }) =>
        creations.map(({ creation }) =>
          scopeKey(part.scope, creation.parentId ? keys.task('', creation.parentId) : keys.list(creation.listId)),
        ),
      ),
    );
    for (const key of new Set([...this.queuedParents, ...now])) {
      const node = this.nodeByKey(key);
      if (node) {
        this.fire(node);
      }
    }
    this.queuedParents = now;
  }

  /** The statuses and members the filter and pickers use, shared for the session. */
  directory(): Directory | undefined {
    const state = this.session.state;
    return state.kind === 'signedIn' ? directoryFor(state.client) : undefined;
  }

  get currentModel(): ExplorerModel | undefined {
    return this.model;
  }

  protected createModel(state: SignedIn, scope?: Scope): ExplorerModel {
    const directory = directoryFor(state.client);
    return new ExplorerModel(state.client, state.user.workspaces, {
      scope,
      text: text(),
      queryFor: (list) => this.filter.forList(directory, list.listId),
      groupFor: (list) => this.groupOf(list),
    });
  }

  /** How a list's tasks are grouped, remembered per list in the workspace. */
  groupOf(list: Pick<ListNode, 'listId'>): ListGroupBy {
    return this.memento.get<ListGroupBy>(`explorer.groupBy.${list.listId}`) ?? 'none';
  }

  /** Groups a list's tasks (or stops); its rows and counts are read again in one index call. */
  async setGroupBy(list: ListNode, by: ListGroupBy): Promise<void> {
    await this.memento.update(`explorer.groupBy.${list.listId}`, by === 'none' ? undefined : by);
    this.refreshKey(list.key);
  }

  protected override onTaskChange(change: TaskChange): void {
    // In a grouped list, a task whose status, priority or assignee changed belongs to another group:
    // the list is read again (one request); any other change stays in place.
    const regroup = new Set<string>();
    if (change.kind === 'updated') {
      for (const node of this.loadedTasks(change.task.id)) {
        const listKey = scopeKey(this.parts.of(node).scope, keys.list(node.row.list_id ?? ''));
        const by = node.row.list_id ? this.groupOf({ listId: node.row.list_id }) : 'none';
        const next = { ...node.row, ...change.task };
        if (by !== 'none' && isGroupOf(listKey, node.parentKey) && groupKeyOf(node.row, by) !== groupKeyOf(next, by)) {
          regroup.add(listKey);
        }
      }
    }
    super.onTaskChange(change);
    for (const key of regroup) {
      this.refreshKey(key);
    }
  }

  private readonly renderedTotals = new Map<string, number | undefined>();

  protected itemContext(): ItemContext {
    const listTotal = (key: string): number | undefined => {
      const total = this.parts.ofKey(key).model?.listTotal(key);
      this.renderedTotals.set(key, total);
      return total;
    };
    const listGrouping = (list: ListNode): string | undefined => {
      const by = this.groupOf(list);
      return by === 'none' ? undefined : groupByLabel(by);
    };
    return { listTotal, listGrouping, now: () => new Date(), viewId: this.viewId };
  }

  override async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    const children = await super.getChildren(node);
    if (node !== undefined && children.length > 0) {
      markStepDone('treeExplored');
    }
    const state = node ? this.sessionOf(node).state : this.session.state;
    if (state.kind === 'signedIn') {
      directoryFor(state.client).noteRows(children.flatMap((c) => (c.kind === 'task' ? [c.row] : [])));
    }
    if (node?.kind === 'list' && this.renderedTotals.get(node.key) !== this.parts.of(node).model?.listTotal(node.key)) {
      // The list's description shows its task count once loaded (fired only when it changes).
      this.fire(node);
    }
    return children;
  }

  protected onStructureChange(change: Exclude<TaskChange, { kind: 'updated' }>): void {
    if (change.kind === 'created' || change.kind === 'moved' || (change.kind === 'restored' && change.task)) {
      const task = change.task!;
      this.refreshEverywhere(task.parent_task_id ? keys.task('', task.parent_task_id) : keys.list(task.list_id));
      if (task.parent_task_id) {
        this.bumpSubtasks(task.parent_task_id, +1);
      }
    }
    if (change.kind === 'moved' && change.fromListId) {
      this.refreshEverywhere(keys.list(change.fromListId));
    }
    if (change.kind === 'deleted') {
      if (change.listId) {
        this.refreshEverywhere(keys.list(change.listId));
      }
      if (change.parentTaskId) {
        this.refreshEverywhere(keys.task('', change.parentTaskId));
        this.bumpSubtasks(change.parentTaskId, -1);
      }
    }
  }

  /**
   * Re-checks the loaded lists (background priority); re-renders those that changed. With several
   * accounts, each account's lists with its own client, skipped while its budget is below half.
   */
  async poll(signal: AbortSignal): Promise<number> {
    let requests = 0;
    for (const part of this.parts.all) {
      const model = part.model;
      const budget = part.state?.client.limiter.snapshot();
      if (!model || (this.parts.several && budget && (budget.remaining < budget.limit / 2 || budget.paused))) {
        continue;
      }
      for (const list of model.loadedLists()) {
        if (signal.aborted || !this.view.visible) {
          return requests;
        }
        requests++;
        if (await model.checkList(list, signal)) {
          this.fire(list);
        }
      }
    }
    return requests;
  }

  /** A parent's row says how many subtasks it has, which decides whether it can be expanded. */
  private bumpSubtasks(parentId: string, delta: number): void {
    for (const parent of this.loadedTasks(parentId)) {
      parent.row = { ...parent.row, subtask_count: Math.max(0, (parent.row.subtask_count ?? 0) + delta) };
      this.fire(parent);
    }
  }

  private onFilter(): void {
    // Only lists depend on the filter: re-read the loaded ones, keep spaces and folders.
    for (const model of this.parts.models()) {
      for (const node of model.cache.values()) {
        if (node.kind === 'list') {
          model.invalidate(node.key);
          this.fire(node);
        }
      }
    }
    this.describe();
  }

  private describe(): void {
    const state = this.session.state;
    // With several accounts each root names its user: the title bar names none.
    const who = state.kind === 'signedIn' && !this.parts.several ? state.user.name : undefined;
    const filter = this.filter.isEmpty ? undefined : this.filter.describe((id) => this.memberName(id));
    // The user's and members' names come from the service: inert.
    this.view.description = inert(filter ? `${vscode.l10n.t('Filtered')}: ${filter}` : (who ?? ''), 200) || undefined;
  }

  private memberName(id: string): string | undefined {
    const state = this.session.state;
    return state.kind === 'signedIn' && state.user.id === id ? state.user.name : this.names.get(id);
  }

  /** Member names learnt when the assignee filter was picked (for the description). */
  readonly names = new Map<string, string>();
}
