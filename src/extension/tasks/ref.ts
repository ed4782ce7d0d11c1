import type { Task, TaskRow } from '../../core/api/schemas';
import { isAccountKey } from '../../core/accounts/account';
import type { AccountKey } from '../../core/accounts/account';
import { isUuid } from '../../core/util/ids';

/**
 * What every task command, the tree and the panel pass around: enough to address a task
 * (`/workspaces/{workspace}/tasks/{task}`), plus the row the caller already has so the receiver can
 * render at once without a request. Tree nodes of tasks carry these fields, so a tree node is a
 * TaskRef as it is.
 */
export interface TaskRef {
  readonly workspaceId: string;
  readonly taskId: string;
  /** Whose task it is; absent means the primary account's (auth/guard.ts signedInFor). */
  readonly account?: AccountKey;
  readonly row?: TaskRow | Task;
}

/**
 * Reads a TaskRef from a command argument (a tree node, a panel message, a URI handler result).
 * Anything else, including a malformed id, gives undefined: the command then asks the user.
 */
export function taskRefFrom(arg: unknown): TaskRef | undefined {
  if (typeof arg !== 'object' || arg === null) {
    return undefined;
  }
  const value = arg as { workspaceId?: unknown; taskId?: unknown; account?: unknown; row?: unknown };
  if (!isUuid(value.workspaceId) || !isUuid(value.taskId)) {
    return undefined;
  }
  // An account that is not exactly a key is not guessed at: no reference at all.
  if (value.account !== undefined && !isAccountKey(value.account)) {
    return undefined;
  }
  const row =
    typeof value.row === 'object' && value.row !== null && (value.row as { id?: unknown }).id === value.taskId
      ? (value.row as TaskRow)
      : undefined;
  const account = value.account as AccountKey | undefined;
  return { workspaceId: value.workspaceId, taskId: value.taskId, ...(account && { account }), row };
}
