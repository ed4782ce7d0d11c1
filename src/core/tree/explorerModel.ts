// Lazy loading of the explorer hierarchy, one expanded node at a time (never the whole workspace):
// spaces, folders and lists from the navigation routes, a list's tasks from ONE task index call
// (per_page=0 returns them all; Reference: Tasks, GET tasks), subtasks through the ChildrenBatcher.
// Children are cached per node key; a node has at most one load in flight, and a refresh asked for
// while one runs waits for it and then loads again.
import type { TaskPage } from '../api/envelopes';
import type { RequestPriority } from '../api/rateLimiter';
import type { Folder, List, Space, TaskRow, WorkspaceRef } from '../api/schemas';
import type { TaskQuery } from '../api/inputs';
import { CHILDREN_MAX_PER_PARENT } from '../api/children';
import { ChildrenBatcher } from './childrenBatcher';
import type { ChildrenApi } from './childrenBatcher';
import { keys, messageNode, ROOT_KEY, taskNode } from './nodes';
import type { ListNode, MoreNode, TaskNode, TreeNode } from './nodes';

type Opts = { priority?: RequestPriority; signal?: AbortSignal };

export interface ExplorerApi extends ChildrenApi {
  listSpaces(workspaceId: string, opts?: Opts): Promise<Space[]>;
  listFolders(workspaceId: string, spaceId: string, opts?: Opts): Promise<Folder[]>;
  listLists(workspaceId: string, spaceId: string, folderId: string, opts?: Opts): Promise<List[]>;
  listTasks(workspaceId: string, query: TaskQuery, opts?: Opts): Promise<TaskPage>;
  getSubtasks(workspaceId: string, taskId: string, opts?: Opts): Promise<TaskRow[]>;
}

/** The filter part of a list's task query, or `null` when the filter can match nothing there. */
export type QueryFor = (list: ListNode) => Promise<Pick<TaskQuery, 'filter' | 'search'> | null>;

export interface ExplorerOptions {
  /** Task rows shown per list before a "more…" row (the rest stays in memory; no request). */
  pageSize?: number;
  queryFor?: QueryFor;
  /** Words for the synthetic rows (the adapter localises them). */
  text: ExplorerText;
}

export interface ExplorerText {
  noSpaces: string;
  noFolders: string;
  noLists: string;
  noTasks: string;
  noMatches: string;
  showMore(shown: number, total: number): string;
  loadSubtasks(shown: number, total: number): string;
  capped(shown: number, total: number): string;
}

interface ListState {
  rows: TaskRow[];
  shown: number;
  total: number;
}

export class ExplorerModel {
  readonly batcher: ChildrenBatcher;
  private readonly settled = new Map<string, TreeNode[]>();
  private readonly loads = new Map<string, { promise: Promise<TreeNode[]>; stale: boolean }>();
  private readonly lists = new Map<string, ListState>();
  private readonly pageSize: number;

  constructor(
    private readonly api: ExplorerApi,
    private readonly workspaces: readonly WorkspaceRef[],
    private readonly options: ExplorerOptions,
  ) {
    this.batcher = new ChildrenBatcher(api);
    this.pageSize = options.pageSize ?? 500;
  }

  /** Children of `node` (the workspaces at the root). Throws the client's errors. */
  children(node?: TreeNode): Promise<TreeNode[]> {
    const key = node?.key ?? ROOT_KEY;
    const known = this.settled.get(key);
    if (known) {
      return Promise.resolve(known);
    }
    const running = this.loads.get(key);
    if (running) {
      return running.stale ? running.promise.catch(() => undefined).then(() => this.children(node)) : running.promise;
    }
    const load = { promise: this.load(node), stale: false };
    this.loads.set(key, load);
    void load.promise.then(
      (nodes) => this.settle(key, load, nodes),
      () => this.settle(key, load, undefined),
    );
    return load.promise;
  }

  /** The children already loaded for `key`, without loading. */
  peek(key: string): readonly TreeNode[] | undefined {
    return this.settled.get(key);
  }

  /** Forgets a node's children so the next `children()` asks the server again. */
  invalidate(key: string): void {
    this.settled.delete(key);
    this.lists.delete(key);
    const running = this.loads.get(key);
    if (running) {
      running.stale = true;
    }
    if (key.startsWith('task:') || key.includes('task:')) {
      this.batcher.forget(key.slice(key.lastIndexOf('task:') + 5));
    }
  }

  /** Every loaded task node (for replacing a row after a write, or finding a task's parent). */
  *taskNodes(): Generator<TaskNode> {
    for (const nodes of this.settled.values()) {
      for (const node of nodes) {
        if (node.kind === 'task') {
          yield node;
        }
      }
    }
  }

  /** "more…" of a list: shows the next page of rows already in memory. */
  showMore(more: MoreNode): void {
    const state = this.lists.get(more.parentKey);
    if (state) {
      state.shown = Math.min(state.total, state.shown + this.pageSize);
      this.settled.delete(more.parentKey);
    }
  }

  /** "more…" of a task cut by the children caps: its children through `/subtasks` (max 200). */
  async loadSubtasks(task: TaskNode): Promise<void> {
    const rows = await this.api.getSubtasks(task.workspaceId, task.taskId, { priority: 'user' });
    this.batcher.remember(task.taskId, { rows, truncated: false });
    this.settled.delete(task.key);
  }

  private settle(key: string, load: { stale: boolean }, nodes: TreeNode[] | undefined): void {
    if (this.loads.get(key) === load) {
      this.loads.delete(key);
    }
    if (nodes && !load.stale) {
      this.settled.set(key, nodes);
    }
  }

  private async load(node: TreeNode | undefined): Promise<TreeNode[]> {
    const user = { priority: 'user' as const };
    if (!node) {
      return this.workspaces.map((w) => ({ kind: 'workspace', key: keys.workspace(w.id), workspaceId: w.id, name: w.name, active: w.pivot?.is_active !== false }));
    }
    switch (node.kind) {
      case 'workspace': {
        const spaces = await this.api.listSpaces(node.workspaceId, user);
        const nodes: TreeNode[] = spaces.map((s) => ({ kind: 'space', key: keys.space(s.id), workspaceId: node.workspaceId, spaceId: s.id, name: s.name }));
        return orMessage(nodes, node.key, this.options.text.noSpaces);
      }
      case 'space': {
        const folders = await this.api.listFolders(node.workspaceId, node.spaceId, user);
        const nodes: TreeNode[] = folders.map((f) => ({ kind: 'folder', key: keys.folder(f.id), workspaceId: node.workspaceId, spaceId: node.spaceId, folderId: f.id, name: f.name }));
        return orMessage(nodes, node.key, this.options.text.noFolders);
      }
      case 'folder': {
        const lists = await this.api.listLists(node.workspaceId, node.spaceId, node.folderId, user);
        const nodes: TreeNode[] = lists.map((l) => ({
          kind: 'list', key: keys.list(l.id), workspaceId: node.workspaceId, spaceId: node.spaceId, folderId: node.folderId, listId: l.id, name: l.name,
        }));
        return orMessage(nodes, node.key, this.options.text.noLists);
      }
      case 'list':
        return this.listChildren(node);
      case 'task':
        return this.taskChildren(node);
      default:
        return [];
    }
  }

  private async listChildren(list: ListNode): Promise<TreeNode[]> {
    let state = this.lists.get(list.key);
    if (!state) {
      const parts = this.options.queryFor ? await this.options.queryFor(list) : {};
      if (parts === null) {
        return [messageNode(list.key, 'info', this.options.text.noMatches)];
      }
      const page = await this.api.listTasks(list.workspaceId, { scope: { list_id: list.listId }, ...parts, per_page: 0 }, { priority: 'user' });
      state = { rows: page.data, shown: Math.min(this.pageSize, page.data.length), total: page.data.length };
      this.lists.set(list.key, state);
      if (page.data.length === 0) {
        return [messageNode(list.key, 'info', parts.filter || parts.search ? this.options.text.noMatches : this.options.text.noTasks)];
      }
    }
    const nodes: TreeNode[] = state.rows.slice(0, state.shown).map((row) => taskNode(list.workspaceId, row, list.key));
    if (state.shown < state.total) {
      nodes.push({ kind: 'more', key: `${list.key}/more`, parentKey: list.key, action: 'showMore', label: this.options.text.showMore(state.shown, state.total) });
    }
    return nodes;
  }

  /** The total rows a list's last load returned (for the list's description). */
  listTotal(listKey: string): number | undefined {
    return this.lists.get(listKey)?.total;
  }

  private async taskChildren(task: TaskNode): Promise<TreeNode[]> {
    const siblings = (this.settled.get(task.parentKey) ?? []).flatMap((n) => (n.kind === 'task' ? [n.row] : []));
    const result = await this.batcher.load(task.workspaceId, task.row, siblings);
    const nodes: TreeNode[] = result.rows.map((row) => taskNode(task.workspaceId, row, task.key, prefixOf(task.key)));
    const total = task.row.subtask_count ?? result.rows.length;
    if (result.truncated) {
      nodes.push({ kind: 'more', key: `${task.key}/more`, parentKey: task.key, action: 'loadSubtasks', label: this.options.text.loadSubtasks(result.rows.length, total) });
    } else if (result.rows.length >= CHILDREN_MAX_PER_PARENT && total > result.rows.length) {
      nodes.push(messageNode(task.key, 'info', this.options.text.capped(result.rows.length, total)));
    }
    return nodes;
  }
}

function orMessage(nodes: TreeNode[], parentKey: string, empty: string): TreeNode[] {
  return nodes.length > 0 ? nodes : [messageNode(parentKey, 'info', empty)];
}

/** Task keys of another view carry a prefix (`my:task:<id>`); children keep their parent's. */
function prefixOf(key: string): string {
  return key.slice(0, key.lastIndexOf('task:'));
}
