// TODO / FIXME / BUG comments that can become tasks (issue 9, Create Task from TODO), and the text
// edit that makes such a comment carry the new task's reference: `TODO: x` -> `TODO(ACME-12): x`.
import { commentSpans } from './comments';
import { commentSyntax } from './syntax';

export interface TodoComment {
  /** Offsets of the keyword (`TODO`), where the reference is inserted after. */
  readonly keywordStart: number;
  readonly keywordEnd: number;
  readonly keyword: 'TODO' | 'FIXME' | 'BUG';
  /** The comment text after the keyword, trimmed: the task's title. */
  readonly text: string;
  /** Already has a `(REF)` after the keyword: no action offered. */
  readonly linked: boolean;
}

const TODO = /\b(TODO|FIXME|BUG)\b(\([^)\n]*\))?:?[ \t]*([^\n]*)/g;
const CLOSERS = /\s*(\*\/|-->|#>|-\}|\]\]|"""|''')\s*$/;
const MAX_TITLE = 255;

export function todoComments(text: string, languageId: string): TodoComment[] {
  const syntax = commentSyntax(languageId);
  if (!syntax) {
    return [];
  }
  const out: TodoComment[] = [];
  for (const span of commentSpans(text, syntax)) {
    const comment = text.slice(span.start, span.end);
    for (const match of comment.matchAll(TODO)) {
      const keywordStart = span.start + (match.index ?? 0);
      const keyword = match[1] as TodoComment['keyword'];
      const body = (match[3] ?? '').replace(CLOSERS, '').trim();
      out.push({ keywordStart, keywordEnd: keywordStart + keyword.length, keyword, text: titleFrom(body, keyword), linked: match[2] !== undefined });
    }
  }
  return out;
}

/** Title of the task (Limits: title 255 characters); a bare `TODO` gets a generic one. */
function titleFrom(body: string, keyword: string): string {
  const title = body.length > 0 ? body : keyword;
  return [...title].length > MAX_TITLE ? [...title].slice(0, MAX_TITLE - 1).join('') + '…' : title;
}

/** The text inserted right after the keyword to link it: `(ACME-12)`. */
export function todoReferenceInsert(displayId: string): string {
  return `(${displayId})`;
}
