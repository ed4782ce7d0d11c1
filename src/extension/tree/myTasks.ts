import * as vscode from 'vscode';
import type { TaskRow } from '../../core/api/schemas';
import { inert } from '../../core/text/inert';
import { MyTasksModel } from '../../core/tree/myTasksModel';
import type { GroupBy } from '../../core/tree/myTasksModel';
import type { Scope, TreeNode } from '../../core/tree/nodes';
import type { SignedIn } from '../auth/session';
import type { Services } from '../services';
import type { TaskChange } from '../tasks/changes';
import type { ExplorerTree } from './explorer';
import { subtaskText } from './explorer';
import { directoryFor } from '../directory';
import type { ItemContext } from './items';
import { TaskDragOut } from './dragOut';
import { TaskTree } from './taskTree';
import { ViewFilter } from './viewFilter';

export const MY_TASKS_VIEW = 'taskPlatform.myTasks';

/**
 * "My Tasks": the signed-in user's tasks in each workspace, grouped by status or priority. Reads
 * nothing until the view is shown; its own filter (without an assignee part) goes to the server.
 */
export class MyTasksTree extends TaskTree<MyTasksModel> {
  readonly view: vscode.TreeView<TreeNode>;
  readonly filter: ViewFilter;
  /** A task dragged out drops its display id (tree/dragOut.ts). */
  readonly dragOut = new TaskDragOut<TreeNode>();

  constructor(
    services: Services,
    private readonly memento: vscode.Memento,
    private readonly explorer: ExplorerTree,
  ) {
    super(MY_TASKS_VIEW, services.session, services.changes, services.accounts);
    this.filter = this.register(new ViewFilter(MY_TASKS_VIEW, memento));
    this.view = this.createView({ dragAndDropController: this.dragOut }, memento);
    this.register(this.filter.onDidChange(() => this.regroup()));
    void this.setGroupContext();
    this.describe();
  }

  get groupBy(): GroupBy {
    return this.memento.get<GroupBy>('myTasks.groupBy') ?? 'status';
  }

  async setGroupBy(groupBy: GroupBy): Promise<void> {
    await this.memento.update('myTasks.groupBy', groupBy);
    await this.setGroupContext();
    this.regroup();
  }

  protected createModel(state: SignedIn, scope?: Scope): MyTasksModel {
    return new MyTasksModel(state.client, state.user.workspaces, {
      scope,
      meId: state.user.id,
      groupBy: () => this.groupBy,
      queryFor: async () => this.filter.forWorkspace(directoryFor(state.client)),
      text: {
        noTasks: vscode.l10n.t('Nothing assigned to you'),
        noMatches: vscode.l10n.t('None of your tasks match the filter'),
        noPriority: vscode.l10n.t('no priority'),
        ...subtaskText,
      },
    });
  }

  protected itemContext(): ItemContext {
    return { listTotal: () => undefined, now: () => new Date(), viewId: this.viewId, omitAssignee: true };
  }

  override async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    const children = await super.getChildren(node);
    const state = node ? this.sessionOf(node).state : this.session.state;
    if (state.kind === 'signedIn') {
      directoryFor(state.client).noteRows(
        children.flatMap((c) => (c.kind === 'task' ? [c.row] : c.kind === 'group' ? c.tasks : [])),
      );
    }
    return children;
  }

  protected onStructureChange(change: Exclude<TaskChange, { kind: 'updated' }>): void {
    void change;
    this.regroup();
  }

  protected override onTaskChange(change: TaskChange): void {
    // A new status, priority or assignee can move a task to another group, into My Tasks or out of
    // it: then the groups are read again. Anything else only changes the row, in place (no request),
    // unless a filter is on (a new due date or title may take the task in or out of it).
    const regroup = change.kind === 'updated' && (!this.filter.isEmpty || this.regroupsFor(change.task));
    super.onTaskChange(change);
    if (regroup) {
      this.regroup();
    }
  }

  /** Whether an update can move the task between groups in any account's model (true when none is loaded). */
  private regroupsFor(task: TaskRow): boolean {
    const models = [...this.parts.models()];
    return models.length === 0 || models.some((m) => m.regroupsFor(task));
  }

  private regroup(): void {
    for (const model of this.parts.models()) {
      model.invalidateAll();
    }
    this.fire(undefined);
    this.describe();
  }

  private describe(): void {
    const by = this.groupBy === 'status' ? vscode.l10n.t('by status') : vscode.l10n.t('by priority');
    const filter = this.filter.isEmpty ? undefined : this.filter.describe((id) => this.explorer.names.get(id));
    // Members' names in the filter come from the service: inert.
    this.view.description = inert(filter ? `${by} · ${vscode.l10n.t('Filtered')}: ${filter}` : by, 200);
  }

  private async setGroupContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', 'taskPlatform.myTasks.groupBy', this.groupBy);
  }
}
