import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import type { WebviewMessage } from '../../shared/taskPanel/protocol';
import { openOutsideLink } from '../links/opener';
import { log } from '../log';
import * as attachments from './attachmentActions';
import * as comments from './commentActions';
import type { Outcome, PanelContext } from './context';
import { done, refuse } from './context';
import { draggedText } from '../tree/dragOut';
import { loadAll } from './loader';
import * as relations from './relationActions';
import { editTaskField, setCustomField } from './taskEdits';
import { errorText } from '../../core/util/errorText';

type Handlers = {
  [K in WebviewMessage['type']]: (
    ctx: PanelContext,
    msg: Extract<WebviewMessage, { type: K }>,
  ) => Promise<Outcome | undefined>;
};

/** One handler per message type of the protocol (the compiler checks that none is missing). */
const handlers: Handlers = {
  // Handled by the panel itself (panel.ts), which owns the page and the preview state.
  ready: async () => undefined,
  showing: async () => undefined,
  keep: async () => undefined,
  refresh: async (ctx) => {
    ctx.update({ errors: {} });
    await loadAll(ctx, undefined);
    return undefined;
  },
  dismissNotice: async (ctx) => {
    ctx.update({ notice: undefined });
    return undefined;
  },
  edit: (ctx, msg) => editTaskField(ctx, msg.change),
  setCustomField: (ctx, msg) => setCustomField(ctx, msg.fieldId, msg.value),
  addComment: (ctx, msg) => comments.addComment(ctx, msg),
  editComment: (ctx, msg) => comments.editComment(ctx, msg),
  deleteComment: (ctx, msg) => comments.deleteComment(ctx, msg.commentId),
  resolveComment: (ctx, msg) => comments.resolveComment(ctx, msg.commentId, msg.resolved),
  loadMore: (ctx, msg) => comments.loadMore(ctx, msg.section),
  openTask: async (ctx, msg) => {
    const row = ctx.model().subtasks?.find((s) => s.id === msg.taskId);
    // The subtask, parent or dependency is seen through the same account as this task.
    await vscode.commands.executeCommand(Commands.openTask, {
      workspaceId: ctx.workspaceId,
      taskId: msg.taskId,
      account: ctx.account,
      row,
    });
    return undefined;
  },
  addSubtask: (ctx, msg) => relations.addSubtask(ctx, msg.title),
  addBlocker: (ctx) => relations.addBlocker(ctx),
  removeDependency: (ctx, msg) => relations.removeDependency(ctx, msg.dependencyId),
  upload: (ctx, msg) => attachments.upload(ctx, msg.commentId),
  download: (ctx, msg) => attachments.download(ctx, msg.attachmentId),
  preview: (ctx, msg) => attachments.preview(ctx, msg.attachmentId),
  deleteAttachment: (ctx, msg) => attachments.deleteAttachment(ctx, msg.attachmentId),
  openLink: (_ctx, msg) => openLink(msg.url),
  dropTasks: async (_ctx, msg) => {
    const text = draggedText(msg.taskIds);
    return text === undefined ? refuse(vscode.l10n.t('Drag tasks from a Task Platform view.')) : { ok: true, text };
  },
  reveal: async (ctx, msg) => {
    await reveal(ctx, msg.level);
    return undefined;
  },
};

/** Routes one validated webview message to its handler. */
export function dispatch(ctx: PanelContext, msg: WebviewMessage): Promise<Outcome | undefined> {
  const handler = handlers[msg.type] as (ctx: PanelContext, msg: WebviewMessage) => Promise<Outcome | undefined>;
  return handler(ctx, msg);
}

/** Links from task text open through the one checked opener (http, https, mailto; asks for local hosts). */
async function openLink(url: string): Promise<Outcome> {
  const outcome = await openOutsideLink(url);
  return outcome === 'refused'
    ? { ok: false, error: vscode.l10n.t('Only http, https and mailto links are opened.') }
    : done;
}

/** Breadcrumb: the tree reveals the level (the explorer implements the command; it may be missing). */
async function reveal(ctx: PanelContext, level: 'workspace' | 'space' | 'folder' | 'list' | 'task'): Promise<void> {
  // The account too: with several accounts the tree reveals the task under its own account's root.
  const ids: Record<string, string> = { workspaceId: ctx.workspaceId, account: ctx.account };
  for (const crumb of ctx.model().breadcrumb) {
    ids[`${crumb.level}Id`] = crumb.id;
    if (crumb.level === level) break;
  }
  if (level === 'task') {
    ids.taskId = ctx.taskId;
  }
  try {
    await vscode.commands.executeCommand(Commands.revealInExplorer, ids);
  } catch (error) {
    log.info(`Task panel: revealInExplorer is not available (${errorText(error)})`);
  }
}
