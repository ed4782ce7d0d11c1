import { MAX_UPLOAD_BYTES } from './upload';

/**
 * Size and time limits of the client: what a hostile or broken server can make it read, hold and wait
 * for. Every answer is bounded in bytes, nesting and time, so no server can exhaust memory, blow the
 * stack or keep a caller (a command, a tool call) waiting past its deadline.
 *
 * Documented sizes (docs/api/README.md#limits), for the headroom each cap leaves:
 * - The largest JSON answers are unpaginated task index loads (`per_page=0`, "returns all") and children
 *   batches (at most 1,000 rows per call). A task row with status, assignee, tags and custom field
 *   values is about 1 KB in JSON (sandbox: 1.0-1.1 KB on average, 3.4 KB the largest; titles are capped
 *   at 255 characters). The sandbox's large seed loads 8,461 rows, 8.6 MB, in its biggest space.
 *   32 MiB is over 3.5 times that, about 30,000 rows: an index load past it is not something a tree or
 *   an assistant can use, and is refused with a clear error.
 * - Error bodies carry `message` and `errors` (per field): 1 MiB is far beyond any real one.
 * - Downloads: the attachment's listed `file_size` plus a small margin, and never more than the upload
 *   limit (MAX_UPLOAD_BYTES, "about 500 MB per file") plus the same margin.
 */
export const MAX_JSON_BYTES = 32 * 1024 * 1024;
export const MAX_ERROR_BODY_BYTES = 1024 * 1024;
/** Nesting of arrays and objects in a JSON answer; the documented shapes nest less than 10 levels. */
export const MAX_JSON_DEPTH = 128;

/** Allowance over the listed size ("about"; a listing rounded or a header counted by a proxy). */
export const DOWNLOAD_MARGIN_BYTES = 64 * 1024;
/**
 * An upload's or download's whole-transfer deadline: a fixed allowance plus its size at this slowest rate still
 * accepted (a body drip-fed one byte a second ends; 500 MB at 64 KiB/s is about 2 h 14 min).
 */
export const TRANSFER_BASE_MS = 30_000;
export const TRANSFER_MIN_BYTES_PER_SECOND = 64 * 1024;

/** Per-attempt timeout (connect, headers, body idle) by default (`taskPlatform.requestTimeoutSeconds`). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * The whole-call deadline (headers AND body, retries, backoffs and rate-limit waits included) of a
 * request someone waits for, a command in the editor, is this many per-attempt timeouts: 90 s by
 * default, enough for a hang retried twice or a full minute's rate-limit wait, and it follows the
 * user's timeout setting. The MCP server sets its own (MCP_CALL_DEADLINE_MS).
 */
export const CALL_DEADLINE_TIMEOUTS = 3;
/** The time limits of one ApiClient. */
export interface ClientTimeouts {
  /** Per attempt: connect, headers, body idle (transport.ts); default DEFAULT_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The whole call, every attempt, wait and body included; default CALL_DEADLINE_TIMEOUTS x timeoutMs. */
  callDeadlineMs?: number;
}

/**
 * An MCP tool call must answer within a minute (assistants give up then): 45 s for the whole call
 * leaves room for the tool's own work and the answer, with 20 s per attempt so a hang is retried once.
 */
export const MCP_CALL_DEADLINE_MS = 45_000;
export const MCP_REQUEST_TIMEOUT_MS = 20_000;

/**
 * The longest Retry-After the budget of 60 requests a minute can explain: one full window, plus a
 * little for clocks. Anything longer is not slept through: the call fails at once with a clear error,
 * and the limiter pauses requests only for its own estimate.
 */
export const MAX_RETRY_AFTER_MS = 65_000;

/** The deadline of an upload or download of at most `bytes`. */
export function transferDeadlineMs(bytes: number): number {
  return TRANSFER_BASE_MS + Math.ceil((bytes / TRANSFER_MIN_BYTES_PER_SECOND) * 1000);
}

/** The most bytes a download listed at `fileSize` (when known) may deliver. */
export function downloadLimitBytes(fileSize: number | undefined): number {
  const listed = fileSize !== undefined && Number.isFinite(fileSize) && fileSize >= 0 ? fileSize : MAX_UPLOAD_BYTES;
  return Math.min(listed, MAX_UPLOAD_BYTES) + DOWNLOAD_MARGIN_BYTES;
}

/** Retries of one call (requester.ts); all of them end within the call's deadline. */
export interface RetryPolicy {
  /** Retries after a connection failure, timeout or 5xx. */
  transientRetries: number;
  /** Retries after a 429 (each waits for Retry-After or our estimate). */
  rateLimitRetries: number;
  /** Retries of a write answered 409 while its own earlier attempt may still be running. */
  inFlightRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  transientRetries: 6,
  rateLimitRetries: 12,
  inFlightRetries: 5,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
};
