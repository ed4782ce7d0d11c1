import { SHOW_INPUT_COMMAND } from '../../core/mcp/confirm';

/**
 * Every command id of the extension, so a typo is a type error and a rename is one edit. Pure data
 * (no `vscode` import) so a unit test checks it against package.json `contributes.commands`.
 */
export const Commands = {
  // Account (auth/, lazy/core.ts)
  signIn: 'taskPlatform.signIn',
  signOut: 'taskPlatform.signOut',
  showAccount: 'taskPlatform.showAccount',
  addAccount: 'taskPlatform.addAccount',
  chooseFolderAccount: 'taskPlatform.chooseFolderAccount',
  refresh: 'taskPlatform.refresh',
  showLog: 'taskPlatform.showLog',
  // Task commands (commands/)
  setStatus: 'taskPlatform.setStatus',
  setPriority: 'taskPlatform.setPriority',
  assign: 'taskPlatform.assign',
  setDueDate: 'taskPlatform.setDueDate',
  copyLink: 'taskPlatform.copyLink',
  openInBrowser: 'taskPlatform.openInBrowser',
  copyDisplayId: 'taskPlatform.copyDisplayId',
  moveTask: 'taskPlatform.moveTask',
  addSubtask: 'taskPlatform.addSubtask',
  deleteTask: 'taskPlatform.deleteTask',
  restoreTask: 'taskPlatform.restoreTask',
  createTask: 'taskPlatform.createTask',
  searchTasks: 'taskPlatform.searchTasks',
  goToTask: 'taskPlatform.goToTask',
  addComment: 'taskPlatform.addComment',
  linkTasks: 'taskPlatform.linkTasks',
  removeDependency: 'taskPlatform.removeDependency',
  showInboundAddress: 'taskPlatform.showInboundAddress',
  triage: 'taskPlatform.triage',
  // Trees (tree/)
  treeMore: 'taskPlatform.tree.more',
  treeRetry: 'taskPlatform.tree.retry',
  treeDeleteSelected: 'taskPlatform.tree.deleteSelected',
  explorerFilter: 'taskPlatform.explorer.filter',
  explorerClearFilter: 'taskPlatform.explorer.clearFilter',
  myTasksFilter: 'taskPlatform.myTasks.filter',
  myTasksClearFilter: 'taskPlatform.myTasks.clearFilter',
  myTasksGroupByStatus: 'taskPlatform.myTasks.groupByStatus',
  myTasksGroupByPriority: 'taskPlatform.myTasks.groupByPriority',
  explorerGroupBy: 'taskPlatform.explorer.groupBy',
  revealInExplorer: 'taskPlatform.revealInExplorer',
  // Task panel (taskPanel/)
  openTask: 'taskPlatform.openTask',
  keepTaskOpen: 'taskPlatform.keepTaskOpen',
  // Board (board/)
  openBoard: 'taskPlatform.openBoard',
  // Table (table/)
  openTable: 'taskPlatform.openTable',
  // Saved views (views/)
  runView: 'taskPlatform.runView',
  pinView: 'taskPlatform.pinView',
  unpinView: 'taskPlatform.unpinView',
  renamePinnedView: 'taskPlatform.renamePinnedView',
  openViewInTree: 'taskPlatform.openViewInTree',
  viewsMore: 'taskPlatform.views.more',
  savedViewsRefresh: 'taskPlatform.savedViews.refresh',
  // Code links (codeLinks/)
  codeLinksOpen: 'taskPlatform.codeLinks.open',
  codeLinksCreateFromTodo: 'taskPlatform.codeLinks.createFromTodo',
  codeLinksReplaceReference: 'taskPlatform.codeLinks.replaceReference',
  startWork: 'taskPlatform.startWork',
  stopWork: 'taskPlatform.stopWork',
  insertTaskReference: 'taskPlatform.insertTaskReference',
  // Inbox (inbox/)
  inboxOpen: 'taskPlatform.inbox.open',
  inboxMarkRead: 'taskPlatform.inbox.markRead',
  inboxMarkAllRead: 'taskPlatform.inbox.markAllRead',
  inboxCheckNow: 'taskPlatform.inbox.checkNow',
  followTask: 'taskPlatform.followTask',
  unfollowTask: 'taskPlatform.unfollowTask',
  // Offline writes (outbox/)
  showPendingChanges: 'taskPlatform.showPendingChanges',
  // AI actions (ai/actions.ts): a task handed to chat.
  aiSummarizeTask: 'taskPlatform.ai.summarizeTask',
  aiStartWorkWithChat: 'taskPlatform.ai.startWorkWithChat',
  aiDraftReply: 'taskPlatform.ai.draftReply',
  // AI tools (ai/): the "show the whole input" link of a tool confirmation.
  aiShowToolInput: SHOW_INPUT_COMMAND,
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];

/** Registered but not in package.json: reached only from links and buttons, never from the palette. */
export const internalCommands: readonly CommandId[] = [Commands.aiShowToolInput];
