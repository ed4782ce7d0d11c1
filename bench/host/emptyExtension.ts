/**
 * The start-up baseline: an extension that registers one command and nothing else, generated into a
 * temporary folder at bench time and packaged with vsce like ours, so both go through the same
 * install and activation path in the same host. It logs its activate() duration the way ours does
 * ("Activated in N ms" in its log channel), which is where the benchmark reads both.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../test/host/paths';

export const EMPTY_ID = 'bench.empty-extension';
export const EMPTY_READY_TEXT = 'bench-empty-ready';
/** Playwright's name of the key bound to the command (`ctrl+alt+shift+f9` in the manifest). */
export const EMPTY_KEY = 'Control+Alt+Shift+F9';

const manifest = {
  name: 'empty-extension',
  displayName: 'Bench Empty Extension',
  publisher: 'bench',
  version: '0.0.1',
  license: 'MIT',
  engines: { vscode: '^1.105.0' },
  main: './extension.js',
  activationEvents: [],
  contributes: {
    commands: [{ command: 'benchEmpty.hello', title: 'Hello', category: 'Bench Empty' }],
    // A key for the command, so the benchmark can run it the moment VS Code knows it, without the
    // palette (which lists commands as they were when it opened).
    keybindings: [{ command: 'benchEmpty.hello', key: 'ctrl+alt+shift+f9' }],
  },
};

const source = `const vscode = require('vscode');
exports.activate = function (context) {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('Bench Empty', { log: true });
  context.subscriptions.push(channel, vscode.commands.registerCommand('benchEmpty.hello', () => {
    context.subscriptions.push(vscode.window.setStatusBarMessage(${JSON.stringify(EMPTY_READY_TEXT)}));
  }));
  channel.info('Activated in ' + (performance.now() - started).toFixed(1) + ' ms');
};
exports.deactivate = function () {};
`;

/** Writes and packages the empty extension; returns the .vsix path. */
export function buildEmptyExtension(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-empty-ext-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(dir, 'extension.js'), source);
  writeFileSync(join(dir, 'LICENSE'), 'MIT\n');
  writeFileSync(join(dir, 'README.md'), '# Empty extension (benchmark baseline)\n');
  const vsix = join(dir, 'empty.vsix');
  const vsce = join(repoRoot, 'node_modules', '.bin', 'vsce');
  const run = spawnSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '-o', vsix], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    throw new Error(`vsce package of the empty extension failed: ${run.stderr || run.stdout}`);
  }
  return vsix;
}
