// Tiny harness for the sandbox's own self-tests (the conformance suite lives in
// sandbox/conformance and has its own helpers).
import { startSandbox } from '../server';
import type { Sandbox, SandboxOptions } from '../server';

export interface Got {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

export async function call(
  sb: Sandbox,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  token = 'demo-token-alice',
): Promise<Got> {
  const init: RequestInit = { method, redirect: 'manual', headers: { authorization: `Bearer ${token}`, ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(`${sb.baseUrl}${path}`, init);
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // raw or malformed bodies are checked through `text`
  }
  return { status: res.status, headers: res.headers, text, json };
}

export async function control(
  sb: Sandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${sb.origin}/__sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Starts one sandbox for the enclosing describe block. */
export function withSandbox(options: SandboxOptions = {}): () => Sandbox {
  let sb: Sandbox | undefined;
  before(async () => {
    sb = await startSandbox({ quiet: true, rateLimit: 0, ...options });
  });
  after(async () => {
    await sb?.stop();
  });
  return () => {
    if (!sb) throw new Error('sandbox not started');
    return sb;
  };
}
