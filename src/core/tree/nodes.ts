// The explorer's node model: Workspace -> Space -> Folder -> List -> Task -> subtasks (any depth),
// plus the synthetic rows a tree needs (more..., messages, My Tasks groups). Pure data: the VS Code
// adapter turns nodes into TreeItems. Every node has a stable `key`, unique within its view, used
// as the TreeItem id (so expansion state survives refreshes) and as the cache key of its children.
import type { TaskRow } from '../api/schemas';

export interface WorkspaceNode {
  readonly kind: 'workspace';
  readonly key: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly active: boolean;
}

export interface SpaceNode {
  readonly kind: 'space';
  readonly key: string;
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly name: string;
}

export interface FolderNode {
  readonly kind: 'folder';
  readonly key: string;
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly folderId: string;
  readonly name: string;
}

export interface ListNode {
  readonly kind: 'list';
  readonly key: string;
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly folderId: string;
  readonly listId: string;
  readonly name: string;
}

/** A task row. Carries `workspaceId`, `taskId` and `row`, so it is a TaskRef as it is. */
export interface TaskNode {
  readonly kind: 'task';
  readonly key: string;
  readonly workspaceId: string;
  readonly taskId: string;
  /** The row as the server last returned it; replaced in place after a write. */
  row: TaskRow;
  /** Key of the node whose children this task is (a list, a task, a group). */
  readonly parentKey: string;
}

/** One group of the index's `group_by` (My Tasks; a grouped list in the Workspaces view). */
export interface GroupNode {
  readonly kind: 'group';
  readonly key: string;
  readonly workspaceId: string;
  readonly groupBy: 'status' | 'priority' | 'assignee';
  readonly label: string;
  readonly count: number;
  readonly color?: string;
  readonly tasks: readonly TaskRow[];
}

/** "more…": the rest of a parent's children, loaded (or shown) on click. */
export interface MoreNode {
  readonly kind: 'more';
  readonly key: string;
  readonly parentKey: string;
  /** What clicking does: show rows already in memory, or ask the server (`/subtasks`). */
  readonly action: 'showMore' | 'loadSubtasks';
  readonly label: string;
}

export interface MessageNode {
  readonly kind: 'message';
  readonly key: string;
  readonly parentKey: string;
  readonly severity: 'info' | 'error';
  readonly text: string;
  readonly detail?: string;
  /** An error row offers Retry, which reloads the parent. */
  readonly retry: boolean;
}

/** A task created while the service could not be reached: shown under its list or parent until sent. */
export interface QueuedTaskNode {
  readonly kind: 'queued';
  readonly key: string;
  readonly parentKey: string;
  readonly title: string;
  /** The queued write's Idempotency-Key. */
  readonly writeKey: string;
  /** The service refused it on replay (review it in Show Pending Changes). */
  readonly refused: boolean;
}

export type TreeNode =
  WorkspaceNode | SpaceNode | FolderNode | ListNode | TaskNode | GroupNode | MoreNode | MessageNode | QueuedTaskNode;

/** Nodes whose children come from the service and can be refreshed. */
export type ContainerNode = WorkspaceNode | SpaceNode | FolderNode | ListNode | TaskNode | GroupNode;

export const ROOT_KEY = 'root';

export const keys = {
  workspace: (id: string): string => `ws:${id}`,
  space: (id: string): string => `space:${id}`,
  folder: (id: string): string => `folder:${id}`,
  list: (id: string): string => `list:${id}`,
  task: (prefix: string, id: string): string => `${prefix}task:${id}`,
};

export function taskNode(workspaceId: string, row: TaskRow, parentKey: string, prefix = ''): TaskNode {
  return { kind: 'task', key: keys.task(prefix, row.id), workspaceId, taskId: row.id, row, parentKey };
}

export function messageNode(parentKey: string, severity: 'info' | 'error', text: string, detail?: string): MessageNode {
  return {
    kind: 'message',
    key: `${parentKey}/message`,
    parentKey,
    severity,
    text,
    detail,
    retry: severity === 'error',
  };
}
