/**
 * The baseline extension: what VS Code itself costs, measured the way ours is, in the same host.
 * It is generated into a temporary folder at bench time and packaged with vsce like ours, so both go
 * through the same install and activation path. Built for the start-up baseline, it activates on
 * the event ours does (`onStartupFinished`), so both are loaded at the same moment of the window's
 * start, among the same other extensions; built to be installed next to ours (the heap reader), it
 * has no activation event (VS Code activates it on its first command) and leaves ours alone. It has
 * four commands, each bound to a key so the benchmark runs it the moment VS Code knows it, without
 * the palette (which lists commands as of its opening):
 *   hello      a status bar message: the start-up baseline ("view usable"); it logs its activate()
 *              duration the way ours does ("Activated in N ms" in its log channel);
 *   openPanel  a WebviewPanel whose HTML paints a title ("Empty panel 1"), under a strict CSP with
 *              a nonce as ours: the cold panel-open baseline;
 *   repost     posts a message to that panel, whose script paints the next title ("Empty panel 2",
 *              ...): the warm-open baseline (no new webview, one message);
 *   heap       a full V8 garbage collection, then the status bar message "bench-heap <heapUsed> <rss>"
 *              (process.memoryUsage() of the extension host process it runs in). The benchmark
 *              installs this extension next to ours too, to read the heap of OUR extension host.
 *   openTable  the table baseline: a WebviewPanel (same CSP) whose page, once it says it is ready,
 *              receives the rows the benchmark wrote to TABLE_ROWS_FILE in the workspace folder by
 *              one postMessage and renders them as a plain <table> (textContent, every row in the
 *              DOM) inside a scrolling <div>: bench/figures/table.ts.
 * Why baselines this way: docs/decisions/bench-baselines.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeServerEntry, hostNode, repoRoot } from '../../test/host/paths';

export const EMPTY_ID = 'bench.empty-extension';
export const EMPTY_READY_TEXT = 'bench-empty-ready';
export const EMPTY_HEAP_TEXT = 'bench-heap';
/** Playwright's names of the keys bound to the commands (`ctrl+alt+shift+f9` ... `f12` in the manifest). */
export const EMPTY_KEY = 'Control+Alt+Shift+F9';
export const EMPTY_PANEL_KEY = 'Control+Alt+Shift+F10';
export const EMPTY_REPOST_KEY = 'Control+Alt+Shift+F11';
export const EMPTY_HEAP_KEY = 'Control+Alt+Shift+F12';
export const EMPTY_TABLE_KEY = 'Control+Alt+Shift+F8';
/** The rows the table baseline posts to its page, in the workspace folder (written by the benchmark). */
export const TABLE_ROWS_FILE = 'bench-table-rows.json';

/** One row of the table baseline, the fields our table shows for a task (no custom fields). */
export interface PlainRow {
  displayId: string;
  title: string;
  status: string;
  priority: string;
  assignee: string;
  due: string;
  list: string;
}

/** The plain table page's script: one message with every row, rendered at once as a plain <table>. */
const TABLE_SCRIPT = `const vscode = acquireVsCodeApi();
const body = document.getElementById('rows');
window.addEventListener('message', (e) => {
  const rows = e.data && e.data.rows;
  if (!Array.isArray(rows)) return;
  const all = document.createDocumentFragment();
  rows.forEach((r, i) => {
    const tr = document.createElement('tr');
    tr.setAttribute('data-row', String(i + 1));
    for (const v of [r.displayId + ' ' + r.title, r.status, r.priority, r.assignee, r.due, r.list]) {
      const td = document.createElement('td');
      td.textContent = v;
      tr.appendChild(td);
    }
    all.appendChild(tr);
  });
  body.replaceChildren(all);
});
vscode.postMessage({ type: 'ready' });`;
const TABLE_STYLE =
  'html,body{margin:0;height:100%}#scroller{height:100vh;overflow:auto}' +
  'table{border-collapse:collapse}th,td{padding:2px 8px;text-align:left;white-space:nowrap}';
const TABLE_HEAD = ['Task', 'Status', 'Priority', 'Assignee', 'Due', 'List'].map((h) => `<th>${h}</th>`).join('');

const PANEL_TITLE = 'Empty panel ';

/** The title the empty panel paints after `n - 1` reposts (1 when just opened). */
export function emptyPanelTitle(n: number): string {
  return `${PANEL_TITLE}${n}`;
}

const commands: [string, string, string][] = [
  ['benchEmpty.hello', 'Hello', 'ctrl+alt+shift+f9'],
  ['benchEmpty.openPanel', 'Open Empty Panel', 'ctrl+alt+shift+f10'],
  ['benchEmpty.repost', 'Repost to Empty Panel', 'ctrl+alt+shift+f11'],
  ['benchEmpty.heap', 'Show Extension Host Heap', 'ctrl+alt+shift+f12'],
  ['benchEmpty.openTable', 'Open Plain Table', 'ctrl+alt+shift+f8'],
];

/** The activation event of ours at start-up (package.json), which the start-up baseline shares. */
export const STARTUP_EVENT = 'onStartupFinished';

const manifest = (activationEvents: string[]) => ({
  name: 'empty-extension',
  displayName: 'Bench Empty Extension',
  publisher: 'bench',
  version: '0.0.1',
  license: 'MIT',
  engines: { vscode: '^1.105.0' },
  main: './extension.js',
  activationEvents,
  contributes: {
    commands: commands.map(([command, title]) => ({ command, title, category: 'Bench Empty' })),
    keybindings: commands.map(([command, , key]) => ({ command, key })),
  },
});

const source = `const vscode = require('vscode');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
let panel;
let tablePanel;
let n = 0;
function page(title) {
  const nonce = crypto.randomBytes(16).toString('base64');
  return '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta http-equiv="Content-Security-Policy" content="default-src \\'none\\'; script-src \\'nonce-' + nonce + '\\';">' +
    '</head><body><h1 id="title">' + title + '</h1><script nonce="' + nonce + '">' +
    'const title = document.getElementById("title");' +
    'window.addEventListener("message", (e) => { if (e.data && typeof e.data.title === "string") title.textContent = e.data.title; });' +
    '</script></body></html>';
}
function tablePage() {
  const nonce = crypto.randomBytes(16).toString('base64');
  return '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta http-equiv="Content-Security-Policy" content="default-src \\'none\\'; style-src \\'nonce-' + nonce + '\\'; script-src \\'nonce-' + nonce + '\\';">' +
    '<style nonce="' + nonce + '">' + ${JSON.stringify(TABLE_STYLE)} + '</style>' +
    '</head><body><div id="scroller"><table><thead><tr>' + ${JSON.stringify(TABLE_HEAD)} + '</tr></thead>' +
    '<tbody id="rows"></tbody></table></div><script nonce="' + nonce + '">' + ${JSON.stringify(TABLE_SCRIPT)} +
    '</script></body></html>';
}
function title(k) {
  return ${JSON.stringify(PANEL_TITLE)} + k;
}
exports.activate = function (context) {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('Bench Empty', { log: true });
  const status = (text) => context.subscriptions.push(vscode.window.setStatusBarMessage(text));
  context.subscriptions.push(
    channel,
    vscode.commands.registerCommand('benchEmpty.hello', () => status(${JSON.stringify(EMPTY_READY_TEXT)})),
    vscode.commands.registerCommand('benchEmpty.openPanel', () => {
      if (panel) panel.dispose();
      n = 1;
      panel = vscode.window.createWebviewPanel('benchEmpty.panel', 'Empty Panel', vscode.ViewColumn.Active, { enableScripts: true });
      panel.onDidDispose(() => { panel = undefined; });
      panel.webview.html = page(title(n));
    }),
    vscode.commands.registerCommand('benchEmpty.repost', () => {
      if (!panel) return;
      n += 1;
      void panel.webview.postMessage({ title: title(n) });
    }),
    vscode.commands.registerCommand('benchEmpty.openTable', () => {
      if (tablePanel) tablePanel.dispose();
      const folder = vscode.workspace.workspaceFolders[0].uri.fsPath;
      const rows = JSON.parse(fs.readFileSync(path.join(folder, ${JSON.stringify(TABLE_ROWS_FILE)}), 'utf8'));
      const opened = vscode.window.createWebviewPanel('benchEmpty.table', 'Plain Table', vscode.ViewColumn.Active, { enableScripts: true });
      tablePanel = opened;
      opened.onDidDispose(() => { if (tablePanel === opened) tablePanel = undefined; });
      opened.webview.onDidReceiveMessage((m) => { if (m && m.type === 'ready') void opened.webview.postMessage({ rows }); });
      opened.webview.html = tablePage();
    }),
    vscode.commands.registerCommand('benchEmpty.heap', () => {
      require('v8').setFlagsFromString('--expose-gc');
      const gc = require('vm').runInNewContext('gc');
      gc();
      gc();
      const m = process.memoryUsage();
      status(${JSON.stringify(EMPTY_HEAP_TEXT)} + ' ' + m.heapUsed + ' ' + m.rss);
    }),
  );
  channel.info('Activated in ' + (performance.now() - started).toFixed(1) + ' ms');
};
exports.deactivate = function () {};
`;

/**
 * Writes and packages the baseline extension; returns the .vsix path. `atStartup`: the start-up
 * baseline (activates on STARTUP_EVENT); otherwise the heap reader installed next to ours.
 */
export function buildEmptyExtension(atStartup: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-empty-ext-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest(atStartup ? [STARTUP_EVENT] : []), null, 2));
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

/**
 * Installs the baseline extension into the profile Workbench.open will use for `runDir` (the same
 * folders and environment as test/host/codeServer.ts), before ours is installed there: its heap
 * command then reads the extension host that runs ours. It activates only when that key is pressed.
 */
export function installAlongside(runDir: string, vsix: string): void {
  const home = join(runDir, 'home');
  const dirs = {
    userData: join(runDir, 'user-data'),
    extensions: join(runDir, 'extensions'),
    tmp: join(runDir, 'tmp'),
  };
  for (const dir of [home, ...Object.values(dirs)]) {
    mkdirSync(dir, { recursive: true });
  }
  const args = [codeServerEntry, '--config', join(runDir, 'config.yaml'), '--user-data-dir', dirs.userData];
  const run = spawnSync(hostNode, [...args, '--extensions-dir', dirs.extensions, '--install-extension', vsix], {
    encoding: 'utf8',
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      XDG_CACHE_HOME: join(home, '.cache'),
      TMPDIR: dirs.tmp,
      EXTENSIONS_GALLERY: '{}',
    },
  });
  if (run.status !== 0) {
    throw new Error(`installing the baseline extension failed: ${run.stderr || run.stdout}`);
  }
}
