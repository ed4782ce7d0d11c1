// The esbuild options of every bundle the extension ships, in one place: esbuild.mjs builds them,
// scripts/bundleSize.mjs measures them and test/unit/repo/bundleSize.test.ts keeps the extension's budget.
//   dist/extension.js     the extension host entry (node, cjs, `vscode` external): stand-ins only
//   dist/lazy/*.mjs       the extension's features (node, esm, split): core.mjs and one chunk per
//                         feature, imported by the entry on first use (docs/decisions/0010-lazy-bundles.md),
//                         and data chunks (any-ascii-*.mjs) with budgets of their own
//   dist/webview/*.js     one browser ESM bundle per webview (src/webview/<name>/main.ts; what it
//                         imports later in dist/webview/chunks/, WEBVIEW_CHUNKS), and
//                         boot.js, the classic script that starts one after its page has loaded
//   dist/mcp-server.js    the stdio MCP server (when src/mcp/main.ts exists)
//   out/test/integration  with `tests`: the integration suite for the extension host
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The entry, dist/extension.js, is all VS Code loads at activation: stand-ins for the contributed
 * commands, views, tools, uri handler and panel serializer (src/extension/start/), nothing else.
 */
export const ENTRY_BUDGET_BYTES = 12_000;

/**
 * Every chunk of dist/lazy together: the features and the services they share, loaded on first use.
 * The one bundle's budget was "under 300 KB minified" (300,000 bytes), then 330,000 bytes after the
 * hostile-content hardening (about 37 KB); the split costs about 11 KB more (each chunk's imports,
 * exports and esbuild helpers), hence 350,000; 355,000 with the native conventions (Open in
 * Browser, the budget item's modes, Settings Sync, Delete in every task view, commit messages:
 * about 2.5 KB); 360,000 with the assistants' tool settings and chat actions (about 6 KB: the
 * settings' rule, the context key, three commands and their requests); 363,000 with dragging tasks
 * out of the trees (into editors and the comment box), upload progress with Cancel and the references
 * index's progress (about 2.8 KB); 371,000 with Create Task's custom fields and description and Group
 * By in the Workspaces tree (about 7.8 KB: the field steps 3.8 KB, list grouping 3.6 KB, the value
 * checks now shared by the panel and Create Task 0.4 KB); 389,500 with the Inbox (18,079 bytes
 * measured: the check and its stored state, the tree and its words, the poller, Follow / Unfollow /
 * Mark Read, the panel scrolling to a comment, their chunk); 401,000 with Open as Board (about 11.3 KB:
 * the board's host for lists, folders, spaces and views, its moves, polling and messages, and the
 * list picker it shares with the commands split into a chunk of its own); 403,800 with the Accounts
 * menu's provider and the transliterated branch names (2,754 bytes measured: the provider, its
 * routing, the title's check and the import of the table, which is a data chunk of its own, below);
 * 428,500 with Open as Table (24,084 bytes measured: its host 14.0 KB, its core model of queries, host
 * order and edit plans 5.6 KB, the page protocol's parser 0.8 KB, and 3.7 KB of chunk imports and
 * exports where the board's and the tree's filter bar's modules are now shared with the table);
 * 429,300 with automatic Inbox follows that lapse (678 bytes measured: the rule, what a check read
 * for it, and its dates); 430,000 with the shared pieces of the commands in a layer of their own
 * (src/extension/common: 658 bytes measured, the imports and exports of the two chunks the list
 * picker and the task mover now make, no new code); 431,400 with the account model (1,329 bytes
 * measured: one key format, its check, and reading state of the release before it); 432,300 with
 * polls that wait for a user at the window (741 bytes measured: ui/presence.ts, its test hook, each
 * poller's catch-up, the Inbox's unread rows); 438,000 with the safe AI hand-offs (5,672 bytes
 * measured: names in write confirmations, the stricter reading of the AI settings, ambiguous display
 * ids in the resolver, hover and pickers, chat modes per action); 441,400 with a budget for every
 * whole operation (3,450 bytes measured: the caps, the board's and table's notices, the Inbox's
 * deferred tasks, the look-ups' pass); 442,600 with the first-use fixes (1,129 bytes measured: the
 * preview panel kept across a reload, unknown task ids no longer drawn as links, Create Task from
 * TODO's title box and notice); 448,000 with several accounts signed in at once (5,126 bytes
 * measured: a token per account and the list of accounts, a session per account, Add Account, the
 * Accounts menu's entry per account); 449,000 with commands and offline queues acting per account
 * (829 bytes measured over 448,000's code: the routing rule, a 401 kept to its account, a
 * connectivity per account); 449,600 with the saved views' budget and search_tasks' next page
 * (509 bytes measured: the pager's cap, the pick's and the tree's row saying what was left out);
 * 451,400 with one due date style (1,710 bytes measured: the shared formatter and overdue rule in
 * core/text/dates.ts, their use in the tree, cards and panel, the panel's loading first paint and
 * reading the panel's code ahead); 454,900 with Search Tasks across workspaces and trees that keep
 * their expanded nodes (3,032 bytes measured: the search scope and its hint rows, each workspace's
 * answer merged, the expanded nodes remembered per view); 459,900 with Search Tasks and Go to Task
 * across accounts and the status bar showing the account that needs attention (4,775 bytes
 * measured: the places of every account, the lookup across services, the attention rule); 460,600
 * with the account of a command that names none (915 bytes measured: the current task's, the only
 * one, the folder's choice or a question, and Choose Account for This Folder); 461,100 with chat
 * tools routed by workspace to the account that sees it (478 bytes measured); 465,800 with one
 * budget shared with the MCP server and the first hover's known spaces (4,622 bytes measured: the
 * lease's share and lock 2,474, the space book 799 and its use in the resolver and finder 1,063,
 * the limiter and provider 227); 468,600 with the task panel, board and table acting as the
 * account of what they show (2,792 bytes measured: the panel's account, restore per account and
 * the signed-out tab, the board's and table's sessions); 475,000 with a root per account in the
 * views (6,358 bytes measured: a tree model per account and its roots and error rows, keys and
 * drags carrying the account, Saved Views and Reveal per account); 477,000 with one MCP server for
 * every account (1,968 bytes measured: the accounts offered with their tokens and leases, a budget
 * share per token); 485,000 with task references, pending changes and the Inbox per account (7,292
 * bytes measured together: the reference router and a space book and resolver per account, the
 * pending item, notice and review over every account's queue, one Inbox list over every account's
 * inbox, and the Accounts menu's relabelling); 487,000 with the remaining commands acting as the
 * account of their target (restore, triage, Start Work and its record, the chat actions and
 * #taskPlatformTask, Open as Board from the palette), the window's "signed in" over every account
 * and the offline note naming its account (measured together: 485,731 bytes); 488,000 with one
 * session lookup for a carried account and the sign-out notice naming its account (measured
 * together: 486,365 bytes).
 */
export const LAZY_BUDGET_BYTES = 488_000;

/**
 * Data chunks: a dist/lazy chunk made only of a data table that is loaded for one rare input, counted
 * apart from the features (LAZY_BUDGET_BYTES), each against its own allowance. any-ascii's
 * transliteration table (about 546 KB) is imported only when a task title that names a branch has
 * letters that are not Latin (src/core/codeLinks/transliterate.ts); in the features' budget it would
 * swallow it two and a half times over for something most windows never load
 * (docs/decisions/transliteration-chunk.md).
 */
export const DATA_CHUNK_BUDGETS = { 'any-ascii': 560_000 };

/** The package a dist/lazy output is a data chunk of (every input from it), or undefined. */
export function dataChunkOf(output) {
  const inputs = Object.keys(output.inputs);
  return Object.keys(DATA_CHUNK_BUDGETS).find(
    (name) => inputs.length > 0 && inputs.every((input) => contributorOf(input) === name),
  );
}

/** The lazy code's `vscode`: the extension's own API object (required through the chunk's path), routed (lazy/api.ts). */
function lazyVscode(root) {
  return {
    name: 'lazy-vscode',
    setup(build) {
      build.onResolve({ filter: /^vscode$/, namespace: 'file' }, () => ({ path: 'vscode', namespace: 'lazy-vscode' }));
      build.onResolve({ filter: /^vscode$/, namespace: 'lazy-vscode' }, () => ({ path: 'vscode', external: true }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-vscode' }, () => ({
        contents: `module.exports = require('./src/extension/lazy/api.ts').routedApi(require('vscode'));`,
        resolveDir: root,
        loader: 'js',
      }));
    },
  };
}

function common(production) {
  return {
    bundle: true,
    minify: production,
    sourcemap: production ? false : 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  };
}

/** dist/extension.js. `root` lets a caller outside the repository's directory build it. */
export function extensionBuild({ production = false, root = '.' } = {}) {
  return {
    ...common(production),
    absWorkingDir: root === '.' ? undefined : root,
    entryPoints: ['src/extension/main.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  };
}

/** dist/lazy/: ESM so esbuild can split it; each module in exactly one chunk (one copy of every singleton). */
export function lazyBuild({ production = false, root = '.' } = {}) {
  return {
    ...common(production),
    absWorkingDir: root === '.' ? undefined : root,
    entryPoints: ['src/extension/lazy/core.ts'],
    outdir: 'dist/lazy',
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // CommonJS dependencies (and the `vscode` module) are required through the chunk's own path.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [lazyVscode(root === '.' ? process.cwd() : root)],
  };
}

/**
 * Modules a page loads after it has started, each built to its own file in dist/webview/chunks/. The
 * page names one by URL, `import(new URL('chunks/<name>.js', import.meta.url).href)`, so the bundler
 * leaves that import alone. Not esbuild's code splitting: with it, the page and its later chunk shared
 * a third chunk (esbuild's helpers, 106 bytes) that the page's script had to fetch before it could
 * run, one more round trip through the webview's service worker between paint and script.
 */
export const WEBVIEW_CHUNKS = [{ in: 'src/webview/taskPanel/markdown.ts', out: 'chunks/markdown' }];

function webviewBuild(production, entryPoints) {
  return {
    ...common(production),
    entryPoints,
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
  };
}

/** Every bundle group, in the order esbuild.mjs builds them. */
export function allBuilds({ production = false, tests = false } = {}) {
  const builds = [extensionBuild({ production }), lazyBuild({ production })];
  const webviewEntries = existsSync('src/webview')
    ? readdirSync('src/webview', { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join('src/webview', d.name, 'main.ts')))
        .map((d) => ({ in: join('src/webview', d.name, 'main.ts'), out: d.name }))
    : [];
  // The pages, one self-contained file each: nothing to fetch before a page's script can run.
  if (webviewEntries.length > 0) {
    builds.push(webviewBuild(production, webviewEntries));
  }
  // What a page imports later, each a self-contained file of its own (WEBVIEW_CHUNKS).
  const chunks = WEBVIEW_CHUNKS.filter((chunk) => existsSync(chunk.in));
  if (chunks.length > 0) {
    builds.push(webviewBuild(production, chunks));
  }
  if (existsSync('src/webview/boot.ts')) {
    // A classic script (it reads its own element): starts a page's app after the page has loaded.
    builds.push({
      ...common(production),
      entryPoints: ['src/webview/boot.ts'],
      outfile: 'dist/webview/boot.js',
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
    });
  }
  if (existsSync('src/mcp/main.ts')) {
    builds.push({
      ...common(production),
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
    const entries = readdirSync(dir)
      // otherWorld.ts: the second sandbox, loaded by path only by the suites that ask (helpers.ts).
      .filter((f) => f.endsWith('.test.ts') || f === 'index.ts' || f === 'otherWorld.ts')
      .map((f) => join(dir, f));
    builds.push({
      ...common(production),
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
  return builds;
}

/** `node_modules/@scope/pkg/...` -> `@scope/pkg`; our own files -> their top folder under src (`src/core`). */
export function contributorOf(input) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (match) {
    return match[1];
  }
  const parts = input.split('/');
  return parts[0] === 'src' && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Bytes per contributor of one esbuild metafile output, largest first. */
export function contributors(output) {
  const by = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const key = contributorOf(input);
    by.set(key, (by.get(key) ?? 0) + bytesInOutput);
  }
  return [...by.entries()].sort((a, b) => b[1] - a[1]);
}
