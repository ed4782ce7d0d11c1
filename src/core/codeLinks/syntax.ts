// Comment syntax per VS Code languageId. Only text inside comments can hold a task reference (only
// comments and strings in comments count), so a string literal or an identifier never fires a lookup.
// The installed languages' own comment tokens (languages.ts) cover every language VS Code knows; the
// table below wins where it says more (string delimiters, docstrings, Vue) and is the fallback until
// the registry is read.

import type { LanguageRegistry } from './languages';

export interface CommentSyntax {
  /** Tokens that start a comment running to the end of the line. */
  readonly line: readonly string[];
  /** Opening and closing tokens of block comments. */
  readonly block: readonly (readonly [string, string])[];
  /** String delimiters skipped so that `"// not a comment"` stays code. */
  readonly strings: readonly string[];
  /** Python: triple-quoted strings are docstrings and count as comments. */
  readonly docstrings?: boolean;
  /** Prose with no code in it (a commit message): the whole text counts as one comment. */
  readonly whole?: boolean;
}

/** Commit messages: Source Control's message box (`scminput`) and `git commit`'s editor. */
const COMMIT_MESSAGE: CommentSyntax = { line: [], block: [], strings: [], whole: true };

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
  scminput: COMMIT_MESSAGE,
  'git-commit': COMMIT_MESSAGE,
};

/** Strings of a language only the registry knows: `"` alone (`'` is a quote or a lifetime in many). */
const REGISTRY_STRINGS = ['"'];

let registry: LanguageRegistry | undefined;
const derived = new Map<string, CommentSyntax | undefined>();

/** Uses the installed languages' comment tokens from now on (undefined: the table alone). */
export function useLanguageRegistry(languages: LanguageRegistry | undefined): void {
  registry = languages;
  derived.clear();
}

/** The comment syntax of a language, or undefined when we do not know it (nothing is scanned then). */
export function commentSyntax(languageId: string): CommentSyntax | undefined {
  const table = Object.hasOwn(byLanguage, languageId) ? byLanguage[languageId] : undefined;
  if (table || !registry) {
    return table;
  }
  if (!derived.has(languageId)) {
    const comments = registry.get(languageId)?.comments;
    derived.set(
      languageId,
      comments && {
        line: comments.line ? [comments.line] : [],
        block: comments.block ? [comments.block] : [],
        strings: REGISTRY_STRINGS,
      },
    );
  }
  return derived.get(languageId);
}

/**
 * Languages whose files the Task References index reads (it opens no documents: it picks files by
 * name). A language needs a comment token to hold a reference. Plain `json` is left out although
 * its configuration names comment tokens: JSON files are data (lock files, fixtures, exports), often
 * large, and strict JSON has no comments, so reading them costs much and finds nothing; `jsonc`
 * (settings, tsconfig) is read. An open JSON document still gets links and hovers
 * (docs/decisions/index-files.md).
 */
export function indexedLanguage(languageId: string): boolean {
  if (languageId === 'json') {
    return false;
  }
  const syntax = commentSyntax(languageId);
  return syntax !== undefined && (syntax.line.length > 0 || syntax.block.length > 0 || syntax.docstrings === true);
}

/** Every language with a comment syntax: the table's and the registry's. */
export function knownLanguages(): string[] {
  const ids = new Set(Object.keys(byLanguage));
  registry?.ids().forEach((id) => commentSyntax(id) && ids.add(id));
  return [...ids];
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
