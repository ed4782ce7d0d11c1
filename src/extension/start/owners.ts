import type { Feature } from './contract';

/**
 * Which feature registers each contributed command (the rest, sign-in and the log, are in core).
 * Only a hint: a stub whose feature did not register its command loads every feature before it
 * gives up. test/unit/repo/bundleSplit.test.ts checks this table against the features' sources.
 */
export const commandOwners: Readonly<Record<string, Feature>> = {
  'taskPlatform.refresh': 'trees',
  'taskPlatform.explorer.filter': 'trees',
  'taskPlatform.explorer.clearFilter': 'trees',
  'taskPlatform.myTasks.filter': 'trees',
  'taskPlatform.myTasks.clearFilter': 'trees',
  'taskPlatform.myTasks.groupByStatus': 'trees',
  'taskPlatform.myTasks.groupByPriority': 'trees',
  'taskPlatform.explorer.groupBy': 'trees',
  'taskPlatform.tree.more': 'trees',
  'taskPlatform.tree.retry': 'trees',
  'taskPlatform.tree.deleteSelected': 'trees',
  'taskPlatform.revealInExplorer': 'trees',
  'taskPlatform.setStatus': 'commands',
  'taskPlatform.setPriority': 'commands',
  'taskPlatform.assign': 'commands',
  'taskPlatform.setDueDate': 'commands',
  'taskPlatform.copyLink': 'commands',
  'taskPlatform.openInBrowser': 'commands',
  'taskPlatform.copyDisplayId': 'commands',
  'taskPlatform.moveTask': 'commands',
  'taskPlatform.addSubtask': 'commands',
  'taskPlatform.deleteTask': 'commands',
  'taskPlatform.restoreTask': 'commands',
  'taskPlatform.createTask': 'commands',
  'taskPlatform.addComment': 'commands',
  'taskPlatform.linkTasks': 'commands',
  'taskPlatform.removeDependency': 'commands',
  'taskPlatform.searchTasks': 'commands',
  'taskPlatform.goToTask': 'commands',
  'taskPlatform.showInboundAddress': 'commands',
  'taskPlatform.triage': 'commands',
  'taskPlatform.openTask': 'taskPanel',
  'taskPlatform.keepTaskOpen': 'taskPanel',
  'taskPlatform.openBoard': 'board',
  'taskPlatform.openTable': 'table',
  'taskPlatform.runView': 'savedViews',
  'taskPlatform.pinView': 'savedViews',
  'taskPlatform.unpinView': 'savedViews',
  'taskPlatform.renamePinnedView': 'savedViews',
  'taskPlatform.openViewInTree': 'savedViews',
  'taskPlatform.views.more': 'savedViews',
  'taskPlatform.savedViews.refresh': 'savedViews',
  'taskPlatform.codeLinks.open': 'codeLinks',
  'taskPlatform.codeLinks.createFromTodo': 'codeLinks',
  'taskPlatform.codeLinks.replaceReference': 'codeLinks',
  'taskPlatform.startWork': 'codeLinks',
  'taskPlatform.stopWork': 'codeLinks',
  'taskPlatform.insertTaskReference': 'codeLinks',
  'taskPlatform.showPendingChanges': 'outbox',
  'taskPlatform.ai.summarizeTask': 'ai',
  'taskPlatform.ai.startWorkWithChat': 'ai',
  'taskPlatform.ai.draftReply': 'ai',
  'taskPlatform.inbox.open': 'inbox',
  'taskPlatform.inbox.markRead': 'inbox',
  'taskPlatform.inbox.markAllRead': 'inbox',
  'taskPlatform.inbox.checkNow': 'inbox',
  'taskPlatform.followTask': 'inbox',
  'taskPlatform.unfollowTask': 'inbox',
};

/** The feature that restores each kind of webview panel after a reload (its serializer). */
export const panelOwners: Readonly<Record<string, Feature>> = {
  'taskPlatform.task': 'taskPanel',
  'taskPlatform.board': 'board',
  'taskPlatform.table': 'table',
};

/** The feature whose tree data provider fills each contributed view. */
export const viewOwners: Readonly<Record<string, Feature>> = {
  'taskPlatform.explorer': 'trees',
  'taskPlatform.myTasks': 'trees',
  'taskPlatform.savedViews': 'savedViews',
  'taskPlatform.codeReferences': 'codeLinks',
  'taskPlatform.inbox': 'inbox',
};
