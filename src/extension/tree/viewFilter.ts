import * as vscode from 'vscode';
import type { TaskFilter as QueryFilter } from '../../core/api/inputs';
import type { Directory } from '../../core/api/directory';
import { describeFilter, isEmptyFilter, toQueryParts } from '../../core/tasks/filter';
import type { TaskFilter } from '../../core/tasks/filter';

/** A view's filter as the user chose it. Statuses are kept by name: ids differ from list to list. */
export type FilterSpec = Omit<TaskFilter, 'statusIds'> & { readonly statusNames?: readonly string[] };

export type QueryParts = { filter?: QueryFilter; search?: string };

/**
 * The filter of one view, kept in workspace state so it survives a reload, shown in the view's
 * description, and sent to the server as the task index's `filter` JSON (never applied here).
 */
export class ViewFilter implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<FilterSpec>();
  readonly onDidChange = this.emitter.event;
  private current: FilterSpec;

  constructor(
    readonly viewId: string,
    private readonly memento: vscode.Memento,
  ) {
    this.current = memento.get<FilterSpec>(`filter.${viewId}`) ?? {};
    void this.updateContext();
  }

  get spec(): FilterSpec {
    return this.current;
  }

  get isEmpty(): boolean {
    return isEmptyFilter({ ...this.current, statusIds: this.current.statusNames });
  }

  async set(spec: FilterSpec): Promise<void> {
    this.current = spec;
    await this.memento.update(`filter.${this.viewId}`, spec);
    await this.updateContext();
    this.emitter.fire(spec);
  }

  /** `high · Bob · overdue · "login"` for the view's description. */
  describe(memberName: (id: string) => string | undefined): string {
    return describeFilter(
      { ...this.current, statusIds: this.current.statusNames },
      { status: (name) => name, member: memberName },
    );
  }

  /** The query for one list: status names become that list's ids; null when nothing can match. */
  async forList(directory: Directory, listId: string): Promise<QueryParts | null> {
    const names = this.current.statusNames;
    const statusIds = names?.length ? await directory.listIdsFor(listId, names) : undefined;
    return statusIds?.length === 0 ? null : toQueryParts({ ...this.current, statusIds });
  }

  /** The query for a wider scope: status names become every known id with those names. */
  forWorkspace(directory: Directory): QueryParts | null {
    const names = this.current.statusNames;
    const statusIds = names?.length ? directory.knownIdsFor(names) : undefined;
    return statusIds?.length === 0 ? null : toQueryParts({ ...this.current, statusIds });
  }

  dispose(): void {
    this.emitter.dispose();
  }

  private async updateContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', `${this.viewId}.filtered`, !this.isEmpty);
  }
}
