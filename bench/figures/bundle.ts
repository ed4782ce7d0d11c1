/**
 * Bundle: bytes of the production build (`npm run package` = `node esbuild.mjs --production` + vsce),
 * which the start-up figures then install. Sizes are deterministic, so one run; no baseline (the
 * issue sets a budget instead: scripts/bundles.mjs, ENTRY_BUDGET_BYTES and LAZY_BUDGET_BYTES).
 */
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../test/host/paths';
import type { BenchContext } from '../context';
import { summarize } from '../stats';

export const VSIX = join(repoRoot, 'dist', 'task-platform.vsix');

/** Data chunks of dist/lazy (`<package>-<hash>.mjs`), each with its own budget, outside the features' one. */
function dataChunkOf(file: string, budgets: Readonly<Record<string, number>>): string | undefined {
  return Object.keys(budgets).find((name) => new RegExp(`^${name}-[A-Z0-9]+\\.mjs$`).test(file));
}

export function packageExtension(): void {
  const run = spawnSync('npm', ['run', '--silent', 'package'], { cwd: repoRoot, encoding: 'utf8' });
  if (run.status !== 0) {
    throw new Error(`npm run package failed:\n${run.stdout}\n${run.stderr}`);
  }
}

/**
 * What fills the features' bundles (dist/lazy/*.mjs, loaded on first use): the same entry built
 * minified and split with a metafile (not written), bytes in the outputs grouped by npm package (or
 * "src" for our own code), largest first.
 */
export async function bundleComposition(): Promise<{ name: string; bytes: number }[]> {
  const result = await build({
    entryPoints: [join(repoRoot, 'src', 'extension', 'lazy', 'core.ts')],
    bundle: true,
    minify: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['vscode'],
    legalComments: 'none',
    write: false,
    metafile: true,
    outdir: 'lazy',
    logLevel: 'silent',
  });
  const totals = new Map<string, number>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
      const name = match ? match[1]! : 'src (this extension)';
      totals.set(name, (totals.get(name) ?? 0) + input.bytesInOutput);
    }
  }
  return [...totals.entries()].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

export async function bundleFigure(ctx: BenchContext): Promise<void> {
  // The budgets the unit tests keep (an ES module: imported, not required).
  const {
    ENTRY_BUDGET_BYTES: ENTRY_BUDGET,
    LAZY_BUDGET_BYTES: LAZY_BUDGET,
    DATA_CHUNK_BUDGETS: DATA_CHUNKS,
  } = await import('../../scripts/bundles.mjs');
  packageExtension();
  const dist = join(repoRoot, 'dist');
  const size = (path: string): number => statSync(path).size;
  const extension = size(join(dist, 'extension.js'));
  ctx.add({
    figure: 'bundle',
    measure: 'dist/extension.js (minified; loaded at activation)',
    unit: 'bytes',
    value: summarize([extension]),
    target: {
      text: `< ${ENTRY_BUDGET / 1000} KB`,
      met: extension < ENTRY_BUDGET,
      limitedBy: 'the stand-ins for the contributed commands, views and tools (src/extension/start)',
    },
  });
  const lazyFiles = readdirSync(join(dist, 'lazy')).filter((f) => f.endsWith('.mjs'));
  const lazy = lazyFiles
    .filter((f) => dataChunkOf(f, DATA_CHUNKS) === undefined)
    .reduce((sum, f) => sum + size(join(dist, 'lazy', f)), 0);
  const parts = (await bundleComposition())
    .filter((p) => !(p.name in DATA_CHUNKS))
    .slice(0, 4)
    .map((p) => `${p.name} ${(p.bytes / 1024).toFixed(0)} KB`)
    .join(', ');
  ctx.add({
    figure: 'bundle',
    measure: 'dist/lazy/*.mjs (minified, together; loaded on first use)',
    unit: 'bytes',
    value: summarize([lazy]),
    target: {
      text: `< ${LAZY_BUDGET / 1000} KB`,
      met: lazy < LAZY_BUDGET,
      limitedBy: `what is bundled (largest: ${parts}; esbuild metafile)`,
    },
    note: `largest parts: ${parts}`,
  });
  for (const file of lazyFiles) {
    const data = dataChunkOf(file, DATA_CHUNKS);
    const budget = data === undefined ? undefined : DATA_CHUNKS[data];
    if (budget !== undefined) {
      const bytes = size(join(dist, 'lazy', file));
      ctx.add({
        figure: 'bundle',
        measure: `dist/lazy/${data}-*.mjs (data chunk; loaded for a title that needs it)`,
        unit: 'bytes',
        value: summarize([bytes]),
        target: { text: `< ${budget / 1000} KB`, met: bytes < budget, limitedBy: `the ${data} table` },
      });
    }
  }
  const webviews = existsSync(join(dist, 'webview'))
    ? readdirSync(join(dist, 'webview'))
        .filter((f) => f.endsWith('.js'))
        .sort()
    : [];
  for (const file of webviews) {
    ctx.add({
      figure: 'bundle',
      measure: `dist/webview/${file}`,
      unit: 'bytes',
      value: summarize([size(join(dist, 'webview', file))]),
    });
  }
  // What a page imports after it has started (the panel's markdown parser): names carry a content hash.
  const chunks = existsSync(join(dist, 'webview', 'chunks'))
    ? readdirSync(join(dist, 'webview', 'chunks'))
        .filter((f) => f.endsWith('.js'))
        .sort()
    : [];
  for (const file of chunks) {
    ctx.add({
      figure: 'bundle',
      measure: `dist/webview/chunks/${file.replace(/-[A-Z0-9]+\.js$/, '-*.js')} (loaded after the page has started)`,
      unit: 'bytes',
      value: summarize([size(join(dist, 'webview', 'chunks', file))]),
    });
  }
  if (existsSync(join(dist, 'mcp-server.js'))) {
    ctx.add({
      figure: 'bundle',
      measure: 'dist/mcp-server.js',
      unit: 'bytes',
      value: summarize([size(join(dist, 'mcp-server.js'))]),
    });
  }
  ctx.add({ figure: 'bundle', measure: 'dist/task-platform.vsix', unit: 'bytes', value: summarize([size(VSIX)]) });
}
