import { TaskSchema } from '../../core/api/schemas';
import type { Task } from '../../core/api/schemas';
import { targetOf } from '../../core/outbox/queuedWrite';
import type { Session } from '../auth/session';
import { log } from '../log';
import type { TaskChanges } from '../tasks/changes';
import type { AppliedWrite } from './outboxes';
import { errorText } from '../../core/util/errorText';

/**
 * Tells the tree and the panel about a queued write the service has now applied. Task writes answer
 * with the task (no request); for the others (comments, dependencies, custom fields) the task is read
 * once, at background priority, after the replay settles. A flat route has no workspace in its path;
 * custom field values name it in the answer.
 */
export class AppliedPublisher {
  private readonly toRead = new Map<string, string>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly session: Session,
    private readonly changes: TaskChanges,
  ) {}

  publish({ write, answer }: AppliedWrite): void {
    const target = targetOf(write);
    const task = taskIn(answer);
    if (task && target?.workspaceId !== undefined && write.operation === 'updateTask') {
      this.changes.fire({ kind: 'updated', workspaceId: target.workspaceId, task });
    } else if (task && write.operation === 'createTask' && target === undefined) {
      this.changes.fire({ kind: 'created', workspaceId: workspaceOf(write.path) ?? '', task });
    } else if (write.operation === 'deleteTask' && target?.workspaceId) {
      this.changes.fire({ kind: 'deleted', workspaceId: target.workspaceId, taskId: target.taskId });
    } else if (task && write.operation === 'moveTask') {
      // A flat route; the moved task names its workspace.
      this.changes.fire({ kind: 'moved', workspaceId: task.workspace_id, task });
    } else if (target) {
      // A flat route (custom field values) has no workspace in its path; its answer names it.
      const workspaceId = target.workspaceId ?? workspaceIn(answer);
      if (workspaceId) {
        this.toRead.set(target.taskId, workspaceId);
        this.schedule();
      }
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.readAll(), 500);
  }

  private async readAll(): Promise<void> {
    const state = this.session.state;
    const batch = [...this.toRead];
    this.toRead.clear();
    if (state.kind !== 'signedIn') {
      return;
    }
    for (const [taskId, workspaceId] of batch) {
      try {
        const task = await state.client.getTask(workspaceId, taskId, { priority: 'background' });
        this.changes.fire({ kind: 'updated', workspaceId, task });
      } catch (error) {
        log.debug(`Re-reading task ${taskId} after a replay failed: ${errorText(error)}`);
      }
    }
  }
}

function taskIn(answer: unknown): Task | undefined {
  const parsed = TaskSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}

/** The workspace an answer names: `workspace_id` on it, or on the first entry of an array answer. */
function workspaceIn(answer: unknown): string | undefined {
  const first: unknown = Array.isArray(answer) ? answer[0] : answer;
  const id =
    typeof first === 'object' && first !== null ? (first as { workspace_id?: unknown }).workspace_id : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function workspaceOf(path: string): string | undefined {
  const match = /^\/workspaces\/([^/]+)\/tasks$/.exec(path);
  return match ? decodeURIComponent(match[1]!) : undefined;
}
