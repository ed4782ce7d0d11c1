import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import { signedInFor } from '../auth/guard';
import type { AccountKey } from '../../core/accounts/account';
import type { KnownView } from '../../core/views/known';
import { isViewId } from '../../core/views/references';
import type { SignedIn } from '../auth/session';
import type { Services } from '../services';
import { prompter } from '../ui/prompter';
import { knownViews } from './context';
import type { ViewsContext } from './context';
import { pickView, sidebarViews } from './pickView';
import { showViewResults } from './results';
import { SAVED_VIEWS_VIEW, SavedViewsTree } from './savedViewsTree';
import type { ViewNode } from './savedViewsTree';

/** Saved views: Run Saved View, pin / unpin / rename, and the Saved Views tree. */
export function registerSavedViews(context: vscode.ExtensionContext, services: Services): SavedViewsTree {
  const changed = new vscode.EventEmitter<void>();
  const ctx: ViewsContext = { services, memento: services.globalState, changed };
  const tree = new SavedViewsTree(ctx);
  context.subscriptions.push(
    changed,
    tree,
    services.changes.onDidChange((change) => {
      if (change.kind === 'updated') {
        tree.replaceRow(change.task);
      }
    }),
  );
  registerCommand(context, Commands.runView, (arg?: unknown) => runView(ctx, arg));
  registerCommand(context, Commands.pinView, (arg?: unknown) => pinView(ctx, arg));
  registerCommand(context, Commands.unpinView, (node?: ViewNode) => setPinned(ctx, node, false));
  registerCommand(context, Commands.renamePinnedView, (node?: ViewNode) => rename(ctx, node));
  registerCommand(context, Commands.openViewInTree, (viewId: unknown) => openInTree(ctx, tree, viewId));
  registerCommand(context, Commands.viewsMore, (viewId: string, account?: AccountKey) => tree.more(viewId, account));
  registerCommand(context, Commands.savedViewsRefresh, () => tree.refresh());
  return tree;
}

/** A view from a command argument: a view id (keybindings pass one), `{ viewId }`, or a tree node. */
async function viewFromArg(
  ctx: ViewsContext,
  state: SignedIn,
  arg: unknown,
): Promise<KnownView | undefined | 'invalid'> {
  const node = arg as Partial<ViewNode> | { viewId?: unknown } | undefined;
  if (node && typeof node === 'object' && 'view' in node && node.view) {
    return node.view;
  }
  const id =
    typeof arg === 'string'
      ? arg.trim().toLowerCase()
      : node && typeof node === 'object' && 'viewId' in node
        ? node.viewId
        : undefined;
  if (id === undefined) {
    return undefined;
  }
  if (!isViewId(id)) {
    return 'invalid';
  }
  const known = knownViews(ctx, state).get(id);
  if (known) {
    return known;
  }
  const named = (await sidebarViews(state)).find((v) => v.id === id);
  return { id, name: named?.name ?? id, scopeType: named?.scopeType, workspaceId: named?.workspaceId, pinned: false };
}

async function resolveView(
  ctx: ViewsContext,
  state: SignedIn,
  arg: unknown,
  title: string,
): Promise<KnownView | undefined> {
  const given = await viewFromArg(ctx, state, arg);
  if (given === 'invalid') {
    void prompter().warn(
      vscode.l10n.t(
        '"{0}" is not a view id: a view id is a UUID.',
        String(typeof arg === 'string' ? arg : JSON.stringify(arg)),
      ),
    );
    return undefined;
  }
  return given ?? pickView(ctx, state, title);
}

async function runView(ctx: ViewsContext, arg: unknown): Promise<boolean> {
  const state = await signedInFor(ctx.services.accounts, arg);
  const view = state && (await resolveView(ctx, state, arg, vscode.l10n.t('Run Saved View')));
  return view ? (await showViewResults(ctx, state, view)) !== undefined : false;
}

async function pinView(ctx: ViewsContext, arg: unknown): Promise<boolean> {
  const state = await signedInFor(ctx.services.accounts, arg);
  const view = state && (await resolveView(ctx, state, arg, vscode.l10n.t('Pin Saved View')));
  if (!state || !view) {
    return false;
  }
  const views = knownViews(ctx, state);
  await views.put({ ...view, ...views.get(view.id), pinned: true });
  ctx.changed.fire();
  return true;
}

async function setPinned(ctx: ViewsContext, node: ViewNode | undefined, pinned: boolean): Promise<void> {
  const state = await signedInFor(ctx.services.accounts, node);
  if (state && node?.kind === 'view') {
    await knownViews(ctx, state).patch(node.view.id, { pinned });
    ctx.changed.fire();
  }
}

async function rename(ctx: ViewsContext, node: ViewNode | undefined): Promise<void> {
  const state = await signedInFor(ctx.services.accounts, node);
  if (!state || node?.kind !== 'view') {
    return;
  }
  const name = await prompter().inputBox({
    title: vscode.l10n.t('Rename Pinned View'),
    value: node.view.name,
    prompt: vscode.l10n.t('The name shown here only; the view itself is not changed on the service.'),
    validateInput: (v) =>
      v.trim() === ''
        ? vscode.l10n.t('The name cannot be empty.')
        : v.trim().length > 100
          ? vscode.l10n.t('At most 100 characters.')
          : undefined,
  });
  const trimmed = name?.trim();
  if (!trimmed || trimmed.length > 100) {
    return;
  }
  await knownViews(ctx, state).patch(node.view.id, { name: trimmed });
  ctx.changed.fire();
}

/** Shows a view's rows in the Saved Views tree (pinning it, since pinned views are its roots). */
async function openInTree(ctx: ViewsContext, tree: SavedViewsTree, viewId: unknown): Promise<void> {
  if (!(await pinView(ctx, viewId))) {
    return;
  }
  await vscode.commands.executeCommand(`${SAVED_VIEWS_VIEW}.focus`);
  // With several accounts the view is pinned for the primary one, whose root comes first.
  const top = await tree.getChildren();
  const views = top[0]?.kind === 'account' ? await tree.getChildren(top[0]) : top;
  const root = views.find((n) => n.kind === 'view' && n.view.id === viewId);
  if (root) {
    await tree.view.reveal(root, { expand: true, select: true, focus: true });
  }
}
