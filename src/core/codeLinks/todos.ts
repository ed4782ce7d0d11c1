// TODO / FIXME / BUG comments that can become tasks (Create Task from TODO), and the text
// edit that makes such a comment carry the new task's reference: `TODO: x` -> `TODO(ACME-12): x`.
import { commentSpans, MAX_COMMENT_LENGTH, MAX_LINE_LENGTH } from './comments';
import { isDisplayId } from '../tasks/displayId';
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

// Anchored at the keyword; the optional `(REF)` is bounded. Run on one capped line at a time.
const TODO = /\b(TODO|FIXME|BUG)\b(\([^)\n]{0,100}\))?/;
const CLOSERS = ['*/', '-->', '#>', '-}', ']]', '"""', "'''"];
const MAX_TITLE = 255;

/**
 * The TODO comments of a text (one per comment line, as before). Linear in the text: each comment
 * is read up to MAX_COMMENT_LENGTH characters and each of its lines up to MAX_LINE_LENGTH, the only
 * regex has bounded parts, and the closing token is trimmed by a loop (a `\s*…$` regex backtracks
 * on a TODO followed by a long run of spaces).
 */
export function todoComments(text: string, languageId: string): TodoComment[] {
  const syntax = commentSyntax(languageId);
  if (!syntax) {
    return [];
  }
  const out: TodoComment[] = [];
  for (const span of commentSpans(text, syntax)) {
    const end = Math.min(span.end, span.start + MAX_COMMENT_LENGTH);
    for (let lineStart = span.start; lineStart < end;) {
      const newline = text.indexOf('\n', lineStart);
      const lineEnd = newline < 0 || newline > end ? end : newline;
      const todo = todoInLine(text.slice(lineStart, Math.min(lineEnd, lineStart + MAX_LINE_LENGTH)), lineStart);
      if (todo) {
        out.push(todo);
      }
      lineStart = lineEnd + 1;
    }
  }
  return out;
}

function todoInLine(line: string, offset: number): TodoComment | undefined {
  const match = TODO.exec(line);
  if (!match) {
    return undefined;
  }
  const keywordStart = offset + match.index;
  const keyword = match[1] as TodoComment['keyword'];
  let bodyStart = match.index + match[0].length;
  if (line[bodyStart] === ':') {
    bodyStart += 1;
  }
  const body = withoutCloser(line.slice(bodyStart).trim()).trim();
  return {
    keywordStart,
    keywordEnd: keywordStart + keyword.length,
    keyword,
    text: titleFrom(body, keyword),
    linked: match[2] !== undefined,
  };
}

// `fix this */` -> `fix this`: one closing token at the end, as the comment syntaxes write it.
function withoutCloser(body: string): string {
  const closer = CLOSERS.find((c) => body.endsWith(c));
  return closer ? body.slice(0, body.length - closer.length) : body;
}

/** Title of the task (title 255 characters: docs/api/README.md#limits); a bare `TODO` gets a generic one. */
function titleFrom(body: string, keyword: string): string {
  const title = body.length > 0 ? body : keyword;
  return [...title].length > MAX_TITLE ? [...title].slice(0, MAX_TITLE - 1).join('') + '…' : title;
}

/**
 * The text inserted right after the keyword to link it: `(ACME-12)`; undefined when `displayId` is
 * not a display id of the grammar (nothing may be written then).
 */
export function todoReferenceInsert(displayId: string): string | undefined {
  return isDisplayId(displayId) ? `(${displayId})` : undefined;
}
