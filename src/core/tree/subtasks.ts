// A task's children in any view: through the ChildrenBatcher, with "more…" for a parent cut by the
// caps and a plain note when even `/subtasks` cannot list them all (200 per parent: docs/api/README.md#limits).
import { CHILDREN_MAX_PER_PARENT } from '../api/children';
import type { TaskRow } from '../api/schemas';
import type { ChildrenBatcher } from './childrenBatcher';
import { messageNode, taskNode } from './nodes';
import type { TaskNode, TreeNode } from './nodes';

export interface SubtaskText {
  loadSubtasks(shown: number, total: number): string;
  capped(shown: number, total: number): string;
}

export async function subtaskNodes(
  batcher: ChildrenBatcher,
  task: TaskNode,
  siblings: readonly TaskRow[],
  text: SubtaskText,
): Promise<TreeNode[]> {
  const result = await batcher.load(task.workspaceId, task.row, siblings);
  const prefix = task.key.slice(0, task.key.lastIndexOf('task:'));
  const nodes: TreeNode[] = result.rows.map((row) => taskNode(task.workspaceId, row, task.key, prefix));
  const total = Math.max(task.row.subtask_count ?? 0, result.rows.length);
  if (result.truncated) {
    nodes.push({
      kind: 'more',
      key: `${task.key}/more`,
      parentKey: task.key,
      action: 'loadSubtasks',
      label: text.loadSubtasks(result.rows.length, total),
    });
  } else if (result.rows.length >= CHILDREN_MAX_PER_PARENT && total > result.rows.length) {
    nodes.push(messageNode(task.key, 'info', text.capped(result.rows.length, total)));
  }
  return nodes;
}

export function siblingRows(nodes: readonly TreeNode[] | undefined): TaskRow[] {
  return (nodes ?? []).flatMap((n) => (n.kind === 'task' ? [n.row] : []));
}

/** "more…" of a task cut by the children caps: its children through `/subtasks` (max 200, no paging). */
export async function loadAllSubtasks(
  api: {
    getSubtasks(workspaceId: string, taskId: string, opts?: { priority?: 'user' | 'background' }): Promise<TaskRow[]>;
  },
  batcher: ChildrenBatcher,
  task: TaskNode,
): Promise<void> {
  const rows = await api.getSubtasks(task.workspaceId, task.taskId, { priority: 'user' });
  batcher.remember(task.taskId, { rows, truncated: false });
}
