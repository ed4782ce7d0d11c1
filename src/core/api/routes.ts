import type { HttpMethod } from './transport';
import { isUuid } from '../util/ids';

/**
 * The write routes of the API the client sends JSON or body-less writes to: the client
 * builds their paths from this table (client.ts), and a write kept for later (src/core/outbox) is
 * replayed only when it matches one of them. A queued write is read back from storage that another
 * window, another extension or a tampered profile may have written, so the table is the one place
 * that says what may be sent on the user's behalf without the user asking again.
 *
 * `{name}` segments are ids; every documented id is a UUID (docs/api/README.md#conventions), so nothing else
 * (`..`, an encoded slash, a query, another host) can stand in a segment.
 */
export interface WriteRoute {
  readonly method: Exclude<HttpMethod, 'GET'>;
  readonly path: string;
  /** A JSON object body is sent (true) or no body at all (false). */
  readonly body: boolean;
}

const TASK = '/workspaces/{workspace}/tasks/{task}';

export const WRITE_ROUTES = {
  createTask: { method: 'POST', path: '/workspaces/{workspace}/tasks', body: true },
  updateTask: { method: 'PATCH', path: TASK, body: true },
  deleteTask: { method: 'DELETE', path: TASK, body: false },
  restoreTask: { method: 'POST', path: '/workspaces/{workspace}/trash/task/{task}/restore', body: false },
  moveTask: { method: 'POST', path: '/tasks/{task}/move', body: true },
  createComment: { method: 'POST', path: `${TASK}/comments`, body: true },
  updateComment: { method: 'PUT', path: `${TASK}/comments/{comment}`, body: true },
  deleteComment: { method: 'DELETE', path: `${TASK}/comments/{comment}`, body: false },
  resolveComment: { method: 'PUT', path: `${TASK}/comments/{comment}/resolve`, body: false },
  unresolveComment: { method: 'PUT', path: `${TASK}/comments/{comment}/unresolve`, body: false },
  addDependency: { method: 'POST', path: `${TASK}/dependencies`, body: true },
  removeDependency: { method: 'DELETE', path: `${TASK}/dependencies/{dependency}`, body: false },
  deleteAttachment: { method: 'DELETE', path: `${TASK}/attachments/{attachment}`, body: false },
  setCustomFieldValues: { method: 'PUT', path: '/tasks/{task}/custom-field-values', body: true },
  createInboundAddress: { method: 'POST', path: '/lists/{list}/inbound-address', body: false },
} as const satisfies Record<string, WriteRoute>;

export type WriteOperation = keyof typeof WRITE_ROUTES;

/** The path of a write route, ids encoded (an id from the service is encoded, never trusted as a segment). */
export function writePath(operation: WriteOperation, ids: Readonly<Record<string, string>>): string {
  return WRITE_ROUTES[operation].path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? ''));
}

/** The route a (method, path) pair is, for `operation`; a fixed reason when it is none (never the data). */
export function writeRouteProblem(operation: unknown, method: unknown, path: unknown): string | undefined {
  if (typeof operation !== 'string' || !Object.prototype.hasOwnProperty.call(WRITE_ROUTES, operation)) {
    return "not one of the client's write operations";
  }
  const route: WriteRoute = WRITE_ROUTES[operation as WriteOperation];
  if (method !== route.method) {
    return `not the method of ${operation}`;
  }
  if (typeof path !== 'string' || path.length > 512) {
    return `not the path of ${operation}`;
  }
  const want = route.path.split('/');
  const got = path.split('/');
  const matches =
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith('{') ? isUuid(got[i]) : segment === got[i]));
  return matches ? undefined : `not the path of ${operation}`;
}
