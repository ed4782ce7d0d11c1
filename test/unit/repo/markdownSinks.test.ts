import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

/**
 * Markdown built by the extension is rendered by VS Code (hovers, tooltips): a value pasted into it
 * from the service, a link or the workspace could add a link, an image, HTML or an icon. So every
 * piece put into `appendMarkdown(…)` or `new vscode.MarkdownString(…)` by interpolation or
 * concatenation must be a literal, `inertMarkdown(…)`, or `vscode.l10n.t` of a literal whose
 * arguments are such pieces too. This test reads the sources with the TypeScript parser and lists
 * every piece that is none of these.
 */

const SRC = join(__dirname, '..', '..', '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

const strip = (node: ts.Expression): ts.Expression => {
  let e = node;
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isNonNullExpression(e) ||
    ts.isSatisfiesExpression(e)
  ) {
    e = e.expression;
  }
  return e;
};

/** `foo(…)`, `a.foo(…)`: the called name. */
function calleeName(call: ts.CallExpression): string | undefined {
  const callee = strip(call.expression);
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}

function isL10n(call: ts.CallExpression): boolean {
  const callee = strip(call.expression);
  return (
    ts.isPropertyAccessExpression(callee) && callee.name.text === 't' && /(^|\.)l10n$/.test(callee.expression.getText())
  );
}

const isLiteral = (e: ts.Expression): boolean =>
  ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e);

/** The pieces of `expression` that are interpolated data, not made inert. */
function uninert(expression: ts.Expression): ts.Expression[] {
  const e = strip(expression);
  if (isLiteral(e)) {
    return [];
  }
  if (ts.isCallExpression(e) && calleeName(e) === 'inertMarkdown') {
    return [];
  }
  if (ts.isCallExpression(e) && isL10n(e)) {
    const [message, ...args] = e.arguments;
    return [...(message && isLiteral(strip(message)) ? [] : message ? [message] : []), ...args.flatMap(uninert)];
  }
  if (ts.isTemplateExpression(e)) {
    return e.templateSpans.flatMap((span) => uninert(span.expression));
  }
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return [...uninert(e.left), ...uninert(e.right)];
  }
  if (ts.isConditionalExpression(e)) {
    return [...uninert(e.whenTrue), ...uninert(e.whenFalse)];
  }
  return [e];
}

/** An argument is checked when it interpolates or concatenates (a template, `+`, `l10n.t` with arguments). */
function interpolates(expression: ts.Expression): boolean {
  const e = strip(expression);
  if (ts.isTemplateExpression(e) || (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken)) {
    return true;
  }
  if (ts.isCallExpression(e) && isL10n(e)) {
    return true;
  }
  return ts.isConditionalExpression(e) && (interpolates(e.whenTrue) || interpolates(e.whenFalse));
}

function isMarkdownSink(node: ts.Node): node is ts.CallExpression | ts.NewExpression {
  if (ts.isCallExpression(node)) {
    return calleeName(node) === 'appendMarkdown';
  }
  if (ts.isNewExpression(node)) {
    const callee = strip(node.expression);
    return (
      (ts.isIdentifier(callee) && callee.text === 'MarkdownString') ||
      (ts.isPropertyAccessExpression(callee) && callee.name.text === 'MarkdownString')
    );
  }
  return false;
}

/** Every data piece put into Markdown without `inertMarkdown`, as `file:line: expression`. */
export function markdownLeaks(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (isMarkdownSink(node)) {
      for (const arg of node.arguments ?? []) {
        if (interpolates(arg)) {
          for (const piece of uninert(arg)) {
            const line = file.getLineAndCharacterOfPosition(piece.getStart(file)).line + 1;
            found.push(`${fileName}:${line}: ${piece.getText(file).slice(0, 120)}`);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('Markdown sinks take outside text only through inertMarkdown', () => {
  it('no appendMarkdown or new MarkdownString in src/ interpolates a value that is not inert', () => {
    const leaks = sources(SRC).flatMap((path) => markdownLeaks(relative(SRC, path), readFileSync(path, 'utf8')));
    assert.deepEqual(leaks, [], `interpolated into Markdown without inertMarkdown:\n${leaks.join('\n')}`);
  });

  it('the check itself flags data and passes literals, inertMarkdown and l10n of them', () => {
    const flagged = (code: string): number => markdownLeaks('sample.ts', code).length;
    // Flagged: data in a template, a concatenation, an l10n argument, a conditional, another escaper.
    assert.equal(flagged('md.appendMarkdown(`**${task.title}**`);'), 1);
    assert.equal(flagged("md.appendMarkdown('**' + name + '**');"), 1);
    assert.equal(flagged("md.appendMarkdown(vscode.l10n.t('Open {0}', task.title));"), 1);
    assert.equal(flagged("new vscode.MarkdownString(ok ? `a ${x}` : 'b');"), 1);
    assert.equal(flagged('new vscode.MarkdownString(`${escapeMarkdown(t)} ${inertMarkdown(u)}`);'), 1);
    assert.equal(flagged('new MarkdownString(`${a}${b}`, true);'), 2);
    assert.equal(flagged('md.appendMarkdown(vscode.l10n.t(key, x));'), 2);
    // Passed: literals, inertMarkdown, l10n of literals with inert arguments, nested templates of those.
    assert.equal(flagged("md.appendMarkdown('**bold**');"), 0);
    assert.equal(flagged('md.appendMarkdown(`**${inertMarkdown(task.title)}**\\n\\n`);'), 0);
    assert.equal(flagged("md.appendMarkdown(vscode.l10n.t('**{0}**: gone', inertMarkdown(id)));"), 0);
    assert.equal(
      flagged("md.appendMarkdown(`_${vscode.l10n.t('May be out of date.')}_` + (x ? `${inertMarkdown(y)}` : ''));"),
      0,
    );
    assert.equal(flagged('new vscode.MarkdownString(`${inertMarkdown(a, 40)} · ${1}`);'), 0);
  });
});
