// Small operations shared by the conformance tests: create and list tasks, error
// assertions, cursor walking, uploads.
import * as assert from 'node:assert/strict';
import type { Api, Control, Json, RequestOptions, Res } from './helpers';

/** Statuses in effect for a list (GET /lists/{list}/statuses). */
export async function statusesOf(api: Api, listId: string): Promise<Json[]> {
  const res = await api.get(`/lists/${listId}/statuses`);
  assert.equal(res.status, 200, res.text);
  return res.body.data as Json[];
}

/** Creates a task as `api` and returns the 201 body. */
export async function createTask(
  api: Api,
  workspaceId: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<Json> {
  const res = await api.post(`/workspaces/${workspaceId}/tasks`, body, headers);
  assert.equal(res.status, 201, `create task: ${res.status} ${res.text}`);
  return res.body;
}

/** Asserts an error status with the documented JSON `message` (docs/api/README.md#errors). */
export function assertError(res: Res, status: number, field?: string): void {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${res.text.slice(0, 300)}`);
  assert.equal(typeof res.body?.message, 'string', `JSON message in ${res.text.slice(0, 300)}`);
  if (field !== undefined) {
    assert.equal(typeof res.body.errors, 'object', 'validation errors carry `errors`');
    const msgs = res.body.errors[field];
    assert.ok(Array.isArray(msgs) && msgs.length > 0, `errors.${field} in ${res.text.slice(0, 300)}`);
    for (const m of msgs) assert.equal(typeof m, 'string');
  }
}

/** Follows a cursor-paginated endpoint to the end; returns every page. */
export async function allPages(api: Api, path: string, maxPages = 500): Promise<Json[]> {
  const pages: Json[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i += 1) {
    const res = await api.get(path, { cursor });
    assert.equal(res.status, 200, res.text);
    pages.push(res.body);
    if (!res.body.has_more) return pages;
    assert.equal(typeof res.body.next_cursor, 'string', 'has_more=true carries next_cursor');
    cursor = res.body.next_cursor as string;
  }
  assert.fail(`no end after ${maxPages} pages`);
}

export function sortedIds(rows: Json[]): string[] {
  return rows.map((r) => r.id as string).sort();
}

/** GET /workspaces/{w}/tasks with the given query; asserts 200 and returns the body. */
export async function taskIndex(api: Api, workspaceId: string, query: RequestOptions['query']): Promise<Json> {
  const res = await api.get(`/workspaces/${workspaceId}/tasks`, query);
  assert.equal(res.status, 200, `task index ${JSON.stringify(query)}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

/** Live (not trashed) raw task rows. */
export async function liveTasks(ctl: Control, query?: RequestOptions['query']): Promise<Json[]> {
  return (await ctl.state('tasks', query)).filter((t) => !t.deleted_at);
}

/** A unique marker for titles created by one test. */
export function marker(prefix = 'M'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A status of the list whose type counts as completed (done, closed: docs/api/openapi.yaml#listListStatuses). */
export async function doneStatus(api: Api, listId: string): Promise<Json> {
  const s = (await statusesOf(api, listId)).find((x) => x.type === 'done' || x.type === 'closed');
  assert.ok(s, `list ${listId} has a completed status`);
  return s;
}

/** Multipart upload of one file (docs/api/openapi.yaml#uploadTaskAttachment). */
export function upload(
  api: Api,
  workspaceId: string,
  taskId: string,
  fileName: string,
  bytes: Buffer | string,
  fields: Record<string, string> = {},
  headers?: Record<string, string>,
): Promise<Res> {
  const form = new FormData();
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  form.append('file', new Blob([new Uint8Array(data)]), fileName);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return api.request('POST', `/workspaces/${workspaceId}/tasks/${taskId}/attachments`, {
    rawBody: form,
    headers,
  });
}

/**
 * Waits until the request log shows a matching request still in flight (status
 * null, the sandbox README, "Test controls"), instead of sleeping a fixed time.
 */
export async function waitInFlight(ctl: Control, method: string, pathRe: RegExp, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const log = await ctl.requests();
    if (log.some((e) => e.method === method && pathRe.test(e.path) && e.status === null)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail(`no ${method} ${pathRe} in flight within ${timeoutMs} ms`);
}
