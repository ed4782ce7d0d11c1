// In-memory store with the indexes the hot paths need (tasks by list, children by
// parent, ...) so the task index of a 2,000-task list stays linear.
import type {
  Activity,
  Attachment,
  Comment,
  Dependency,
  FieldDef,
  FieldValue,
  Folder,
  InboundAddress,
  List,
  Membership,
  Space,
  Sprint,
  Status,
  Task,
  User,
  View,
  Workspace,
} from './types';

/** Precomputed ancestry of a list, so scope and visibility checks are O(1). */
export interface ListMeta {
  list: List;
  folder: Folder;
  space: Space;
  workspace_id: string;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) {
    set.delete(value);
    if (set.size === 0) map.delete(key);
  }
}

export class Store {
  readonly users = new Map<string, User>();
  readonly userByToken = new Map<string, User>();
  readonly workspaces = new Map<string, Workspace>();
  readonly memberships: Membership[] = [];
  readonly spaces = new Map<string, Space>();
  readonly folders = new Map<string, Folder>();
  readonly lists = new Map<string, List>();
  readonly statuses = new Map<string, Status>();
  readonly sprints = new Map<string, Sprint>();
  readonly tasks = new Map<string, Task>();
  readonly comments = new Map<string, Comment>();
  readonly dependencies = new Map<string, Dependency>();
  readonly attachments = new Map<string, Attachment>();
  readonly fieldDefs = new Map<string, FieldDef>();
  readonly fieldValues = new Map<string, FieldValue>();
  readonly activity = new Map<string, Activity>();
  readonly views = new Map<string, View>();
  readonly inbound = new Map<string, InboundAddress>();

  readonly listMeta = new Map<string, ListMeta>();
  readonly statusesByOwner = new Map<string, Status[]>();
  readonly tasksByList = new Map<string, Set<string>>();
  readonly tasksBySprint = new Map<string, Set<string>>();
  readonly childrenByParent = new Map<string, Set<string>>();
  /** By workspace and display id (displayKey): two workspaces may use one prefix. */
  readonly taskByDisplayId = new Map<string, string>();
  readonly commentsByTask = new Map<string, Set<string>>();
  readonly activityByTask = new Map<string, Activity[]>();
  readonly attachmentsByTask = new Map<string, Set<string>>();
  readonly depsByBlocked = new Map<string, Set<string>>();
  readonly depsByBlocker = new Map<string, Set<string>>();
  readonly valuesByTask = new Map<string, Map<string, string>>();
  readonly trashed = new Set<string>();
  private seqCounter = 0;

  nextSeq(): number {
    this.seqCounter += 1;
    return this.seqCounter;
  }

  addUser(user: User): void {
    this.users.set(user.id, user);
    this.userByToken.set(user.token, user);
  }

  addList(list: List): void {
    this.lists.set(list.id, list);
    const folder = this.folders.get(list.folder_id);
    const space = folder ? this.spaces.get(folder.space_id) : undefined;
    if (!folder || !space) throw new Error(`list ${list.id} has no folder/space`);
    this.listMeta.set(list.id, { list, folder, space, workspace_id: space.workspace_id });
  }

  addStatus(status: Status): void {
    this.statuses.set(status.id, status);
    const owned = this.statusesByOwner.get(status.owner_id) ?? [];
    owned.push(status);
    owned.sort((a, b) => a.position - b.position);
    this.statusesByOwner.set(status.owner_id, owned);
  }

  /** Statuses in effect for a list: its own when customized, else its space's. */
  listStatuses(listId: string): { statuses: Status[]; source: 'list' | 'space' } {
    const own = this.statusesByOwner.get(listId);
    if (own && own.length > 0) return { statuses: own, source: 'list' };
    const meta = this.listMeta.get(listId);
    return { statuses: (meta && this.statusesByOwner.get(meta.space.id)) ?? [], source: 'space' };
  }

  addTask(task: Task): void {
    this.tasks.set(task.id, task);
    addTo(this.tasksByList, task.list_id, task.id);
    if (task.sprint_id) addTo(this.tasksBySprint, task.sprint_id, task.id);
    if (task.parent_task_id) addTo(this.childrenByParent, task.parent_task_id, task.id);
    this.taskByDisplayId.set(displayKey(task.workspace_id, task.display_id), task.id);
    if (task.deleted_at) this.trashed.add(task.id);
  }

  setTaskList(task: Task, listId: string): void {
    removeFrom(this.tasksByList, task.list_id, task.id);
    task.list_id = listId;
    addTo(this.tasksByList, listId, task.id);
  }

  setTaskSprint(task: Task, sprintId: string | null): void {
    if (task.sprint_id) removeFrom(this.tasksBySprint, task.sprint_id, task.id);
    task.sprint_id = sprintId;
    if (sprintId) addTo(this.tasksBySprint, sprintId, task.id);
  }

  setTrashed(task: Task, deletedAt: string | null, batch: string | null): void {
    task.deleted_at = deletedAt;
    task.trash_batch = batch;
    if (deletedAt) this.trashed.add(task.id);
    else this.trashed.delete(task.id);
  }

  /** Destroys a task with its comments, attachments, values, links and activity. */
  purgeTask(task: Task): void {
    for (const id of [...(this.commentsByTask.get(task.id) ?? [])]) this.removeComment(id);
    for (const id of [...(this.attachmentsByTask.get(task.id) ?? [])]) this.removeAttachment(id);
    for (const id of [...(this.depsByBlocked.get(task.id) ?? [])]) this.removeDependency(id);
    for (const id of [...(this.depsByBlocker.get(task.id) ?? [])]) this.removeDependency(id);
    for (const id of (this.valuesByTask.get(task.id) ?? new Map<string, string>()).values()) {
      this.fieldValues.delete(id);
    }
    this.valuesByTask.delete(task.id);
    for (const entry of this.activityByTask.get(task.id) ?? []) this.activity.delete(entry.id);
    this.activityByTask.delete(task.id);
    removeFrom(this.tasksByList, task.list_id, task.id);
    if (task.sprint_id) removeFrom(this.tasksBySprint, task.sprint_id, task.id);
    if (task.parent_task_id) removeFrom(this.childrenByParent, task.parent_task_id, task.id);
    this.taskByDisplayId.delete(displayKey(task.workspace_id, task.display_id));
    this.trashed.delete(task.id);
    this.tasks.delete(task.id);
  }

  /** Children of a task, trashed ones included; callers filter. */
  childIds(taskId: string): Iterable<string> {
    return this.childrenByParent.get(taskId) ?? [];
  }

  addComment(comment: Comment): void {
    this.comments.set(comment.id, comment);
    addTo(this.commentsByTask, comment.task_id, comment.id);
  }

  removeComment(id: string): void {
    const comment = this.comments.get(id);
    if (!comment) return;
    this.comments.delete(id);
    removeFrom(this.commentsByTask, comment.task_id, id);
  }

  addAttachment(att: Attachment): void {
    this.attachments.set(att.id, att);
    addTo(this.attachmentsByTask, att.task_id, att.id);
  }

  removeAttachment(id: string): void {
    const att = this.attachments.get(id);
    if (!att) return;
    this.attachments.delete(id);
    removeFrom(this.attachmentsByTask, att.task_id, id);
  }

  addDependency(dep: Dependency): void {
    this.dependencies.set(dep.id, dep);
    addTo(this.depsByBlocked, dep.blocked_task_id, dep.id);
    addTo(this.depsByBlocker, dep.blocker_task_id, dep.id);
  }

  removeDependency(id: string): void {
    const dep = this.dependencies.get(id);
    if (!dep) return;
    this.dependencies.delete(id);
    removeFrom(this.depsByBlocked, dep.blocked_task_id, id);
    removeFrom(this.depsByBlocker, dep.blocker_task_id, id);
  }

  setFieldValue(value: FieldValue): void {
    this.fieldValues.set(value.id, value);
    let byDef = this.valuesByTask.get(value.task_id);
    if (!byDef) {
      byDef = new Map();
      this.valuesByTask.set(value.task_id, byDef);
    }
    byDef.set(value.custom_field_definition_id, value.id);
  }

  clearFieldValue(taskId: string, defId: string): void {
    const byDef = this.valuesByTask.get(taskId);
    const id = byDef?.get(defId);
    if (!byDef || !id) return;
    byDef.delete(defId);
    this.fieldValues.delete(id);
  }

  taskValues(taskId: string): FieldValue[] {
    const out: FieldValue[] = [];
    for (const id of (this.valuesByTask.get(taskId) ?? new Map<string, string>()).values()) {
      const value = this.fieldValues.get(id);
      if (value) out.push(value);
    }
    return out;
  }

  addActivity(entry: Activity): void {
    this.activity.set(entry.id, entry);
    const list = this.activityByTask.get(entry.task_id) ?? [];
    list.push(entry);
    this.activityByTask.set(entry.task_id, list);
  }

  membership(userId: string, workspaceId: string): Membership | undefined {
    return this.memberships.find((m) => m.user_id === userId && m.workspace_id === workspaceId);
  }
}

/** A display id is unique within its workspace only (two workspaces may use one prefix). */
export function displayKey(workspaceId: string, displayId: string): string {
  return `${workspaceId}:${displayId.toUpperCase()}`;
}
