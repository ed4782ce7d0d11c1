// Builds every bundle the extension ships (the list and options: scripts/bundles.mjs).
// Flags: --production (minify, no sourcemaps), --watch, --tests (also the integration suite).
// Sizes and what makes them up: `node scripts/bundleSize.mjs`.
import { rmSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { allBuilds } from './scripts/bundles.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');

const builds = allBuilds({ production, tests });
// Chunk names carry a content hash: chunks of an earlier build must not be packaged with this one.
rmSync('dist/lazy', { recursive: true, force: true });
rmSync('dist/webview/chunks', { recursive: true, force: true });
if (tests) {
  // The runner loads every *.test.js there: a suite whose source was deleted must not run from an old build.
  rmSync('out/test/integration', { recursive: true, force: true });
}

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('[esbuild] watching for changes');
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
  console.log(`[esbuild] built ${builds.length} bundle group(s)${production ? ' (production)' : ''}`);
}
