// Finds the comment spans of a source text with a small scanner: strings are skipped, line comments
// run to the end of the line, block comments to their closing token. Not a parser: good enough to
// keep identifiers and string literals out of reference matching, which is all it is for.
import type { CommentSyntax } from './syntax';

/**
 * What the reference and TODO scanners read of one comment: its first 50,000 characters (a licence
 * header or a long docstring fits; a comment the size of a file is not read to its end).
 */
export const MAX_COMMENT_LENGTH = 50_000;
/** What the TODO scanner reads of one line of a comment. */
export const MAX_LINE_LENGTH = 1_000;

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Comment spans (offsets into `text`), in order. */
export function commentSpans(text: string, syntax: CommentSyntax): Span[] {
  if (syntax.whole) {
    return text === '' ? [] : [{ start: 0, end: text.length }];
  }
  const spans: Span[] = [];
  let i = 0;
  while (i < text.length) {
    const next = scanOne(text, i, syntax, spans);
    i = next > i ? next : i + 1;
  }
  return spans;
}

/** Handles whatever starts at `i` and returns where scanning continues. */
function scanOne(text: string, i: number, syntax: CommentSyntax, spans: Span[]): number {
  if (syntax.docstrings && (text.startsWith('"""', i) || text.startsWith("'''", i))) {
    const close = text.indexOf(text.slice(i, i + 3), i + 3);
    const end = close < 0 ? text.length : close + 3;
    spans.push({ start: i, end });
    return end;
  }
  for (const [open, close] of syntax.block) {
    if (text.startsWith(open, i)) {
      const at = text.indexOf(close, i + open.length);
      const end = at < 0 ? text.length : at + close.length;
      spans.push({ start: i, end });
      return end;
    }
  }
  for (const token of syntax.line) {
    if (text.startsWith(token, i) && isLineCommentStart(text, i, token)) {
      const at = text.indexOf('\n', i);
      const end = at < 0 ? text.length : at;
      spans.push({ start: i, end });
      return end;
    }
  }
  const quote = text[i] as string;
  return syntax.strings.includes(quote) ? skipString(text, i, quote) : i + 1;
}

/** `#` in `a#b` or `$#` (shell) is not a comment; `#` at a word start is. Other tokens always are. */
function isLineCommentStart(text: string, i: number, token: string): boolean {
  if (token !== '#' || i === 0) {
    return true;
  }
  return /[\s;(]/.test(text[i - 1] as string);
}

function skipString(text: string, i: number, quote: string): number {
  let j = i + 1;
  while (j < text.length) {
    const ch = text[j];
    if (ch === '\\') {
      j += 2;
      continue;
    }
    if (ch === quote) {
      return j + 1;
    }
    // An unterminated single-line string ends at the line end (template literals may span lines).
    if (ch === '\n' && quote !== '`') {
      return j;
    }
    j += 1;
  }
  return j;
}
