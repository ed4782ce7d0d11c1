// Lazy loading of the explorer hierarchy, one expanded node at a time (never the whole workspace):
// spaces, folders and lists from the navigation routes, a list's tasks from ONE task index call
// (per_page=0 returns them all; see docs/api/openapi.yaml#listTasks), subtasks through the ChildrenBatcher.
// Children are cached per node key; a node has at most one load in flight, and a refresh asked for
// while one runs waits for it and then loads again.
import type { TaskPage } from '../api/envelopes';
import type { RequestPriority } from '../api/rateLimiter';
import type { Folder, List, Space, TaskRow, WorkspaceRef } from '../api/schemas';
import type { TaskQuery } from '../api/inputs';
import { ChildrenBatcher } from './childrenBatcher';
import type { ChildrenApi } from './childrenBatcher';
import { NodeCache } from './nodeCache';
import { isGroupOf, listGroups } from './listGroups';
import type { ListGroupBy, ListGroupText } from './listGroups';
import { keys, messageNode, taskNode } from './nodes';
import { loadAllSubtasks, siblingRows, subtaskNodes } from './subtasks';
import type { SubtaskText } from './subtasks';
import type { GroupNode, ListNode, MoreNode, Scope, TaskNode, TreeNode } from './nodes';

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
  /** How a list's tasks are grouped (remembered per list by the adapter); none when left out. */
  groupFor?: (list: ListNode) => ListGroupBy;
  /** Words for the synthetic rows (the adapter localises them). */
  text: ExplorerText;
  /** The account these nodes belong to when several are shown (nodes.ts Scope). */
  scope?: Scope;
}

export interface ExplorerText extends SubtaskText, ListGroupText {
  noSpaces: string;
  noFolders: string;
  noLists: string;
  noTasks: string;
  noMatches: string;
  showMore(shown: number, total: number): string;
}

interface ListState {
  node: ListNode;
  rows: TaskRow[];
  shown: number;
  total: number;
  groupBy: ListGroupBy;
  /** The index's `group_counts` for `groupBy`. */
  groupCounts?: Record<string, number> | null;
}

export class ExplorerModel {
  readonly batcher: ChildrenBatcher;
  readonly cache: NodeCache;
  private readonly lists = new Map<string, ListState>();
  private readonly pageSize: number;

  constructor(
    private readonly api: ExplorerApi,
    private readonly workspaces: readonly WorkspaceRef[],
    private readonly options: ExplorerOptions,
  ) {
    this.batcher = new ChildrenBatcher(api);
    this.cache = new NodeCache(options.scope);
    this.pageSize = options.pageSize ?? 500;
  }

  /** Children of `node` (the workspaces at the root). Throws the client's errors. */
  children(node?: TreeNode): Promise<TreeNode[]> {
    return this.cache.get(node?.key ?? this.cache.rootKey, () => this.load(node));
  }

  /** Forgets a node's children so the next `children()` asks the server again. */
  invalidate(key: string): void {
    this.cache.invalidate(key);
    this.lists.delete(key);
    this.forgetGroups(key);
    const task = key.lastIndexOf('task:');
    if (task >= 0) {
      this.batcher.forget(key.slice(task + 5));
    }
  }

  /** Every loaded task node (for replacing a row after a write, or finding a task's parent). */
  *taskNodes(): Generator<TaskNode> {
    for (const node of this.cache.values()) {
      if (node.kind === 'task') {
        yield node;
      }
    }
  }

  /** "more…" of a list shows the next page of rows in memory; of a cut task, loads `/subtasks`. */
  async more(more: MoreNode): Promise<void> {
    const state = this.lists.get(more.parentKey);
    if (more.action === 'showMore' && state) {
      state.shown = Math.min(state.total, state.shown + this.pageSize);
    }
    const task =
      more.action === 'loadSubtasks' ? [...this.taskNodes()].find((n) => n.key === more.parentKey) : undefined;
    if (task) {
      await loadAllSubtasks(this.api, this.batcher, task);
    }
    this.cache.forgetRendering(more.parentKey);
  }

  /** Keys of the lists whose tasks are loaded (what background polling re-checks). */
  loadedLists(): ListNode[] {
    return [...this.lists.values()].map((s) => s.node);
  }

  /**
   * Background change detection for one loaded list: the same index query at background priority;
   * true (and the new rows kept) when any row was added, removed or updated since the last read.
   */
  async checkList(list: ListNode, signal?: AbortSignal): Promise<boolean> {
    const state = this.lists.get(list.key);
    const parts = this.options.queryFor ? await this.options.queryFor(list) : {};
    if (!state || parts === null) {
      return false;
    }
    const page = await this.api.listTasks(list.workspaceId, this.query(list, parts, state.groupBy), {
      priority: 'background',
      signal,
    });
    if (signature(page.data) === signature(state.rows)) {
      return false;
    }
    this.lists.set(list.key, {
      ...state,
      rows: page.data,
      shown: Math.max(state.shown, Math.min(this.pageSize, page.data.length)),
      total: page.data.length,
      groupCounts: page.group_counts,
    });
    this.cache.forgetRendering(list.key);
    this.forgetGroups(list.key);
    return true;
  }

  /** The total rows a list's last load returned (for the list's description). */
  listTotal(listKey: string): number | undefined {
    return this.lists.get(listKey)?.total;
  }

  private async load(node: TreeNode | undefined): Promise<TreeNode[]> {
    const user = { priority: 'user' as const };
    if (!node) {
      return this.workspaces.map((w) => ({
        kind: 'workspace',
        key: keys.workspace(w.id),
        workspaceId: w.id,
        name: w.name,
        active: w.pivot?.is_active !== false,
      }));
    }
    switch (node.kind) {
      case 'workspace': {
        const spaces = await this.api.listSpaces(node.workspaceId, user);
        const nodes: TreeNode[] = spaces.map((s) => ({
          kind: 'space',
          key: keys.space(s.id),
          workspaceId: node.workspaceId,
          spaceId: s.id,
          name: s.name,
        }));
        return orMessage(nodes, node.key, this.options.text.noSpaces);
      }
      case 'space': {
        const folders = await this.api.listFolders(node.workspaceId, node.spaceId, user);
        const nodes: TreeNode[] = folders.map((f) => ({
          kind: 'folder',
          key: keys.folder(f.id),
          workspaceId: node.workspaceId,
          spaceId: node.spaceId,
          folderId: f.id,
          name: f.name,
        }));
        return orMessage(nodes, node.key, this.options.text.noFolders);
      }
      case 'folder': {
        const lists = await this.api.listLists(node.workspaceId, node.spaceId, node.folderId, user);
        const nodes: TreeNode[] = lists.map((l) => ({
          kind: 'list',
          key: keys.list(l.id),
          workspaceId: node.workspaceId,
          spaceId: node.spaceId,
          folderId: node.folderId,
          listId: l.id,
          name: l.name,
        }));
        return orMessage(nodes, node.key, this.options.text.noLists);
      }
      case 'list':
        return this.listChildren(node);
      case 'task':
        return subtaskNodes(this.batcher, node, siblingRows(this.cache.peek(node.parentKey)), this.options.text);
      case 'group':
        return this.groupChildren(node);
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
      const groupBy = this.options.groupFor?.(list) ?? 'none';
      const page = await this.api.listTasks(list.workspaceId, this.query(list, parts, groupBy), { priority: 'user' });
      state = {
        node: list,
        rows: page.data,
        shown: Math.min(this.pageSize, page.data.length),
        total: page.data.length,
        groupBy,
        groupCounts: page.group_counts,
      };
      this.lists.set(list.key, state);
      if (page.data.length === 0) {
        return [
          messageNode(
            list.key,
            'info',
            parts.filter || parts.search ? this.options.text.noMatches : this.options.text.noTasks,
          ),
        ];
      }
    }
    if (state.groupBy !== 'none') {
      const by = state.groupBy;
      return listGroups(state.rows, state.groupCounts, by, list.workspaceId, list.key, this.options.text);
    }
    const nodes: TreeNode[] = state.rows.slice(0, state.shown).map((row) => taskNode(list.workspaceId, row, list.key));
    if (state.shown < state.total) {
      nodes.push({
        kind: 'more',
        key: `${list.key}/more`,
        parentKey: list.key,
        action: 'showMore',
        label: this.options.text.showMore(state.shown, state.total),
      });
    }
    return nodes;
  }

  /** One index call for a list's rows; grouped, it also asks for the counts of the grouping. */
  private query(list: ListNode, parts: Pick<TaskQuery, 'filter' | 'search'>, groupBy: ListGroupBy): TaskQuery {
    const grouping = groupBy === 'none' ? {} : { group_by: groupBy };
    return { scope: { list_id: list.listId }, ...parts, ...grouping, per_page: 0 };
  }

  /** A group's tasks: its rows as the list's last read has them (every row is in memory). */
  private groupChildren(group: GroupNode): TreeNode[] {
    const listKey = group.key.slice(0, group.key.indexOf('/group:'));
    const fresh = this.lists.get(listKey);
    const rows = fresh
      ? (listGroups(
          fresh.rows,
          fresh.groupCounts,
          group.groupBy as Exclude<ListGroupBy, 'none'>,
          group.workspaceId,
          listKey,
          this.options.text,
        ).find((g) => g.key === group.key)?.tasks ?? [])
      : group.tasks;
    return rows.map((row) => taskNode(group.workspaceId, row, group.key));
  }

  /** Forgets the rendering of a list's group nodes (their rows come from the list's state). */
  private forgetGroups(listKey: string): void {
    for (const key of this.cache.loadedKeys()) {
      if (isGroupOf(listKey, key)) {
        this.cache.forgetRendering(key);
      }
    }
  }
}

function signature(rows: readonly TaskRow[]): string {
  return rows.map((r) => `${r.id}@${r.updated_at ?? ''}/${r.subtask_count ?? 0}`).join(',');
}

function orMessage(nodes: TreeNode[], parentKey: string, empty: string): TreeNode[] {
  return nodes.length > 0 ? nodes : [messageNode(parentKey, 'info', empty)];
}
