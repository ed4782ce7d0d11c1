/**
 * Text written by someone else (the service, another member, a link, the workspace) may be shown,
 * never obeyed. VS Code renders `[text](command:…)` as a live link in notifications, prompts and
 * validation messages, `$(name)` as an icon in labels and the status bar, and Markdown (links,
 * autolinks, HTML) in hovers and tooltips. These functions turn such text into plain text that
 * reads the same, in time linear in its length (README, "Security and privacy").
 */

/** The longest text shown by default; a longer one is cut with an ellipsis. */
export const MAX_SHOWN = 1000;

// C0/C1 controls: newline and tab become a space.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g;

// Characters that are invisible or reorder what is shown: every format character (bidi embeddings,
// overrides and isolates, zero-width, the "tag" block used to smuggle instructions) and every code
// point Unicode says to render as nothing (variation selectors, Hangul fillers, the combining
// grapheme joiner...): the whole class, not a list.
const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

// A zero-width space between `$` and `(`, or between `]` and `(`, keeps the text as it reads but
// stops VS Code from seeing an icon or a link there. It is the only invisible character kept, and
// only in these two places.
const BREAK = '\u200b';

/**
 * Plain text for any VS Code surface that is not Markdown: notifications, modal dialogs, input-box
 * prompts and validation messages, progress titles, QuickPick labels, descriptions and details,
 * status bar text, tree labels and descriptions. One line, at most `max` characters.
 */
export function inert(text: string, max = MAX_SHOWN): string {
  return capped(broken(oneLine(visible(String(text).slice(0, max * 4)))), max);
}

/** Like `inert`, but keeps line breaks (for a modal dialog's detail or a multi-line preview). */
export function inertLines(text: string, max = MAX_SHOWN): string {
  const lines = visible(
    String(text)
      .slice(0, max * 4)
      .replace(/\r\n?/g, '\n'),
  ).split('\n');
  return capped(broken(lines.map((line) => oneLine(line)).join('\n')), max);
}

/**
 * Markdown source that renders as exactly the given text, for `MarkdownString.appendMarkdown` in
 * hovers and tooltips: every ASCII punctuation character is escaped (so no emphasis, link, image,
 * HTML, entity or code), `:`, `@` and `.` too (so no autolink of `https://…`, `www.…` or an e-mail
 * address), `$(` is broken (no icon). Line breaks are kept as hard breaks.
 */
export function inertMarkdown(text: string, max = MAX_SHOWN): string {
  return inertLines(text, max)
    .replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)
    .replace(/\n/g, '  \n');
}

function broken(text: string): string {
  return text.replace(/\$\(/g, `$${BREAK}(`).replace(/\]\(/g, `]${BREAK}(`);
}

function visible(text: string): string {
  return text.replace(IGNORABLE, '');
}

function oneLine(text: string): string {
  return text.replace(CONTROLS, ' ');
}

/** Cuts at `max` code points (never inside a surrogate pair), marking the cut with an ellipsis. */
function capped(text: string, max: number): string {
  if (text.length <= max) {
    return text;
  }
  const points = Array.from(text.slice(0, (max + 1) * 2));
  // A cut right after `$` or `]` would leave the zero-width break alone before the ellipsis.
  return points.length <= max
    ? points.join('')
    : `${points
        .slice(0, max - 1)
        .join('')
        .replace(/\u200b$/, '')}…`;
}

/**
 * The text with its invisible and reordering characters removed (IGNORABLE) and
 * control characters other than line breaks and tabs made spaces; `\r\n`, `\r` and the Unicode line
 * and paragraph separators become `\n`. Nothing else changes and nothing is cut: for data handed to
 * a model or a preview, whose size the caller bounds.
 */
export function visibleText(text: string): string {
  return visible(String(text).replace(/\r\n?|[\u2028\u2029]/g, '\n')).replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]+/g,
    ' ',
  );
}
