// Request context, replies and errors shared by every route. Errors follow
// "Errors" of the API: JSON `message`, plus `errors` keyed by field on 422.
import type { IncomingHttpHeaders } from 'node:http';
import type { App } from './app';
import type { User } from './types';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw bytes instead of JSON (file streaming). */
  raw?: Buffer;
}

export interface Ctx {
  app: App;
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  user: User;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** True when the body was larger than the configured limit and was not kept. */
  tooLarge: boolean;
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

export type FieldErrors = Record<string, string[]>;

/**
 * A prototype-less error map: field names come from clients, and a key such as
 * `toString` or `__proto__` must be an ordinary entry, not an inherited member.
 */
export function fieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const NOT_FOUND = 'Not found.';
export const UNAUTHORIZED_ACTION = 'This action is unauthorized.';

export function notFound(message = NOT_FOUND): HttpError {
  return new HttpError(404, message);
}

export function forbidden(message = UNAUTHORIZED_ACTION): HttpError {
  return new HttpError(403, message);
}

/** 422 whose message is the first field error, as Laravel-style APIs do. */
export function invalid(errors: FieldErrors): HttpError {
  const fields = Object.keys(errors);
  const first = errors[fields[0] ?? '']?.[0] ?? 'The given data was invalid.';
  const more = fields.reduce((n, f) => n + (errors[f]?.length ?? 0), 0) - 1;
  const message = more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first;
  return new HttpError(422, message, errors);
}

export function ok(body: unknown, status = 200): Reply {
  return { status, body };
}

export function noContent(): Reply {
  return { status: 204 };
}

export function errorBody(err: HttpError): Record<string, unknown> {
  return err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
}

export function isJsonContent(headers: IncomingHttpHeaders): boolean {
  const type = String(headers['content-type'] ?? '').toLowerCase();
  return type === '' || type.includes('json');
}

/**
 * Parses the JSON body of a write. Malformed JSON, a non-object top level or a
 * non-JSON content type are 422 (docs/api/README.md#errors).
 */
export function jsonBody(ctx: Ctx): Record<string, unknown> {
  if (ctx.tooLarge) throw new HttpError(413, 'The request body is too large.');
  if (ctx.raw.length === 0) return {};
  if (!isJsonContent(ctx.headers)) {
    throw invalid({ body: ['The request body must be JSON (Content-Type: application/json).'] });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(ctx.raw.toString('utf8'));
  } catch {
    throw invalid({ body: ['The request body is not valid JSON.'] });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalid({ body: ['The request body must be a JSON object.'] });
  }
  return parsed as Record<string, unknown>;
}
