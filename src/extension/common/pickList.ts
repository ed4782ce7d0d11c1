import * as vscode from 'vscode';
import type { ListTarget } from '../../core/tasks/sidebar';
import { isUuid } from '../../core/util/ids';
import type { SignedIn } from '../auth/session';
import { readOrReport } from '../ui/failure';
import { pickWorkspace } from '../ui/pickers';
import { prompter } from '../ui/prompter';
import type { CommandContext, Finder } from './commandContext';

/** A list a command acts on: from a list node of the tree, or picked. */
export interface ListChoice {
  readonly workspaceId: string;
  readonly listId: string;
  readonly name: string;
}

/** Recent lists for Create Task and the other list pickers (globalState; docs/architecture.md). */
export const RECENT_KEY = 'taskPlatform.recentLists';

export function listFromArg(arg: unknown): ListChoice | undefined {
  const node = arg as { workspaceId?: unknown; listId?: unknown; name?: unknown } | undefined;
  if (isUuid(node?.workspaceId) && isUuid(node?.listId)) {
    return {
      workspaceId: node.workspaceId,
      listId: node.listId,
      name: typeof node.name === 'string' ? node.name : node.listId,
    };
  }
  return undefined;
}

/** A list of a workspace: recent lists first, then every list the user can see. */
export async function pickList(ctx: CommandContext, state: SignedIn, title: string): Promise<ListChoice | undefined> {
  const workspaceId = await pickWorkspace(state, title);
  if (!workspaceId) {
    return undefined;
  }
  const lists = (
    await readOrReport(vscode.l10n.t('Could not load the lists'), () => ctx.lookups.targets(state.client, workspaceId))
  )?.lists;
  if (!lists) {
    return undefined;
  }
  const recent = ctx.globalState.get<string[]>(RECENT_KEY, []);
  type Item = vscode.QuickPickItem & { list?: ListChoice };
  const item = (l: ListTarget, icon: string): Item => ({
    label: l.name,
    description: l.path,
    iconPath: new vscode.ThemeIcon(icon),
    list: { workspaceId, listId: l.id, name: l.name },
  });
  const recentLists = recent.flatMap((id) => lists.filter((l) => l.id === id));
  const items: Item[] = [];
  if (recentLists.length > 0) {
    items.push(
      { label: vscode.l10n.t('Recent'), kind: vscode.QuickPickItemKind.Separator },
      ...recentLists.map((l) => item(l, 'history')),
    );
    items.push({ label: vscode.l10n.t('All lists'), kind: vscode.QuickPickItemKind.Separator });
  }
  items.push(...lists.filter((l) => !recent.includes(l.id)).map((l) => item(l, 'list-unordered')));
  return (
    await prompter().quickPick(items, { title, placeHolder: vscode.l10n.t('Pick a list'), matchOnDescription: true })
  )?.list;
}

export async function rememberList(ctx: CommandContext, listId: string): Promise<void> {
  const recent = ctx.globalState.get<string[]>(RECENT_KEY, []).filter((id) => id !== listId);
  await ctx.globalState.update(RECENT_KEY, [listId, ...recent].slice(0, 5));
}

/** The list a command acts on: the list node it was given, else a pick. */
export const listFinder: Finder<{ list: ListChoice }> = async (ctx, state, call) => {
  const list = listFromArg(call.arg) ?? (await pickList(ctx, state, call.title));
  return list && { list };
};
