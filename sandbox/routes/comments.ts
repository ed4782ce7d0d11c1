// Comments and their resolve/unresolve state machine (docs/api/openapi.yaml#listTaskComments;
// docs/api/openapi.yaml#resolveTaskComment).
import { randomUUID } from 'node:crypto';
import { requireTask } from '../access';
import { recordActivity } from '../activity';
import { invalid, jsonBody, noContent, notFound, ok } from '../http';
import type { Ctx, Reply } from '../http';
import { commentJson } from '../present';
import type { Router } from '../router';
import type { Store } from '../store';
import type { Comment, Task } from '../types';
import { Validator } from '../validate';
import { decodeCommentCursor, encodeCommentCursor } from './cursors';

/** Page size and limits the API leaves open (docs/api/openapi.yaml#listTaskComments). */
export const COMMENTS_PAGE = 50;
export const COMMENT_MAX = 10_000;
export const MENTIONS_MAX = 50;

function taskOf(ctx: Ctx): Task {
  return requireTask(ctx.app.store, ctx.user, ctx.params.task as string, ctx.params.workspace as string);
}

function commentOf(ctx: Ctx, task: Task): Comment {
  const c = ctx.app.store.comments.get(ctx.params.comment as string);
  if (!c || c.task_id !== task.id) throw notFound();
  return c;
}

function listComments(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const task = taskOf(ctx);
  const after = decodeCommentCursor(ctx.query.get('cursor'));
  const all = [...(store.commentsByTask.get(task.id) ?? [])]
    .map((id) => store.comments.get(id) as Comment)
    .sort((a, b) => a.seq - b.seq)
    .filter((c) => after === null || c.seq > after);
  const page = all.slice(0, COMMENTS_PAGE);
  const hasMore = all.length > COMMENTS_PAGE;
  const last = page[page.length - 1];
  return ok({
    data: page.map((c) => commentJson(store, c)),
    next_cursor: hasMore && last ? encodeCommentCursor(last.seq) : null,
    has_more: hasMore,
  });
}

/** Shared checks of body, mentions and assignee_id (POST and PUT). */
function validateWrite(
  store: Store,
  task: Task,
  v: Validator,
): { body?: string; mentions?: string[] | null; assignee?: string | null } {
  const body = v.string('body', { required: true, max: COMMENT_MAX }) ?? undefined;
  const mentions = v.uuidArray('mentions', { nullable: true });
  const assignee = v.uuid('assignee_id', { nullable: true });
  if (mentions && mentions.length > MENTIONS_MAX)
    v.add('mentions', `The mentions field must not have more than ${MENTIONS_MAX} items.`);
  mentions?.forEach((id, i) => {
    if (!store.membership(id, task.workspace_id)?.is_active)
      v.add('mentions', `The selected mentions.${i} is invalid.`);
  });
  if (assignee && !store.membership(assignee, task.workspace_id)?.is_active)
    v.add('assignee_id', 'The selected assignee_id is invalid.');
  return { body, mentions, assignee };
}

function createComment(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const task = taskOf(ctx);
  const v = new Validator(jsonBody(ctx));
  v.allowOnly(['body', 'parent_id', 'mentions', 'assignee_id']);
  const fields = validateWrite(store, task, v);
  const parentId = v.uuid('parent_id', { nullable: true });
  if (parentId && store.comments.get(parentId)?.task_id !== task.id)
    v.add('parent_id', 'The selected parent_id is invalid.');
  v.throwIfAny();
  const now = clock.iso();
  const c: Comment = {
    id: randomUUID(),
    task_id: task.id,
    workspace_id: task.workspace_id,
    body: fields.body as string,
    parent_id: parentId ?? null,
    assignee_id: fields.assignee ?? null,
    resolved_at: null,
    user_id: ctx.user.id,
    mentions: [...new Set(fields.mentions ?? [])],
    created_at: now,
    updated_at: now,
    seq: store.nextSeq(),
  };
  store.addComment(c);
  recordActivity(store, task, ctx.user, 'comment_added', {}, { comment_id: c.id, parent_id: c.parent_id }, now);
  return ok(commentJson(store, c), 201);
}

function updateComment(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const task = taskOf(ctx);
  const c = commentOf(ctx, task);
  const v = new Validator(jsonBody(ctx));
  v.allowOnly(['body', 'mentions', 'assignee_id']);
  const fields = validateWrite(store, task, v);
  v.throwIfAny();
  const now = clock.iso();
  const old = { body: c.body, assignee_id: c.assignee_id };
  c.body = fields.body as string;
  if (fields.mentions !== undefined) c.mentions = [...new Set(fields.mentions ?? [])];
  if (fields.assignee !== undefined) c.assignee_id = fields.assignee;
  c.updated_at = now;
  recordActivity(
    store,
    task,
    ctx.user,
    'comment_updated',
    { comment_id: c.id, ...old },
    { comment_id: c.id, body: c.body, assignee_id: c.assignee_id },
    now,
  );
  return ok(commentJson(store, c));
}

/** Deletes a comment with its replies and every file attached to them. */
function deleteComment(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const task = taskOf(ctx);
  const root = commentOf(ctx, task);
  const doomed = new Set([root.id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const id of store.commentsByTask.get(task.id) ?? []) {
      const c = store.comments.get(id);
      if (c?.parent_id && doomed.has(c.parent_id) && !doomed.has(c.id)) {
        doomed.add(c.id);
        grew = true;
      }
    }
  }
  for (const attId of [...(store.attachmentsByTask.get(task.id) ?? [])]) {
    const att = store.attachments.get(attId);
    if (att?.comment_id && doomed.has(att.comment_id)) store.removeAttachment(attId);
  }
  for (const id of doomed) store.removeComment(id);
  recordActivity(
    store,
    task,
    ctx.user,
    'comment_deleted',
    { comment_id: root.id },
    { replies_deleted: doomed.size - 1 },
    clock.iso(),
  );
  return noContent();
}

function resolve(ctx: Ctx, resolved: boolean): Reply {
  const { store, clock } = ctx.app;
  const task = taskOf(ctx);
  const c = commentOf(ctx, task);
  if (resolved) {
    if (!c.assignee_id) throw invalid({ comment: ['Only a comment with an assignee can be resolved.'] });
    if (c.resolved_at) throw invalid({ comment: ['The comment is already resolved.'] });
  } else if (!c.resolved_at) {
    throw invalid({ comment: ['The comment is not resolved.'] });
  }
  const now = clock.iso();
  c.resolved_at = resolved ? now : null;
  c.updated_at = now;
  recordActivity(
    store,
    task,
    ctx.user,
    resolved ? 'comment_resolved' : 'comment_unresolved',
    { comment_id: c.id, resolved_at: resolved ? null : now },
    { comment_id: c.id, resolved_at: c.resolved_at },
    now,
  );
  return ok(commentJson(store, c));
}

export function registerComments(router: Router): void {
  const base = '/workspaces/:workspace/tasks/:task/comments';
  router.add('GET', base, listComments);
  router.add('POST', base, createComment);
  router.add('PUT', `${base}/:comment`, updateComment);
  router.add('DELETE', `${base}/:comment`, deleteComment);
  router.add('PUT', `${base}/:comment/resolve`, (ctx) => resolve(ctx, true));
  router.add('PUT', `${base}/:comment/unresolve`, (ctx) => resolve(ctx, false));
}
