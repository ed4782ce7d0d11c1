import { randomBytes } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';
import { InvalidRequestError } from './errors';

export interface UploadBody {
  contentType: string;
  length: number;
  /** A fresh stream of the same bytes for every attempt. */
  open(): Readable;
  /** False when the bytes can be read only once: the request is then never retried. */
  replayable: boolean;
}

/** Limits: "Upload types" (by file extension) and their usual media types. */
export const UPLOAD_TYPES: Readonly<Record<string, string>> = {
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

/** Limits: "Upload size: about 500 MB per file". */
export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;

export type AttachmentContext = 'task' | 'comment' | 'description';

/** Where the bytes come from: a file path (re-readable, so retries are possible) or a stream of known size. */
export type UploadSource = { path: string; fileName?: string } | { stream: Readable; size: number; fileName: string };

export interface UploadFields {
  context?: AttachmentContext;
  commentId?: string | null;
}

/**
 * The file's bytes taken by the request so far, and its size. Counted as the body stream is read
 * (the request reads at most one small buffer ahead of the socket), so it follows the bytes sent; a
 * retry starts again from 0.
 */
export type UploadProgress = (sent: number, total: number) => void;

/** How far the body stream reads ahead of the socket: one buffer, so progress follows the bytes sent. */
const READ_AHEAD_BYTES = 64 * 1024;

interface FileInfo {
  fileName: string;
  mime: string;
  size: number;
  open(): Readable;
  replayable: boolean;
}

/** Checks type and size before anything is sent; resolves the file's size from disk for paths. */
export async function describeUpload(source: UploadSource, maxBytes: number, operation: string): Promise<FileInfo> {
  const fromPath = 'path' in source;
  const fileName = fromPath ? (source.fileName ?? basename(source.path)) : source.fileName;
  const size = fromPath ? (await statFile(source.path, operation)).size : source.size;
  const extension = extname(fileName).slice(1).toLowerCase();
  const mime = UPLOAD_TYPES[extension];
  if (mime === undefined) {
    const allowed = Object.keys(UPLOAD_TYPES).join(', ');
    throw new InvalidRequestError({
      operation,
      message: `${fileName}: this file type cannot be attached. Allowed: ${allowed}.`,
    });
  }
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new InvalidRequestError({ operation, message: `${fileName}: the file size must be known before uploading.` });
  }
  if (size > maxBytes) {
    const mb = (n: number): string => `${Math.round(n / (1024 * 1024))} MB`;
    throw new InvalidRequestError({
      operation,
      message: `${fileName} is ${mb(size)}; attachments are limited to ${mb(maxBytes)}.`,
    });
  }
  const open = fromPath ? (): Readable => createReadStream(source.path) : onceStream(source.stream);
  return { fileName, mime, size, open, replayable: fromPath };
}

async function statFile(path: string, operation: string): Promise<{ size: number }> {
  try {
    const stat = await fs.stat(path);
    if (!stat.isFile()) {
      throw new Error('not a file');
    }
    return stat;
  } catch {
    throw new InvalidRequestError({ operation, message: `${basename(path)} cannot be read (missing, or not a file).` });
  }
}

function onceStream(stream: Readable): () => Readable {
  let used = false;
  return () => {
    if (used) {
      throw new InvalidRequestError({
        operation: 'uploadAttachment',
        message: 'The upload stream was already consumed.',
      });
    }
    used = true;
    return stream;
  };
}

/**
 * A multipart/form-data body (RFC 7578) streamed from the file: the file is never held in memory.
 * The boundary is fixed per logical upload so a retry sends byte-identical content (same Idempotency-Key).
 */
export function multipartBody(file: FileInfo, fields: UploadFields, onProgress?: UploadProgress): UploadBody {
  const boundary = `----task-platform-${randomBytes(12).toString('hex')}`;
  const parts: string[] = [];
  const field = (name: string, value: string): void => {
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  };
  if (fields.context !== undefined) {
    field('context', fields.context);
  }
  if (fields.commentId) {
    field('comment_id', fields.commentId);
  }
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; ${dispositionName(file.fileName)}\r\n` +
      `Content-Type: ${file.mime}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + file.size + tail.length,
    replayable: file.replayable,
    open: () =>
      Readable.from(frame(head, file, tail, onProgress), { objectMode: false, highWaterMark: READ_AHEAD_BYTES }),
  };
}

async function* frame(head: Buffer, file: FileInfo, tail: Buffer, onProgress?: UploadProgress): AsyncGenerator<Buffer> {
  onProgress?.(0, file.size);
  yield head;
  let sent = 0;
  for await (const chunk of file.open()) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    sent += buffer.length;
    yield buffer;
    // Resumed: the request has asked for more, so this chunk has been taken.
    if (sent <= file.size) onProgress?.(sent, file.size);
  }
  if (sent !== file.size) {
    throw new Error(`${file.fileName}: expected ${file.size} bytes, read ${sent}.`);
  }
  yield tail;
}

/** `filename="ascii"` plus RFC 5987 `filename*` when the name is not plain ASCII. */
function dispositionName(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === fileName) {
    return `filename="${ascii}"`;
  }
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
