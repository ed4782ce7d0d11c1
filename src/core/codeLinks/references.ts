// Task references in comments: display ids with a known prefix (`ACME-12`) and web-app links of the
// configured service (`https://host/t/ACME-12`, format in test/sandbox/ASSUMPTIONS.md "Task links").
// Only prefixes learned from the workspace or set by the user count, so `ABC-123`, dates
// (`2026-08`), versions, colours and UUID fragments never fire a lookup (issue 9, reference format).
import { parseTaskReference } from '../tasks/links';
import { commentSpans } from './comments';
import { commentSyntax } from './syntax';

export interface CodeReference {
  /** Offsets into the scanned text. */
  readonly start: number;
  readonly end: number;
  readonly displayId: string;
  readonly form: 'id' | 'url';
}

const PREFIX = /^[A-Za-z][A-Za-z0-9_]{0,19}$/;
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`)\]]+/g;

/** A prefix as the scanner accepts it (letters first, then letters, digits, `_`; max 20). */
export function isValidPrefix(prefix: string): boolean {
  return PREFIX.test(prefix);
}

/** The prefix of a display id (`ACME` of `ACME-12`), or undefined. */
export function prefixOf(displayId: string): string | undefined {
  const match = /^([A-Za-z][A-Za-z0-9_]*)-\d+$/.exec(displayId);
  return match?.[1];
}

export class ReferenceMatcher {
  private readonly idPattern: RegExp | undefined;

  /**
   * `prefixes` are matched exactly (case included: the service's display ids are upper case, and
   * `face-1234` in a lower-case UUID must stay quiet). `baseUrl` enables task links of that service.
   */
  constructor(prefixes: Iterable<string>, private readonly baseUrl?: string) {
    const valid = [...new Set([...prefixes].filter(isValidPrefix))].sort((a, b) => b.length - a.length);
    // Not glued to a word, a path, a colour (#), a version (.) or another dash-group on either side:
    // `ACME-12` yes; `xACME-12`, `#ACME-12`, `ACME-12-4`, `ACME-1.2`, `v/ACME-1` no.
    this.idPattern = valid.length > 0 ? new RegExp(`(?<![\\w#./-])(?:${valid.join('|')})-\\d{1,9}(?![\\w-]|\\.\\d)`, 'g') : undefined;
  }

  get isEmpty(): boolean {
    return this.idPattern === undefined && this.baseUrl === undefined;
  }

  /** References inside the comments of `text` written in `languageId`; none for unknown languages. */
  scan(text: string, languageId: string): CodeReference[] {
    const syntax = commentSyntax(languageId);
    if (!syntax || this.isEmpty) {
      return [];
    }
    return commentSpans(text, syntax).flatMap((span) => this.inComment(text.slice(span.start, span.end), span.start));
  }

  /** References in one piece of comment text starting at `offset`. */
  inComment(comment: string, offset = 0): CodeReference[] {
    const urls = this.urls(comment, offset);
    const ids: CodeReference[] = [];
    if (this.idPattern) {
      for (const match of comment.matchAll(this.idPattern)) {
        const start = offset + (match.index ?? 0);
        if (!urls.some((u) => start >= u.start && start < u.end)) {
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
      const text = match[0].replace(/[.,;:!?]+$/, '');
      const ref = parseTaskReference(text, this.baseUrl);
      if (ref.kind === 'displayId') {
        const start = offset + (match.index ?? 0);
        out.push({ start, end: start + text.length, displayId: ref.displayId, form: 'url' });
      }
    }
    return out;
  }
}
