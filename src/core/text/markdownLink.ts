import { inert, inertMarkdown } from './inert';

/**
 * Characters left as they are in a link target: RFC 3986's unreserved and reserved ones but `'()[]`
 * and `&` (Markdown decodes entities there), and `%`.
 */
const UNSAFE_IN_TARGET = /[^A-Za-z0-9\-._~:/?#@!$*+,;=%]+/gu;
/** What `encodeURIComponent` leaves that must not stay: `'`, `(` and `)`. */
const LEFT_BY_ENCODER = /['()]/g;
const LONE_SURROGATE = /[\ud800-\udfff]/gu;

/**
 * `[label](target)` for Markdown the extension writes where others render it (a task's description,
 * shown by the web app and the panel). The label is outside text (a workspace path): inert and on
 * one line, so it cannot close the link, open another, or carry markup. The target is the
 * extension's own URI; every character that could end it, start a title, or hide in it is
 * percent-encoded.
 */
export function markdownLink(label: string, target: string): string {
  return `[${inertMarkdown(inert(label))}](${linkTarget(target)})`;
}

/**
 * A URI as a Markdown link destination: spaces, controls, quotes, brackets, parentheses, backslashes,
 * `&` and every non-ASCII character percent-encoded (UTF-8); `%xx` escapes already there are kept.
 */
export function linkTarget(uri: string): string {
  return uri.replace(UNSAFE_IN_TARGET, (run) =>
    // A lone surrogate (which encodeURIComponent refuses) becomes the replacement character.
    encodeURIComponent(run.replace(LONE_SURROGATE, '\ufffd')).replace(
      LEFT_BY_ENCODER,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    ),
  );
}
