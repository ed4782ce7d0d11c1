import type { AccountKey } from '../../core/accounts/account';

/**
 * Tasks deleted during this session, newest first. The API shows no Trash listing ("Not covered:
 * ... the Trash listing"), so Restore can only offer what this window deleted itself.
 */
export interface TrashedTask {
  /** The account that deleted it (none: the primary's), the one that restores it. */
  readonly account?: AccountKey;
  readonly workspaceId: string;
  readonly taskId: string;
  readonly displayId?: string;
  readonly title?: string;
  readonly listId?: string;
  readonly parentTaskId?: string | null;
  readonly deletedAt: string;
  readonly subtasksDeleted: number;
}

export class RecentTrash {
  private readonly items: TrashedTask[] = [];

  add(item: TrashedTask): void {
    this.remove(item.taskId);
    this.items.unshift(item);
    this.items.splice(50);
  }

  remove(taskId: string): void {
    const index = this.items.findIndex((i) => i.taskId === taskId);
    if (index >= 0) {
      this.items.splice(index, 1);
    }
  }

  list(): readonly TrashedTask[] {
    return this.items;
  }

  clear(): void {
    this.items.length = 0;
  }
}
