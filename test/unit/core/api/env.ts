import { request } from 'undici';
import { ApiClient } from '../../../../src/core/api/client';
import type { ApiClientOptions } from '../../../../src/core/api/client';
import { RateLimiter } from '../../../../src/core/api/rateLimiter';
import { startSandbox } from '../../../../sandbox/server';
import type { Sandbox, SandboxOptions } from '../../../../sandbox/server';

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
  fx: Json = {};
  private constructor(readonly sandbox: Sandbox) {}

  static async start(options: SandboxOptions = {}): Promise<Env> {
    const env = new Env(await startSandbox({ quiet: true, rateLimit: 0, ...options }));
    env.fx = await env.control('GET', '/fixtures');
    return env;
  }

  get baseUrl(): string {
    return this.sandbox.baseUrl;
  }

  /** A client with a generous private limiter and quick retries, unless overridden. */
  client(token = 'demo-token-alice', options: Partial<ApiClientOptions> = {}): ApiClient {
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

  async reset(seed?: 'demo' | 'large' | 'empty'): Promise<void> {
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

  stop(): Promise<void> {
    return this.sandbox.stop();
  }
}

/** Collects every item of an async iterable. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
  }
  return out;
}
