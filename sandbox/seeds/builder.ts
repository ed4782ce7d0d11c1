// Helpers shared by the seeds: deterministic ids (Prng) and timestamps relative
// to the start of the current UTC day, so due-date presets like `today` stay
// meaningful (the sandbox README, "Seeds").
import { Store } from '../store';
import type {
  Activity,
  FieldDef,
  FieldType,
  Membership,
  Priority,
  Space,
  Status,
  Task,
  User,
  View,
  Workspace,
} from '../types';
import { Prng } from './prng';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export const DEFAULT_STATUSES: ReadonlyArray<[string, string, string]> = [
  ['To Do', 'not_started', '#87909e'],
  ['In Progress', 'active', '#5b8def'],
  ['Review', 'active', '#f5a623'],
  ['Done', 'done', '#2ecc71'],
];

export interface TaskInput {
  list_id: string;
  title: string;
  parent?: Task | null;
  priority?: Priority;
  status?: Status;
  assignee_id?: string | null;
  creator_id: string;
  due_date?: string | null;
  description?: string | null;
  created_at?: string;
  sprint_id?: string | null;
  tags?: Task['tags'];
}

export class SeedBuilder {
  readonly store = new Store();
  readonly prng: Prng;
  /** Start of the current UTC day (epoch ms). */
  readonly base: number;
  private readonly positions = new Map<string, number>();

  constructor(
    seed: number,
    readonly now: number,
  ) {
    this.prng = new Prng(seed);
    this.base = Math.floor(now / DAY_MS) * DAY_MS;
  }

  id(): string {
    return this.prng.uuid();
  }

  iso(offsetMs: number): string {
    return new Date(this.base + offsetMs).toISOString();
  }

  user(name: string, email: string, token: string, label: string): User {
    const user = { id: this.id(), name, email, token, label };
    this.store.addUser(user);
    return user;
  }

  workspace(name: string, prefix: string): Workspace {
    const ws = { id: this.id(), name, prefix, next_number: 1 };
    this.store.workspaces.set(ws.id, ws);
    return ws;
  }

  member(ws: Workspace, user: User, slug: 'admin' | 'member', canManage = slug === 'admin'): Membership {
    const m: Membership = {
      workspace_id: ws.id,
      user_id: user.id,
      role_id: this.roleId(ws, slug),
      role: slug === 'admin' ? 'Admin' : 'Member',
      role_slug: slug,
      is_active: true,
      can_manage: canManage,
    };
    this.store.memberships.push(m);
    return m;
  }

  private readonly roles = new Map<string, string>();

  private roleId(ws: Workspace, slug: string): string {
    const key = `${ws.id}:${slug}`;
    let id = this.roles.get(key);
    if (!id) {
      id = this.id();
      this.roles.set(key, id);
    }
    return id;
  }

  space(ws: Workspace, name: string, isPrivate = false, memberIds: string[] = []): Space {
    const space = { id: this.id(), name, workspace_id: ws.id, is_private: isPrivate, member_ids: memberIds };
    this.store.spaces.set(space.id, space);
    return space;
  }

  folder(space: Space, name: string): string {
    const folder = { id: this.id(), name, space_id: space.id };
    this.store.folders.set(folder.id, folder);
    return folder.id;
  }

  list(folderId: string, name: string): string {
    const id = this.id();
    this.store.addList({ id, name, folder_id: folderId });
    return id;
  }

  /** A public saved view grouped by status, all tasks shown, subtasks collapsed, unless `extra` says otherwise. */
  view(
    workspaceId: string,
    ownerId: string,
    name: string,
    type: View['viewable_type'],
    viewableId: string,
    extra: Partial<View> = {},
  ): string {
    const view: View = {
      id: this.id(),
      workspace_id: workspaceId,
      name,
      viewable_type: type,
      viewable_id: viewableId,
      owner_id: ownerId,
      is_private: false,
      filters: null,
      sorts: [],
      group_by: 'status',
      show_completed: true,
      subtask_mode: 'collapsed',
      ...extra,
    };
    this.store.views.set(view.id, view);
    return view.id;
  }

  statuses(ownerType: 'space' | 'list', ownerId: string, defs: ReadonlyArray<[string, string, string]>): Status[] {
    return defs.map(([name, type, color], position) => {
      const status: Status = { id: this.id(), name, type, color, owner_type: ownerType, owner_id: ownerId, position };
      this.store.addStatus(status);
      return status;
    });
  }

  task(input: TaskInput): Task {
    const meta = this.store.listMeta.get(input.list_id);
    if (!meta) throw new Error('seed: unknown list');
    const ws = this.store.workspaces.get(meta.workspace_id) as Workspace;
    const statuses = this.store.listStatuses(input.list_id).statuses;
    const position = (this.positions.get(input.list_id) ?? 0) + 1;
    this.positions.set(input.list_id, position);
    const createdAt = input.created_at ?? this.iso(-DAY_MS * 20 + position * 60_000);
    const task: Task = {
      id: this.id(),
      display_id: `${ws.prefix}-${ws.next_number}`,
      workspace_id: ws.id,
      list_id: input.list_id,
      sprint_id: input.sprint_id ?? null,
      parent_task_id: input.parent?.id ?? null,
      title: input.title,
      description: input.description ?? null,
      priority: input.priority ?? 'medium',
      status_id: (input.status ?? (statuses[0] as Status)).id,
      assignee_id: input.assignee_id ?? null,
      creator_id: input.creator_id,
      due_date: input.due_date ?? null,
      created_at: createdAt,
      updated_at: createdAt,
      position: position * 1000,
      tags: input.tags ?? [],
      deleted_at: null,
      trash_batch: null,
    };
    ws.next_number += 1;
    this.store.addTask(task);
    return task;
  }

  activity(
    task: Task,
    actor: User,
    action: string,
    oldV: Activity['old_value'],
    newV: Activity['new_value'],
    at: string,
  ): void {
    this.store.addActivity({
      id: this.id(),
      seq: this.store.nextSeq(),
      task_id: task.id,
      entity_type: 'task',
      entity_id: task.id,
      action,
      actor_id: actor.id,
      actor_type: 'user',
      actor_name: actor.name,
      old_value: oldV,
      new_value: newV,
      created_at: at,
    });
  }

  fieldDef(
    ws: Workspace,
    scope: FieldDef['scopeable_type'],
    scopeId: string,
    name: string,
    type: FieldType,
    options: string[] | null = null,
    required = false,
  ): FieldDef {
    const colors = ['#e74c3c', '#3498db', '#2ecc71', '#f1c40f', '#9b59b6'];
    const def: FieldDef = {
      id: this.id(),
      workspace_id: ws.id,
      scopeable_type: scope,
      scopeable_id: scopeId,
      name,
      type,
      options: options ? options.map((label, i) => ({ label, color: colors[i % colors.length] as string })) : null,
      is_required: required,
    };
    this.store.fieldDefs.set(def.id, def);
    return def;
  }
}
