import { randomUUID } from 'node:crypto';
import type { QueuedWrite } from '../outbox/queuedWrite';
import type { ApiError } from './errors';
import { WriteQueuedError } from './errors';
import { MAX_ERROR_BODY_BYTES } from './limits';
import { decodeJson } from './parse';
import type { CallSpec, RequesterConfig } from './requester';
import type { UploadBody } from './upload';
import type { HttpResponse } from './transport';

/** Helpers of the Requester: error bodies, headers, and the shape of a write kept for later. */

export function toQueuedWrite(
  spec: CallSpec,
  key: string | undefined,
  bodyText: string | undefined,
  reason: QueuedWrite['reason'],
): QueuedWrite {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(spec.query ?? {})) {
    if (value !== undefined && value !== null) {
      query[name] = String(value);
    }
  }
  return {
    key: key ?? randomUUID(),
    operation: spec.operation,
    method: spec.method,
    path: spec.path,
    query: Object.keys(query).length > 0 ? query : undefined,
    body: bodyText,
    heldAt: Date.now(),
    reason,
  };
}

export function queuedError(spec: CallSpec, key: string | undefined, cause?: ApiError): WriteQueuedError {
  const why = cause ? ` (${cause.message})` : '';
  return new WriteQueuedError({
    operation: spec.operation,
    key: key ?? '',
    cause,
    message: `${spec.operation}: not sent now${why}; kept and sent when the service can be reached.`,
  });
}

/** JSON of an error response, a BadResponseError when it is not JSON, or an Error when reading broke. */
export async function readErrorBody(res: HttpResponse, operation: string, baseUrl: string): Promise<unknown> {
  let text: string;
  try {
    text = await res.text(MAX_ERROR_BODY_BYTES);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
  if (text.trim() === '') {
    return undefined; // mapped by status alone
  }
  try {
    return decodeJson(text, headerValue(res.headers['content-type']), operation, baseUrl);
  } catch (error) {
    return error;
  }
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(raw: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = headerValue(raw)?.trim();
  if (!value) {
    return undefined;
  }
  if (/^\d+$/.test(value)) {
    return Number(value) * 1000;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function errorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}

/** The headers of one attempt: the token, the Idempotency-Key of a write, the body's type. */
export function requestHeaders(
  config: RequesterConfig,
  key: string | undefined,
  bodyText: string | undefined,
  upload: UploadBody | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${config.token}`,
    accept: 'application/json',
    'user-agent': config.userAgent,
  };
  if (key !== undefined) {
    headers['idempotency-key'] = key;
  }
  if (bodyText !== undefined) {
    headers['content-type'] = 'application/json';
  } else if (upload) {
    headers['content-type'] = upload.contentType;
    headers['content-length'] = String(upload.length);
  }
  return headers;
}
