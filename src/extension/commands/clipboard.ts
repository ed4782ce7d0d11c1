import * as vscode from 'vscode';
import { taskWebLink } from '../../core/tasks/links';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import type { CommandContext } from './context';
import { taskTarget, taskWith } from './pickTask';

/** Copies the task's web-app link (format: core/tasks/links.ts). Returns what was copied. */
export async function copyLink(ctx: CommandContext, arg?: unknown): Promise<string | undefined> {
  return copy(ctx, arg, vscode.l10n.t('Copy Link'), (displayId, baseUrl) => taskWebLink(baseUrl, displayId));
}

export async function copyDisplayId(ctx: CommandContext, arg?: unknown): Promise<string | undefined> {
  return copy(ctx, arg, vscode.l10n.t('Copy Display Id'), (displayId) => displayId);
}

async function copy(ctx: CommandContext, arg: unknown, title: string, text: (displayId: string, baseUrl: string) => string): Promise<string | undefined> {
  const target = await taskTarget(ctx, arg, title);
  if (!target) {
    return undefined;
  }
  const { state, ref } = target;
  try {
    const task = await taskWith(state, ref, ['display_id']);
    // A task without a display id (not expected) still gets a working link through its UUID.
    const value = text(task.display_id ?? task.id, state.baseUrl);
    await vscode.env.clipboard.writeText(value);
    prompter().status(vscode.l10n.t('Copied {0}', value), 4000);
    return value;
  } catch (error) {
    void reportFailure(ctx.services.session, vscode.l10n.t('Could not copy'), error);
    return undefined;
  }
}
