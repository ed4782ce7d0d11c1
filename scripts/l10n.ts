/**
 * Collects every `vscode.l10n.t('…')` message of src/extension (and `l10n.t` of src/webview) into l10n/bundle.l10n.json, the
 * file VS Code's localization pipeline translates (the English bundle maps each message to itself).
 * `npm run l10n` writes it; a unit test fails when the committed file is out of date, and when a
 * message is not a plain string literal (a translator could never see it).
 * Uses the TypeScript compiler API already in devDependencies instead of @vscode/l10n-dev, whose
 * dependency tree (a cloud translation client, tree-sitter) is far larger than this job.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface L10nScan {
  messages: Map<string, string>;
  /** `file:line` of calls whose message is not a string literal. */
  dynamic: string[];
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

function isL10nCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 't') {
    return false;
  }
  // `vscode.l10n.t(...)` in the extension, `l10n.t(...)` (@vscode/l10n) in the webview.
  const target = callee.expression;
  return (
    (ts.isPropertyAccessExpression(target) && target.name.text === 'l10n') ||
    (ts.isIdentifier(target) && target.text === 'l10n')
  );
}

/**
 * src/core takes a `l10n` parameter (vscode.l10n) where it words what the user reads (mcp/confirm.ts).
 * The webview's messages belong in the same bundle: the panel gets `vscode.l10n.bundle` from the
 * host and hands it to @vscode/l10n, so one translated bundle covers both.
 */
export function scanL10n(root: string, dirs = ['src/extension', 'src/webview', 'src/core']): L10nScan {
  const messages = new Map<string, string>();
  const dynamic: string[] = [];
  for (const file of dirs.flatMap((d) => files(join(root, d))).sort()) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && isL10nCall(node)) {
        const first = node.arguments[0];
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          messages.set(first.text, first.text);
        } else {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          dynamic.push(`${relative(root, file)}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, dynamic };
}

export function bundleJson(scan: L10nScan): string {
  const sorted = Object.fromEntries([...scan.messages.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify(sorted, null, 2) + '\n';
}

if (process.argv[1] && /l10n\.ts$/.test(process.argv[1])) {
  const root = join(__dirname, '..');
  const scan = scanL10n(root);
  mkdirSync(join(root, 'l10n'), { recursive: true });
  writeFileSync(join(root, 'l10n', 'bundle.l10n.json'), bundleJson(scan));
  console.log(
    `l10n/bundle.l10n.json: ${scan.messages.size} messages${scan.dynamic.length ? `; not literal: ${scan.dynamic.join(', ')}` : ''}`,
  );
}
