import { strict as assert } from 'node:assert';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { MAX_RESOURCE_CHARS } from '../../../src/core/mcp/resourceText';
import { UNTRUSTED_NOTE } from '../../../src/core/mcp/untrusted';
import type { ApiClient } from '../../../src/core/api/client';
import { useSandbox } from '../core/api/env';
import type { Env, Json } from '../core/api/env';
import { buildServer, connect } from './harness';
import type { Connected } from './harness';

/** Helpers of the resource and prompt tests (the SDK client as is; the sandbox counts the requests). */
export const S = 'task-platform://';

/** The text of a resource, after checking it is one JSON object marked as data and within the bound. */
export async function readJson(client: Client, uri: string): Promise<Json> {
  const { contents } = await client.readResource({ uri });
  assert.equal(contents.length, 1, uri);
  const content = contents[0] as { uri: string; mimeType?: string; text?: string };
  assert.equal(content.uri, uri);
  assert.equal(content.mimeType, 'application/json');
  const text = content.text ?? '';
  assert.ok(text.length <= MAX_RESOURCE_CHARS, `${uri}: ${text.length} characters`);
  const answer = JSON.parse(text);
  assert.equal(answer.note, UNTRUSTED_NOTE, `${uri} is marked as data`);
  return answer;
}

/** The MCP error of a call that must fail. */
export async function mcpError(call: Promise<unknown>): Promise<McpError> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof McpError, String(error));
    return error;
  }
  throw new Error('the call succeeded but should have failed');
}

/** The requests the sandbox saw while `action` ran (method and path, for the failure message). */
export async function counted<T>(env: Env, action: () => Promise<T>): Promise<{ value: T; sent: string[] }> {
  const before = (await env.requests()).length;
  const value = await action();
  const sent = (await env.requests()).slice(before).map((r) => `${r.method} ${r.path}`);
  return { value, sent };
}

/** One sandbox for the describe block, alice's MCP server on stdio, and a direct client to compare with. */
export function useAliceServer(suite: Mocha.Suite): {
  readonly env: Env;
  readonly api: ApiClient;
  readonly alice: Connected;
} {
  const env = useSandbox(suite, { reset: false, timeout: 60_000 });
  const held: { api?: ApiClient; alice?: Connected } = {};
  before(async () => {
    buildServer();
    held.api = env.client();
    held.alice = await connect(env.baseUrl, 'demo-token-alice');
  });
  after(() => held.alice?.close());
  return {
    env,
    get api() {
      return held.api!;
    },
    get alice() {
      return held.alice!;
    },
  };
}
