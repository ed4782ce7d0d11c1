import { strict as assert } from 'node:assert';
import { useSandbox } from '../core/api/env';
import { buildServer, callError, callJson, connect, runBare } from './harness';

/**
 * Read-only mode, toolsets and include/exclude, as the standalone server reads them from its
 * environment (core/mcp/toolsets.ts), seen by the official SDK client over stdio: tools/list
 * changes, a tool not offered is refused, a bad value stops the server with the reason.
 */
describe('mcp server: read-only mode, toolsets and tool filtering from the environment', function () {
  const env = useSandbox(this, { reset: false, timeout: 60_000 });

  before(() => buildServer());

  async function listed(vars: Record<string, string>): Promise<{ names: string[]; stderr: string }> {
    const session = await connect(env.baseUrl, 'demo-token-alice', vars);
    try {
      const { tools } = await session.client.listTools();
      return { names: tools.map((t) => t.name), stderr: session.stderr() };
    } finally {
      await session.close();
    }
  }

  it('offers all 18 tools by default and says how many in its ready line', async () => {
    const all = await listed({});
    assert.equal(all.names.length, 18);
    assert.match(all.stderr, /ready \(.*, 18 tools, /);
  });

  it('read-only mode lists no write tool at all, and refuses a call to one without sending it', async () => {
    const readOnly = await listed({ TASK_PLATFORM_READ_ONLY: 'true' });
    assert.equal(readOnly.names.length, 15);
    for (const write of ['create_task', 'update_task', 'add_comment']) {
      assert.ok(!readOnly.names.includes(write), write);
    }
    assert.match(readOnly.stderr, /15 tools, read-only/);
    const session = await connect(env.baseUrl, 'demo-token-alice', { TASK_PLATFORM_READ_ONLY: '1' });
    try {
      const before = (await env.requests()).length;
      const refused = await callError(session.client, 'create_task', {
        workspace_id: env.acme,
        list_id: env.fx.lists.api,
        title: 'Should not exist',
      });
      assert.match(refused, /create_task is not offered by this server \(read-only mode or toolsets\)/);
      assert.equal((await env.requests()).length, before, 'nothing was sent');
      assert.ok((await callJson(session.client, 'get_me')).id, 'reads still work');
    } finally {
      await session.close();
    }
  });

  it('toolsets, include and exclude choose the tools as documented', async () => {
    assert.deepEqual((await listed({ TASK_PLATFORM_TOOLSETS: 'views' })).names, ['run_saved_view'], 'views alone');
    assert.deepEqual(
      (await listed({ TASK_PLATFORM_TOOLSETS: 'comments', TASK_PLATFORM_TOOLS: 'get_me' })).names,
      ['get_me', 'list_comments', 'add_comment', 'get_task_activity'],
      'a toolset plus one included tool, in table order',
    );
    const excluded = await listed({ TASK_PLATFORM_EXCLUDE_TOOLS: 'update_task, get_sidebar' });
    assert.equal(excluded.names.length, 16);
    assert.ok(!excluded.names.includes('update_task') && !excluded.names.includes('get_sidebar'));
  });

  it('a misspelt toolset or tool name stops the server with the reason on stderr (exit 2)', () => {
    const base = { TASK_PLATFORM_BASE_URL: env.baseUrl, TASK_PLATFORM_TOKEN: 'secret-token-1234' };
    const toolset = runBare({ ...base, TASK_PLATFORM_TOOLSETS: 'tasks,view' });
    assert.equal(toolset.status, 2);
    assert.match(toolset.stderr, /TASK_PLATFORM_TOOLSETS: "view" is not a toolset/);
    const tool = runBare({ ...base, TASK_PLATFORM_EXCLUDE_TOOLS: 'delete_task' });
    assert.equal(tool.status, 2);
    assert.match(tool.stderr, /TASK_PLATFORM_EXCLUDE_TOOLS: "delete_task" is not a tool name/);
    const flag = runBare({ ...base, TASK_PLATFORM_READ_ONLY: 'yes' });
    assert.equal(flag.status, 2);
    assert.match(flag.stderr, /TASK_PLATFORM_READ_ONLY must be true or false/);
    assert.ok(![toolset, tool, flag].some((r) => r.stderr.includes('secret-token-1234')));
  });
});
