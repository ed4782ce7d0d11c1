import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AbortError } from '../util/abort';
import { isAllowedRemoteUrl } from './baseUrl';
import { errorForStatus, InvalidRequestError, limitError, NetworkError } from './errors';
import { downloadLimitBytes, transferDeadlineMs } from './limits';
import type { CallSpec, Requester, RequestOptions } from './requester';
import { headerValue } from './responses';
import { hostOf, toNetworkError } from './transport';
import type { HttpResponse } from './transport';

export interface DownloadedFile {
  /** The file's bytes; read it to the end or destroy it. */
  body: Readable;
  contentType: string | undefined;
  contentLength: number | undefined;
}

/** Size and time limits of one download (limits.ts). */
export interface DownloadLimits {
  /** The listing's `file_size`: the body may exceed it by DOWNLOAD_MARGIN_BYTES only. Default: the upload limit. */
  fileSize?: number;
}

const MAX_HOPS = 3;

/**
 * GET .../attachments/{attachment} answers 302 to a short-lived signed URL
 * (docs/api/openapi.yaml#downloadTaskAttachment). That URL is
 * fetched with a SEPARATE request without Authorization: in production it is another origin and the
 * token must never go there. One more round trip is made when the signed URL has expired meanwhile.
 */
export async function download(
  requester: Requester,
  spec: CallSpec,
  opts: RequestOptions & DownloadLimits,
): Promise<DownloadedFile> {
  let file: DownloadedFile;
  try {
    file = await downloadOnce(requester, spec, opts);
  } catch (error) {
    if (opts.signal?.aborted || !isSignedUrlFailure(error)) {
      throw error;
    }
    file = await downloadOnce(requester, spec, opts);
  }
  return limited(
    file,
    spec.operation,
    hostOf(requester.config.baseUrl),
    downloadLimitBytes(opts.fileSize),
    opts.signal,
  );
}

/**
 * The body, stopped with a clear error past `maxBytes` (or at once when Content-Length says so), past
 * its size's deadline (a drip-fed body included), or when the caller cancels.
 */
function limited(
  file: DownloadedFile,
  operation: string,
  host: string,
  maxBytes: number,
  signal: AbortSignal | undefined,
): DownloadedFile {
  const source = file.body;
  if (file.contentLength !== undefined && file.contentLength > maxBytes) {
    source.destroy();
    throw limitError(operation, host, { kind: 'tooLarge', limit: maxBytes });
  }
  const deadlineMs = transferDeadlineMs(maxBytes);
  let seen = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? limitError(operation, host, { kind: 'tooLarge', limit: maxBytes }) : null, chunk);
    },
  });
  const timer = setTimeout(
    () => body.destroy(limitError(operation, host, { kind: 'deadline', ms: deadlineMs })),
    deadlineMs,
  );
  timer.unref?.();
  const abort = (): void => {
    body.destroy(new AbortError());
  };
  signal?.addEventListener('abort', abort, { once: true });
  // Either side ending or failing ends both: the socket is closed when the reader gives up.
  pipeline(source, body)
    .catch(() => undefined)
    .finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    });
  return { ...file, body };
}

async function downloadOnce(requester: Requester, spec: CallSpec, opts: RequestOptions): Promise<DownloadedFile> {
  const first = await requester.send<{ location: URL } | { file: DownloadedFile }>(spec, opts, async (res) => {
    if (res.status >= 300) {
      await res.dump();
      return {
        location: locationOf(res, requester.url(spec.path, spec.query), spec.operation, requester.config.baseUrl),
      };
    }
    return { file: fileOf(res) };
  });
  if ('file' in first) {
    return first.file; // preview=true streams the file inline (200)
  }
  let location = first.location;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const res = await fetchSigned(requester, location, spec.operation, opts);
    if (res.status >= 300 && res.status < 400) {
      await res.dump();
      location = locationOf(res, location.href, spec.operation, requester.config.baseUrl);
      continue;
    }
    if (res.status >= 400) {
      const error = errorForStatus({
        operation: spec.operation,
        status: res.status,
        body: undefined,
        keyMayBeKnown: false,
        secret: requester.config.token,
      });
      await res.dump();
      throw Object.assign(error, { signedUrl: true });
    }
    return fileOf(res);
  }
  throw new InvalidRequestError({
    operation: spec.operation,
    message: `${spec.operation}: too many redirects from the download link.`,
  });
}

async function fetchSigned(
  requester: Requester,
  url: URL,
  operation: string,
  opts: RequestOptions,
): Promise<HttpResponse> {
  const { transport, timeoutMs, userAgent } = requester.config;
  try {
    // No Authorization header, on purpose (see above), and no limiter: this is not an API request.
    return await transport.send({
      method: 'GET',
      url: url.href,
      headers: { 'user-agent': userAgent },
      signal: opts.signal,
      timeoutMs,
    });
  } catch (error) {
    throw Object.assign(toNetworkError(error, operation, url.href, opts.signal), { signedUrl: true });
  }
}

function locationOf(res: HttpResponse, base: string, operation: string, baseUrl: string): URL {
  const raw = headerValue(res.headers.location);
  let url: URL | undefined;
  try {
    url = raw ? new URL(raw, base) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !isAllowedRemoteUrl(url, baseUrl)) {
    const where = url ? `${url.protocol}//${hostOf(url.href)}`.slice(0, 200) : 'nowhere'; // the server's text: bounded
    throw new InvalidRequestError({
      operation,
      message: `${operation}: the download link points to ${where}; only https links to public hosts are followed.`,
    });
  }
  return url;
}

function fileOf(res: HttpResponse): DownloadedFile {
  const length = Number(headerValue(res.headers['content-length']));
  return {
    body: res.body,
    contentType: headerValue(res.headers['content-type']),
    contentLength: Number.isFinite(length) ? length : undefined,
  };
}

function isSignedUrlFailure(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { signedUrl?: boolean }).signedUrl === true &&
    !(error instanceof NetworkError && error.timeout)
  );
}

/** A temporary name next to `destination` that nobody can guess ahead (8 random bytes). */
export function temporaryName(destination: string): string {
  return `${destination}.part-${randomBytes(8).toString('hex')}`;
}

/**
 * Streams a download to `destination` through a temporary file, so a broken transfer leaves no
 * partial file. The temporary file is created exclusively (O_EXCL, readable by the user only) under a
 * random name: a file or link already there under that name is never written through or removed.
 */
export async function saveTo(
  file: DownloadedFile,
  destination: string,
  signal?: AbortSignal,
  name: (destination: string) => string = temporaryName,
): Promise<number> {
  const temporary = name(destination);
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(temporary, 'wx', 0o600);
  } catch (error) {
    file.body.destroy();
    throw error;
  }
  let bytes = 0;
  file.body.on('data', (chunk: Buffer) => (bytes += chunk.length));
  try {
    await pipeline(file.body, handle.createWriteStream(), { signal });
    await fs.rename(temporary, destination);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return bytes;
}
