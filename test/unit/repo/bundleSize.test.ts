import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..', '..');

/**
 * The production dist/extension.js under its budget (scripts/bundles.mjs), minified. One in-memory esbuild
 * call with the options esbuild.mjs ships (scripts/bundles.mjs), so a dependency that drags the
 * bundle back up fails `npm test`. `node scripts/bundleSize.mjs` shows what makes up every bundle.
 */
describe('bundle budget: dist/extension.js', function () {
  this.timeout(60_000);

  it('built for production stays under its budget, without undici or the full zod, with zod/mini English messages', async () => {
    // Imported, not required: the build options are an ES module shared with esbuild.mjs.
    const { contributors, EXTENSION_BUDGET_BYTES, extensionBuild } = await import('../../../scripts/bundles.mjs');
    const result = await esbuild.build({
      ...extensionBuild({ production: true, root }),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const output = result.metafile.outputs['dist/extension.js'];
    assert.ok(output, Object.keys(result.metafile.outputs).join(', '));
    const largest = contributors(output)
      .slice(0, 5)
      .map(([name, bytes]) => `${name} ${Math.round(bytes / 1024)} KB`)
      .join(', ');
    assert.ok(
      output.bytes < EXTENSION_BUDGET_BYTES,
      `dist/extension.js is ${output.bytes} bytes, budget ${EXTENSION_BUDGET_BYTES}. Largest: ${largest}`,
    );

    const inputs = Object.keys(output.inputs);
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
    const code = new TextDecoder().decode(result.outputFiles?.[0]?.contents);
    assert.match(code, /Unrecognized key/);
  });
});
