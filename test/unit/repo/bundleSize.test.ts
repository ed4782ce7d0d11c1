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
    const { contributors, LAZY_BUDGET_BYTES, lazyBuild } = await import('../../../scripts/bundles.mjs');
    const result = await esbuild.build({
      ...lazyBuild({ production: true, root }),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const chunks = Object.entries(result.metafile?.outputs ?? {}).filter(([file]) => file.endsWith('.mjs'));
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
});
