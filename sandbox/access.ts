// Visibility rules (docs/api/README.md#authentication): a token sees what its user sees.
// Non-members get 404 everywhere; a few routes answer 403 to members without
// access (views, subtasks, inbound address).
import { forbidden, notFound } from './http';
import type { ListMeta, Store } from './store';
import type { Membership, Space, Task, User } from './types';

export function membershipOf(store: Store, user: User, workspaceId: string): Membership | undefined {
  return store.membership(user.id, workspaceId);
}

export function requireMember(store: Store, user: User, workspaceId: string): Membership {
  const m = store.workspaces.has(workspaceId) ? membershipOf(store, user, workspaceId) : undefined;
  if (!m || !m.is_active) throw notFound();
  return m;
}

export function canSeeSpace(store: Store, user: User, space: Space): boolean {
  const m = membershipOf(store, user, space.workspace_id);
  if (!m || !m.is_active) return false;
  if (!space.is_private || m.role_slug === 'admin') return true;
  return space.member_ids.includes(user.id);
}

export function canSeeList(store: Store, user: User, listId: string): boolean {
  const meta = store.listMeta.get(listId);
  return meta !== undefined && canSeeSpace(store, user, meta.space);
}

/** Memoized list visibility for loops over thousands of tasks. */
export function listVisibility(store: Store, user: User): (listId: string) => boolean {
  const cache = new Map<string, boolean>();
  return (listId) => {
    let seen = cache.get(listId);
    if (seen === undefined) {
      seen = canSeeList(store, user, listId);
      cache.set(listId, seen);
    }
    return seen;
  };
}

/**
 * A list the caller can see, else 404 (or 403 for a workspace member without
 * access when `forbidMembers` is set, e.g. the inbound-address routes).
 */
export function requireList(store: Store, user: User, listId: string, forbidMembers = false): ListMeta {
  const meta = store.listMeta.get(listId);
  if (!meta) throw notFound();
  if (canSeeSpace(store, user, meta.space)) return meta;
  const member = membershipOf(store, user, meta.workspace_id);
  if (forbidMembers && member?.is_active) throw forbidden();
  throw notFound();
}

export function isLiveTask(task: Task | undefined): task is Task {
  return task !== undefined && task.deleted_at === null;
}

export function canSeeTask(store: Store, user: User, task: Task): boolean {
  return task.deleted_at === null && canSeeList(store, user, task.list_id);
}

/**
 * A live task visible to the caller. With `workspaceId` the task must belong to
 * that workspace (the path names it). `forbidMembers` turns "member without
 * access" into 403 (docs/api/openapi.yaml#listSubtasks).
 */
export function requireTask(
  store: Store,
  user: User,
  taskId: string,
  workspaceId: string | null,
  forbidMembers = false,
): Task {
  if (workspaceId !== null) requireMember(store, user, workspaceId);
  const task = store.tasks.get(taskId);
  if (!isLiveTask(task)) throw notFound();
  if (workspaceId !== null && task.workspace_id !== workspaceId) throw notFound();
  if (canSeeList(store, user, task.list_id)) return task;
  if (forbidMembers && membershipOf(store, user, task.workspace_id)?.is_active) throw forbidden();
  throw notFound();
}

export function canManage(store: Store, user: User, workspaceId: string): boolean {
  const m = membershipOf(store, user, workspaceId);
  return m !== undefined && m.is_active && (m.role_slug === 'admin' || m.can_manage);
}

export function assertFound<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw notFound();
  return value;
}
