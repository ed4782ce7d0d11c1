import * as vscode from 'vscode';
import type { Comment } from '../../core/api/schemas';
import type { Page, PanelModel, RequestMessage } from '../../shared/taskPanel/protocol';
import { prompter } from '../ui/prompter';
import type { Outcome, PanelContext } from './context';
import { attempt, done, refuse } from './context';

type AddComment = Extract<RequestMessage, { type: 'addComment' }>;
type EditComment = Extract<RequestMessage, { type: 'editComment' }>;

/** Comments (docs/api/openapi.yaml#createTaskComment): add, reply (parent_id), edit, delete, resolve and unresolve. */
export async function addComment(ctx: PanelContext, msg: AddComment): Promise<Outcome> {
  const invalid = checkBody(ctx, msg.body, msg.mentions, msg.assignee_id);
  if (invalid) {
    return refuse(invalid, 'body');
  }
  if (msg.parent_id && !find(ctx, msg.parent_id)) {
    return refuse(vscode.l10n.t('The comment you reply to is no longer there.'));
  }
  return attempt(ctx, vscode.l10n.t('Could not post the comment'), async () => {
    const input = { body: msg.body, parent_id: msg.parent_id, mentions: msg.mentions, assignee_id: msg.assignee_id };
    const comment = await ctx.client.createComment(ctx.workspaceId, ctx.taskId, input, { priority: 'user' });
    const page = ctx.model().comments;
    // Pages come oldest first: a new comment belongs at the end once every page is loaded; before
    // that it is shown now anyway, and the later page that also holds it is de-duplicated.
    setComments(ctx, [...(page?.items ?? []), comment], page?.hasMore ?? false);
  });
}

export async function editComment(ctx: PanelContext, msg: EditComment): Promise<Outcome> {
  const invalid =
    checkBody(ctx, msg.body, msg.mentions, msg.assignee_id) ??
    (find(ctx, msg.commentId) ? undefined : vscode.l10n.t('This comment is no longer there.'));
  if (invalid) {
    return refuse(invalid, `comment:${msg.commentId}`);
  }
  return attempt(ctx, vscode.l10n.t('Could not save the comment'), async () => {
    const input = { body: msg.body, mentions: msg.mentions, assignee_id: msg.assignee_id };
    replace(
      ctx,
      await ctx.client.updateComment(ctx.workspaceId, ctx.taskId, msg.commentId, input, { priority: 'user' }),
    );
  });
}

export async function deleteComment(ctx: PanelContext, commentId: string): Promise<Outcome> {
  if (!find(ctx, commentId)) {
    return refuse(vscode.l10n.t('This comment is no longer there.'));
  }
  const confirm = vscode.l10n.t('Delete');
  const answer = await prompter().warn(
    vscode.l10n.t('Delete this comment and its replies? Files attached to them are deleted too.'),
    confirm,
  );
  if (answer !== confirm) {
    return { ok: false, error: '' };
  }
  return attempt(ctx, vscode.l10n.t('Could not delete the comment'), async () => {
    await ctx.client.deleteComment(ctx.workspaceId, ctx.taskId, commentId, { priority: 'user' });
    // The service deletes the replies with it (docs/api/openapi.yaml#deleteTaskComment).
    const gone = new Set([commentId]);
    const items = ctx.model().comments?.items ?? [];
    for (const c of items) {
      if (c.parent_id && gone.has(c.parent_id)) gone.add(c.id);
    }
    setComments(
      ctx,
      items.filter((c) => !gone.has(c.id)),
      ctx.model().comments?.hasMore ?? false,
    );
  });
}

/** Resolve / unresolve only where the state machine allows (docs/api/openapi.yaml#resolveTaskComment). */
export async function resolveComment(ctx: PanelContext, commentId: string, resolved: boolean): Promise<Outcome> {
  const comment = find(ctx, commentId);
  const why = !comment
    ? vscode.l10n.t('This comment is no longer there.')
    : resolved && comment.resolved_at
      ? vscode.l10n.t('This comment is already resolved.')
      : resolved && !comment.assignee_id
        ? vscode.l10n.t('Only a comment assigned to someone can be resolved. Assign it first.')
        : !resolved && !comment.resolved_at
          ? vscode.l10n.t('This comment is not resolved.')
          : undefined;
  if (why) {
    return refuse(why, `comment:${commentId}`);
  }
  const action = resolved
    ? vscode.l10n.t('Could not resolve the comment')
    : vscode.l10n.t('Could not reopen the comment');
  return attempt(ctx, action, async () => {
    const call = resolved ? ctx.client.resolveComment.bind(ctx.client) : ctx.client.unresolveComment.bind(ctx.client);
    replace(ctx, await call(ctx.workspaceId, ctx.taskId, commentId, { priority: 'user' }));
  });
}

/** "Load more" over the cursor (comments or activity); reads, so nothing is fired. */
export async function loadMore(ctx: PanelContext, section: 'comments' | 'activity'): Promise<Outcome> {
  const current = ctx.model()[section] as Page<unknown> | undefined;
  const cursor = ctx.cursors[section];
  if (!current?.hasMore || !cursor) {
    return done;
  }
  ctx.update({ [section]: { ...current, loadingMore: true } } as Partial<PanelModel>);
  try {
    const opts = { signal: ctx.signal, priority: 'user' as const };
    const page =
      section === 'comments'
        ? await ctx.client.getComments(ctx.workspaceId, ctx.taskId, cursor, opts)
        : await ctx.client.getActivity(ctx.workspaceId, ctx.taskId, cursor, opts);
    ctx.cursors[section] = page.next_cursor;
    const latest = (ctx.model()[section] as Page<{ id: string }> | undefined)?.items ?? [];
    const known = new Set(latest.map((i) => i.id));
    const merged = [...latest, ...(page.data as { id: string }[]).filter((i) => !known.has(i.id))];
    // A comment posted here before its page was loaded sits at the end; comments keep time order.
    const items = section === 'comments' ? byTime(merged as Comment[]) : merged;
    ctx.update({ [section]: { items, hasMore: page.has_more } } as Partial<PanelModel>);
    return done;
  } catch (error) {
    ctx.update({ [section]: { ...current, loadingMore: false } } as Partial<PanelModel>);
    return attempt(ctx, vscode.l10n.t('Could not load more'), () => Promise.reject(error));
  }
}

function byTime(comments: Comment[]): Comment[] {
  return comments
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.created_at.localeCompare(b.c.created_at) || a.i - b.i)
    .map(({ c }) => c);
}

function checkBody(
  ctx: PanelContext,
  body: string,
  mentions: readonly string[],
  assigneeId: string | null,
): string | undefined {
  if (body.trim() === '') {
    return vscode.l10n.t('Write something before posting the comment.');
  }
  const members = ctx.model().members;
  if (members && [...mentions, ...(assigneeId ? [assigneeId] : [])].some((id) => !members.some((m) => m.id === id))) {
    return vscode.l10n.t('Only members of the workspace can be mentioned or assigned.');
  }
  return undefined;
}

function find(ctx: PanelContext, commentId: string): Comment | undefined {
  return ctx.model().comments?.items.find((c) => c.id === commentId);
}

function replace(ctx: PanelContext, comment: Comment): void {
  const page = ctx.model().comments;
  setComments(
    ctx,
    (page?.items ?? []).map((c) => (c.id === comment.id ? comment : c)),
    page?.hasMore ?? false,
  );
}

function setComments(ctx: PanelContext, items: Comment[], hasMore: boolean): void {
  ctx.update({ comments: { items, hasMore } });
}
