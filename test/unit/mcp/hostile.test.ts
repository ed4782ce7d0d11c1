import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS } from '../../../src/core/mcp/tools';
import { ANSWER_ERRORS, HOSTILE_MODES, startHostileServer } from '../../hostile/server';
import type { HostileMode, HostileServer } from '../../hostile/server';
import { buildServer, connect, textOf } from './harness';
import type { Connected } from './harness';

/**
 * Every tool of the real stdio MCP server (dist/mcp-server.js, driven by the SDK client as an
 * assistant would) against a server that answers every request badly: each call answers within the
 * minute an assistant waits, with a tool error that says what went wrong, and the process lives on.
 * One server process per mode, every tool at once, with the production deadlines (no test-only
 * setting): the file takes about one call deadline (45 s).
 */

const MINUTE = 60_000;
const ws = randomUUID();
const task = randomUUID();

const args: Record<string, Record<string, unknown>> = {
  get_me: {},
  get_sidebar: { workspace_id: ws },
  list_spaces: { workspace_id: ws },
  list_folders: { workspace_id: ws, space_id: randomUUID() },
  list_lists: { workspace_id: ws, space_id: randomUUID(), folder_id: randomUUID() },
  list_statuses: { list_id: randomUUID() },
  list_members: { workspace_id: ws },
  list_tasks: { workspace_id: ws, list_id: randomUUID() },
  get_task: { workspace_id: ws, task_id: task },
  create_task: { workspace_id: ws, list_id: randomUUID(), title: 'hostile' },
  update_task: { workspace_id: ws, task_id: task, title: 'hostile' },
  search_tasks: { workspace_id: ws, q: 'hostile' },
  list_comments: { workspace_id: ws, task_id: task },
  add_comment: { workspace_id: ws, task_id: task, body: 'hostile' },
  get_task_activity: { workspace_id: ws, task_id: task },
  get_task_dependencies: { workspace_id: ws, task_id: task },
  run_saved_view: { view_id: randomUUID() },
  get_task_by_display_id: { workspace_id: ws, display_id: 'ACME-12' },
};

/** What the tool error must say, per mode (the client's own messages, behind "<tool> failed:"). */
const said: Record<HostileMode, RegExp> = {
  ...ANSWER_ERRORS,
  hang: /did not (answer in time|give a complete answer within 45 s)/,
  drip: /did not (answer in time|give a complete answer within 45 s)/,
  reset: /closed the connection before answering|did not give a complete answer within 45 s/,
  retryAfter: /asked to wait \d+ days before trying again \(429\)|asked to wait \d+ s before trying again/,
  storm: /the service failed \(50\d\)|did not give a complete answer within 45 s/,
};

interface Outcome {
  result?: CallToolResult;
  error?: unknown;
  ms: number;
}

describe('mcp server: every tool against a hostile server answers within a minute, and the process lives', function () {
  this.timeout(150_000);
  let server: HostileServer;
  const sessions = new Map<HostileMode, Connected>();
  const exited = new Set<HostileMode>();
  const outcomes = new Map<string, Promise<Outcome>>();

  before(async () => {
    assert.deepEqual(Object.keys(args).sort(), TOOLS.map((t) => t.name).sort(), 'every tool of the table is called');
    buildServer();
    server = await startHostileServer({ lifetimeMs: 140_000 });
    await Promise.all(
      HOSTILE_MODES.map(async (mode) => {
        const session = await connect(server.baseUrl(mode), 'hostile-token');
        session.client.onclose = () => exited.add(mode);
        sessions.set(mode, session);
      }),
    );
    for (const mode of HOSTILE_MODES) {
      const { client } = sessions.get(mode)!;
      for (const tool of TOOLS) {
        const started = Date.now();
        outcomes.set(
          `${mode} ${tool.name}`,
          client.callTool({ name: tool.name, arguments: args[tool.name] }, undefined, { timeout: MINUTE }).then(
            (result) => ({ result: result as CallToolResult, ms: Date.now() - started }),
            (error: unknown) => ({ error, ms: Date.now() - started }),
          ),
        );
      }
    }
  });
  after(async () => {
    await Promise.all(outcomes.values());
    await Promise.all([...sessions.values()].map((s) => s.close()));
    await server?.close();
  });

  for (const mode of HOSTILE_MODES) {
    it(`${mode}: all ${TOOLS.length} tools answer a tool error within a minute`, async () => {
      const failures: string[] = [];
      for (const tool of TOOLS) {
        const outcome = await outcomes.get(`${mode} ${tool.name}`)!;
        const text = outcome.result ? textOf(outcome.result) : '';
        if (outcome.error) {
          failures.push(`${tool.name}: no answer (${String(outcome.error)}) after ${outcome.ms} ms`);
        } else if (!outcome.result?.isError) {
          failures.push(`${tool.name}: not an error: ${text.slice(0, 200)}`);
        } else if (!said[mode].test(text) || !text.startsWith(`${tool.name} failed:`)) {
          failures.push(`${tool.name}: unclear error: ${text.slice(0, 300)}`);
        } else if (!/\nRequests left this minute: \d+ of 60\.( Retry after \d+ s\.)?$/.test(text)) {
          failures.push(`${tool.name}: no request budget: ${text.slice(-200)}`);
        } else if (mode === 'retryAfter' && !/Retry after \d+ s\.$/.test(text)) {
          failures.push(`${tool.name}: after a 429, no time to retry: ${text.slice(-200)}`);
        } else if (outcome.ms >= MINUTE || text.includes('hostile-token')) {
          failures.push(`${tool.name}: ${outcome.ms} ms`);
        }
      }
      assert.deepEqual(failures, []);
    });
  }

  it('no server process exited; each still answers', async () => {
    await Promise.all(outcomes.values());
    assert.deepEqual([...exited], []);
    for (const [mode, session] of sessions) {
      const { tools } = await session.client.listTools();
      assert.equal(tools.length, TOOLS.length, mode);
      assert.doesNotMatch(
        session.stderr(),
        /failed:|Error:|exception/i,
        `${mode} stderr: ${session.stderr().slice(0, 500)}`,
      );
    }
  });
});
