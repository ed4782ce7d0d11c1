import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { markStepDone } from '../walkthrough/progress';
import type { TaskRow } from '../../core/api/schemas';
import type { KnownView } from '../../core/views/known';
import { ViewPager } from '../../core/views/pager';
import { rowDescription } from '../../core/tree/rows';
import type { SignedIn } from '../auth/session';
import { rowWords, statusIcon } from '../tree/items';
import { prompter } from '../ui/prompter';
import { knownViews } from './context';
import type { ViewsContext } from './context';
import { reportViewFailure, viewLeftOut } from './messages';

type RowItem = vscode.QuickPickItem & { row?: TaskRow; more?: true };

/**
 * Runs a saved view and shows its rows in a QuickPick: the server evaluates the view
 * (docs/api/openapi.yaml#listViewTasks), the first page of 50 comes at once and "Load more" reads the next. Enter opens
 * the task;
 * the title buttons pin the view or show it in the Saved Views tree.
 */
export async function showViewResults(
  ctx: ViewsContext,
  state: SignedIn,
  view: KnownView,
): Promise<ViewPager | undefined> {
  const pager = new ViewPager(state.client, view.id);
  const pick = prompter().createQuickPick<RowItem>();
  const pinButton = (pinned: boolean): vscode.QuickInputButton => ({
    iconPath: new vscode.ThemeIcon(pinned ? 'pinned' : 'pin'),
    tooltip: pinned ? vscode.l10n.t('Unpin') : vscode.l10n.t('Pin'),
  });
  const treeButton: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('list-tree'),
    tooltip: vscode.l10n.t('Open in Tree View'),
  };
  let pinned = knownViews(ctx, state).get(view.id)?.pinned ?? false;
  pick.title = view.name;
  pick.placeholder = vscode.l10n.t('Type to narrow the loaded rows; Enter opens the task');
  pick.matchOnDescription = true;
  pick.buttons = [pinButton(pinned), treeButton];
  pick.busy = true;
  pick.show();
  markStepDone('viewRun');

  const render = (): void => {
    const items: RowItem[] = pager.rows.map((row) => ({
      label: row.title,
      description: rowDescription(row, new Date(), rowWords),
      detail: row.status?.name,
      iconPath: statusIcon(row),
      row,
    }));
    if (pager.capped) {
      // No "Load more" past the budget: the row says what was left out and where the rest is.
      items.push({
        label: viewLeftOut(pager.rows.length, pager.counts.filtered),
        iconPath: new vscode.ThemeIcon('info'),
        alwaysShow: true,
      });
    } else if (!pager.done) {
      items.push({
        label: vscode.l10n.t('Load more ({0} of {1} loaded)', pager.rows.length, pager.counts.filtered ?? '?'),
        iconPath: new vscode.ThemeIcon('ellipsis'),
        more: true,
        alwaysShow: true,
      });
    }
    pick.items = items;
    const { total, completed, filtered } = pager.counts;
    pick.title = vscode.l10n.t(
      '{0} — {1} of {2} tasks, {3} completed',
      view.name,
      filtered ?? '?',
      total ?? '?',
      completed ?? '?',
    );
    pick.placeholder = vscode.l10n.t('Enter opens the task · counts may be up to 60 s old');
  };

  const loadMore = async (): Promise<boolean> => {
    pick.busy = true;
    try {
      await pager.next();
      render();
      return true;
    } catch (error) {
      pick.hide();
      reportViewFailure(view.name, error);
      return false;
    } finally {
      pick.busy = false;
    }
  };

  const ok = await loadMore();
  if (!ok) {
    return undefined;
  }
  // Remember the run (a renamed or pinned view keeps its name and pin).
  const views = knownViews(ctx, state);
  await views.put({
    ...view,
    ...views.get(view.id),
    lastRunAt: new Date().toISOString(),
    lastTotal: pager.counts.filtered,
  });
  pick.onDidAccept(async () => {
    const item = pick.activeItems[0];
    if (item?.more) {
      await loadMore();
    } else if (item?.row) {
      pick.hide();
      await vscode.commands.executeCommand(Commands.openTask, {
        workspaceId: item.row.workspace_id ?? view.workspaceId,
        taskId: item.row.id,
        row: item.row,
      });
    }
  });
  pick.onDidTriggerButton(async (button) => {
    if (button === treeButton) {
      pick.hide();
      await vscode.commands.executeCommand(Commands.openViewInTree, view.id);
      return;
    }
    pinned = !pinned;
    await knownViews(ctx, state).patch(view.id, { pinned });
    ctx.changed.fire();
    pick.buttons = [pinButton(pinned), treeButton];
  });
  pick.onDidHide(() => pick.dispose());
  return pager;
}
