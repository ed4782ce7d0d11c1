import { strict as assert } from 'node:assert';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_TOOL_BUDGET } from '../../../src/core/budgets';
import { MAX_TOOL_RESULT } from '../../../src/core/mcp/untrusted';
import { ENDLESS_MODE, endlessId } from '../../hostile/endless';
import { startHostileServer } from '../../hostile/server';
import type { HostileServer } from '../../hostile/server';
import { buildServer, connect, textOf } from './harness';
import type { Connected } from './harness';
import type { Json } from '../core/api/env';

const ws = endlessId(9, 1);
const space = endlessId(7, 1);
const task = endlessId(1, 1);

/**
 * Every tool that lists or searches, with the most it may ask for. `more` reads, from the answer's
 * data, how it tells the assistant what was left out: a next page or cursor, or the envelope's
 * `left_out` when the answer itself was cut to fit.
 */
const calls: [string, Record<string, unknown>, (answer: Json) => unknown][] = [
  ['get_sidebar', { workspace_id: ws }, () => true],
  ['list_spaces', { workspace_id: ws }, () => true],
  ['list_folders', { workspace_id: ws, space_id: space }, (a) => a.left_out],
  ['list_lists', { workspace_id: ws, space_id: space, folder_id: endlessId(5, 1) }, (a) => a.left_out],
  ['list_statuses', { list_id: endlessId(3, 1) }, () => true],
  ['list_members', { workspace_id: ws }, (a) => a.data.next_page],
  ['list_tasks', { workspace_id: ws, space_id: space, per_page: MCP_TOOL_BUDGET.rows }, (a) => a.data.next_page],
  ['search_tasks', { workspace_id: ws, q: 'endless', per_page: MCP_TOOL_BUDGET.rows }, (a) => a.data.next_page],
  ['list_comments', { workspace_id: ws, task_id: task }, (a) => a.data.next_cursor],
  ['get_task_activity', { workspace_id: ws, task_id: task }, (a) => a.data.next_cursor],
  ['run_saved_view', { view_id: endlessId(6, 1), per_page: MCP_TOOL_BUDGET.rows }, (a) => a.data.next_page],
];

/**
 * The real stdio MCP server against the hostile server's endless but valid mode
 * (test/hostile/endless.ts): every answer is valid and nothing runs out. Each tool that lists or
 * searches sends one request (the display-id look-up its budget's), answers within the tool result's
 * bound, and says what it left out; counted at the server, one call at a time.
 */
describe('mcp server: every listing tool against an endless but valid server ends within its budget', function () {
  this.timeout(120_000);
  let server: HostileServer;
  let session: Connected;

  before(async () => {
    buildServer();
    server = await startHostileServer({ lifetimeMs: 110_000 });
    session = await connect(server.baseUrl(ENDLESS_MODE), 'endless-token');
  });
  after(async () => {
    await session?.close();
    await server?.close();
  });

  /** One call: its answer and the requests it sent. */
  async function call(name: string, args: Record<string, unknown>): Promise<{ result: CallToolResult; sent: number }> {
    const before = server.count(ENDLESS_MODE);
    const result = (await session.client.callTool({ name, arguments: args })) as CallToolResult;
    return { result, sent: server.count(ENDLESS_MODE) - before };
  }

  for (const [name, args, more] of calls) {
    it(`${name}: one request, a bounded answer that says what was left out`, async () => {
      const { result, sent } = await call(name, args);
      const text = textOf(result);
      assert.ok(!result.isError, `${name}: ${text.slice(0, 300)}`);
      assert.equal(sent, 1, `${name} sent ${sent} requests`);
      assert.ok(Buffer.byteLength(text) <= MAX_TOOL_RESULT + 1024, `${name}: ${Buffer.byteLength(text)} bytes`);
      const answer = JSON.parse(text) as Json;
      assert.ok(more(answer), `${name} says there is more: ${text.slice(-300)}`);
      if (answer.left_out !== undefined) {
        assert.match(answer.left_out, /items not shown: the answer is too long; ask for a smaller page/);
      }
    });
  }

  it('get_task_by_display_id: at most its budget of requests, and a clear answer', async () => {
    const { result, sent } = await call('get_task_by_display_id', { workspace_id: ws, display_id: 'ACME-12' });
    assert.ok(sent <= MCP_TOOL_BUDGET.requests, `${sent} requests`);
    assert.ok(result.isError);
    assert.match(textOf(result), /No task ACME-12 in this workspace|not found in the spaces one call may read/);
  });
});
