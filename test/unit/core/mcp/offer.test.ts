import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageModelTools } from '../../../../src/core/mcp/manifest';
import {
  LM_TOOL_PREFIX,
  offeredToolsValue,
  selectionEnv,
  selectionFromSettings,
  toolsFromManifest,
} from '../../../../src/core/mcp/offer';
import { selectionFromEnv, selectTools, TOOLSETS } from '../../../../src/core/mcp/toolsets';
import type { ToolSelection } from '../../../../src/core/mcp/toolsets';
import { TOOLS } from '../../../../src/core/mcp/tools';

const names = TOOLS.map((t) => t.name);
const contributions = languageModelTools();
const manifestTools = toolsFromManifest(contributions, LM_TOOL_PREFIX);

/** The chat tools VS Code lists: those whose `when` regex matches the context key's value. */
function listed(selection: ToolSelection): string[] {
  const value = offeredToolsValue(manifestTools, selection);
  return contributions
    .filter((c) => {
      const match = /^taskPlatform\.signedIn && taskPlatform\.ai\.tools =~ \/(.+)\/$/.exec(c.when);
      assert.ok(match, c.when);
      return new RegExp(match[1]!).test(value);
    })
    .map((c) => c.name.slice(LM_TOOL_PREFIX.length));
}

const selections: [string, ToolSelection][] = [
  ['defaults', { readOnly: false }],
  ['read-only', { readOnly: true }],
  ['read-only with a write included', { readOnly: true, include: ['create_task'] }],
  ['one toolset', { readOnly: false, toolsets: ['comments'] }],
  ['no toolset, two tools included', { readOnly: false, toolsets: [], include: ['get_task', 'add_comment'] }],
  ['no toolset at all', { readOnly: false, toolsets: [] }],
  ['toolsets with an exclusion', { readOnly: false, toolsets: ['navigation', 'tasks'], exclude: ['update_task'] }],
];

describe('assistant tools in VS Code: the settings, the chat tools listed and the MCP server agree', () => {
  it('reads every chat tool back from the manifest with its toolset and whether it writes', () => {
    assert.equal(manifestTools.length, contributions.length);
    for (const spec of TOOLS) {
      assert.deepEqual(
        manifestTools.find((t) => t.name === spec.name),
        { name: spec.name, write: spec.write, toolset: spec.toolset },
      );
    }
  });

  for (const [label, selection] of selections) {
    it(`${label}: the chat tools listed and the server's tools/list are the ones the rule offers`, () => {
      const expected = selectTools(TOOLS, selection).map((t) => t.name);
      assert.deepEqual(
        listed(selection).filter((n) => n !== 'current_task'),
        expected,
      );
      const parsed = selectionFromEnv(selectionEnv(selection, names), names);
      assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
      assert.deepEqual(
        selectTools(TOOLS, parsed.selection).map((t) => t.name),
        expected,
      );
    });
  }

  it('read-only mode lists no tool that writes', () => {
    const shown = listed({ readOnly: true });
    assert.ok(shown.includes('get_task'));
    for (const write of TOOLS.filter((t) => t.write)) {
      assert.ok(!shown.includes(write.name), write.name);
    }
  });

  it('a setting naming an unknown toolset or tool leaves it out and says so; wrong types count as defaults', () => {
    const { selection, problems } = selectionFromSettings(
      { readOnly: 'yes', toolsets: ['tasks', 'gossip'], include: ['get_me', 'drop_table'], exclude: 7 },
      names,
    );
    assert.deepEqual(selection, { readOnly: false, toolsets: ['tasks'], include: ['get_me'], exclude: undefined });
    assert.equal(problems.length, 2);
    assert.match(problems.join(' '), /gossip/);
    assert.match(problems.join(' '), /drop_table/);
    assert.deepEqual(selectionFromSettings({ readOnly: true, toolsets: undefined, include: [], exclude: [] }, names), {
      selection: { readOnly: true, toolsets: undefined, include: undefined, exclude: undefined },
      problems: [],
    });
  });

  it("package.json's toolsets setting offers exactly the table's toolsets, all on by default", () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default?: unknown; items?: { enum?: unknown } }> } };
    };
    const setting = manifest.contributes.configuration.properties['taskPlatform.ai.toolsets'];
    assert.deepEqual(setting?.items?.enum, [...TOOLSETS]);
    assert.deepEqual(setting?.default, [...TOOLSETS]);
    assert.equal(manifest.contributes.configuration.properties['taskPlatform.ai.mcpServer.enabled']?.default, false);
  });
});
