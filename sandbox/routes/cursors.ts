// Opaque cursors (base64url JSON). A cursor that does not decode is a 422.
import { invalid } from '../http';

export function encodeCommentCursor(seq: number): string {
  return Buffer.from(JSON.stringify({ c: seq })).toString('base64url');
}

export function decodeCommentCursor(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { c?: unknown };
    if (typeof parsed.c === 'number' && Number.isInteger(parsed.c)) return parsed.c;
  } catch {
    // fall through
  }
  throw invalid({ cursor: ['The cursor is invalid.'] });
}
