// Comment syntax per VS Code languageId. Only text inside comments can hold a task reference (only
// comments and strings in comments count), so a string literal or an identifier never fires a lookup.

export interface CommentSyntax {
  /** Tokens that start a comment running to the end of the line. */
  readonly line: readonly string[];
  /** Opening and closing tokens of block comments. */
  readonly block: readonly (readonly [string, string])[];
  /** String delimiters skipped so that `"// not a comment"` stays code. */
  readonly strings: readonly string[];
  /** Python: triple-quoted strings are docstrings and count as comments. */
  readonly docstrings?: boolean;
}

const C_LIKE: CommentSyntax = { line: ['//'], block: [['/*', '*/']], strings: ['"', "'", '`'] };
const HASH: CommentSyntax = { line: ['#'], block: [], strings: ['"', "'"] };
const MARKUP: CommentSyntax = { line: [], block: [['<!--', '-->']], strings: [] };

const byLanguage: Record<string, CommentSyntax> = {
  typescript: C_LIKE,
  typescriptreact: C_LIKE,
  javascript: C_LIKE,
  javascriptreact: C_LIKE,
  java: C_LIKE,
  c: C_LIKE,
  cpp: C_LIKE,
  csharp: C_LIKE,
  go: C_LIKE,
  rust: C_LIKE,
  swift: C_LIKE,
  kotlin: C_LIKE,
  dart: C_LIKE,
  scala: C_LIKE,
  scss: C_LIKE,
  less: C_LIKE,
  jsonc: C_LIKE,
  css: { line: [], block: [['/*', '*/']], strings: ['"', "'"] },
  php: { line: ['//', '#'], block: [['/*', '*/']], strings: ['"', "'"] },
  python: { ...HASH, docstrings: true },
  ruby: { line: ['#'], block: [['=begin', '=end']], strings: ['"', "'"] },
  shellscript: HASH,
  yaml: HASH,
  dockerfile: HASH,
  makefile: HASH,
  perl: HASH,
  r: HASH,
  toml: HASH,
  powershell: { line: ['#'], block: [['<#', '#>']], strings: ['"', "'"] },
  sql: { line: ['--'], block: [['/*', '*/']], strings: ["'"] },
  lua: { line: ['--'], block: [['--[[', ']]']], strings: ['"', "'"] },
  haskell: { line: ['--'], block: [['{-', '-}']], strings: ['"'] },
  html: MARKUP,
  xml: MARKUP,
  markdown: MARKUP,
  vue: {
    line: ['//'],
    block: [
      ['<!--', '-->'],
      ['/*', '*/'],
    ],
    strings: ['"', "'", '`'],
  },
  plaintext: { line: [], block: [], strings: [] },
};

/** The comment syntax of a language, or undefined when we do not know it (nothing is scanned then). */
export function commentSyntax(languageId: string): CommentSyntax | undefined {
  return byLanguage[languageId];
}

export function knownLanguages(): string[] {
  return Object.keys(byLanguage);
}

/** How to write a one-line comment in the language (Insert Task Reference, TODO rewriting). */
export function lineCommentFor(languageId: string): { open: string; close: string } {
  const syntax = commentSyntax(languageId);
  if (syntax?.line[0]) {
    return { open: syntax.line[0], close: '' };
  }
  const block = syntax?.block[0];
  return block ? { open: block[0], close: block[1] } : { open: '//', close: '' };
}
