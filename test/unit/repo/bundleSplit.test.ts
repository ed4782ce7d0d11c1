// The extension is two bundle groups (scripts/bundles.mjs): the entry dist/extension.js, all VS Code
// loads at activation, and dist/lazy/*.mjs, the features, imported on first use. A module in two
// outputs would run twice: two sessions, two prompters (a test's setPrompter would miss one), two
// change buses. So every source module is in exactly one output, and the entry holds only start/.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { Commands } from '../../../src/extension/common/commandIds';
import type { Feature } from '../../../src/extension/start/contract';
import { commandOwners, viewOwners } from '../../../src/extension/start/owners';

const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { commands: { command: string }[]; views: Record<string, { id: string }[]> };
};

type Outputs = esbuild.Metafile['outputs'];

async function build(): Promise<{ entry: Outputs; lazy: Outputs }> {
  const { extensionBuild, lazyBuild } = await import('../../../scripts/bundles.mjs');
  const options = { write: false, metafile: true, logLevel: 'silent' } as const;
  const [entry, lazy] = await Promise.all([
    esbuild.build({ ...extensionBuild({ production: true, root }), ...options }),
    esbuild.build({ ...lazyBuild({ production: true, root }), ...options }),
  ]);
  return { entry: entry.metafile?.outputs ?? {}, lazy: lazy.metafile?.outputs ?? {} };
}

const js = (outputs: Outputs): [string, Outputs[string]][] =>
  Object.entries(outputs).filter(([file]) => file.endsWith('.js') || file.endsWith('.mjs'));

describe('bundle split: the entry and the lazily loaded features', function () {
  this.timeout(60_000);
  let entry: Outputs;
  let lazy: Outputs;
  before(async () => {
    ({ entry, lazy } = await build());
  });

  it('the entry is under its budget and holds only the stand-ins (src/extension/start/)', async () => {
    const { ENTRY_BUDGET_BYTES } = await import('../../../scripts/bundles.mjs');
    const output = entry['dist/extension.js'];
    assert.ok(output, Object.keys(entry).join(', '));
    assert.ok(
      output.bytes < ENTRY_BUDGET_BYTES,
      `dist/extension.js is ${output.bytes} bytes, budget ${ENTRY_BUDGET_BYTES}`,
    );
    assert.deepEqual(
      Object.keys(output.inputs).filter((i) => i !== 'src/extension/main.ts' && !i.startsWith('src/extension/start/')),
      [],
    );
  });

  it('every module is in exactly one output, so every singleton exists once', () => {
    const seen = new Map<string, string[]>();
    for (const [file, output] of [...js(entry), ...js(lazy)]) {
      for (const input of Object.keys(output.inputs)) {
        seen.set(input, [...(seen.get(input) ?? []), file]);
      }
    }
    for (const singleton of [
      'src/extension/ui/prompter.ts',
      'src/extension/log.ts',
      'src/extension/auth/session.ts',
      'src/extension/tasks/changes.ts',
      'src/extension/tasks/current.ts',
      'src/extension/links/opener.ts',
      'src/extension/lazy/api.ts',
    ]) {
      assert.equal(seen.get(singleton)?.length, 1, `${singleton} is in ${String(seen.get(singleton) ?? 'no output')}`);
    }
    assert.deepEqual(
      [...seen].filter(([, files]) => files.length > 1),
      [],
    );
  });

  it('core.mjs loads no feature: each is its own chunk, imported on first use', () => {
    const core = lazy['dist/lazy/core.mjs'];
    assert.ok(core, Object.keys(lazy).join(', '));
    const features = ['tree', 'commands', 'taskPanel', 'views', 'codeLinks', 'ai', 'outbox', 'inbox', 'board', 'table'];
    assert.deepEqual(
      Object.keys(core.inputs).filter((i) => features.some((f) => i === `src/extension/${f}/register.ts`)),
      [],
    );
    // What core.mjs imports statically is loaded with it: no feature register module either.
    const eager = new Set(core.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path));
    for (const file of eager) {
      const inputs = Object.keys(lazy[file]?.inputs ?? {});
      assert.ok(
        !inputs.some((i) => i.endsWith('/register.ts') && !i.includes('/auth/')),
        `${file} is loaded with core`,
      );
    }
  });
});

/** The folders whose sources register each feature's commands (lazy/core.ts registers core's). */
const featureSources: Record<Feature, string[]> = {
  core: ['src/extension/auth', 'src/extension/lazy'],
  trees: ['src/extension/tree'],
  commands: ['src/extension/commands'],
  taskPanel: ['src/extension/taskPanel'],
  savedViews: ['src/extension/views'],
  codeLinks: ['src/extension/codeLinks'],
  ai: ['src/extension/ai'],
  outbox: ['src/extension/outbox'],
  inbox: ['src/extension/inbox'],
  board: ['src/extension/board'],
  table: ['src/extension/table'],
};

function sourcesOf(feature: Feature): string {
  return featureSources[feature]
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.endsWith('ids.ts'))
        .map((f) => readFileSync(join(root, dir, f), 'utf8')),
    )
    .join('\n');
}

describe('the entry stands in for every contributed command and view (src/extension/start/owners.ts)', () => {
  const keyOf = new Map(Object.entries(Commands).map(([key, id]) => [id as string, key]));

  it('each contributed command is registered by the feature its stub loads', () => {
    const wrong = manifest.contributes.commands
      .map(({ command }) => ({ command, owner: commandOwners[command] ?? 'core' }))
      .filter(({ command, owner }) => {
        const key = keyOf.get(command);
        // `registerCommand(context, Commands.key` or a `[Commands.key, handler]` table row.
        const registered = new RegExp(`(registerCommand\\([^,]+,\\s*|\\[)Commands\\.${key}\\b`);
        return !key || !registered.test(sourcesOf(owner));
      });
    assert.deepEqual(wrong, []);
  });

  it('the owner table names only contributed commands', () => {
    const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
    assert.deepEqual(
      Object.keys(commandOwners).filter((id) => !contributed.has(id)),
      [],
    );
  });

  it('each contributed view is filled by a feature that creates it', () => {
    const views = Object.values(manifest.contributes.views).flatMap((list) => list.map((v) => v.id));
    const wrong = views.filter((id) => {
      const owner = viewOwners[id];
      return !owner || !sourcesOf(owner).includes(id.split('.').pop() ?? id);
    });
    assert.deepEqual(wrong, []);
  });
});
