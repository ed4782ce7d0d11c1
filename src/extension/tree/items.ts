import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import type { TaskRow } from '../../core/api/schemas';
import { inert, inertLines, inertMarkdown } from '../../core/text/inert';
import type {
  AccountNode,
  GroupNode,
  ListNode,
  QueuedTaskNode,
  MessageNode,
  MoreNode,
  TaskNode,
  TreeNode,
} from '../../core/tree/nodes';
import { assigneeName, isCompleted, rowDescription, statusIconSvg } from '../../core/tree/rows';
import type { RowWords } from '../../core/tree/rows';
import { dueDisplay, dueLabel } from '../../core/text/dates';
import type { DueDisplay, DueWords } from '../../core/text/dates';
import { taskDecorationUri } from './decorations';

/** Turns a node into the TreeItem VS Code shows. Never does I/O. */
export interface ItemContext {
  /** Rows a list's last load returned, shown as the list's description. */
  listTotal(listKey: string): number | undefined;
  now(): Date;
  /** The view the item is in (commands of synthetic rows need to know). */
  readonly viewId: string;
  /** My Tasks: every row is the user's, so the assignee is not repeated. */
  readonly omitAssignee?: boolean;
  /** Workspaces: how a list's tasks are grouped, in words (undefined when not grouped). */
  listGrouping?(list: ListNode): string | undefined;
}

/** The words around a due date; the board, the table and the panel's pages use the same keys. */
export const dueWords: DueWords = {
  due: (text) => vscode.l10n.t('Due {0}', text),
  overdue: vscode.l10n.t('overdue'),
};

/** A row's due date in the user's display language, by the rule every surface uses (core/text/dates.ts). */
export function rowDue(row: TaskRow, now: Date): DueDisplay | undefined {
  return dueDisplay(row.due_date, isCompleted(row), now, vscode.env.language);
}

export const rowWords: RowWords = {
  blocked: vscode.l10n.t('blocked'),
  due: (row, now) => {
    const due = rowDue(row, now);
    return due && dueLabel(due, dueWords);
  },
  subtasks: (n) => `↳${n}`,
  // Words, not an emoji: the paperclip is missing from common UI fonts and shows as a box.
  attachments: (n) => (n === 1 ? vscode.l10n.t('1 file') : vscode.l10n.t('{0} files', n)),
};

/**
 * Names, titles and messages come from the service: labels, descriptions and accessibility labels
 * show them through `inert`, tooltips through `inertMarkdown`, so none can show a link, an icon or
 * markup.
 */
export function treeItem(node: TreeNode, ctx: ItemContext): vscode.TreeItem {
  const collapsed = vscode.TreeItemCollapsibleState.Collapsed;
  switch (node.kind) {
    case 'workspace':
      return container(
        node.key,
        node.name,
        'workspace',
        'organization',
        node.active ? undefined : vscode.l10n.t('inactive'),
        vscode.l10n.t('Workspace {0}', node.name),
      );
    case 'space':
      return container(node.key, node.name, 'space', 'rocket', undefined, vscode.l10n.t('Space {0}', node.name));
    case 'folder':
      return container(node.key, node.name, 'folder', 'folder', undefined, vscode.l10n.t('Folder {0}', node.name));
    case 'list': {
      const total = ctx.listTotal(node.key);
      const count =
        total === undefined ? undefined : total === 1 ? vscode.l10n.t('1 task') : vscode.l10n.t('{0} tasks', total);
      const grouping = ctx.listGrouping?.(node);
      const description = grouping && count ? `${count} · ${grouping}` : (count ?? grouping);
      return container(node.key, node.name, 'list', 'checklist', description, vscode.l10n.t('List {0}', node.name));
    }
    case 'task':
      return taskItem(node, ctx.now(), ctx.omitAssignee === true);
    case 'group':
      return groupItem(node, collapsed);
    case 'more':
      return moreItem(node, ctx.viewId);
    case 'message':
      return messageItem(node, ctx.viewId);
    case 'queued':
      return queuedItem(node);
    case 'account':
      return accountItem(node);
  }
}

/** With several accounts, the root of one account's nodes: the user's name (inert) and the service's host. */
function accountItem(node: AccountNode): vscode.TreeItem {
  const item = new vscode.TreeItem(inert(node.name), vscode.TreeItemCollapsibleState.Expanded);
  item.id = node.key;
  item.contextValue = 'account';
  item.iconPath = new vscode.ThemeIcon('account');
  item.description = inert(node.host);
  item.tooltip = inert(vscode.l10n.t('{0} at {1}', node.name, node.host));
  item.accessibilityInformation = { label: inert(vscode.l10n.t('Account {0} at {1}', node.name, node.host)) };
  return item;
}

function container(
  id: string,
  label: string,
  contextValue: string,
  icon: string,
  description: string | undefined,
  a11y: string,
): vscode.TreeItem {
  const item = new vscode.TreeItem(inert(label), vscode.TreeItemCollapsibleState.Collapsed);
  item.id = id;
  item.contextValue = contextValue;
  item.iconPath = new vscode.ThemeIcon(icon);
  item.description = description;
  item.tooltip = inert(label);
  item.accessibilityInformation = { label: inert(description ? `${a11y}, ${description}` : a11y) };
  return item;
}

function taskItem(node: TaskNode, now: Date, omitAssignee: boolean): vscode.TreeItem {
  const row = node.row;
  const item = new vscode.TreeItem(
    inert(row.title),
    row.subtask_count ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = node.key;
  item.contextValue = row.subtask_count ? 'task.parent' : 'task';
  item.description = inert(
    rowDescription(row, now, rowWords, { omitAssignee: omitAssignee && node.parentKey.includes('group:') }),
  );
  item.iconPath = statusIcon(row);
  item.resourceUri = taskDecorationUri(row, now);
  item.tooltip = taskTooltip(row, now);
  item.command = {
    command: Commands.openTask,
    title: vscode.l10n.t('Open Task'),
    // A click or Enter opens the task in the preview panel and leaves the focus on the tree.
    arguments: [
      {
        workspaceId: node.workspaceId,
        taskId: node.taskId,
        ...(node.account && { account: node.account }),
        row,
        preserveFocus: true,
      },
    ],
  };
  const status = row.status?.name ? `, ${row.status.name}` : '';
  item.accessibilityInformation = {
    label: inert(`${row.display_id ?? ''} ${row.title}${status}, ${item.description}`),
  };
  return item;
}

const iconCache = new Map<string, vscode.Uri>();

/** The status as a small SVG in its own colour (the colour is validated before it reaches the SVG). */
export function statusIcon(row: TaskRow): vscode.Uri {
  const svg = statusIconSvg(row);
  let uri = iconCache.get(svg);
  if (!uri) {
    uri = vscode.Uri.parse(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
    iconCache.set(svg, uri);
  }
  return uri;
}

/** The row's tooltip: its own labels and icon as Markdown, every value from the service inert. */
export function taskTooltip(row: TaskRow, now: Date): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.supportHtml = false;
  md.appendMarkdown(`**${inertMarkdown(`${row.display_id ?? ''} ${row.title}`.trim())}**\n\n`);
  const line = (label: string, value: string | undefined): void => {
    if (value) {
      md.appendMarkdown(`${inertMarkdown(label)}: ${inertMarkdown(value)}  \n`);
    }
  };
  line(vscode.l10n.t('Status'), row.status ? `${row.status.name}${isCompleted(row) ? ' ✓' : ''}` : undefined);
  line(vscode.l10n.t('Priority'), row.priority ?? undefined);
  line(vscode.l10n.t('Assignee'), assigneeName(row) ?? vscode.l10n.t('unassigned'));
  const due = rowDue(row, now);
  line(vscode.l10n.t('Due'), due && (due.overdue ? `${due.text}, ${dueWords.overdue}` : due.text));
  if (row.is_blocked) {
    md.appendMarkdown(`$(error) ${inertMarkdown(vscode.l10n.t('Blocked by another task'))}  \n`);
  }
  line(vscode.l10n.t('Subtasks'), row.subtask_count ? String(row.subtask_count) : undefined);
  line(vscode.l10n.t('Attachments'), row.attachments_count ? String(row.attachments_count) : undefined);
  if (row.tags?.length) {
    line(
      vscode.l10n.t('Tags'),
      row.tags
        .map((t) => t.name ?? '')
        .filter(Boolean)
        .join(', '),
    );
  }
  line(vscode.l10n.t('Updated'), row.updated_at ? dateTime(row.updated_at) : undefined);
  return md;
}

function groupItem(node: GroupNode, state: vscode.TreeItemCollapsibleState): vscode.TreeItem {
  const item = new vscode.TreeItem(inert(node.label), state);
  item.id = node.key;
  item.contextValue = 'group';
  item.description = String(node.count);
  item.iconPath =
    node.groupBy === 'status'
      ? statusIcon({
          id: node.key,
          title: '',
          status: { id: node.key, name: node.label, color: node.color, type: node.tasks[0]?.status?.type },
        })
      : new vscode.ThemeIcon(node.groupBy === 'assignee' ? 'person' : priorityIcon(node.label));
  item.accessibilityInformation = { label: inert(vscode.l10n.t('{0}, {1} tasks', node.label, node.count)) };
  return item;
}

function priorityIcon(priority: string): string {
  return (
    ({ critical: 'flame', high: 'arrow-up', medium: 'dash', low: 'arrow-down' } as Record<string, string>)[priority] ??
    'circle-large-outline'
  );
}

function moreItem(node: MoreNode, viewId: string): vscode.TreeItem {
  const item = new vscode.TreeItem(inert(node.label), vscode.TreeItemCollapsibleState.None);
  item.id = node.key;
  item.contextValue = 'more';
  item.iconPath = new vscode.ThemeIcon('ellipsis');
  item.command = { command: Commands.treeMore, title: node.label, arguments: [node, viewId] };
  return item;
}

function messageItem(node: MessageNode, viewId: string): vscode.TreeItem {
  // Error rows carry the server's reason: shown, never rendered.
  const item = new vscode.TreeItem(inert(node.text), vscode.TreeItemCollapsibleState.None);
  item.id = node.key;
  item.contextValue = node.retry ? 'message.retry' : 'message';
  item.iconPath =
    node.severity === 'error'
      ? new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'))
      : new vscode.ThemeIcon('info');
  item.tooltip = inertLines(node.detail ?? node.text);
  if (node.retry) {
    item.command = { command: Commands.treeRetry, title: vscode.l10n.t('Retry'), arguments: [node, viewId] };
  }
  if (node.fix === 'addAccount') {
    item.command = { command: Commands.addAccount, title: vscode.l10n.t('Add Account') };
  }
  return item;
}

/** A task created offline: not on the service yet, so it has no id, panel or actions; a click reviews it. */
function queuedItem(node: QueuedTaskNode): vscode.TreeItem {
  const item = new vscode.TreeItem(inert(node.title), vscode.TreeItemCollapsibleState.None);
  item.id = node.key;
  item.contextValue = 'queuedTask';
  item.description = node.refused ? vscode.l10n.t('refused by Task Platform') : vscode.l10n.t('waiting to be sent');
  item.iconPath = node.refused
    ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'))
    : new vscode.ThemeIcon('cloud-upload');
  item.tooltip = node.refused
    ? vscode.l10n.t('Created while Task Platform could not be reached, then refused by it. Click to review.')
    : vscode.l10n.t('Created while Task Platform could not be reached. It is sent when it can be reached again.');
  item.accessibilityInformation = { label: inert(`${node.title}, ${item.description}`) };
  item.command = { command: Commands.showPendingChanges, title: vscode.l10n.t('Show Pending Changes') };
  return item;
}

/** A moment (not a due day) in the user's display language and time zone, as the task panel shows one. */
function dateTime(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  try {
    return date.toLocaleString(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
}
