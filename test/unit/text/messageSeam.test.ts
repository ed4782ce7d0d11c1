import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

// Issue 18: every message, prompt, pick, progress title and status bar message goes through the
// prompter seam (src/extension/ui/prompter.ts), which makes outside text inert in front of whatever
// implementation is installed. A call to the window's own API anywhere else would skip that.

const root = join(__dirname, '..', '..', '..');
const SEAM = 'src/extension/ui/prompter.ts';

/** The `vscode.window` functions that show text VS Code renders (links, icons) or that take a pick. */
const SHOWING = new Set([
  'showInformationMessage',
  'showWarningMessage',
  'showErrorMessage',
  'showInputBox',
  'showQuickPick',
  'createQuickPick',
  'createInputBox',
  'withProgress',
  'setStatusBarMessage',
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    return statSync(full).isDirectory()
      ? sources(full)
      : /\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts')
        ? [full]
        : [];
  });
}

/** Is `node` the window namespace: `window`, `vscode.window`, or `vscode['window']`? */
function isWindow(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) {
    return node.text === 'window';
  }
  if (ts.isPropertyAccessExpression(node)) {
    return node.name.text === 'window';
  }
  return (
    ts.isElementAccessExpression(node) &&
    ts.isStringLiteralLike(node.argumentExpression) &&
    node.argumentExpression.text === 'window'
  );
}

/** Uses of the window's showing API in one file's text, as `line: code`. */
export function windowApiUses(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const report = (node: ts.Node): void => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    found.push(`${line}: ${node.getText(file).split('\n')[0]}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && SHOWING.has(node.name.text) && isWindow(node.expression)) {
      report(node);
    } else if (
      ts.isElementAccessExpression(node) &&
      isWindow(node.expression) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      SHOWING.has(node.argumentExpression.text)
    ) {
      report(node);
    } else if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      ts.isObjectBindingPattern(node.name) &&
      isWindow(node.initializer)
    ) {
      // const { showInformationMessage } = vscode.window
      for (const element of node.name.elements) {
        const name = element.propertyName ?? element.name;
        if ((ts.isIdentifier(name) || ts.isStringLiteralLike(name)) && SHOWING.has(name.text)) {
          report(element);
        }
      }
    } else if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      ts.isIdentifier(node.name) &&
      isWindow(node.initializer) &&
      !ts.isIdentifier(node.initializer)
    ) {
      // const w = vscode.window: an alias the checks above would not follow.
      report(node);
    } else if (ts.isImportSpecifier(node) && (node.propertyName ?? node.name).text === 'window') {
      const from = node.parent.parent.parent.moduleSpecifier;
      if (ts.isStringLiteral(from) && from.text === 'vscode') {
        report(node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('one seam for messages, pickers, progress and status bar text (issue 18)', () => {
  it('finds the forms it is meant to catch, and not the seam methods of the same name', () => {
    const uses = (code: string): number => windowApiUses('x.ts', code).length;
    assert.equal(uses("vscode.window.showInformationMessage('x');"), 1);
    assert.equal(uses('void vscode.window.showErrorMessage(`a ${b}`, "Undo");'), 1);
    assert.equal(uses("window.showWarningMessage('x', { modal: true }, 'Yes');"), 1);
    assert.equal(uses("vscode.window['showInputBox']({ prompt: x });"), 1);
    assert.equal(uses('const pick = vscode.window.createQuickPick<T>();'), 1);
    assert.equal(uses('vscode.window.createInputBox();'), 1);
    assert.equal(uses('await vscode.window.withProgress({ location, title }, task);'), 1);
    assert.equal(uses("vscode.window.setStatusBarMessage('x', 5000);"), 1);
    assert.equal(uses('const show = vscode.window.showQuickPick;'), 1);
    assert.equal(uses('const { showErrorMessage: e } = vscode.window;'), 1);
    assert.equal(uses('const w = vscode.window;'), 1);
    assert.equal(uses("import { window } from 'vscode';"), 1);
    assert.equal(uses('prompter().createQuickPick<T>(); prompter().info(x); seam.withProgress(o, t);'), 0);
    assert.equal(uses('vscode.window.showTextDocument(doc); vscode.window.registerUriHandler(h);'), 0);
  });

  it(`no file under src/ calls the window's message, pick, progress or status API outside ${SEAM}`, () => {
    const offenders = sources(join(root, 'src'))
      .map((file) => relative(root, file).split('\\').join('/'))
      .filter((file) => file !== SEAM)
      .flatMap((file) => windowApiUses(file, readFileSync(join(root, file), 'utf8')).map((use) => `${file}:${use}`));
    assert.deepEqual(offenders, []);
  });
});
