import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..', '..');

/**
 * The production dist/lazy/*.mjs (the extension's features, loaded on first use) under their budget
 * (scripts/bundles.mjs), minified. One in-memory esbuild call with the options esbuild.mjs ships, so a
 * dependency that drags the bundles back up fails `npm test`. The entry's own budget:
 * bundleSplit.test.ts. `node scripts/bundleSize.mjs` shows what makes up every bundle.
 */
describe('bundle budget: dist/lazy', function () {
  this.timeout(60_000);

  it('built for production stays under its budget, without undici or the full zod, with zod/mini English messages', async () => {
    // Imported, not required: the build options are an ES module shared with esbuild.mjs.
    const { contributors, dataChunkOf, LAZY_BUDGET_BYTES } = await import('../../../scripts/bundles.mjs');
    const result = await lazyProduction();
    const chunks = Object.entries(result.metafile?.outputs ?? {}).filter(
      ([file, output]) => file.endsWith('.mjs') && dataChunkOf(output) === undefined,
    );
    assert.ok(chunks.length > 1, Object.keys(result.metafile?.outputs ?? {}).join(', '));
    const bytes = chunks.reduce((sum, [, output]) => sum + output.bytes, 0);
    const byContributor = new Map<string, number>();
    for (const [, output] of chunks) {
      for (const [name, size] of contributors(output)) {
        byContributor.set(name, (byContributor.get(name) ?? 0) + size);
      }
    }
    const largest = [...byContributor]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, size]) => `${name} ${Math.round(size / 1024)} KB`)
      .join(', ');
    assert.ok(
      bytes < LAZY_BUDGET_BYTES,
      `dist/lazy is ${bytes} bytes, budget ${LAZY_BUDGET_BYTES}. Largest: ${largest}`,
    );

    const inputs = chunks.flatMap(([, output]) => Object.keys(output.inputs));
    assert.deepEqual(
      inputs.filter((i) => i.includes('node_modules/undici/')),
      [],
      'undici is bundled: the transport is node:http(s)',
    );
    assert.deepEqual(
      inputs.filter((i) => i.includes('node_modules/zod/v4/classic/')),
      [],
      'the full zod is bundled: import zod/mini',
    );
    // Without its locale zod/mini says only "Invalid input"; src/core/zodMessages.ts loads English.
    const code = (result.outputFiles ?? []).map((f) => new TextDecoder().decode(f.contents)).join('\n');
    assert.match(code, /Unrecognized key/);
  });

  it('any-ascii is one data chunk of its own, under its allowance, imported by nothing but a dynamic import', async () => {
    const { DATA_CHUNK_BUDGETS, dataChunkOf } = await import('../../../scripts/bundles.mjs');
    const outputs = Object.entries((await lazyProduction()).metafile?.outputs ?? {});
    const data = outputs.filter(([, output]) => dataChunkOf(output) === 'any-ascii');
    assert.equal(data.length, 1, outputs.map(([file]) => file).join(', '));
    const [file, output] = data[0] ?? ['', { bytes: 0, inputs: {} }];
    assert.match(file, /^dist\/lazy\/any-ascii-[A-Z0-9]+\.mjs$/);
    assert.ok(output.bytes > 100_000, `${file} is ${output.bytes} bytes: is the table still in it?`);
    assert.ok(output.bytes < (DATA_CHUNK_BUDGETS['any-ascii'] ?? 0), `${file} is ${output.bytes} bytes`);
    const elsewhere = outputs.filter(
      ([other, out]) => other !== file && Object.keys(out.inputs).some((i) => i.includes('node_modules/any-ascii/')),
    );
    assert.deepEqual(elsewhere, [], 'any-ascii is bundled into another chunk');
    const staticImporters = outputs.filter(([, out]) =>
      (out.imports ?? []).some((i) => i.path === file && i.kind !== 'dynamic-import'),
    );
    assert.deepEqual(
      staticImporters.map(([other]) => other),
      [],
      'a chunk imports the table statically',
    );
  });
});

/** dist/lazy as packaged (production), in memory, with its metafile. */
function lazyProduction(): Promise<esbuild.BuildResult<{ write: false; metafile: true }>> {
  return import('../../../scripts/bundles.mjs').then(({ lazyBuild }) =>
    esbuild.build({ ...lazyBuild({ production: true, root }), write: false, metafile: true, logLevel: 'silent' }),
  );
}
