import { inertMarkdown } from './inert';

/** Characters left as they are in a link target: the unreserved and reserved ones of RFC 3986, and `%`. */
const UNSAFE_IN_TARGET = /[^A-Za-z0-9\-._~:/?#@!$&*+,;=%]/gu;

/**
 * `[label](target)` for Markdown the extension writes where others render it (a task's description,
 * shown by the web app and the panel). The label is outside text (a workspace path): inert, so it
 * cannot close the link, open another, or carry markup. The target is the extension's own URI; every
 * character that could end it, start a title, or hide in it is percent-encoded.
 */
export function markdownLink(label: string, target: string): string {
  return `[${inertMarkdown(label)}](${linkTarget(target)})`;
}

/**
 * A URI as a Markdown link destination: spaces, controls, quotes, brackets, parentheses, backslashes
 * and every non-ASCII character percent-encoded (UTF-8); `%xx` escapes already there are kept.
 */
export function linkTarget(uri: string): string {
  return uri.replace(UNSAFE_IN_TARGET, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: the replacement character
    }
  });
}
