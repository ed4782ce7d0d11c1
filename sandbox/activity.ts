// Every mutation appends activity entries so the timeline (GET .../activity) is
// realistic; shapes follow "Activity entry" of the API. Recording also
// bumps the task's `updated_at`, so pollers see comment/file/link changes too.
import { randomUUID } from 'node:crypto';
import type { Store } from './store';
import type { Task, User } from './types';

export function recordActivity(
  store: Store,
  task: Task,
  actor: User,
  action: string,
  oldValue: Record<string, unknown>,
  newValue: Record<string, unknown>,
  at: string,
): void {
  task.updated_at = at;
  store.addActivity({
    id: randomUUID(),
    seq: store.nextSeq(),
    task_id: task.id,
    entity_type: 'task',
    entity_id: task.id,
    action,
    actor_id: actor.id,
    actor_type: 'user',
    actor_name: actor.name,
    old_value: oldValue,
    new_value: newValue,
    created_at: at,
  });
}
