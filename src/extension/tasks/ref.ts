import type { Task, TaskRow } from '../../core/api/schemas';
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
  const value = arg as { workspaceId?: unknown; taskId?: unknown; row?: unknown };
  if (!isUuid(value.workspaceId) || !isUuid(value.taskId)) {
    return undefined;
  }
  const row =
    typeof value.row === 'object' && value.row !== null && (value.row as { id?: unknown }).id === value.taskId
      ? (value.row as TaskRow)
      : undefined;
  return { workspaceId: value.workspaceId, taskId: value.taskId, row };
}
