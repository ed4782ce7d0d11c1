import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import type { Json } from '../core/api/env';
import { UNTRUSTED_NOTE } from '../../../src/core/mcp/untrusted';

export const root = join(__dirname, '..', '..', '..');
export const serverPath = join(root, 'dist', 'mcp-server.js');

/** Builds dist/mcp-server.js with the project's own build script (the bundle under test). */
export function buildServer(): void {
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'pipe' });
}

/** Environment of the child: PATH and friends, minus anything Task Platform the caller did not give. */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('TASK_PLATFORM_')) {
      env[key] = value;
    }
  }
  return { ...env, ...extra };
}

export interface Connected {
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

/** The official SDK client, talking to `node dist/mcp-server.js` over stdio. */
export async function connect(
  baseUrl: string,
  token: string,
  extraEnv: Record<string, string> = {},
): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverPath],
    env: childEnv({ TASK_PLATFORM_BASE_URL: baseUrl, TASK_PLATFORM_TOKEN: token, ...extraEnv }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'task-platform-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** Runs the server with the given environment and no client; for the refusal to start. */
export function runBare(env: Record<string, string>): { status: number | null; stderr: string; stdout: string } {
  const result = spawnSync(process.execPath, [serverPath], {
    env: childEnv(env),
    input: '',
    encoding: 'utf8',
    timeout: 15_000,
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** Validators of each tool's declared outputSchema, compiled from the server's own tools/list. */
const validators = new WeakMap<Client, Promise<Map<string, ValidateFunction>>>();
function outputValidators(client: Client): Promise<Map<string, ValidateFunction>> {
  let found = validators.get(client);
  if (!found) {
    const ajv = new Ajv({ allErrors: true });
    found = client.listTools().then(({ tools }) => {
      return new Map(tools.map((t) => [t.name, ajv.compile(t.outputSchema ?? { not: {} })]));
    });
    validators.set(client, found);
  }
  return found;
}

/**
 * The whole structured result of a successful call `{ note, data, budget }`, after checking that it
 * validates against the tool's outputSchema (ajv, a JSON-schema validator independent of zod), that
 * the text content is the same object, and that the data is marked as data (core/mcp/untrusted.ts).
 */
export async function callStructured(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Json> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) {
    throw new Error(`${name} answered a tool error: ${textOf(result)}`);
  }
  const structured = result.structuredContent as Json;
  const validate = (await outputValidators(client)).get(name);
  if (!validate?.(structured)) {
    throw new Error(`${name}: structuredContent does not match its outputSchema: ${JSON.stringify(validate?.errors)}`);
  }
  if (JSON.stringify(JSON.parse(textOf(result))) !== JSON.stringify(structured)) {
    throw new Error(`${name}: the text content is not the structured content`);
  }
  dataOf(textOf(result));
  return structured;
}

/** The data of a successful call (see callStructured for what is checked). */
export async function callJson(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Json> {
  return (await callStructured(client, name, args)).data;
}

/** The data of a tool's answer, after checking it is marked as data and carries the budget. */
export function dataOf(text: string): Json {
  const answer = JSON.parse(text);
  const keys = Object.keys(answer).filter((key) => key !== 'left_out');
  if (keys.join() !== 'note,data,budget' || answer.note !== UNTRUSTED_NOTE) {
    throw new Error(`the answer is not the { note, data, budget } envelope: ${text.slice(0, 200)}`);
  }
  if (!Number.isInteger(answer.budget.requests_left) || !Number.isInteger(answer.budget.per_minute)) {
    throw new Error(`the answer does not say the request budget: ${JSON.stringify(answer.budget)}`);
  }
  return answer.data;
}

/** The text of a call that must fail as a tool error (not a protocol error, not a crash). */
export async function callError(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (!result.isError) {
    throw new Error(`${name} succeeded but should have failed: ${textOf(result).slice(0, 300)}`);
  }
  return textOf(result);
}

/** What a client result looks like once it has gone through JSON (the tool's text form). */
export function asJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value));
}
