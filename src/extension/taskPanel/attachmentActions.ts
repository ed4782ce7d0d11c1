import * as vscode from 'vscode';
import { Readable } from 'node:stream';
import { UPLOAD_TYPES } from '../../core/api/upload';
import type { UploadSource } from '../../core/api/upload';
import type { Attachment } from '../../core/api/schemas';
import { AbortError } from '../../core/util/abort';
import { prompter } from '../ui/prompter';
import type { Outcome, PanelContext } from './context';
import { attempt, refuse } from './context';
import { loadAttachments } from './loader';

const PREVIEW_MAX_BYTES = 8 * 1024 * 1024;
const PREVIEW_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Attachments (docs/api/openapi.yaml#downloadTaskAttachment): upload through a file picker (type and size are checked
 * by the client
 * before anything is sent), download to disk (the client follows the 302 without the token),
 * inline preview of raster images, delete.
 */
export async function upload(ctx: PanelContext, commentId: string | null): Promise<Outcome> {
  const files = await prompter().openFile({
    title: vscode.l10n.t('Attach a file'),
    canSelectMany: false,
    filters: { [vscode.l10n.t('Allowed files')]: Object.keys(UPLOAD_TYPES) },
  });
  const file = files?.[0];
  if (!file) {
    return { ok: false, error: '' };
  }
  const name = file.path.split('/').pop() ?? 'file';
  return attempt(
    ctx,
    vscode.l10n.t('Could not attach {0}', name),
    async () =>
      await prompter().progress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Uploading {0}', name),
          cancellable: true,
        },
        async (progress, token) => {
          const bytes = new ByteProgress(progress);
          const controller = new AbortController();
          // Before the last byte has gone out, Cancel aborts the request: the service has only part of
          // the body and creates nothing. After it, the service may already have the file: wait for the
          // answer and delete what it created, so Cancel never leaves an attachment behind.
          let lateCancel = false;
          token.onCancellationRequested(() => (bytes.allSent ? (lateCancel = true) : controller.abort()));
          const source = await uploadSource(file, name);
          const fields = commentId ? { context: 'comment' as const, commentId } : { context: 'task' as const };
          const created = await ctx.client.uploadAttachment(ctx.workspaceId, ctx.taskId, source, fields, {
            priority: 'user',
            signal: controller.signal,
            onProgress: (sent, total) => bytes.report(sent, total),
          });
          if (lateCancel || token.isCancellationRequested) {
            await ctx.client.deleteAttachment(ctx.workspaceId, ctx.taskId, created.id, { priority: 'user' });
            throw new AbortError();
          }
          ctx.update({ attachments: await loadAttachments(ctx) });
        },
      ),
  );
}

/** "12.5 MB of 50.0 MB" in the notification, its bar moved by whole percents (VS Code adds increments). */
class ByteProgress {
  private percent = 0;
  allSent = false;

  constructor(private readonly progress: { report(value: { message?: string; increment?: number }): void }) {}

  report(sent: number, total: number): void {
    this.allSent = sent >= total;
    const percent = total > 0 ? Math.floor((sent / total) * 100) : 100;
    const increment = Math.max(0, percent - this.percent);
    if (increment === 0 && sent > 0 && sent < total) {
      return; // a retry starts again from 0; the bar does not go back, the text does
    }
    this.percent = Math.max(this.percent, percent);
    this.progress.report({ message: vscode.l10n.t('{0} of {1}', megabytes(sent), megabytes(total)), increment });
  }
}

function megabytes(bytes: number): string {
  return vscode.l10n.t('{0} MB', (bytes / (1024 * 1024)).toFixed(1));
}

async function uploadSource(file: vscode.Uri, name: string): Promise<UploadSource> {
  if (file.scheme === 'file') {
    return { path: file.fsPath, fileName: name };
  }
  const bytes = await vscode.workspace.fs.readFile(file);
  return { stream: Readable.from([bytes]), size: bytes.byteLength, fileName: name };
}

export async function download(ctx: PanelContext, attachmentId: string): Promise<Outcome> {
  const attachment = find(ctx, attachmentId);
  if (!attachment) {
    return refuse(vscode.l10n.t('This file is no longer attached.'));
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = await prompter().saveFile({
    title: vscode.l10n.t('Save {0}', safeFileName(attachment.file_name)),
    defaultUri: folder ? vscode.Uri.joinPath(folder, safeFileName(attachment.file_name)) : undefined,
  });
  if (!target) {
    return { ok: false, error: '' };
  }
  return attempt(ctx, vscode.l10n.t('Could not download {0}', attachment.file_name), async () => {
    if (target.scheme === 'file') {
      await ctx.client.downloadAttachmentTo(ctx.workspaceId, ctx.taskId, attachmentId, target.fsPath, {
        priority: 'user',
        fileSize: attachment.file_size,
      });
    } else {
      await vscode.workspace.fs.writeFile(target, await readAll(ctx, attachment, false));
    }
  });
}

export async function preview(ctx: PanelContext, attachmentId: string): Promise<Outcome> {
  const attachment = find(ctx, attachmentId);
  if (!attachment || !PREVIEW_TYPES.has(attachment.mime_type) || attachment.file_size > PREVIEW_MAX_BYTES) {
    return refuse(
      vscode.l10n.t('Only PNG, JPEG, GIF and WebP images up to 8 MB are previewed here; download other files.'),
    );
  }
  return attempt(ctx, vscode.l10n.t('Could not preview {0}', attachment.file_name), async () => {
    const bytes = await readAll(ctx, attachment, true);
    // The media type is ours (from the listing, checked above), never the download's header.
    const src = `data:${attachment.mime_type};base64,${Buffer.from(bytes).toString('base64')}`;
    ctx.update({ preview: { attachmentId, name: attachment.file_name, src } });
  });
}

export async function deleteAttachment(ctx: PanelContext, attachmentId: string): Promise<Outcome> {
  const attachment = find(ctx, attachmentId);
  if (!attachment) {
    return refuse(vscode.l10n.t('This file is no longer attached.'));
  }
  const confirm = vscode.l10n.t('Delete');
  if ((await prompter().warn(vscode.l10n.t('Delete the attachment {0}?', attachment.file_name), confirm)) !== confirm) {
    return { ok: false, error: '' };
  }
  return attempt(ctx, vscode.l10n.t('Could not delete {0}', attachment.file_name), async () => {
    await ctx.client.deleteAttachment(ctx.workspaceId, ctx.taskId, attachmentId, { priority: 'user' });
    const preview = ctx.model().preview?.attachmentId === attachmentId ? undefined : ctx.model().preview;
    ctx.update({ attachments: (ctx.model().attachments ?? []).filter((a) => a.id !== attachmentId), preview });
  });
}

async function readAll(ctx: PanelContext, attachment: Attachment, preview: boolean): Promise<Uint8Array> {
  const options = { priority: 'user' as const, preview, signal: ctx.signal, fileSize: attachment.file_size };
  const file = await ctx.client.downloadAttachment(ctx.workspaceId, ctx.taskId, attachment.id, options);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.body) {
    size += (chunk as Buffer).length;
    if (preview && size > PREVIEW_MAX_BYTES) {
      file.body.destroy();
      throw new Error(vscode.l10n.t('the file is larger than its listing said'));
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function find(ctx: PanelContext, attachmentId: string): Attachment | undefined {
  return ctx.model().attachments?.find((a) => a.id === attachmentId);
}

/** File names are stored verbatim (docs/api/openapi.yaml#uploadTaskAttachment): keep a plain last segment only. */
export function safeFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .replace(/[\u0000-\u001f\u007f<>:"|?*\u202a-\u202e\u2066-\u2069]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  return cleaned === '' ? 'attachment' : cleaned.slice(0, 200);
}
