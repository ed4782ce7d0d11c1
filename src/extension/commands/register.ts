import * as vscode from 'vscode';
import type { Services } from '../services';
import { copyDisplayId, copyLink } from './clipboard';
import { addComment } from './comment';
import type { CommandContext } from './context';
import { addSubtask, createTask } from './create';
import { linkTasks, removeDependency } from './dependencies';
import { assign, setDueDate, setPriority, setStatus } from './fields';
import { Lookups } from './lookups';
import { goToTask, taskUriHandler } from './goTo';
import { showInboundAddress } from './inbound';
import { moveTask } from './move';
import { RecentTrash } from './recentTrash';
import { StatusIcons } from './statusIcons';
import { searchTasks } from './search';
import { deleteTask, restoreTask } from './trash';
import { triage } from './triage';

/** Every command id of this feature; the tree's menus and package.json reference them. */
const handlers: Record<string, (ctx: CommandContext, arg?: unknown, all?: unknown) => Promise<unknown>> = {
  'taskPlatform.setStatus': setStatus,
  'taskPlatform.setPriority': setPriority,
  'taskPlatform.assign': assign,
  'taskPlatform.setDueDate': setDueDate,
  'taskPlatform.copyLink': copyLink,
  'taskPlatform.copyDisplayId': copyDisplayId,
  'taskPlatform.moveTask': moveTask,
  'taskPlatform.addSubtask': addSubtask,
  'taskPlatform.deleteTask': deleteTask,
  'taskPlatform.restoreTask': restoreTask,
  'taskPlatform.createTask': createTask,
  'taskPlatform.searchTasks': searchTasks,
  'taskPlatform.goToTask': goToTask,
  'taskPlatform.addComment': addComment,
  'taskPlatform.linkTasks': linkTasks,
  'taskPlatform.removeDependency': removeDependency,
  'taskPlatform.showInboundAddress': showInboundAddress,
  'taskPlatform.triage': triage,
};

/**
 * Registers the task commands (and the tree's context menu). No request until one runs.
 * Returns the command context, which other features' commands (code links) share.
 */
export function registerCommands(context: vscode.ExtensionContext, services: Services): CommandContext {
  const ctx: CommandContext = {
    services,
    lookups: new Lookups(),
    trash: new RecentTrash(),
    globalState: services.globalState,
    statusIcons: new StatusIcons(context.globalStorageUri),
  };
  context.subscriptions.push(
    // Another account or a sign-out: cached statuses, members and lists belong to the old session.
    services.session.onDidChange(() => {
      ctx.lookups.clear();
      ctx.trash.clear();
    }),
    vscode.window.registerUriHandler(taskUriHandler(ctx)),
    ...Object.entries(handlers).map(([id, handler]) =>
      vscode.commands.registerCommand(id, (arg?: unknown, all?: unknown) => handler(ctx, arg, all)),
    ),
  );
  return ctx;
}
