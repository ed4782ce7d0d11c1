import * as vscode from 'vscode';
import { LIST_GROUP_BYS } from '../../core/tree/listGroups';
import type { ListGroupBy } from '../../core/tree/listGroups';
import type { ListNode } from '../../core/tree/nodes';
import { isUuid } from '../../core/util/ids';
import { prompter } from '../ui/prompter';
import type { ExplorerTree } from './explorer';

/** The words for a grouping (the list's description and the pick). */
export function groupByLabel(by: ListGroupBy): string {
  switch (by) {
    case 'status':
      return vscode.l10n.t('by status');
    case 'priority':
      return vscode.l10n.t('by priority');
    case 'assignee':
      return vscode.l10n.t('by assignee');
    default:
      return vscode.l10n.t('not grouped');
  }
}

const icons: Record<ListGroupBy, string> = {
  none: 'list-flat',
  status: 'circle-large-outline',
  priority: 'arrow-up',
  assignee: 'person',
};

/**
 * Group By… on a list of the Workspaces view: none, status, priority or assignee, remembered for the
 * list in this workspace. The groups and their counts come with the list's one index call.
 */
export async function groupListBy(explorer: ExplorerTree, arg: unknown): Promise<ListGroupBy | undefined> {
  const list = arg as ListNode | undefined;
  if (list?.kind !== 'list' || !isUuid(list.listId)) {
    void prompter().info(vscode.l10n.t('Choose Group By… on a list in the Workspaces view.'));
    return undefined;
  }
  const current = explorer.groupOf(list);
  const items = LIST_GROUP_BYS.map((by) => ({
    label: groupByLabel(by),
    description: by === current ? vscode.l10n.t('current') : undefined,
    iconPath: new vscode.ThemeIcon(icons[by]),
    by,
  }));
  const picked = await prompter().quickPick(items, {
    title: vscode.l10n.t('Group {0}', list.name),
    placeHolder: vscode.l10n.t('Group the tasks of this list'),
  });
  if (!picked) {
    return undefined;
  }
  await explorer.setGroupBy(list, picked.by);
  return picked.by;
}
