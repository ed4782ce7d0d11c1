import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

// The layering and seam rules live in eslint.config.mjs; `npm test` runs the linter over the tree.
// These cases prove each rule catches the forms it is meant to catch, at the paths it guards,
// so a config edit that silently drops one fails here.

const root = join(__dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function ruleHits(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

/** `n` lines of distinct exports. */
function lines(n: number): string {
  return Array.from({ length: n }, (_, i) => `export const a${i} = ${i};\n`).join('');
}

const cases: { path: string; code: string; rule: string | undefined }[] = [
  // Features reach shared pieces in src/extension/common, never another feature's commands/ folder.
  {
    path: 'src/extension/tree/x.ts',
    code: "import { moveTasks } from '../commands/move';\nvoid moveTasks;\n",
    rule: 'no-restricted-imports',
  },
  {
    path: 'src/extension/commands/x.ts',
    code: "import { createTask } from './create';\nvoid createTask;\n",
    rule: undefined,
  },
  {
    path: 'src/extension/lazy/x.ts',
    code: "import { registerCommands } from '../commands/register';\nvoid registerCommands;\n",
    rule: undefined,
  },
  // The shared layer never imports a feature (a type is fine).
  {
    path: 'src/extension/common/x.ts',
    code: "import { Boards } from '../board/register';\nvoid Boards;\n",
    rule: 'no-restricted-imports',
  },
  {
    path: 'src/extension/auth/x.ts',
    code: "import { ExplorerTree } from '../tree/explorer';\nvoid ExplorerTree;\n",
    rule: 'no-restricted-imports',
  },
  {
    path: 'src/extension/common/x.ts',
    code: "import type { Boards } from '../board/register';\nexport type B = Boards;\n",
    rule: undefined,
  },
  // src/core and src/webview: no value import of vscode.
  { path: 'src/core/x.ts', code: "import * as vscode from 'vscode';\nvoid vscode;\n", rule: 'no-restricted-imports' },
  { path: 'src/core/x.ts', code: "export { Uri } from 'vscode';\n", rule: 'no-restricted-imports' },
  { path: 'src/webview/x.ts', code: "import { window } from 'vscode';\nvoid window;\n", rule: 'no-restricted-imports' },
  { path: 'src/core/x.ts', code: "import type { Uri } from 'vscode';\nexport type U = Uri;\n", rule: undefined },
  { path: 'src/extension/x.ts', code: "import * as vscode from 'vscode';\nvoid vscode;\n", rule: undefined },
  // src/shared is pure too.
  { path: 'src/shared/x.ts', code: "import * as vscode from 'vscode';\nvoid vscode;\n", rule: 'no-restricted-imports' },
  // The host never imports the browser code of src/webview (types included): shared parts live in src/shared.
  {
    path: 'src/extension/taskPanel/x.ts',
    code: "import type { ParkedEdit } from '../../webview/taskPanel/parkedEdits';\nexport type P = ParkedEdit;\n",
    rule: 'no-restricted-imports',
  },
  {
    path: 'src/core/x.ts',
    code: "import { parseMarkdown } from '../webview/taskPanel/markdown';\nvoid parseMarkdown;\n",
    rule: 'no-restricted-imports',
  },
  { path: 'src/mcp/x.ts', code: "export * from '../webview/taskPanel/app';\n", rule: 'no-restricted-imports' },
  { path: 'src/shared/x.ts', code: "export { App } from '../webview/taskPanel/app';\n", rule: 'no-restricted-imports' },
  {
    path: 'src/extension/taskPanel/x.ts',
    code: "import type { PanelModel } from '../../shared/taskPanel/protocol';\nexport type M = PanelModel;\n",
    rule: undefined,
  },
  {
    path: 'src/webview/taskPanel/x.ts',
    code: "import { parseMarkdown } from './markdown';\nvoid parseMarkdown;\n",
    rule: undefined,
  },
  // The core's only network seam is the transport.
  { path: 'src/core/x.ts', code: "void fetch('https://x.invalid');\n", rule: 'no-restricted-globals' },
  // Named exports only.
  { path: 'src/core/x.ts', code: 'export default 1;\n', rule: 'no-restricted-syntax' },
  { path: 'test/x.ts', code: 'const a = 1;\nexport { a as default };\n', rule: 'no-restricted-syntax' },
  // Types come in through `import type`.
  {
    path: 'src/core/x.ts',
    code: "import { Task } from './task';\nexport const f = (t: Task): Task => t;\n",
    rule: '@typescript-eslint/consistent-type-imports',
  },
  // Window messages, pickers, progress and status text only through the prompter seam.
  {
    path: 'src/extension/x.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode.window.showInformationMessage('x');\n",
    rule: 'no-restricted-syntax',
  },
  {
    path: 'src/extension/x.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode.window['showInputBox']({});\n",
    rule: 'no-restricted-syntax',
  },
  {
    path: 'src/extension/x.ts',
    code: "import * as vscode from 'vscode';\nexport const pick = vscode.window.createQuickPick();\n",
    rule: 'no-restricted-syntax',
  },
  {
    path: 'src/extension/x.ts',
    code: "import * as vscode from 'vscode';\nconst { showErrorMessage } = vscode.window;\nvoid showErrorMessage;\n",
    rule: 'no-restricted-syntax',
  },
  {
    path: 'src/extension/x.ts',
    code: "import { window } from 'vscode';\nvoid window;\n",
    rule: 'no-restricted-syntax',
  },
  {
    path: 'src/extension/x.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode.window.showTextDocument;\n",
    rule: undefined,
  },
  {
    path: 'src/extension/ui/prompter.ts',
    code: "import * as vscode from 'vscode';\nvoid vscode.window.showInformationMessage('x');\n",
    rule: undefined,
  },
  // File length.
  { path: 'src/core/x.ts', code: lines(401), rule: 'max-lines' },
  { path: 'src/core/x.ts', code: lines(10), rule: undefined },
];

describe('lint rules (eslint.config.mjs) catch what they guard', function () {
  this.timeout(60_000);
  for (const c of cases) {
    const first = c.code.split('\n').find((line) => !line.startsWith('import')) ?? c.code;
    it(`${c.path}: ${first.slice(0, 60)} → ${c.rule ?? 'clean'}`, async () => {
      const hits = await ruleHits(c.path, c.code);
      if (c.rule === undefined) {
        assert.deepEqual(hits, []);
      } else {
        assert.ok(hits.includes(c.rule), `expected ${c.rule}, got ${JSON.stringify(hits)}`);
      }
    });
  }
});
