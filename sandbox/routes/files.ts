// Signed, short-lived file URLs (Attachment: "short-lived signed URLs"). The
// /files/<id> route needs no bearer token; the HMAC and expiry are the credential.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { App } from '../app';
import type { Reply } from '../http';

/** Lifetime of signed URLs (docs/api/openapi.yaml#downloadTaskAttachment). */
export const SIGNED_URL_TTL_MS = 5 * 60 * 1000;

function signature(app: App, id: string, expires: number, disposition: string): string {
  return createHmac('sha256', app.secret).update(`${id}:${expires}:${disposition}`).digest('hex');
}

export function signedUrl(app: App, attachmentId: string, inline: boolean): string {
  const expires = Math.floor((app.clock.now() + SIGNED_URL_TTL_MS) / 1000);
  const disposition = inline ? 'inline' : 'attachment';
  const sig = signature(app, attachmentId, expires, disposition);
  return `${app.config.filesOrigin ?? app.origin}/files/${attachmentId}?expires=${expires}&disposition=${disposition}&sig=${sig}`;
}

export function fileReply(bytes: Buffer, mime: string, name: string, inline: boolean): Reply {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return {
    status: 200,
    raw: bytes,
    headers: {
      'Content-Type': mime,
      'Content-Length': String(bytes.length),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=0',
    },
  };
}

export function serveFile(app: App, id: string, query: URLSearchParams, method: string): Reply {
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, body: { message: 'Method not allowed.' } };
  if (app.config.filesRedirect !== null)
    return { status: 302, headers: { Location: app.config.filesRedirect }, body: { message: 'Moved.' } };
  const expires = Number(query.get('expires'));
  const disposition = query.get('disposition') ?? 'attachment';
  const sig = query.get('sig') ?? '';
  const expected = signature(app, id, expires, disposition);
  const valid =
    /^[0-9a-f]{64}$/.test(sig) &&
    Number.isInteger(expires) &&
    timingSafeEqual(Buffer.from(sig, 'hex'), Buffer.from(expected, 'hex'));
  if (!valid) return { status: 403, body: { message: 'Invalid signature.' } };
  if (expires * 1000 < app.clock.now()) return { status: 403, body: { message: 'This link has expired.' } };
  const att = app.store.attachments.get(id);
  if (!att) return { status: 404, body: { message: 'Not found.' } };
  return fileReply(att.bytes, att.mime_type, att.file_name, disposition === 'inline');
}
