// Builds every bundle the extension ships:
//   dist/extension.js     the extension host entry (node, cjs, `vscode` external)
//   dist/webview/*.js     one browser ESM bundle per webview (src/webview/<name>/main.ts)
//   dist/mcp-server.js    the stdio MCP server (added by the MCP issue, when src/mcp/main.ts exists)
// and, with --tests, the integration suite for the extension host (out/test/integration).
// Flags: --production (minify, no sourcemaps), --watch, --tests.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

const webviewEntries = existsSync('src/webview')
  ? readdirSync('src/webview', { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join('src/webview', d.name, 'main.ts')))
      .map((d) => ({ in: join('src/webview', d.name, 'main.ts'), out: d.name }))
  : [];

const builds = [
  {
    ...common,
    entryPoints: ['src/extension/main.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  },
];
if (webviewEntries.length > 0) {
  builds.push({
    ...common,
    entryPoints: webviewEntries,
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
  });
}
if (existsSync('src/mcp/main.ts')) {
  builds.push({
    ...common,
    entryPoints: ['src/mcp/main.ts'],
    outfile: 'dist/mcp-server.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    define: { __VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  });
}
if (tests) {
  const dir = 'test/integration';
  const entries = readdirSync(dir).filter((f) => f.endsWith('.test.ts') || f === 'index.ts').map((f) => join(dir, f));
  builds.push({
    ...common,
    minify: false,
    sourcemap: 'inline',
    entryPoints: entries,
    outdir: 'out/test/integration',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
  });
}

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('[esbuild] watching for changes');
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
  console.log(`[esbuild] built ${builds.length} bundle group(s)${production ? ' (production)' : ''}`);
}
