/**
 * Bundle: bytes of the production build (`npm run package` = `node esbuild.mjs --production` + vsce),
 * which the start-up figures then install. Sizes are deterministic, so one run; no baseline (the
 * issue sets a budget instead: the extension bundle under 300 KB minified).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../test/host/paths';
import type { BenchContext } from '../context';
import { summarize } from '../stats';

export const VSIX = join(repoRoot, 'dist', 'task-platform.vsix');
const EXTENSION_BUDGET = 300 * 1024;

export function packageExtension(): void {
  const run = spawnSync('npm', ['run', '--silent', 'package'], { cwd: repoRoot, encoding: 'utf8' });
  if (run.status !== 0) {
    throw new Error(`npm run package failed:\n${run.stdout}\n${run.stderr}`);
  }
}

export async function bundleFigure(ctx: BenchContext): Promise<void> {
  packageExtension();
  const dist = join(repoRoot, 'dist');
  const size = (path: string): number => statSync(path).size;
  const extension = size(join(dist, 'extension.js'));
  ctx.add({
    figure: 'bundle',
    measure: 'dist/extension.js (minified)',
    unit: 'bytes',
    value: summarize([extension]),
    target: { text: '< 300 KB', met: extension < EXTENSION_BUDGET, limitedBy: 'bundled dependencies (undici, full zod, markdown-it); another change is replacing undici and full zod' },
  });
  const webviews = existsSync(join(dist, 'webview')) ? readdirSync(join(dist, 'webview')).filter((f) => f.endsWith('.js')).sort() : [];
  for (const file of webviews) {
    ctx.add({ figure: 'bundle', measure: `dist/webview/${file}`, unit: 'bytes', value: summarize([size(join(dist, 'webview', file))]) });
  }
  if (existsSync(join(dist, 'mcp-server.js'))) {
    ctx.add({ figure: 'bundle', measure: 'dist/mcp-server.js', unit: 'bytes', value: summarize([size(join(dist, 'mcp-server.js'))]) });
  }
  ctx.add({ figure: 'bundle', measure: 'dist/task-platform.vsix', unit: 'bytes', value: summarize([size(VSIX)]) });
}
