import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { updatedNls } from '../../../../scripts/lmTools';
import { callTool } from '../../../../src/core/mcp/call';
import { languageModelTools } from '../../../../src/core/mcp/manifest';
import { DESCRIPTIONS } from '../../../../src/core/mcp/descriptions';
import { OUTPUTS } from '../../../../src/core/mcp/outputSchemas';
import { findTool, TOOLS } from '../../../../src/core/mcp/tools';
import type { ApiClient } from '../../../../src/core/api/client';

const root = join(__dirname, '..', '..', '..', '..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

describe('mcp tool table and the chat tools contribution', () => {
  it('package.json languageModelTools and package.nls.json are generated from the table (run `npm run lm-tools`)', () => {
    // Compared as JSON, not as text, so a hand-formatted package.json (a merge) does not fail it.
    const manifest = JSON.parse(read('package.json'));
    assert.deepEqual(manifest.contributes.languageModelTools, languageModelTools());
    const nls = JSON.parse(read('package.nls.json'));
    assert.deepEqual(nls, updatedNls(nls));
  });

  it('offers the 16 tools of the map, run_saved_view, get_task_by_display_id and the current task, while signed in', () => {
    const tools = languageModelTools();
    assert.equal(tools.length, 19);
    assert.ok(TOOLS.some((t) => t.name === 'run_saved_view' && t.toolset === 'views'));
    assert.ok(TOOLS.some((t) => t.name === 'get_task_by_display_id' && t.toolset === 'tasks'));
    assert.deepEqual(
      tools.slice(0, 18).map((t) => t.name),
      TOOLS.map((t) => `taskPlatform_${t.name}`),
    );
    assert.ok(tools.every((t) => t.when.startsWith('taskPlatform.signedIn && ') && t.inputSchema.type === 'object'));
    const manifest = JSON.parse(read('package.json'));
    assert.deepEqual(manifest.contributes.mcpServerDefinitionProviders, [
      { id: 'taskPlatform.mcpServers', label: 'Task Platform' },
    ]);
  });

  it('every tool has its description and output schema, and nothing else has one', () => {
    const names = TOOLS.map((t) => t.name).sort();
    assert.deepEqual(Object.keys(OUTPUTS).sort(), names);
    assert.deepEqual(Object.keys(DESCRIPTIONS).sort(), [...names, 'current_task'].sort());
  });

  it('exactly the writes are create_task, update_task and add_comment; update_task is destructive', () => {
    assert.deepEqual(
      TOOLS.filter((t) => t.write).map((t) => t.name),
      ['create_task', 'update_task', 'add_comment'],
    );
    assert.deepEqual(
      TOOLS.filter((t) => t.destructive).map((t) => t.name),
      ['update_task'],
    );
    // VS Code's languageModelTools entry has no hint fields: its tags say it.
    const tags = Object.fromEntries(languageModelTools().map((t) => [t.name, t.tags]));
    assert.deepEqual(tags.taskPlatform_update_task, ['task-platform', 'write', 'destructive', 'toolset:tasks']);
    assert.deepEqual(tags.taskPlatform_create_task, ['task-platform', 'write', 'toolset:tasks']);
    assert.deepEqual(tags.taskPlatform_get_task, ['task-platform', 'read', 'read-only', 'toolset:tasks']);
  });

  it('refuses bad input with the reason before touching the client', async () => {
    const untouchable = new Proxy({}, { get: () => assert.fail('the client must not be used') }) as ApiClient;
    const cases: [string, unknown, RegExp][] = [
      ['list_tasks', { workspace_id: '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f' }, /exactly one scope: .* \(got none\)/],
      [
        'create_task',
        {
          workspace_id: '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f',
          list_id: '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f',
          title: '   ',
        },
        /title: title must not be empty/,
      ],
      [
        'search_tasks',
        { workspace_id: '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f', q: 'x'.repeat(256) },
        /q: q must be at most 255/,
      ],
      [
        'list_tasks',
        {
          workspace_id: '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f',
          list_id: '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f',
          sorts: [1, 2, 3, 4].map(() => ({ field: 'title', direction: 'asc' })),
        },
        /at most 3 sorts/,
      ],
      ['get_me', { extra: true }, /extra/],
      [
        'list_tasks',
        {
          workspace_id: '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f',
          list_id: '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f',
          per_page: 0,
        },
        /per_page: /,
      ],
      ['run_saved_view', { view_id: '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f', per_page: 51 }, /per_page: /],
      [
        'get_task_by_display_id',
        { workspace_id: '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f', display_id: 'ACME 12; drop' },
        /display_id must look like ACME-12/,
      ],
    ];
    for (const [name, args, reason] of cases) {
      const outcome = await callTool(findTool(name)!, untouchable, args);
      assert.equal(outcome.ok, false, name);
      assert.match(outcome.text, reason);
      assert.match(outcome.text, /No request was sent/);
    }
  });
});
