import type { HttpMethod } from '../api/transport';

/**
 * A write the client could not deliver and keeps for later. It holds exactly what is needed to send
 * the same request again: the Idempotency-Key and the exact JSON bytes (Limits, idempotency rules 1-2:
 * the same key with the same body is applied at most once), never the token or any header.
 */
export interface HeldWrite {
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
  /** Epoch ms when the user made the change. */
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

/** The task a held write changes, read from its path (every task write names the task in it). */
export function targetOf(write: Pick<HeldWrite, 'path'>): WriteTarget | undefined {
  const full = TASK_PATH.exec(write.path);
  if (full && full[2] !== 'children') {
    return { workspaceId: decodeURIComponent(full[1]), taskId: decodeURIComponent(full[2]) };
  }
  const short = TASK_ONLY_PATH.exec(write.path);
  return short ? { taskId: decodeURIComponent(short[1]) } : undefined;
}

/** A held task creation: where the task goes and its title (read from the exact JSON kept). */
export function heldCreation(write: Pick<HeldWrite, 'operation' | 'method' | 'path' | 'body'>): { listId: string; parentId?: string; title: string } | undefined {
  if (write.operation !== 'createTask' || write.method !== 'POST' || !/^\/workspaces\/[^/]+\/tasks$/.test(write.path) || write.body === undefined) {
    return undefined;
  }
  try {
    const body = JSON.parse(write.body) as { list_id?: unknown; parent_task_id?: unknown; title?: unknown };
    if (typeof body.list_id !== 'string' || typeof body.title !== 'string') {
      return undefined;
    }
    return { listId: body.list_id, parentId: typeof body.parent_task_id === 'string' ? body.parent_task_id : undefined, title: body.title };
  } catch {
    return undefined;
  }
}

/** The top-level fields a write sets, for labels ("status_id, priority"); empty when it has no body. */
export function fieldsOf(write: Pick<HeldWrite, 'body'>): string[] {
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

/** Checks a value read back from storage; anything else is not replayed (and is reported). */
export function isHeldWrite(value: unknown): value is HeldWrite {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const v = value as Record<string, unknown>;
  return typeof v.key === 'string' && v.key.length > 0
    && typeof v.operation === 'string'
    && typeof v.method === 'string' && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(v.method)
    && typeof v.path === 'string' && v.path.startsWith('/')
    && (v.body === undefined || typeof v.body === 'string')
    && typeof v.heldAt === 'number';
}
