import type { NodeCache } from './nodeCache';
import type { MoreNode, TaskNode, TreeNode } from './nodes';

/** What a tree view needs of its model (the explorer's hierarchy, My Tasks). */
export interface TreeModel {
  readonly cache: NodeCache;
  children(node?: TreeNode): Promise<TreeNode[]>;
  invalidate(key: string): void;
  taskNodes(): Iterable<TaskNode>;
  /** Acts on a "more…" row: shows rows in memory or loads a cut parent's subtasks. */
  more(node: MoreNode): Promise<void>;
}
