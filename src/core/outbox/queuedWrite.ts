import { WRITE_ROUTES, writeRouteProblem } from '../api/routes';
import type { WriteOperation } from '../api/routes';
import type { HttpMethod } from '../api/transport';

/**
 * A write the client could not deliver and keeps for later. It carries exactly what is needed to send
 * the same request again: the Idempotency-Key and the exact JSON bytes (docs/api/README.md#idempotency:
 * the same key with the same body is applied at most once), never the token or any header.
 */
export interface QueuedWrite {
  /** The Idempotency-Key of the original call; also the entry's identity. */
  readonly key: string;
  /** Client operation name, e.g. `updateTask`. */
  readonly operation: string;
  readonly method: HttpMethod;
  /** Path below the base URL, ids already encoded. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** The JSON text sent, byte for byte; absent for body-less writes (DELETE, resolve...). */
  readonly body?: string;
  /**
   * Epoch ms when the user made the change. The name predates "queued" and stays: it is a field of the
   * JSON stored in users' profiles (globalState `taskPlatform.outbox`), read back by queuedWriteProblem.
   */
  readonly heldAt: number;
  /** Why it was kept: the service was known to be unreachable, or the attempt failed transiently. */
  readonly reason: 'offline' | 'network' | 'server' | 'rateLimited' | 'queued';
  /** Set when the service refused it on replay for a real reason: shown to the user, never dropped. */
  readonly rejected?: RejectedWrite;
}

export interface RejectedWrite {
  readonly status?: number;
  readonly message: string;
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  readonly at: number;
}

export interface WriteTarget {
  readonly workspaceId?: string;
  readonly taskId: string;
}

const TASK_PATH = /^\/workspaces\/([^/]+)\/tasks\/([^/]+)(?:\/|$)/;
const TASK_ONLY_PATH = /^\/tasks\/([^/]+)\//;

/** The task a queued write changes, read from its path (every task write names the task in it). */
export function targetOf(write: Pick<QueuedWrite, 'path'>): WriteTarget | undefined {
  const [, workspaceId, taskId] = TASK_PATH.exec(write.path) ?? [];
  if (workspaceId !== undefined && taskId !== undefined && taskId !== 'children') {
    return { workspaceId: decodeURIComponent(workspaceId), taskId: decodeURIComponent(taskId) };
  }
  const [, shortTaskId] = TASK_ONLY_PATH.exec(write.path) ?? [];
  return shortTaskId !== undefined ? { taskId: decodeURIComponent(shortTaskId) } : undefined;
}

/** A queued task creation: where the task goes and its title (read from the exact JSON kept). */
export function queuedCreation(
  write: Pick<QueuedWrite, 'operation' | 'method' | 'path' | 'body'>,
): { listId: string; parentId?: string; title: string } | undefined {
  if (
    write.operation !== 'createTask' ||
    write.method !== 'POST' ||
    !/^\/workspaces\/[^/]+\/tasks$/.test(write.path) ||
    write.body === undefined
  ) {
    return undefined;
  }
  try {
    const body = JSON.parse(write.body) as { list_id?: unknown; parent_task_id?: unknown; title?: unknown };
    if (typeof body.list_id !== 'string' || typeof body.title !== 'string') {
      return undefined;
    }
    return {
      listId: body.list_id,
      parentId: typeof body.parent_task_id === 'string' ? body.parent_task_id : undefined,
      title: body.title,
    };
  } catch {
    return undefined;
  }
}

/** The top-level fields a write sets, for labels ("status_id, priority"); empty when it has no body. */
export function fieldsOf(write: Pick<QueuedWrite, 'body'>): string[] {
  if (write.body === undefined) {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(write.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.keys(parsed) : [];
  } catch {
    return [];
  }
}

/** The longest JSON body a queued write may keep (the client's own writes are far smaller). */
export const MAX_QUEUED_BODY = 1_000_000;
/** Idempotency-Key: visible ASCII only (it is sent as a header), as long as the service keeps. */
const KEY = /^[\x21-\x7e]{1,255}$/;
const REASONS: ReadonlyArray<QueuedWrite['reason']> = ['offline', 'network', 'server', 'rateLimited', 'queued'];
/** Keys that change an object's prototype in careless JavaScript readers; the client never writes them. */
const POLLUTING_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_BODY_DEPTH = 32;

/** Checks a value read back from storage; anything else is not replayed (and is reported). */
export function isQueuedWrite(value: unknown): value is QueuedWrite {
  return queuedWriteProblem(value) === undefined;
}

/**
 * Why a value read back from storage is not a write this client would have made, or undefined when it
 * is one. Storage is shared with other windows and lives in the user's profile, so it may contain anything:
 * only a write on one of the client's own write routes (routes.ts) for the configured service, with ids
 * where ids go, the body that route takes and a header-safe key, may be sent again. The reason is a fixed
 * phrase: it is logged, and never repeats the stored data.
 */
export function queuedWriteProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'not an object';
  }
  const v = value as Record<string, unknown>;
  if (typeof v.key !== 'string' || !KEY.test(v.key)) {
    return 'no valid Idempotency-Key';
  }
  // `heldAt`, not `queuedAt`: the stored field keeps its first name, so writes queued by older versions replay.
  if (
    typeof v.heldAt !== 'number' ||
    !Number.isFinite(v.heldAt) ||
    typeof v.reason !== 'string' ||
    !REASONS.includes(v.reason as QueuedWrite['reason'])
  ) {
    return 'no valid time or reason';
  }
  const route = writeRouteProblem(v.operation, v.method, v.path);
  if (route !== undefined) {
    return route;
  }
  if (v.query !== undefined && !(isRecord(v.query) && Object.keys(v.query).length === 0)) {
    return 'a query string, which no write route takes';
  }
  if (
    v.rejected !== undefined &&
    !(isRecord(v.rejected) && typeof v.rejected.message === 'string' && v.rejected.message.length <= 10_000)
  ) {
    return 'a malformed refusal';
  }
  return bodyProblem(v.body, WRITE_ROUTES[v.operation as WriteOperation].body);
}

function bodyProblem(body: unknown, expected: boolean): string | undefined {
  if (!expected) {
    return body === undefined ? undefined : 'a body on a route that takes none';
  }
  if (typeof body !== 'string') {
    return 'no body on a route that takes one';
  }
  if (body.length > MAX_QUEUED_BODY) {
    return 'a body larger than any write of the client';
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'a body that is not JSON';
  }
  if (!isRecord(parsed)) {
    return 'a body that is not a JSON object';
  }
  // Breadth first with an explicit queue: no recursion on attacker-chosen depth.
  const queue: Array<[unknown, number]> = [[parsed, 1]];
  while (queue.length > 0) {
    const [node, depth] = queue.pop()!;
    if (typeof node !== 'object' || node === null) {
      continue;
    }
    if (depth > MAX_BODY_DEPTH) {
      return 'a body nested deeper than any write of the client';
    }
    for (const key of Object.keys(node)) {
      if (POLLUTING_KEYS.has(key)) {
        return 'a body with a prototype key';
      }
      queue.push([(node as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
