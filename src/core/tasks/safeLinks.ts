import { describeHost } from '../util/hosts';

/**
 * Links found in user text (markdown descriptions and comments, url fields) are opened only when they
 * are http(s) with a host or mailto (Security). Everything else, `javascript:`, `data:`,
 * `vbscript:`, `file:`, `command:` included, is refused. Pure: used by the webview's renderer and
 * again by the host before it opens anything (the webview is not trusted). The host then asks before
 * opening a link to this machine, a private network, an IP address or a punycode name (linkOpener.ts).
 */
export function safeLink(raw: string): string | undefined {
  const text = raw.trim();
  if (text === '' || text.length > 4096 || /[\u0000-\u001f\u007f]/.test(text)) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  ) {
    return url.href;
  }
  return url.protocol === 'mailto:' ? safeMailto(url) : undefined;
}

/**
 * Why a link that passed `safeLink` should be confirmed before it opens, or undefined for an ordinary
 * web or mail link:
 * - `loopback` / `private`: it reaches this machine or the user's network (a router page, a local dev
 *   server, a cloud metadata address) from text anyone in the workspace can write;
 * - `ip`: a raw public address says nothing about who runs it (a common phishing form);
 * - `idn`: a punycode (`xn--`) name can look exactly like a known site once the browser shows it in
 *   its own script (homographs), so the user sees the real, punycode name first.
 */
export type LinkCaution = 'loopback' | 'private' | 'ip' | 'idn';

export function linkCaution(href: string): LinkCaution | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return undefined;
  }
  const host = describeHost(url.hostname);
  if (host.kind !== 'public') {
    return host.kind;
  }
  return host.ip ? 'ip' : host.idn ? 'idn' : undefined;
}

/** One plain address: no list, no `?`/`&`/`%` that could start header fields, no spaces or quotes. */
const MAIL_ADDRESS = /^[A-Za-z0-9.!$'*+=^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/;
/** Header fields a mailto link keeps: text the user reads in the draft before sending. */
const MAIL_FIELDS = ['subject', 'body'];

/**
 * A mailto link with one recipient and at most a subject and a body (RFC 6068). Every other field is
 * dropped: `attach`/`attachment` would attach a local file in some mail programs, `cc`/`bcc`/`to`
 * would add recipients the user does not see in the link, `from`, `reply-to` and the like change who
 * the mail seems to come from. Subject and body stay: they show in the draft, which the user sends.
 */
function safeMailto(url: URL): string | undefined {
  let address: string;
  try {
    address = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (!MAIL_ADDRESS.test(address) || /(^|\.)-|-(\.|$)/.test(address.slice(address.indexOf('@') + 1))) {
    return undefined;
  }
  const kept = new Map<string, string>();
  for (const field of url.search.replace(/^\?/, '').split('&')) {
    const equals = field.indexOf('=');
    const [name, value] = equals < 0 ? [field, ''] : [field.slice(0, equals), field.slice(equals + 1)];
    try {
      const key = decodeURIComponent(name).trim().toLowerCase();
      if (MAIL_FIELDS.includes(key) && !kept.has(key)) {
        kept.set(key, encodeURIComponent(decodeURIComponent(value)));
      }
    } catch {
      return undefined; // a broken escape: the link is not what it seems
    }
  }
  const query = MAIL_FIELDS.filter((f) => kept.has(f))
    .map((f) => `${f}=${kept.get(f)}`)
    .join('&');
  return `mailto:${address}${query === '' ? '' : `?${query}`}`;
}

/**
 * Images in markdown: only inline `data:image/(png|gif|jpeg|webp)` (never SVG, which can script).
 * Remote images are not loaded: a picture from another server tells it who read the task and when
 * (tracking pixel); the renderer shows them as links instead.
 */
export function safeImageSource(raw: string): string | undefined {
  const text = raw.trim();
  return /^data:image\/(png|gif|jpeg|webp);base64,[a-z0-9+/=]+$/i.test(text) ? text : undefined;
}
