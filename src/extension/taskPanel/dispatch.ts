import * as vscode from 'vscode';
import { safeLink } from '../../core/tasks/safeLinks';
import type { WebviewMessage } from '../../webview/taskPanel/protocol';
import { log } from '../log';
import { prompter } from '../ui/prompter';
import * as attachments from './attachmentActions';
import * as comments from './commentActions';
import type { Outcome, PanelContext } from './context';
import { done } from './context';
import { loadAll } from './loader';
import * as relations from './relationActions';
import { editTaskField, setCustomField } from './taskEdits';

/** Routes one validated webview message to its handler. */
export async function dispatch(ctx: PanelContext, msg: WebviewMessage, panel: vscode.WebviewPanel): Promise<Outcome | undefined> {
  switch (msg.type) {
    case 'ready':
      return undefined;
    case 'refresh':
      ctx.update({ errors: {} });
      await loadAll(ctx, undefined);
      return undefined;
    case 'edit':
      return editTaskField(ctx, msg.change);
    case 'setCustomField':
      return setCustomField(ctx, msg.fieldId, msg.value);
    case 'addComment':
      return comments.addComment(ctx, msg);
    case 'editComment':
      return comments.editComment(ctx, msg);
    case 'deleteComment':
      return comments.deleteComment(ctx, msg.commentId);
    case 'resolveComment':
      return comments.resolveComment(ctx, msg.commentId, msg.resolved);
    case 'loadMore':
      return comments.loadMore(ctx, msg.section);
    case 'openTask':
      await vscode.commands.executeCommand('taskPlatform.openTask', { workspaceId: ctx.workspaceId, taskId: msg.taskId, row: ctx.model().subtasks?.find((s) => s.id === msg.taskId) });
      return undefined;
    case 'addSubtask':
      return relations.addSubtask(ctx, msg.title);
    case 'addBlocker':
      return relations.addBlocker(ctx);
    case 'removeDependency':
      return relations.removeDependency(ctx, msg.dependencyId);
    case 'upload':
      return attachments.upload(ctx, msg.commentId);
    case 'download':
      return attachments.download(ctx, msg.attachmentId);
    case 'preview':
      return attachments.preview(ctx, msg.attachmentId);
    case 'deleteAttachment':
      return attachments.deleteAttachment(ctx, msg.attachmentId);
    case 'openLink':
      return openLink(msg.url);
    case 'reveal':
      await reveal(ctx, msg.level);
      return undefined;
    default:
      void panel;
      return undefined;
  }
}

/** Links from task text open only after the host checks them again (http, https, mailto). */
async function openLink(url: string): Promise<Outcome> {
  const safe = safeLink(url);
  if (!safe) {
    log.warn('Task panel: refused to open a link that is not http(s) or mailto');
    void prompter().warn(vscode.l10n.t('Only http, https and mailto links are opened.'));
    return { ok: false, error: vscode.l10n.t('Only http, https and mailto links are opened.') };
  }
  await vscode.env.openExternal(vscode.Uri.parse(safe, true));
  return done;
}

/** Breadcrumb: the tree reveals the level (the explorer implements the command; it may be missing). */
async function reveal(ctx: PanelContext, level: 'workspace' | 'space' | 'folder' | 'list' | 'task'): Promise<void> {
  const ids: Record<string, string> = { workspaceId: ctx.workspaceId };
  for (const crumb of ctx.model().breadcrumb) {
    ids[`${crumb.level}Id`] = crumb.id;
    if (crumb.level === level) break;
  }
  if (level === 'task') {
    ids.taskId = ctx.taskId;
  }
  try {
    await vscode.commands.executeCommand('taskPlatform.revealInExplorer', ids);
  } catch (error) {
    log.info(`Task panel: revealInExplorer is not available (${error instanceof Error ? error.message : String(error)})`);
  }
}
