// Task references in comments: display ids with a known prefix (`ACME-12`) and web-app links of the
// configured service (`https://host/t/ACME-12`, format in docs/api/README.md#web-app-links).
// Only prefixes learned from the workspace or set by the user count, so `ABC-123`, dates
// (`2026-08`), versions, colours and UUID fragments never fire a lookup (reference format).
import { isValidPrefix, MAX_DISPLAY_ID_LENGTH } from '../tasks/displayId';
import { parseTaskReference } from '../tasks/links';
import { commentSpans, MAX_COMMENT_LENGTH } from './comments';
import { commentSyntax } from './syntax';

export interface CodeReference {
  /** Offsets into the scanned text. */
  readonly start: number;
  readonly end: number;
  readonly displayId: string;
  readonly form: 'id' | 'url';
}

// The scanner reads display ids of the one grammar (../tasks/displayId.ts).
export { isValidPrefix, prefixOf } from '../tasks/displayId';

// Any display id of the grammar, not glued to a word, a path, a colour (#), a version (.) or
// another dash-group on either side: `ACME-12` yes; `xACME-12`, `#ACME-12`, `ACME-12-4`,
// `ACME-1.2`, `v/ACME-1` no. Bounded quantifiers and fixed look-arounds only: each start position
// costs at most ~30 steps, so a scan is linear in the comment's length whatever it holds. The
// prefix is then looked up in a set (no alternation of every known prefix in the pattern).
const ID_IN_TEXT = /(?<![\w#./-])([A-Za-z][A-Za-z0-9]{0,19})-\d{1,9}(?![\w-]|\.\d)/g;
// A link runs to the first space, quote, bracket or angle; one longer than a URL can sensibly be
// is not a task link (its text is skipped, not scanned twice).
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`)\]]+/g;
const MAX_URL_LENGTH = 2048;
const TRAILING_PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?']);

export class ReferenceMatcher {
  private readonly prefixes: ReadonlySet<string>;

  /**
   * `prefixes` are matched exactly (case included: the service's display ids are upper case, and
   * `face-1234` in a lower-case UUID must stay quiet). `baseUrl` enables task links of that service.
   */
  constructor(
    prefixes: Iterable<string>,
    private readonly baseUrl?: string,
  ) {
    this.prefixes = new Set([...prefixes].filter(isValidPrefix));
  }

  get isEmpty(): boolean {
    return this.prefixes.size === 0 && this.baseUrl === undefined;
  }

  /**
   * References inside the comments of `text` written in `languageId`; none for unknown languages.
   * Only the first MAX_COMMENT_LENGTH characters of a comment are read.
   */
  scan(text: string, languageId: string): CodeReference[] {
    const syntax = commentSyntax(languageId);
    if (!syntax || this.isEmpty) {
      return [];
    }
    return commentSpans(text, syntax).flatMap((span) =>
      this.inComment(text.slice(span.start, Math.min(span.end, span.start + MAX_COMMENT_LENGTH)), span.start),
    );
  }

  /** References in one piece of comment text starting at `offset`. */
  inComment(comment: string, offset = 0): CodeReference[] {
    const urls = this.urls(comment, offset);
    const ids: CodeReference[] = [];
    if (this.prefixes.size > 0) {
      for (const match of comment.matchAll(ID_IN_TEXT)) {
        const start = offset + (match.index ?? 0);
        if (this.prefixes.has(match[1] as string) && !urls.some((u) => start >= u.start && start < u.end)) {
          ids.push({ start, end: start + match[0].length, displayId: match[0], form: 'id' });
        }
      }
    }
    return [...urls, ...ids].sort((a, b) => a.start - b.start);
  }

  private urls(comment: string, offset: number): CodeReference[] {
    if (!this.baseUrl) {
      return [];
    }
    const out: CodeReference[] = [];
    for (const match of comment.matchAll(URL_IN_TEXT)) {
      if (match[0].length > MAX_URL_LENGTH) {
        continue;
      }
      const text = withoutTrailingPunctuation(match[0]);
      const ref = parseTaskReference(text, this.baseUrl);
      if (ref.kind === 'displayId') {
        const start = offset + (match.index ?? 0);
        out.push({ start, end: start + text.length, displayId: ref.displayId, form: 'url' });
      }
    }
    return out;
  }
}

/** `https://x/t/ACME-1.` -> `https://x/t/ACME-1` (a loop: `/[.,;:!?]+$/` backtracks on long runs). */
function withoutTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(text[end - 1] as string)) {
    end -= 1;
  }
  return text.slice(0, end);
}

/**
 * `ACME-` or `ACME-12` right before the cursor (completion), not glued to a longer word: its prefix,
 * its digits and its length. Only the last few characters of the line are read (a `…$` regex over
 * the whole line backtracks on a long word).
 */
export function idBeforeCursor(before: string): { prefix: string; number: string; length: number } | undefined {
  const tail = before.slice(-(MAX_DISPLAY_ID_LENGTH + 1));
  const match = /([A-Za-z][A-Za-z0-9]{0,19})-(\d{0,9})$/.exec(tail);
  if (!match) {
    return undefined;
  }
  const start = before.length - tail.length + match.index;
  return /[A-Za-z0-9_]/.test(before[start - 1] ?? ' ')
    ? undefined
    : { prefix: match[1] as string, number: match[2] as string, length: match[0].length };
}
