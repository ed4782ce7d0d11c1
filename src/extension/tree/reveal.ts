import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { isAccountKey } from '../../core/accounts/account';
import { accountScope, keys, scopeKey } from '../../core/tree/nodes';
import { UUID } from '../../core/util/ids';
import type { TreeNode } from '../../core/tree/nodes';
import { directoryFor } from '../directory';
import { log } from '../log';
import { prompter } from '../ui/prompter';
import type { ExplorerTree } from './explorer';
import { errorText } from '../../core/util/errorText';

const uuid = z.string().check(z.regex(UUID));
const TargetSchema = z.object({
  workspaceId: uuid,
  spaceId: z.optional(uuid),
  folderId: z.optional(uuid),
  listId: z.optional(uuid),
  taskId: z.optional(uuid),
  /** Whose item it is (several accounts); checked as a key below, never guessed at. */
  account: z.optional(z.string()),
});
export type RevealTarget = z.infer<typeof TargetSchema>;

/**
 * Reveals a container or a task in the explorer (the panel's breadcrumb uses it). The path is walked
 * from the root, loading only the nodes on it. A list whose space and folder are not given is found
 * among the loaded nodes, else through the sidebar route (shape not documented: read
 * defensively, and only to find ids).
 */
export async function revealInExplorer(explorer: ExplorerTree, arg: unknown): Promise<boolean> {
  const parsed = TargetSchema.safeParse(arg);
  if (!parsed.success) {
    log.warn('revealInExplorer: ignored a malformed target');
    return false;
  }
  const target =
    parsed.data.listId && !(parsed.data.spaceId && parsed.data.folderId)
      ? await completePath(explorer, parsed.data)
      : parsed.data;
  // With several accounts the path starts at the account's root (the primary's when none is named).
  if (target.account !== undefined && !isAccountKey(target.account)) {
    log.warn('revealInExplorer: ignored a target with a malformed account');
    return false;
  }
  const root = await explorer.rootFor(target.account);
  const path = [keys.workspace(target.workspaceId)];
  if (target.spaceId) {
    path.push(keys.space(target.spaceId));
    if (target.folderId) {
      path.push(keys.folder(target.folderId));
      if (target.listId) {
        path.push(keys.list(target.listId));
        if (target.taskId) {
          path.push(keys.task('', target.taskId));
        }
      }
    }
  }
  let node: TreeNode | undefined = root;
  for (const key of path.map((k) => scopeKey(root && accountScope(root.account), k))) {
    const children = await explorer.getChildren(node);
    let next: TreeNode | undefined = children.find((n) => n.key === key);
    // A grouped list: the task is under the group that holds its row.
    const group = next
      ? undefined
      : children.find((n) => n.kind === 'group' && n.tasks.some((t) => key.endsWith(t.id)));
    if (group) {
      node = group;
      next = (await explorer.getChildren(group)).find((n) => n.key === key);
    }
    if (!next) {
      break;
    }
    node = next;
  }
  if (!node || node === root) {
    void prompter().info(
      vscode.l10n.t('That item is not in the tree (it may be hidden by the filter or not visible to you).'),
    );
    return false;
  }
  await explorer.view.reveal(node, { select: true, focus: true, expand: node.kind !== 'task' });
  return true;
}

const SidebarSchema = z.object({
  data: z.object({
    spaces: z.array(
      z.object({
        id: z.string(),
        folders: z.array(z.object({ id: z.string(), lists: z.array(z.object({ id: z.string() })) })),
      }),
    ),
  }),
});

async function completePath(explorer: ExplorerTree, target: RevealTarget): Promise<RevealTarget> {
  const loaded = explorer.loadedNodes().find((n) => n.kind === 'list' && n.listId === target.listId);
  if (loaded?.kind === 'list') {
    return { ...target, spaceId: loaded.spaceId, folderId: loaded.folderId };
  }
  const state = await explorer.sessionState(target.account);
  if (state.kind !== 'signedIn') {
    return target;
  }
  try {
    const sidebar = SidebarSchema.safeParse(await directoryFor(state.client).sidebar(target.workspaceId));
    for (const space of sidebar.success ? sidebar.data.data.spaces : []) {
      for (const folder of space.folders) {
        if (folder.lists.some((l) => l.id === target.listId)) {
          return { ...target, spaceId: space.id, folderId: folder.id };
        }
      }
    }
  } catch (error) {
    log.warn(`revealInExplorer: the sidebar could not be read (${errorText(error)})`);
  }
  return target;
}
