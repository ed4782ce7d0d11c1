import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
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

/** The JSON a successful call returned; fails the test with the tool's own text otherwise. */
export async function callJson(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Json> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) {
    throw new Error(`${name} answered a tool error: ${textOf(result)}`);
  }
  return dataOf(textOf(result));
}

/** The data of a tool's answer, after checking it is marked as data (core/mcp/untrusted.ts). */
export function dataOf(text: string): Json {
  const answer = JSON.parse(text);
  if (Object.keys(answer).join() !== 'note,data' || answer.note !== UNTRUSTED_NOTE) {
    throw new Error(`the answer is not the { note, data } envelope: ${text.slice(0, 200)}`);
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
