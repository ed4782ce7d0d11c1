import * as vscode from 'vscode';
import { Commands } from './ids';
import type { Services } from '../services';
import { prompter } from '../ui/prompter';
import type { Lookups } from './lookups';
import type { RecentTrash } from './recentTrash';
import type { StatusIcons } from './statusIcons';
import { errorText } from '../../core/util/errorText';

/** What every command of this folder shares: the services, the per-session caches, this session's Trash. */
export interface CommandContext {
  readonly services: Services;
  readonly lookups: Lookups;
  readonly trash: RecentTrash;
  readonly globalState: vscode.Memento;
  readonly statusIcons: StatusIcons;
}

/** A command as registered: what VS Code passes (an argument, a tree's multi-selection), what it did. */
export type Command<R> = (ctx: CommandContext, arg?: unknown, all?: unknown) => Promise<R | undefined>;

/** One run of a command: its title (for pickers and messages) and what VS Code passed. */
export interface Call {
  readonly title: string;
  readonly arg: unknown;
  readonly all: unknown;
}

/**
 * A command that first finds what it acts on (`find` asks the user for what is missing and tells them
 * when it cannot: signed out, given up), then runs on it. Undefined when nothing was found.
 */
export function commandOn<T, R>(
  find: (ctx: CommandContext, call: Call) => Promise<T | undefined>,
  title: () => string,
  run: (ctx: CommandContext, target: T, call: Call) => Promise<R | undefined>,
): Command<R> {
  return async (ctx, arg, all) => {
    const call: Call = { title: title(), arg, all };
    const target = await find(ctx, call);
    return target === undefined ? undefined : run(ctx, target, call);
  };
}

/** Short name of a task for messages: `ACME-12 "Fix login"`, or the title alone. */
export function taskName(task: { display_id?: string; title?: string } | undefined): string {
  if (!task) {
    return vscode.l10n.t('the task');
  }
  const title = task.title ? `"${task.title}"` : '';
  return [task.display_id, title].filter(Boolean).join(' ') || vscode.l10n.t('the task');
}

/** Opens the task panel (another feature's command); a missing command is logged, not thrown. */
export async function openTask(ref: { workspaceId: string; taskId: string; row?: unknown }): Promise<void> {
  try {
    await vscode.commands.executeCommand(Commands.openTask, ref);
  } catch (error) {
    void prompter().warn(vscode.l10n.t('Could not open the task: {0}', errorText(error)));
  }
}
