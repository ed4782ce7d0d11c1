// Attachments (docs/api/openapi.yaml#uploadTaskAttachment; upload size and types: docs/api/README.md#limits). Uploads
// are multipart, parsed by multipart.ts; downloads go through signed URLs.
import { randomUUID } from 'node:crypto';
import { requireTask } from '../access';
import { recordActivity } from '../activity';
import type { App } from '../app';
import { fieldErrors, invalid, noContent, notFound, ok } from '../http';
import type { Ctx, Reply } from '../http';
import { boundaryOf, MultipartError, parseMultipart } from '../multipart';
import type { MultipartForm } from '../multipart';
import { userSummary } from '../present';
import { isUuid } from '../router';
import type { Router } from '../router';
import type { Attachment, AttachmentContext, Task } from '../types';
import { exceeds } from '../validate';
import { fileReply, signedUrl } from './files';

export const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv',
  txt: 'text/plain',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};
const CONTEXTS: readonly AttachmentContext[] = ['task', 'comment', 'description'];

function taskOf(ctx: Ctx): Task {
  return requireTask(ctx.app.store, ctx.user, ctx.params.task as string, ctx.params.workspace as string);
}

export function attachmentJson(app: App, a: Attachment, withPreview = true): Record<string, unknown> {
  return {
    id: a.id,
    task_id: a.task_id,
    file_name: a.file_name,
    mime_type: a.mime_type,
    file_size: a.file_size,
    context: a.context,
    comment_id: a.comment_id,
    ...(withPreview ? { preview_url: signedUrl(app, a.id, true) } : {}),
    download_url: signedUrl(app, a.id, false),
    created_at: a.created_at,
    uploadedBy: userSummary(app.store.users.get(a.uploaded_by)),
  };
}

function listAttachments(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const task = taskOf(ctx);
  const context = ctx.query.get('context') ?? 'task';
  if (!CONTEXTS.includes(context as AttachmentContext))
    throw invalid({ context: ['The selected context is invalid.'] });
  const rows = [...(store.attachmentsByTask.get(task.id) ?? [])]
    .map((id) => store.attachments.get(id) as Attachment)
    .filter((a) => a.context === context)
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  return ok(rows.map((a) => attachmentJson(ctx.app, a)));
}

function readForm(ctx: Ctx): MultipartForm {
  const max = ctx.app.config.maxUploadBytes;
  if (ctx.tooLarge) throw invalid({ file: [`The file must not be greater than ${Math.floor(max / 1024)} kilobytes.`] });
  const boundary = boundaryOf(ctx.headers['content-type']);
  if (!boundary) throw invalid({ file: ['The file field is required (multipart/form-data).'] });
  try {
    return parseMultipart(ctx.raw, boundary);
  } catch (err) {
    if (err instanceof MultipartError) throw invalid({ file: [err.message] });
    throw err;
  }
}

function single(form: MultipartForm, name: string): string | null {
  const values = form.fields[name];
  if (!values || values.length === 0) return null;
  const v = (values[values.length - 1] as string).trim();
  return v === '' || v === 'null' ? null : v;
}

function upload(ctx: Ctx): Reply {
  const { store, clock, config } = ctx.app;
  const task = taskOf(ctx);
  const form = readForm(ctx);
  const errors = fieldErrors();
  const add = (k: string, m: string): void => {
    (errors[k] ??= []).push(m);
  };
  for (const k of Object.keys(form.fields))
    if (k !== 'context' && k !== 'comment_id') add(k, `The ${k} field is not allowed.`);
  for (const f of form.files) if (f.field !== 'file') add(f.field, `The ${f.field} field is not allowed.`);
  const files = form.files.filter((f) => f.field === 'file');
  if (files.length === 0) add('file', 'The file field is required.');
  if (files.length > 1) add('file', 'Only one file may be uploaded per request.');
  const file = files[0];
  const ext = file?.filename.includes('.') ? (file.filename.split('.').pop() ?? '').toLowerCase() : '';
  if (file && !Object.hasOwn(MIME_BY_EXT, ext))
    add('file', `The file must be a file of type: ${Object.keys(MIME_BY_EXT).join(', ')}.`);
  if (file && file.data.length === 0) add('file', 'The file failed to upload (it is empty).');
  if (file && file.data.length > config.maxUploadBytes)
    add('file', `The file must not be greater than ${Math.floor(config.maxUploadBytes / 1024)} kilobytes.`);
  if (file && (exceeds(file.filename, 255) || file.filename.trim() === ''))
    add('file', 'The file name must be 1 to 255 characters.');
  const context = (single(form, 'context') ?? 'task') as AttachmentContext;
  if (!CONTEXTS.includes(context)) add('context', 'The selected context is invalid.');
  const commentId = single(form, 'comment_id');
  if (context === 'comment' && commentId === null)
    add('comment_id', 'The comment_id field is required when context is comment.');
  if (commentId !== null && context !== 'comment')
    add('comment_id', 'The comment_id field is only allowed when context is comment.');
  if (
    commentId !== null &&
    context === 'comment' &&
    (!isUuid(commentId) || store.comments.get(commentId.toLowerCase())?.task_id !== task.id)
  ) {
    add('comment_id', 'The selected comment_id is invalid.');
  }
  if (Object.keys(errors).length > 0 || !file) throw invalid(errors);
  const now = clock.iso();
  const att: Attachment = {
    id: randomUUID(),
    task_id: task.id,
    workspace_id: task.workspace_id,
    file_name: file.filename,
    mime_type: MIME_BY_EXT[ext] as string,
    file_size: file.data.length,
    context,
    comment_id: commentId ? commentId.toLowerCase() : null,
    uploaded_by: ctx.user.id,
    created_at: now,
    bytes: file.data,
  };
  store.addAttachment(att);
  recordActivity(
    store,
    task,
    ctx.user,
    'attachment_added',
    {},
    { attachment_id: att.id, file_name: att.file_name, context },
    now,
  );
  return ok(attachmentJson(ctx.app, att, false), 201);
}

function attachmentOf(ctx: Ctx, task: Task): Attachment {
  const att = ctx.app.store.attachments.get(ctx.params.attachment as string);
  if (!att || att.task_id !== task.id) throw notFound();
  return att;
}

function download(ctx: Ctx): Reply {
  const task = taskOf(ctx);
  const att = attachmentOf(ctx, task);
  const preview = ctx.query.get('preview');
  if (preview !== null && !['true', 'false', '1', '0'].includes(preview))
    throw invalid({ preview: ['The preview field must be true or false.'] });
  if (preview === 'true' || preview === '1') return fileReply(att.bytes, att.mime_type, att.file_name, true);
  return {
    status: 302,
    headers: { Location: signedUrl(ctx.app, att.id, false) },
    body: { url: signedUrl(ctx.app, att.id, false) },
  };
}

function remove(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const task = taskOf(ctx);
  const att = attachmentOf(ctx, task);
  store.removeAttachment(att.id);
  recordActivity(
    store,
    task,
    ctx.user,
    'attachment_removed',
    { attachment_id: att.id, file_name: att.file_name },
    {},
    clock.iso(),
  );
  return noContent();
}

export function registerAttachments(router: Router): void {
  const base = '/workspaces/:workspace/tasks/:task/attachments';
  router.add('GET', base, listAttachments);
  router.add('POST', base, upload);
  router.add('GET', `${base}/:attachment`, download);
  router.add('DELETE', `${base}/:attachment`, remove);
}
