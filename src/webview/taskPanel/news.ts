import * as l10n from '@vscode/l10n';
import type { PanelModel, RequestMessage } from '../../shared/taskPanel/protocol';

/**
 * What the panel's one status line (a small polite live region, outside what re-renders) says to a
 * screen reader. Only news: the answer to something the user did, and what arrived from others.
 * The page itself is no live region, so a re-render is never read out again.
 */

/** Said when a request succeeds; nothing for reads (the content that arrives speaks for itself). */
export function successNews(request: Pick<RequestMessage, 'type'> & { parent_id?: string | null }): string | undefined {
  switch (request.type) {
    case 'addComment':
      return request.parent_id ? l10n.t('Reply posted') : l10n.t('Comment posted');
    case 'editComment':
      return l10n.t('Comment saved');
    case 'deleteComment':
      return l10n.t('Comment deleted');
    case 'upload':
      return l10n.t('File attached');
    case 'deleteAttachment':
      return l10n.t('File deleted');
    case 'addSubtask':
      return l10n.t('Subtask added');
    case 'loadMore':
    case 'dropTasks':
    case 'download':
    case 'preview':
      return undefined;
    default:
      return l10n.t('Saved');
  }
}

/**
 * What a new model brings that nobody asked for: comments by someone else (a poll or a reload found
 * them) and sections that failed to load. Nothing on the first model of a task.
 */
export function modelNews(before: PanelModel | undefined, after: PanelModel): string[] {
  if (!before || before.task.id !== after.task.id) {
    return [];
  }
  const news: string[] = [];
  const known = new Set((before.comments?.items ?? []).map((c) => c.id));
  if (before.comments) {
    const arrived = (after.comments?.items ?? []).filter(
      (c) => !known.has(c.id) && (after.me === undefined || c.user?.id !== after.me),
    );
    const names = [...new Set(arrived.map((c) => c.user?.name ?? l10n.t('Someone')))];
    if (arrived.length === 1) {
      news.push(l10n.t('New comment from {0}', names[0]!));
    } else if (arrived.length > 1) {
      news.push(l10n.t('{0} new comments from {1}', arrived.length, names.join(', ')));
    }
  }
  for (const [section, error] of Object.entries(after.errors)) {
    if (before.errors[section] !== error) {
      news.push(error);
    }
  }
  return news;
}
