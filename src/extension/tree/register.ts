import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import { signedIn } from '../auth/guard';
import { ROOT_KEY } from '../../core/tree/nodes';
import type { MessageNode, MoreNode } from '../../core/tree/nodes';
import type { Services } from '../services';
import { selectedTasksIn } from '../tasks/current';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { registerTaskDecorations } from './decorations';
import { ExplorerDragAndDrop } from './dragAndDrop';
import { registerTaskDrop } from './dragOut';
import { EXPLORER_VIEW, ExplorerTree } from './explorer';
import { editFilter } from './filterPicker';
import { groupListBy } from './groupBy';
import { MY_TASKS_VIEW, MyTasksTree } from './myTasks';
import { TreePoller } from './poller';
import { revealInExplorer } from './reveal';
import type { ViewFilter } from './viewFilter';

/** The views that show tasks (their Delete key is bound to deleteSelected). */
const TASK_VIEWS = [EXPLORER_VIEW, MY_TASKS_VIEW, 'taskPlatform.savedViews'];

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
  context.subscriptions.push(
    explorer,
    myTasks,
    poller,
    registerTaskDecorations(),
    registerTaskDrop(),
    warmTaskPanel(services),
  );
  registerCommand(context, Commands.treeMore, (node: MoreNode, viewId: unknown) => more(treeOf(viewId), node));
  registerCommand(context, Commands.treeRetry, (node: MessageNode, viewId: unknown) => retry(treeOf(viewId), node));
  registerCommand(context, Commands.explorerFilter, () => filterView(services, explorer, explorer.filter, true));
  registerCommand(context, Commands.explorerClearFilter, () => explorer.filter.set({}));
  registerCommand(context, Commands.myTasksFilter, () => filterView(services, explorer, myTasks.filter, false));
  registerCommand(context, Commands.myTasksClearFilter, () => myTasks.filter.set({}));
  registerCommand(context, Commands.myTasksGroupByStatus, () => myTasks.setGroupBy('status'));
  registerCommand(context, Commands.myTasksGroupByPriority, () => myTasks.setGroupBy('priority'));
  registerCommand(context, Commands.explorerGroupBy, (node: unknown) => groupListBy(explorer, node));
  registerCommand(context, Commands.revealInExplorer, (target: unknown) => revealInExplorer(explorer, target));
  registerCommand(context, Commands.treeDeleteSelected, (viewId: unknown) => deleteSelected(viewId));
  registerCommand(context, Commands.refresh, () => refresh(services, explorer, myTasks));
  return { explorer, myTasks, dragAndDrop, poller };
}

/** After sign-in, how long the views get to themselves before the task panel's code is read. */
const WARM_DELAY_MS = 1500;

/**
 * Reads the task panel's code (its chunk, docs/decisions/lazy-bundles.md) once the user is signed in
 * and the views have had their turn: opening a task is the first thing nearly every session does
 * from these views, and the first open otherwise waited for that code (the bench's `first-open` row).
 * Importing the module registers nothing; the feature still registers on its first use.
 */
function warmTaskPanel(services: Services): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const warm = (): void => {
    listener.dispose();
    timer = setTimeout(() => void import('../taskPanel/register.js').catch(() => undefined), WARM_DELAY_MS);
  };
  const listener = services.session.onDidChange((state) => {
    if (state.kind === 'signedIn') warm();
  });
  if (services.session.state.kind === 'signedIn') warm();
  return new vscode.Disposable(() => {
    listener.dispose();
    clearTimeout(timer);
  });
}

/**
 * Signed in: re-read what is shown (kept if the service cannot be reached). Otherwise check the
 * stored token again, which rebuilds the views.
 */
function refresh(services: Services, explorer: ExplorerTree, myTasks: MyTasksTree): void {
  if (services.session.state.kind === 'signedIn') {
    explorer.refreshLoaded();
    myTasks.refreshLoaded();
  } else {
    services.session.invalidate();
    explorer.refresh();
    myTasks.refresh();
  }
}

/**
 * The Delete key in a view that shows tasks (its keybinding passes the view id; the Workspaces view
 * when none): the selected task. A list, folder or saved view is never deleted from here.
 */
async function deleteSelected(viewId: unknown): Promise<void> {
  const view = typeof viewId === 'string' && TASK_VIEWS.includes(viewId) ? viewId : EXPLORER_VIEW;
  const task = selectedTasksIn(view)[0];
  if (!task) {
    void prompter().info(
      vscode.l10n.t('Select a task to delete it. Lists, folders and spaces are not deleted from here.'),
    );
    return;
  }
  await vscode.commands.executeCommand(Commands.deleteTask, task);
}

async function more(tree: ExplorerTree | MyTasksTree, node: MoreNode): Promise<void> {
  try {
    await tree.more(node);
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not load more'), error);
  }
}

function retry(tree: ExplorerTree | MyTasksTree, node: MessageNode): void {
  if (node.parentKey === ROOT_KEY) {
    void vscode.commands.executeCommand(Commands.refresh);
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
    void reportFailure(vscode.l10n.t('Could not filter'), error);
  }
}
