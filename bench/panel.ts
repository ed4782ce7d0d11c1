/**
 * Benchmark of the task panel (issue 6): time to first render of the task with 1,200 comments and
 * 3,200 activity entries (`large` seed) in a real workbench (code-server + Chromium), measured by the
 * e2e scenario that opens it (test/e2e/taskPanel.e2e.test.ts, "large seed") and written to
 * artifacts/bench/panel-first-render.json. Needs the VS Code host of `npm test` (scripts/host/setup.sh).
 * Run: npm run bench (after the Node benchmarks).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const report = join(root, 'artifacts', 'bench', 'panel-first-render.json');
rmSync(report, { force: true });
const run = (cmd: string, args: string[]): number => spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] }).status ?? 1;

console.log('Task panel benchmark (large seed, real workbench in Chromium)');
if (run('npm', ['run', '--silent', 'package']) !== 0 || run('npx', ['mocha', '--no-config', '-r', 'tsx/cjs', '--timeout', '300000', '--exit', '--grep', 'large seed', 'test/e2e/taskPanel.e2e.test.ts']) !== 0) {
  console.error('panel benchmark: the scenario failed');
  process.exit(1);
}
const r = JSON.parse(readFileSync(report, 'utf8')) as Record<string, number | string>;
console.log(`  webview first paint ${r.webviewFirstPaintMs} ms, task rendered ${r.taskRenderedMs} ms, first page of comments and activity ${r.firstPagesMs} ms`);
console.log(`  next page of comments ${r.loadMoreCommentsMs} ms, typing into the comment box ${r.typingMs} ms`);
