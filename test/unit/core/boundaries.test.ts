import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = join(dir, entry);
    return statSync(full).isDirectory() ? sources(full) : /\.(ts|tsx|js|mjs)$/.test(entry) ? [full] : [];
  });
}

/** Value imports of the `vscode` module; `import type` is allowed (it leaves no trace at run time). */
export function vscodeImports(text: string): string[] {
  const patterns = [
    /^\s*import\s+(?!type\b)[^;]*?from\s+['"]vscode['"]/gm,
    /^\s*import\s+['"]vscode['"]/gm,
    /\brequire\(\s*['"]vscode['"]\s*\)/g,
    /\bimport\(\s*['"]vscode['"]\s*\)/g,
    /^\s*export\s+(?!type\b)[^;]*?from\s+['"]vscode['"]/gm,
  ];
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[0].trim()));
}

describe('layering (STYLE.md): src/core and src/webview never import vscode', () => {
  it('detects the import forms it is meant to catch', () => {
    assert.equal(vscodeImports("import * as vscode from 'vscode';").length, 1);
    assert.equal(vscodeImports('import { window } from "vscode";').length, 1);
    assert.equal(vscodeImports("const v = require('vscode');").length, 1);
    assert.equal(vscodeImports("export { Uri } from 'vscode';").length, 1);
    assert.equal(vscodeImports("import type { Uri } from 'vscode';").length, 0);
    assert.equal(vscodeImports("import { x } from './vscode-like';").length, 0);
  });

  for (const layer of ['src/core', 'src/webview']) {
    it(`${layer} has no value import of vscode`, () => {
      const offenders = sources(join(root, layer)).flatMap((file) =>
        vscodeImports(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}: ${line}`),
      );
      assert.deepEqual(offenders, []);
    });
  }
});
