/**
 * Links found in user text (markdown descriptions and comments, url fields) are opened only when they
 * are http(s) with a host or mailto (issue 6, Security). Everything else, `javascript:`, `data:`,
 * `vbscript:`, `file:`, `command:` included, is refused. Pure: used by the webview's renderer and
 * again by the host before it opens anything (the webview is not trusted).
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
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '') {
    return url.href;
  }
  if (url.protocol === 'mailto:' && /^[^\s@/]+@[^\s@/]+$/.test(decodeURIComponent(url.pathname))) {
    return url.href;
  }
  return undefined;
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
