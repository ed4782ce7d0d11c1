import * as vscode from 'vscode';
import { Commands } from './commandIds';
import type { Services } from '../services';
import { signedInFor } from '../auth/guard';
import type { SignedIn } from '../auth/session';
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
  readonly all?: unknown;
}

/** Finds what a command acts on for a signed-in user, asking for what is missing; undefined when given up. */
export type Finder<T extends object> = (ctx: CommandContext, state: SignedIn, call: Call) => Promise<T | undefined>;

/**
 * The session of what the command acts on (auth/guard.ts signedInFor: the account its target
 * carries, else the primary one) and what `find` gives with it; undefined when that account is not
 * signed in (the user was told) or nothing was found.
 */
export async function targetOf<T extends object>(
  ctx: CommandContext,
  call: Call,
  find: Finder<T>,
): Promise<(T & { state: SignedIn }) | undefined> {
  const state = await signedInFor(ctx.services.accounts, call.arg, call.all);
  const found = state && (await find(ctx, state, call));
  return found && { ...found, state };
}

/** A command that first finds what it acts on (see targetOf), then runs on it. */
export function commandOn<T extends object, R>(
  find: Finder<T>,
  title: () => string,
  run: (ctx: CommandContext, target: T & { state: SignedIn }, call: Call) => Promise<R | undefined>,
): Command<R> {
  return async (ctx, arg, all) => {
    const call: Call = { title: title(), arg, all };
    const target = await targetOf(ctx, call, find);
    return target && run(ctx, target, call);
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
export async function openTask(ref: {
  workspaceId: string;
  taskId: string;
  row?: unknown;
  account?: string;
}): Promise<void> {
  try {
    await vscode.commands.executeCommand(Commands.openTask, ref);
  } catch (error) {
    void prompter().warn(vscode.l10n.t('Could not open the task: {0}', errorText(error)));
  }
}
