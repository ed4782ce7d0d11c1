import * as vscode from 'vscode';
import type { Services } from '../services';
import { copyDisplayId, copyLink, openInBrowser } from './clipboard';
import { addComment } from './comment';
import type { CommandContext } from '../common/commandContext';
import { addSubtask, createTask } from './create';
import { linkTasks, removeDependency } from './dependencies';
import { assign, setDueDate, setPriority, setStatus } from './fields';
import { Lookups } from '../common/lookups';
import { goToTask, taskUriHandler } from './goTo';
import { showInboundAddress } from './inbound';
import { moveTask } from './move';
import { RecentTrash } from '../common/recentTrash';
import { StatusIcons } from '../common/statusIcons';
import { searchTasks } from './search';
import { deleteTask, restoreTask } from './trash';
import { triage } from './triage';
import { Commands } from '../common/commandIds';
import type { CommandId } from '../common/commandIds';
import { registerCommand } from '../common/registry';

/** The commands of this feature; the tree's menus and package.json reference them. */
const handlers: [CommandId, (ctx: CommandContext, arg?: unknown, all?: unknown) => Promise<unknown>][] = [
  [Commands.setStatus, setStatus],
  [Commands.setPriority, setPriority],
  [Commands.assign, assign],
  [Commands.setDueDate, setDueDate],
  [Commands.copyLink, copyLink],
  [Commands.openInBrowser, openInBrowser],
  [Commands.copyDisplayId, copyDisplayId],
  [Commands.moveTask, moveTask],
  [Commands.addSubtask, addSubtask],
  [Commands.deleteTask, deleteTask],
  [Commands.restoreTask, restoreTask],
  [Commands.createTask, createTask],
  [Commands.searchTasks, searchTasks],
  [Commands.goToTask, goToTask],
  [Commands.addComment, addComment],
  [Commands.linkTasks, linkTasks],
  [Commands.removeDependency, removeDependency],
  [Commands.showInboundAddress, showInboundAddress],
  [Commands.triage, triage],
];

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
  );
  for (const [id, handler] of handlers) {
    registerCommand(context, id, (arg?: unknown, all?: unknown) => handler(ctx, arg, all));
  }
  return ctx;
}
