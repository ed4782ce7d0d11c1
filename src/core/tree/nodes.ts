// The explorer's node model: Workspace -> Space -> Folder -> List -> Task -> subtasks (any depth),
// plus the synthetic rows a tree needs (more..., messages, My Tasks groups). Pure data: the VS Code
// adapter turns nodes into TreeItems. Every node has a stable `key`, unique within its view, used
// as the TreeItem id (so expansion state survives refreshes) and as the cache key of its children.
import type { AccountKey } from '../accounts/account';
import type { TaskRow } from '../api/schemas';

/**
 * Whose node it is. Set on every node under an account's root when several accounts are signed in
 * (commands on the node act with that account: auth/guard.ts); absent with one account.
 */
interface Owned {
  readonly account?: AccountKey;
}

export interface WorkspaceNode extends Owned {
  readonly kind: 'workspace';
  readonly key: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly active: boolean;
}

export interface SpaceNode extends Owned {
  readonly kind: 'space';
  readonly key: string;
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly name: string;
}

export interface FolderNode extends Owned {
  readonly kind: 'folder';
  readonly key: string;
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly folderId: string;
  readonly name: string;
}

export interface ListNode extends Owned {
  readonly kind: 'list';
  readonly key: string;
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly folderId: string;
  readonly listId: string;
  readonly name: string;
}

/** A task row. Carries `workspaceId`, `taskId` and `row`, so it is a TaskRef as it is. */
export interface TaskNode extends Owned {
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
export interface GroupNode extends Owned {
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
export interface MoreNode extends Owned {
  readonly kind: 'more';
  readonly key: string;
  readonly parentKey: string;
  /** What clicking does: show rows already in memory, or ask the server (`/subtasks`). */
  readonly action: 'showMore' | 'loadSubtasks';
  readonly label: string;
}

export interface MessageNode extends Owned {
  readonly kind: 'message';
  readonly key: string;
  readonly parentKey: string;
  readonly severity: 'info' | 'error';
  readonly text: string;
  readonly detail?: string;
  /** An error row offers Retry, which reloads the parent. */
  readonly retry: boolean;
  /** What fixes the error instead (a rejected token under its account's root: Add Account). */
  readonly fix?: 'addAccount';
}

/** A task created while the service could not be reached: shown under its list or parent until sent. */
export interface QueuedTaskNode extends Owned {
  readonly kind: 'queued';
  readonly key: string;
  readonly parentKey: string;
  readonly title: string;
  /** The queued write's Idempotency-Key. */
  readonly writeKey: string;
  /** The service refused it on replay (review it in Show Pending Changes). */
  readonly refused: boolean;
}

/** With several accounts, the root of one account's nodes (its key is the account's root key). */
export interface AccountNode {
  readonly kind: 'account';
  readonly key: string;
  readonly account: AccountKey;
  /** The user's name as the service gave it (shown inert), or the user id before it is known. */
  readonly name: string;
  /** The service's host, e.g. `tasks.example.com`. */
  readonly host: string;
}

export type TreeNode =
  | WorkspaceNode
  | SpaceNode
  | FolderNode
  | ListNode
  | TaskNode
  | GroupNode
  | MoreNode
  | MessageNode
  | QueuedTaskNode
  | AccountNode;

/** Nodes whose children come from the service and can be refreshed. */
export type ContainerNode = WorkspaceNode | SpaceNode | FolderNode | ListNode | TaskNode | GroupNode;

export const ROOT_KEY = 'root';

/**
 * The account a model's nodes belong to when several are shown side by side: every key gets the
 * account's prefix (so two accounts that see one workspace never share an id, and each account's
 * expanded nodes are its own) and every node gets `account`. No scope: today's keys, no `account`.
 */
export interface Scope {
  readonly account: AccountKey;
  readonly prefix: string;
}

export function accountScope(account: AccountKey): Scope {
  return { account, prefix: `${account}/` };
}

/** `key` within `scope` (unchanged without one, or when it is already scoped). */
export function scopeKey(scope: Scope | undefined, key: string): string {
  return !scope || key.startsWith(scope.prefix) ? key : `${scope.prefix}${key}`;
}

/** The key whose children are a model's top level: ROOT_KEY, or the account root's key. */
export function rootKey(scope: Scope | undefined): string {
  return scopeKey(scope, ROOT_KEY);
}

/** Copies of `nodes` with scoped keys and the account (the nodes themselves without a scope). */
export function scopeNodes(nodes: TreeNode[], scope: Scope | undefined): TreeNode[] {
  if (!scope) {
    return nodes;
  }
  return nodes.map((node) => {
    const parent = 'parentKey' in node ? { parentKey: scopeKey(scope, node.parentKey) } : {};
    return { ...node, ...parent, key: scopeKey(scope, node.key), account: scope.account } as TreeNode;
  });
}

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
