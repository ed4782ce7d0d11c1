import { request } from 'undici';
import { ApiClient } from '../../../../src/core/api/client';
import type { ApiClientOptions } from '../../../../src/core/api/client';
import { RateLimiter } from '../../../../src/core/api/rateLimiter';
import { startSandbox } from '../../../../sandbox/server';
import type { Sandbox, SandboxOptions, SeedName } from '../../../../sandbox/server';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures and raw state are untyped JSON */
export type Json = any;

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  query: string;
  status: number;
  token_label: string;
  idempotency_key: string | null;
  replay: boolean;
  at_ms: number;
}

/** A sandbox on 127.0.0.1 plus its test controls (sandbox/README.md#test-controls). */
export class Env {
  /** The well-known ids of the current seed (GET /__sandbox/fixtures), read again by every reset. */
  fx: Json = {};
  private started: Sandbox | undefined;

  /** A sandbox without a request limit unless `options` sets one (use `useSandbox` in a suite). */
  static async start(options: SandboxOptions = {}): Promise<Env> {
    const env = new Env();
    await env.open(options);
    return env;
  }

  /** Starts this environment's sandbox (`useSandbox` does it in `before`). */
  async open(options: SandboxOptions = {}): Promise<void> {
    this.started = await startSandbox({ quiet: true, rateLimit: 0, ...options });
    this.fx = await this.control('GET', '/fixtures');
  }

  get sandbox(): Sandbox {
    if (!this.started) {
      throw new Error('The sandbox is not running: use useSandbox() inside describe(), or await Env.start().');
    }
    return this.started;
  }

  get baseUrl(): string {
    return this.sandbox.baseUrl;
  }

  /** The id of workspace Acme, where most fixtures live. */
  get acme(): string {
    return this.fx.workspaces.acme.id;
  }

  /** The sign-in tokens of this sandbox's world, admin first (`demo-token-alice` or `other-token-frank`). */
  get tokens(): string[] {
    return this.sandbox.tokens.map((t) => t.token);
  }

  /** A client (the world's admin unless `token` says) with a generous private limiter and quick retries. */
  client(token = this.tokens[0] as string, options: Partial<ApiClientOptions> = {}): ApiClient {
    return new ApiClient({
      baseUrl: this.sandbox.baseUrl,
      token,
      limiter: new RateLimiter({ limit: 100_000, windowMs: 1000 }),
      timeoutMs: 10_000,
      retry: { baseDelayMs: 10, maxDelayMs: 100 },
      ...options,
    });
  }

  async control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Json> {
    const res = await request(`${this.sandbox.origin}/__sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode >= 400) {
      throw new Error(`sandbox control ${method} ${path}: ${res.statusCode} ${text}`);
    }
    return text ? JSON.parse(text) : undefined;
  }

  async reset(seed?: SeedName): Promise<void> {
    await this.control('POST', '/reset', seed ? { seed } : {});
    this.fx = await this.control('GET', '/fixtures');
  }

  fault(rule: Record<string, unknown>): Promise<Json> {
    return this.control('POST', '/faults', rule);
  }

  async requests(): Promise<LoggedRequest[]> {
    return (await this.control('GET', '/requests')).data;
  }

  async state(collection: string, query = ''): Promise<Json[]> {
    const answer = await this.control('GET', `/state/${collection}${query}`);
    return Array.isArray(answer) ? answer : answer.data;
  }

  /** Stops the sandbox; nothing to do when it never started (a failed `before` reports itself). */
  async stop(): Promise<void> {
    await this.started?.stop();
  }
}

export interface UseSandboxOptions extends SandboxOptions {
  /** Put the sandbox back to its seed before every test (the default), or keep what tests wrote. */
  reset?: boolean;
}

/**
 * The set-up of a suite against the sandbox: one sandbox for the enclosing `describe`, started before
 * its first test and stopped after its last, and (unless `reset: false`) put back to its seed before
 * every test, so each test starts from the same fixtures. Test bodies read `env.fx` and `env.acme`.
 * Given the describe's `this` and a `timeout`, each test of the suite may take that long.
 */
export function useSandbox(options?: UseSandboxOptions): Env;
export function useSandbox(suite: Mocha.Suite, options: UseSandboxOptions & { timeout: number }): Env;
export function useSandbox(
  first: UseSandboxOptions | Mocha.Suite = {},
  second?: UseSandboxOptions & { timeout: number },
): Env {
  const suite = typeof (first as Mocha.Suite).timeout === 'function' ? (first as Mocha.Suite) : undefined;
  const options: UseSandboxOptions & { timeout?: number } = suite ? second! : (first as UseSandboxOptions);
  const { reset = true, timeout, ...sandboxOptions } = options;
  if (suite && timeout !== undefined) {
    suite.timeout(timeout);
  }
  const env = new Env();
  before(() => env.open(sandboxOptions));
  after(() => env.stop());
  if (reset) {
    beforeEach(() => env.reset());
  }
  return env;
}

/**
 * A second sandbox for the enclosing `describe`, serving the other world (seed `other`: its own ids,
 * tokens `other-token-frank` / `-grace` / `-heidi`, prefixes ACME and NIM; sandbox/README.md#worlds),
 * on its own port with its own request log. Beside `useSandbox()`, a test can check that a client of
 * one world sent nothing to the other. Started only by the suites that call it.
 */
export function useOtherWorld(options: Omit<UseSandboxOptions, 'seed'> = {}): Env {
  return useSandbox({ ...options, seed: 'other' });
}

/** Collects every item of an async iterable. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
  }
  return out;
}
