// Shared harness of the sandbox conformance suite: one sandbox per test file, a
// typed `api(token)` over global fetch, the /__sandbox test controls, and a
// "world" of well-known ids discovered through the API itself (plus
// /__sandbox/fixtures for seed tasks chosen by role), never hard-coded UUIDs.
import * as assert from 'node:assert/strict';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox, SandboxOptions, SeedName } from '../../sandbox/server';

/* eslint-disable @typescript-eslint/no-explicit-any */
// Bodies are checked against the reference by the tests themselves, so they are
// typed loosely here on purpose.
export type Json = any;

export const TOKENS = {
  alice: 'demo-token-alice',
  bob: 'demo-token-bob',
  carol: 'demo-token-carol',
} as const;
export type Who = keyof typeof TOKENS;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const HEX_RE = /^#[0-9a-fA-F]{6}$/;
/** A well-formed UUID that no seed uses. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface Res {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Raw body (string, FormData, ...) sent as is, without a JSON content type. */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  redirect?: RequestRedirect;
}

export function withQuery(url: string, query?: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function send(url: string, method: string, opts: RequestOptions, auth?: string): Promise<Res> {
  const headers: Record<string, string> = { accept: 'application/json', ...(opts.headers ?? {}) };
  if (auth !== undefined) headers.authorization = auth;
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(withQuery(url, opts.query), {
    method,
    headers,
    body,
    redirect: opts.redirect ?? 'manual',
  });
  const text = await res.text();
  let parsed: Json = undefined;
  if (text.length > 0) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Client for `{base_url}` acting as one token (or none). */
export class Api {
  constructor(
    private readonly baseUrl: string,
    private readonly authorization: string | undefined,
  ) {}

  request(method: string, path: string, opts: RequestOptions = {}): Promise<Res> {
    return send(`${this.baseUrl}${path}`, method, opts, this.authorization);
  }

  get(path: string, query?: RequestOptions['query'], headers?: Record<string, string>): Promise<Res> {
    return this.request('GET', path, { query, headers });
  }

  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Res> {
    return this.request('POST', path, { body, headers });
  }

  put(path: string, body?: unknown, headers?: Record<string, string>): Promise<Res> {
    return this.request('PUT', path, { body, headers });
  }

  patch(path: string, body?: unknown, headers?: Record<string, string>): Promise<Res> {
    return this.request('PATCH', path, { body, headers });
  }

  delete(path: string, headers?: Record<string, string>): Promise<Res> {
    return this.request('DELETE', path, { headers });
  }
}

/** The /__sandbox test controls (docs/sandbox-contract.md). */
export class Control {
  constructor(private readonly origin: string, private readonly onReset: () => void) {}

  async call(method: string, path: string, body?: unknown): Promise<Json> {
    const res = await send(`${this.origin}/__sandbox${path}`, method, { body });
    assert.ok(res.status < 300, `control ${method} ${path} answered ${res.status}: ${res.text}`);
    return res.body;
  }

  async reset(seed?: SeedName): Promise<void> {
    this.onReset();
    await this.call('POST', '/reset', seed ? { seed } : {});
  }

  advance(ms: number): Promise<Json> {
    return this.call('POST', '/clock/advance', { ms });
  }

  async now(): Promise<Date> {
    const body = await this.call('GET', '/clock');
    return new Date(body.now as string);
  }

  config(settings: Record<string, unknown>): Promise<Json> {
    return this.call('POST', '/config', settings);
  }

  fault(rule: Record<string, unknown>): Promise<Json> {
    return this.call('POST', '/faults', rule);
  }

  clearFaults(): Promise<Json> {
    return this.call('DELETE', '/faults');
  }

  async requests(since?: number): Promise<Json[]> {
    const body = await this.call('GET', withQuery('/requests', { since }));
    return body.data as Json[];
  }

  clearRequests(): Promise<Json> {
    return this.call('DELETE', '/requests');
  }

  /** Raw rows of a store collection (trashed tasks included). */
  async state(collection: string, query?: RequestOptions['query']): Promise<Json[]> {
    const body = await this.call('GET', withQuery(`/state/${collection}`, query));
    return (Array.isArray(body) ? body : body.data) as Json[];
  }

  fixtures(): Promise<Json> {
    return this.call('GET', '/fixtures');
  }
}

/** Depth-first search of a fixtures document for a key; returns its id (or value). */
export function fixtureId(fixtures: Json, key: string): string {
  const seen = new Set<unknown>();
  const walk = (node: Json): string | undefined => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return undefined;
    seen.add(node);
    if (key in node) {
      const v = node[key];
      if (typeof v === 'string') return v;
      if (v && typeof v === 'object' && typeof v.id === 'string') return v.id;
    }
    for (const child of Object.values(node)) {
      const found = walk(child);
      if (found) return found;
    }
    return undefined;
  };
  const id = walk(fixtures);
  assert.ok(id, `fixtures name ${key}`);
  return id;
}

export interface Harness {
  readonly sb: Sandbox;
  readonly ctl: Control;
  as(who: Who | 'none' | { raw: string }): Api;
  world(): Promise<World>;
}

/**
 * Starts one sandbox for the enclosing describe (mocha before/after) and returns
 * a handle whose members are usable inside tests and hooks.
 */
export function useSandbox(options: SandboxOptions = {}): Harness {
  let sandbox: Sandbox | undefined;
  let control: Control | undefined;
  let cached: Promise<World> | undefined;
  const h: Harness = {
    get sb(): Sandbox {
      assert.ok(sandbox, 'sandbox started');
      return sandbox;
    },
    get ctl(): Control {
      assert.ok(control, 'sandbox started');
      return control;
    },
    as(who) {
      if (who === 'none') return new Api(h.sb.baseUrl, undefined);
      if (typeof who === 'object') return new Api(h.sb.baseUrl, who.raw);
      return new Api(h.sb.baseUrl, `Bearer ${TOKENS[who]}`);
    },
    world() {
      cached ??= discoverWorld(h);
      return cached;
    },
  };
  before(async function () {
    this.timeout(30_000);
    sandbox = await startSandbox({ quiet: true, ...options });
    control = new Control(sandbox.origin, () => {
      cached = undefined;
    });
  });
  after(async () => {
    await sandbox?.stop();
  });
  return h;
}

export interface WList {
  id: string;
  name: string;
  folder_id: string;
  space_id: string;
  workspace_id: string;
}

export interface World {
  fixtures: Json;
  acme: { id: string; name: string };
  side: { id: string; name: string };
  /** Acme space bob cannot see (visible to alice). */
  privateSpace: Json;
  /** Acme space bob can see. */
  publicSpace: Json;
  /** Lists by workspace, as alice sees them. */
  lists: WList[];
  acmePublicLists: WList[];
  acmePrivateLists: WList[];
  sideLists: WList[];
  members: Record<'acme' | 'side', Json[]>;
  users: Record<Who, Json>;
}

async function listsOf(api: Api, workspaceId: string, spaces: Json[]): Promise<WList[]> {
  const out: WList[] = [];
  for (const space of spaces) {
    const folders = await api.get(`/workspaces/${workspaceId}/spaces/${space.id}/folders`);
    assert.equal(folders.status, 200, folders.text);
    for (const folder of folders.body as Json[]) {
      const lists = await api.get(
        `/workspaces/${workspaceId}/spaces/${space.id}/folders/${folder.id}/lists`,
      );
      assert.equal(lists.status, 200, lists.text);
      for (const l of lists.body as Json[]) {
        out.push({ id: l.id, name: l.name, folder_id: folder.id, space_id: space.id, workspace_id: workspaceId });
      }
    }
  }
  return out;
}

async function discoverWorld(h: Harness): Promise<World> {
  const alice = h.as('alice');
  const bob = h.as('bob');
  const me = await alice.get('/user');
  assert.equal(me.status, 200, me.text);
  const ws = me.body.workspaces as Json[];
  const acme = ws.find((w) => w.name === 'Acme');
  const side = ws.find((w) => w.name === 'Side Project');
  assert.ok(acme && side, 'alice belongs to Acme and Side Project');
  const aliceSpaces = (await alice.get(`/workspaces/${acme.id}/spaces`)).body as Json[];
  const bobSpaces = (await bob.get(`/workspaces/${acme.id}/spaces`)).body as Json[];
  const bobIds = new Set(bobSpaces.map((s) => s.id));
  const privateSpace = aliceSpaces.find((s) => !bobIds.has(s.id));
  const publicSpace = aliceSpaces.find((s) => bobIds.has(s.id));
  assert.ok(privateSpace && publicSpace, 'Acme has a space bob cannot see and one he can');
  const acmeLists = await listsOf(alice, acme.id, aliceSpaces);
  const sideSpaces = (await alice.get(`/workspaces/${side.id}/spaces`)).body as Json[];
  const sideLists = await listsOf(alice, side.id, sideSpaces);
  const users = {} as Record<Who, Json>;
  for (const who of ['alice', 'bob', 'carol'] as Who[]) {
    users[who] = (await h.as(who).get('/user')).body;
  }
  return {
    fixtures: await h.ctl.fixtures(),
    acme,
    side,
    privateSpace,
    publicSpace,
    lists: [...acmeLists, ...sideLists],
    acmePublicLists: acmeLists.filter((l) => l.space_id !== privateSpace.id),
    acmePrivateLists: acmeLists.filter((l) => l.space_id === privateSpace.id),
    sideLists,
    members: {
      acme: (await alice.get(`/workspaces/${acme.id}/members`)).body,
      side: (await alice.get(`/workspaces/${side.id}/members`)).body,
    },
    users,
  };
}

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

/** Asserts an error status with the documented JSON `message` (reference "Errors"). */
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
export async function taskIndex(
  api: Api,
  workspaceId: string,
  query: RequestOptions['query'],
): Promise<Json> {
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

/** A status of the list whose type counts as completed (ASSUMPTIONS.md: done, closed). */
export async function doneStatus(api: Api, listId: string): Promise<Json> {
  const s = (await statusesOf(api, listId)).find((x) => x.type === 'done' || x.type === 'closed');
  assert.ok(s, `list ${listId} has a completed status`);
  return s;
}

/** Multipart upload of one file (Attachments > POST). */
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
 * null, ASSUMPTIONS.md "Test controls"), instead of sleeping a fixed time.
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
