// Idempotency-Key handling (docs/api/README.md#idempotency): in flight -> stored for 24 h; failures release the key.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Reply } from './http';
import { boundaryOf, parseMultipart } from './multipart';

const LIFETIME_MS = 24 * 60 * 60 * 1000;

interface Entry {
  fingerprint: string;
  inFlight: boolean;
  reply?: Reply;
  storedAt: number;
}

export type Begin = { kind: 'new' } | { kind: 'replay'; reply: Reply } | { kind: 'in_flight' } | { kind: 'mismatch' };

export class Idempotency {
  private readonly entries = new Map<string, Entry>();

  begin(token: string, key: string, fingerprint: string, now: number): Begin {
    const id = `${token}\u0000${key}`;
    const entry = this.entries.get(id);
    if (entry && !entry.inFlight && now - entry.storedAt >= LIFETIME_MS) this.entries.delete(id);
    const live = this.entries.get(id);
    if (!live) {
      this.entries.set(id, { fingerprint, inFlight: true, storedAt: now });
      return { kind: 'new' };
    }
    if (live.inFlight) return { kind: 'in_flight' };
    if (live.fingerprint !== fingerprint) return { kind: 'mismatch' };
    return { kind: 'replay', reply: live.reply as Reply };
  }

  /** Stores a 2xx reply; any other status releases the key at once (docs/api/README.md#errors). */
  finish(token: string, key: string, reply: Reply, now: number): void {
    const id = `${token}\u0000${key}`;
    const entry = this.entries.get(id);
    if (!entry) return;
    if (reply.status >= 200 && reply.status < 300) {
      entry.inFlight = false;
      entry.reply = reply;
      entry.storedAt = now;
    } else {
      this.entries.delete(id);
    }
  }

  release(token: string, key: string): void {
    this.entries.delete(`${token}\u0000${key}`);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Same request = same method, path and canonical body (multipart: fields + file hash). */
export function fingerprint(method: string, path: string, headers: IncomingHttpHeaders, raw: Buffer): string {
  return `${method} ${path} ${canonicalBody(headers, raw)}`;
}

function canonicalBody(headers: IncomingHttpHeaders, raw: Buffer): string {
  const boundary = boundaryOf(headers['content-type']);
  if (boundary) {
    try {
      const form = parseMultipart(raw, boundary);
      const files = form.files.map((f) => ({
        field: f.field,
        name: f.filename,
        sha256: createHash('sha256').update(f.data).digest('hex'),
      }));
      return canonicalJson({ fields: form.fields, files });
    } catch {
      return `raw:${createHash('sha256').update(raw).digest('hex')}`;
    }
  }
  if (raw.length === 0) return canonicalJson({});
  try {
    return canonicalJson(JSON.parse(raw.toString('utf8')));
  } catch {
    return `raw:${createHash('sha256').update(raw).digest('hex')}`;
  }
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
