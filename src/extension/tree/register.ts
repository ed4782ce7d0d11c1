import * as vscode from 'vscode';
import { signedIn } from '../auth/guard';
import { ROOT_KEY } from '../../core/tree/nodes';
import type { MessageNode, MoreNode } from '../../core/tree/nodes';
import type { Services } from '../services';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { registerTaskDecorations } from './decorations';
import { ExplorerDragAndDrop } from './dragAndDrop';
import { ExplorerTree } from './explorer';
import { editFilter } from './filterPicker';
import { MY_TASKS_VIEW, MyTasksTree } from './myTasks';
import { TreePoller } from './poller';
import { revealInExplorer } from './reveal';
import type { ViewFilter } from './viewFilter';

export interface Trees {
  readonly explorer: ExplorerTree;
  readonly myTasks: MyTasksTree;
  readonly dragAndDrop: ExplorerDragAndDrop;
  readonly poller: TreePoller;
}

/** The two tree views, their decorations, drag and drop, filters, polling and view commands. */
export function registerTrees(context: vscode.ExtensionContext, services: Services): Trees {
  const dragAndDrop = new ExplorerDragAndDrop(services);
  const explorer = new ExplorerTree(services, context.workspaceState, dragAndDrop);
  const myTasks = new MyTasksTree(services, context.workspaceState, explorer);
  const poller = new TreePoller(explorer, myTasks, services.session);
  const treeOf = (viewId: unknown): ExplorerTree | MyTasksTree => (viewId === MY_TASKS_VIEW ? myTasks : explorer);
  const cmd = vscode.commands.registerCommand;
  context.subscriptions.push(
    explorer,
    myTasks,
    poller,
    registerTaskDecorations(),
    cmd('taskPlatform.tree.more', (node: MoreNode, viewId: unknown) => more(services, treeOf(viewId), node)),
    cmd('taskPlatform.tree.retry', (node: MessageNode, viewId: unknown) => retry(treeOf(viewId), node)),
    cmd('taskPlatform.explorer.filter', () => filterView(services, explorer, explorer.filter, true)),
    cmd('taskPlatform.explorer.clearFilter', () => explorer.filter.set({})),
    cmd('taskPlatform.myTasks.filter', () => filterView(services, explorer, myTasks.filter, false)),
    cmd('taskPlatform.myTasks.clearFilter', () => myTasks.filter.set({})),
    cmd('taskPlatform.myTasks.groupByStatus', () => myTasks.setGroupBy('status')),
    cmd('taskPlatform.myTasks.groupByPriority', () => myTasks.setGroupBy('priority')),
    cmd('taskPlatform.revealInExplorer', (target: unknown) => revealInExplorer(explorer, target)),
    cmd('taskPlatform.tree.deleteSelected', () => deleteSelected(explorer)),
  );
  return { explorer, myTasks, dragAndDrop, poller };
}

/** The Delete key in the Workspaces view: the selected task (a list or folder is never deleted here). */
async function deleteSelected(explorer: ExplorerTree): Promise<void> {
  const task = explorer.view.selection.find((n) => n.kind === 'task');
  if (!task) {
    void prompter().info(
      vscode.l10n.t('Select a task to delete it. Lists, folders and spaces are not deleted from here.'),
    );
    return;
  }
  await vscode.commands.executeCommand('taskPlatform.deleteTask', task);
}

async function more(services: Services, tree: ExplorerTree | MyTasksTree, node: MoreNode): Promise<void> {
  try {
    await tree.more(node);
  } catch (error) {
    void reportFailure(services.session, vscode.l10n.t('Could not load more'), error);
  }
}

function retry(tree: ExplorerTree | MyTasksTree, node: MessageNode): void {
  if (node.parentKey === ROOT_KEY) {
    void vscode.commands.executeCommand('taskPlatform.refresh');
  } else {
    tree.refreshKey(node.parentKey);
  }
}

async function filterView(
  services: Services,
  explorer: ExplorerTree,
  filter: ViewFilter,
  withAssignee: boolean,
): Promise<void> {
  const state = await signedIn(services.session);
  if (!state) {
    return;
  }
  const directory = explorer.directory();
  if (!directory) {
    return;
  }
  try {
    await editFilter({ filter, directory, workspaces: state.user.workspaces, meId: state.user.id, withAssignee });
    // Names for the view description, from members already fetched (no request).
    for (const w of state.user.workspaces) {
      void directory.membersOf(w.id).then(
        (members) => members.forEach((m) => explorer.names.set(m.id, m.name)),
        () => undefined,
      );
    }
  } catch (error) {
    void reportFailure(services.session, vscode.l10n.t('Could not filter'), error);
  }
}
