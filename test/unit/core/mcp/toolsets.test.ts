import { strict as assert } from 'node:assert';
import { selectTools, selectionFromEnv, TOOLSETS } from '../../../../src/core/mcp/toolsets';
import { TOOLS } from '../../../../src/core/mcp/tools';

const names = TOOLS.map((t) => t.name);
const offered = (env: Record<string, string>): string[] => {
  const parsed = selectionFromEnv(env, names);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
  return selectTools(TOOLS, parsed.selection).map((t) => t.name);
};

describe('assistant toolsets: which tools are offered', () => {
  it('offers every tool when nothing is set, and every tool belongs to a known toolset', () => {
    assert.deepEqual(offered({}), names);
    assert.ok(TOOLS.every((t) => (TOOLSETS as readonly string[]).includes(t.toolset)));
  });

  it('read-only mode drops every write, even one named in the include list', () => {
    const list = offered({ TASK_PLATFORM_READ_ONLY: 'true', TASK_PLATFORM_TOOLS: 'create_task' });
    assert.ok(list.includes('get_task'));
    for (const write of TOOLS.filter((t) => t.write)) {
      assert.ok(!list.includes(write.name), write.name);
    }
  });

  it('limits to the toolsets named, adds included tools and removes excluded ones', () => {
    assert.deepEqual(offered({ TASK_PLATFORM_TOOLSETS: 'comments' }), [
      'list_comments',
      'add_comment',
      'get_task_activity',
    ]);
    const list = offered({
      TASK_PLATFORM_TOOLSETS: 'comments',
      TASK_PLATFORM_TOOLS: 'get_me',
      TASK_PLATFORM_EXCLUDE_TOOLS: 'add_comment',
    });
    assert.deepEqual(list, ['get_me', 'list_comments', 'get_task_activity']);
    assert.deepEqual(offered({ TASK_PLATFORM_TOOLSETS: 'all' }), names);
  });

  it('refuses a misspelt flag, toolset or tool name with each reason', () => {
    const parsed = selectionFromEnv(
      { TASK_PLATFORM_READ_ONLY: 'yes', TASK_PLATFORM_TOOLSETS: 'task', TASK_PLATFORM_EXCLUDE_TOOLS: 'delete_task' },
      names,
    );
    assert.equal(parsed.ok, false);
    const message = parsed.ok ? '' : parsed.message;
    assert.match(message, /TASK_PLATFORM_READ_ONLY must be true or false \(got "yes"\)/);
    assert.match(message, /"task" is not a toolset/);
    assert.match(message, /TASK_PLATFORM_EXCLUDE_TOOLS: "delete_task" is not a tool name/);
  });
});
