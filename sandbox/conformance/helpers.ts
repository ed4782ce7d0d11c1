// Shared harness of the sandbox conformance suite: one sandbox per test file, a
// typed `api(token)` client over global fetch and the /__sandbox test controls.
// The seed's well-known ids come from seedMap.ts (discovered through the API, never
// hard-coded UUIDs); small shared operations live in ops.ts.
import * as assert from 'node:assert/strict';
import { startSandbox } from '../server';
import type { Sandbox, SandboxOptions, SeedName } from '../server';
import { discoverSeedMap } from './seedMap';
import type { SeedMap } from './seedMap';

/* eslint-disable @typescript-eslint/no-explicit-any */
// Bodies are checked against the contract by the tests themselves, so they are
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

/** The /__sandbox test controls (sandbox/README.md#test-controls). */
export class Control {
  constructor(
    private readonly origin: string,
    private readonly onReset: () => void,
  ) {}

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
  /** The seed as alice sees it, discovered once after each reset. */
  seedMap(): Promise<SeedMap>;
  /** Puts the sandbox back to its seed (POST /__sandbox/reset) and returns what most tests start from. */
  reseed(): Promise<Seeded>;
}

/** The start of most tests: the seed's map, alice's client and the first public list of Acme. */
export interface Seeded {
  readonly w: SeedMap;
  readonly a: Api;
  readonly listId: string;
}

/**
 * Starts one sandbox for the enclosing describe (mocha before/after) and returns
 * a handle whose members are usable inside tests and hooks.
 */
export function useSandbox(options: SandboxOptions = {}): Harness {
  let sandbox: Sandbox | undefined;
  let control: Control | undefined;
  let cached: Promise<SeedMap> | undefined;
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
    seedMap() {
      cached ??= discoverSeedMap(h);
      return cached;
    },
    async reseed() {
      await h.ctl.reset();
      const w = await h.seedMap();
      return {
        w,
        a: h.as('alice'),
        get listId(): string {
          return w.acmePublicLists[0]!.id;
        },
      };
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
