/**
 * Typed failures of the API client, mapped from HTTP statuses in ONE place (`errorForStatus`).
 * Messages are short, say what failed and what to do, and never contain the token.
 * See docs/api/README.md#errors and #limits.
 */

export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'validation'
  | 'rateLimited'
  | 'idempotencyMismatch'
  | 'network'
  | 'badResponse'
  | 'server'
  | 'unexpectedStatus'
  | 'invalidRequest'
  | 'queued';

interface ApiErrorInit {
  operation: string;
  status?: number;
  message: string;
  serverMessage?: string;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind = 'unexpectedStatus';
  readonly operation: string;
  readonly status: number | undefined;
  /** The `message` field of the error body, when the service sent one (already redacted). */
  readonly serverMessage: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = new.target.name;
    this.operation = init.operation;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
  }

  static is(error: unknown): error is ApiError {
    return error instanceof ApiError;
  }
}

function isKind(error: unknown, kind: ApiErrorKind): boolean {
  return error instanceof ApiError && error.kind === kind;
}

/** 401: token missing, invalid, regenerated or revoked (docs/api/README.md#authentication). */
export class UnauthorizedError extends ApiError {
  override readonly kind = 'unauthorized';
  static override is(error: unknown): error is UnauthorizedError {
    return isKind(error, 'unauthorized');
  }
}

/** 403: the caller is a member but may not see or do this. */
export class ForbiddenError extends ApiError {
  override readonly kind = 'forbidden';
  static override is(error: unknown): error is ForbiddenError {
    return isKind(error, 'forbidden');
  }
}

/** 404: not found, or not visible to this token (the same answer for both: docs/api/README.md#authentication). */
export class NotFoundError extends ApiError {
  override readonly kind = 'notFound';
  static override is(error: unknown): error is NotFoundError {
    return isKind(error, 'notFound');
  }
}

/** 409 that is not an in-flight idempotent request, e.g. "dependency already exists". */
export class ConflictError extends ApiError {
  override readonly kind = 'conflict';
  static override is(error: unknown): error is ConflictError {
    return isKind(error, 'conflict');
  }
}

/** 422 with per-field messages (docs/api/README.md#errors: `errors` keyed by field name). */
export class ValidationError extends ApiError {
  override readonly kind = 'validation';
  readonly fields: Record<string, string[]>;
  constructor(init: ApiErrorInit & { fields: Record<string, string[]> }) {
    super(init);
    this.fields = init.fields;
  }
  static override is(error: unknown): error is ValidationError {
    return isKind(error, 'validation');
  }
}

/** 429 that outlasted the client's own waiting and retries. */
export class RateLimitedError extends ApiError {
  override readonly kind = 'rateLimited';
  readonly retryAfterMs: number | undefined;
  constructor(init: ApiErrorInit & { retryAfterMs?: number }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
  static override is(error: unknown): error is RateLimitedError {
    return isKind(error, 'rateLimited');
  }
}

/** 422 for an Idempotency-Key reused with another body: a bug in the caller, never a user error. */
export class IdempotencyMismatchError extends ApiError {
  override readonly kind = 'idempotencyMismatch';
  static override is(error: unknown): error is IdempotencyMismatchError {
    return isKind(error, 'idempotencyMismatch');
  }
}

/** The service could not be reached, the connection broke, or it did not answer in time. */
export class NetworkError extends ApiError {
  override readonly kind = 'network';
  readonly host: string;
  readonly timeout: boolean;
  /** The system error code (`ECONNREFUSED`, `SELF_SIGNED_CERT_IN_CHAIN`...), '' when there is none. */
  readonly code: string;
  constructor(init: ApiErrorInit & { host: string; timeout: boolean; code?: string }) {
    super(init);
    this.host = init.host;
    this.timeout = init.timeout;
    this.code = init.code ?? '';
  }
  /** The TLS check failed: a self-signed or company certificate, an expired one, a wrong host name. */
  get certificate(): boolean {
    return isCertificateCode(this.code);
  }
  static override is(error: unknown): error is NetworkError {
    return isKind(error, 'network');
  }
}

/** The answer does not look like the documented API (HTML page, broken JSON, a documented field of the wrong type). */
export class BadResponseError extends ApiError {
  override readonly kind = 'badResponse';
  /** Path of the offending field, e.g. `data[3].id`; undefined when the body as a whole is wrong. */
  readonly field: string | undefined;
  constructor(init: ApiErrorInit & { field?: string }) {
    super(init);
    this.field = init.field;
  }
  static override is(error: unknown): error is BadResponseError {
    return isKind(error, 'badResponse');
  }
}

/** 5xx that outlasted the retries. */
export class ServerError extends ApiError {
  override readonly kind = 'server';
  static override is(error: unknown): error is ServerError {
    return isKind(error, 'server');
  }
}

/** Any other status the API does not list (400, 405, 413...). */
export class UnexpectedStatusError extends ApiError {
  override readonly kind = 'unexpectedStatus';
  static override is(error: unknown): error is UnexpectedStatusError {
    return isKind(error, 'unexpectedStatus');
  }
}

/** The client refused to send a request (file type or size not accepted, unsafe redirect...). */
export class InvalidRequestError extends ApiError {
  override readonly kind = 'invalidRequest';
  static override is(error: unknown): error is InvalidRequestError {
    return isKind(error, 'invalidRequest');
  }
}

/**
 * The write was not delivered now but kept in the offline queue (src/core/outbox): it will be sent,
 * with the same Idempotency-Key, when the service can be reached. Not a failure the user must fix.
 */
export class WriteQueuedError extends ApiError {
  override readonly kind = 'queued';
  /** The Idempotency-Key the write keeps. */
  readonly key: string;
  /** Why it could not be sent now (the network error, 5xx or 429), when it was tried. */
  override readonly cause: ApiError | undefined;
  constructor(init: ApiErrorInit & { key: string; cause?: ApiError }) {
    super(init);
    this.key = init.key;
    this.cause = init.cause;
  }
  static override is(error: unknown): error is WriteQueuedError {
    return isKind(error, 'queued');
  }
}

export interface StatusContext {
  operation: string;
  status: number;
  /** Parsed JSON error body, if any. */
  body: unknown;
  /** True when this Idempotency-Key may already be known to the server (a retry, or a caller-supplied key). */
  keyMayBeKnown: boolean;
  retryAfterMs?: number;
  /** Secret to scrub from any server text (the token). */
  secret: string;
}

/** THE mapping from HTTP status to error class (docs/api/README.md#errors). */
export function errorForStatus(ctx: StatusContext): ApiError {
  const { operation, status } = ctx;
  const server = serverMessageOf(ctx.body, ctx.secret);
  const init = { operation, status, serverMessage: server };
  const said = server ? ` The service said: ${server}` : '';
  switch (status) {
    case 401:
      return new UnauthorizedError({
        ...init,
        message: `${operation}: the token was refused (401). Sign in again with a current token.`,
      });
    case 403:
      return new ForbiddenError({ ...init, message: `${operation}: not allowed for this account (403).${said}` });
    case 404:
      return new NotFoundError({ ...init, message: `${operation}: not found, or not visible to this account (404).` });
    case 409:
      return new ConflictError({ ...init, message: `${operation}: conflict (409).${said}` });
    case 422:
      return validationOrMismatch(ctx, init, said);
    case 429:
      return new RateLimitedError({
        ...init,
        retryAfterMs: ctx.retryAfterMs,
        message: `${operation}: too many requests (429); try again in a minute.`,
      });
  }
  if (status >= 500) {
    return new ServerError({
      ...init,
      message: `${operation}: the service failed (${status}); try again later.${said}`,
    });
  }
  return new UnexpectedStatusError({ ...init, message: `${operation}: unexpected answer ${status}.${said}` });
}

/** The client's own limits (limits.ts) that an answer ran into; `limitError` names each. */
export type LimitFailure =
  | { kind: 'tooLarge'; limit: number }
  | { kind: 'tooDeep'; depth: number }
  | { kind: 'redirected'; status: number }
  | { kind: 'deadline'; ms: number }
  | { kind: 'retryAfter'; ms: number; absurd: boolean };

/** THE mapping of the client's limits to errors, next to the status mapping; no data from the answer. */
export function limitError(operation: string, host: string, failure: LimitFailure): ApiError {
  const at = `${operation}: ${host}`;
  switch (failure.kind) {
    case 'tooLarge':
      return new BadResponseError({
        operation,
        message: `${at} sent an answer larger than ${sizeText(failure.limit)}, the most this client reads; it was stopped. Check the base URL, or narrow the request.`,
      });
    case 'tooDeep':
      return new BadResponseError({
        operation,
        message: `${at} sent JSON nested deeper than ${failure.depth} levels; it was not read. The service may be broken.`,
      });
    case 'redirected':
      return new BadResponseError({
        operation,
        status: failure.status,
        message: `${at} answered with a redirect (${failure.status}), which is not followed. Check the base URL; it must include the API prefix.`,
      });
    case 'deadline':
      return new NetworkError({
        operation,
        host,
        timeout: true,
        code: 'DEADLINE',
        message: `${at} did not give a complete answer within ${Math.round(failure.ms / 1000)} s (retries and waits included); stopped. Check your connection and the base URL, or try again later.`,
      });
    case 'retryAfter': {
      const why = failure.absurd
        ? 'longer than the limit of 60 requests a minute can explain; not waiting'
        : 'longer than this request can wait';
      return new RateLimitedError({
        operation,
        status: 429,
        retryAfterMs: failure.ms,
        message: `${operation}: the service asked to wait ${waitText(failure.ms)} before trying again (429), ${why}. Try again in a minute.`,
      });
    }
  }
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

function waitText(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return s < 120
    ? `${s} s`
    : s < 7200
      ? `${Math.round(s / 60)} minutes`
      : s < 172_800
        ? `${Math.round(s / 3600)} hours`
        : `${Math.round(s / 86_400)} days`;
}

function validationOrMismatch(ctx: StatusContext, init: Omit<ApiErrorInit, 'message'>, said: string): ApiError {
  const fields = fieldErrorsOf(ctx.body, ctx.secret);
  // A reused key with another body (docs/api/README.md#idempotency) is a 422 that names the key, or has no
  // per-field errors while the key may already be known. Anything else with `errors` is a validation error.
  const aboutKey = Object.keys(fields).some((field) => field.toLowerCase() === 'idempotency-key');
  if (aboutKey || (ctx.keyMayBeKnown && Object.keys(fields).length === 0)) {
    return new IdempotencyMismatchError({
      ...init,
      message: `${ctx.operation}: the service refused a repeated request whose content changed (422, Idempotency-Key reuse). This is a bug; please report it.${said}`,
    });
  }
  const detail = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
  return new ValidationError({
    ...init,
    fields,
    message: `${ctx.operation}: rejected (422). ${detail || init.serverMessage || ''}`.trim(),
  });
}

function serverMessageOf(body: unknown, secret: string): string | undefined {
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
    const text = redact((body as { message: string }).message, secret);
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  }
  return undefined;
}

function fieldErrorsOf(body: unknown, secret: string): Record<string, string[]> {
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  const result: Record<string, string[]> = {};
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) {
    return result;
  }
  for (const [field, value] of Object.entries(errors)) {
    const list = Array.isArray(value) ? value : [value];
    result[field] = list.filter((m): m is string => typeof m === 'string').map((m) => redact(m, secret));
  }
  return result;
}

/** Removes every occurrence of `secret` from `text`. */
export function redact(text: string, secret: string): string {
  return secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
}

/** Node's error codes for a failed TLS check (self-signed, expired, unknown issuer, wrong host). */
export function isCertificateCode(code: string): boolean {
  return /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code);
}
