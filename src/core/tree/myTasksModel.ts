// "My Tasks": the caller's tasks across a workspace, grouped by status or priority. The task index
// needs exactly one scope (docs/api/openapi.yaml#listTasks), so a workspace is read space by space: one
// index call per visible space with `assignee_id in [me]` and the index's `group_by`.
import type { TaskFilter } from '../api/inputs';
import type { TaskRow, WorkspaceRef } from '../api/schemas';
import { PRIORITIES } from '../tasks/filter';
import { ChildrenBatcher } from './childrenBatcher';
import type { ExplorerApi } from './explorerModel';
import { NodeCache } from './nodeCache';
import { messageNode, taskNode } from './nodes';
import type { GroupNode, MoreNode, Scope, TaskNode, TreeNode, WorkspaceNode } from './nodes';
import { loadAllSubtasks, siblingRows, subtaskNodes } from './subtasks';
import type { SubtaskText } from './subtasks';

export type GroupBy = 'status' | 'priority';

export interface MyTasksText extends SubtaskText {
  noTasks: string;
  noMatches: string;
  noPriority: string;
}

export interface MyTasksOptions {
  meId: string;
  groupBy(): GroupBy;
  /** The user's filter for a workspace (its assignee part is replaced by "me"); null matches nothing. */
  queryFor(workspaceId: string): Promise<{ filter?: TaskFilter; search?: string } | null>;
  text: MyTasksText;
  /** The account these nodes belong to when several are shown (nodes.ts Scope). */
  scope?: Scope;
}

const PREFIX = 'my:';
const STATUS_ORDER = ['open', 'not_started', 'active', 'done', 'closed'];

export class MyTasksModel {
  readonly batcher: ChildrenBatcher;
  readonly cache: NodeCache;

  constructor(
    private readonly api: ExplorerApi,
    private readonly workspaces: readonly WorkspaceRef[],
    private readonly options: MyTasksOptions,
  ) {
    this.batcher = new ChildrenBatcher(api);
    this.cache = new NodeCache(options.scope);
  }

  children(node?: TreeNode): Promise<TreeNode[]> {
    return this.cache.get(node?.key ?? this.cache.rootKey, () => this.load(node));
  }

  invalidate(key: string): void {
    this.cache.invalidate(key);
    const task = key.lastIndexOf('task:');
    if (task >= 0) {
      this.batcher.forget(key.slice(task + 5));
    }
  }

  /** The row My Tasks holds for a task (in a loaded group or as a task row), if any. */
  rowOf(taskId: string): TaskRow | undefined {
    for (const node of this.cache.values()) {
      const row =
        node.kind === 'group'
          ? node.tasks.find((t) => t.id === taskId)
          : node.kind === 'task' && node.taskId === taskId
            ? node.row
            : undefined;
      if (row) {
        return row;
      }
    }
    return undefined;
  }

  /** Whether an update of `task` can change what My Tasks shows in its groups (see updateMovesTask). */
  regroupsFor(task: TaskRow): boolean {
    return updateMovesTask(this.rowOf(task.id), task, this.options.meId);
  }

  /** Forgets everything (a new filter or grouping). */
  invalidateAll(): void {
    this.cache.invalidate(this.cache.rootKey);
    for (const w of this.workspaces) {
      this.cache.invalidate(this.cache.keyOf(`${PREFIX}ws:${w.id}`));
    }
  }

  async more(more: MoreNode): Promise<void> {
    const task = [...this.taskNodes()].find((n) => n.key === more.parentKey);
    if (task && more.action === 'loadSubtasks') {
      await loadAllSubtasks(this.api, this.batcher, task);
      this.cache.forgetRendering(task.key);
    }
  }

  *taskNodes(): Generator<TaskNode> {
    for (const node of this.cache.values()) {
      if (node.kind === 'task') {
        yield node;
      }
    }
  }

  private async load(node: TreeNode | undefined): Promise<TreeNode[]> {
    if (!node) {
      if (this.workspaces.length === 1) {
        return this.groups(this.workspaces[0]!.id, this.cache.rootKey);
      }
      return this.workspaces.map((w): WorkspaceNode => ({
        kind: 'workspace',
        key: `${PREFIX}ws:${w.id}`,
        workspaceId: w.id,
        name: w.name,
        active: w.pivot?.is_active !== false,
      }));
    }
    switch (node.kind) {
      case 'workspace':
        return this.groups(node.workspaceId, node.key);
      case 'group':
        return node.tasks.map((row) => taskNode(node.workspaceId, row, node.key, PREFIX));
      case 'task':
        return subtaskNodes(this.batcher, node, siblingRows(this.cache.peek(node.parentKey)), this.options.text);
      default:
        return [];
    }
  }

  private async groups(workspaceId: string, parentKey: string): Promise<TreeNode[]> {
    const query = await this.options.queryFor(workspaceId);
    if (query === null) {
      return [messageNode(parentKey, 'info', this.options.text.noMatches)];
    }
    const groupBy = this.options.groupBy();
    const rows = await myTaskRows(this.api, workspaceId, this.options.meId, query, groupBy);
    if (rows.length === 0) {
      return [
        messageNode(
          parentKey,
          'info',
          query.filter || query.search ? this.options.text.noMatches : this.options.text.noTasks,
        ),
      ];
    }
    return groupRows(rows, groupBy, workspaceId, parentKey, this.options.text.noPriority);
  }
}

/**
 * The caller's tasks in a workspace (with the user's filter, its assignee part replaced by "me"):
 * one index call per space, every page (per_page=0), at user priority.
 */
export async function myTaskRows(
  api: ExplorerApi,
  workspaceId: string,
  meId: string,
  query: { filter?: TaskFilter; search?: string } = {},
  groupBy?: GroupBy,
): Promise<TaskRow[]> {
  const mine = { field: 'assignee_id', op: 'in', values: [meId] };
  const conditions = [...(query.filter?.conditions ?? []).filter((c) => c.field !== 'assignee_id'), mine];
  const spaces = await api.listSpaces(workspaceId, { priority: 'user' });
  const pages = await Promise.all(
    spaces.map((s) =>
      api.listTasks(
        workspaceId,
        {
          scope: { space_id: s.id },
          filter: { match: 'all', conditions },
          search: query.search,
          group_by: groupBy,
          per_page: 0,
        },
        { priority: 'user' },
      ),
    ),
  );
  return pages.flatMap((p) => p.data);
}

/** Groups rows by status name (ordered open -> active -> completed) or by priority (critical first). */
export function groupRows(
  rows: readonly TaskRow[],
  groupBy: GroupBy,
  workspaceId: string,
  parentKey: string,
  noPriority: string,
): GroupNode[] {
  const groups = new Map<string, { label: string; color?: string; rank: number; tasks: TaskRow[] }>();
  for (const row of rows) {
    const [id, label, color, rank] =
      groupBy === 'status'
        ? [row.status?.name ?? '?', row.status?.name ?? '?', row.status?.color, rankOf(STATUS_ORDER, row.status?.type)]
        : [
            row.priority ?? 'none',
            row.priority ?? noPriority,
            undefined,
            rankOf(PRIORITIES, row.priority ?? undefined),
          ];
    const group = groups.get(id) ?? { label, color, rank, tasks: [] };
    group.tasks.push(row);
    groups.set(id, group);
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => a.rank - b.rank || a.label.localeCompare(b.label))
    .map(([id, g]) => ({
      kind: 'group',
      key: `${parentKey}/group:${groupBy}:${id}`,
      workspaceId,
      groupBy,
      label: g.label,
      color: g.color,
      count: g.tasks.length,
      tasks: g.tasks,
    }));
}

function rankOf(order: readonly string[], value: string | undefined): number {
  const index = value === undefined ? -1 : order.indexOf(value);
  return index < 0 ? order.length : index;
}

/**
 * Whether an update can move a task between My Tasks' groups, into My Tasks or out of it: a new
 * status, priority or assignee can; a new title, description or due date cannot (the row is updated
 * in place). A task My Tasks does not hold can only come in by being assigned to the user.
 */
export function updateMovesTask(before: TaskRow | undefined, after: TaskRow, meId: string): boolean {
  if (!before) {
    return after.assignee?.id === meId;
  }
  return (
    before.status?.id !== after.status?.id ||
    before.priority !== after.priority ||
    before.assignee?.id !== after.assignee?.id
  );
}
