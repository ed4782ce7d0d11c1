import type * as http from 'http';
import { finished } from 'node:stream';
import { MAX_JSON_BYTES } from './limits';
import type { HttpResponse } from './transport';

/** Reading response bodies for the transport: text under a size cap (limits.ts), and draining. */

/** A body longer than its reader's cap; toNetworkError turns it into a BadResponseError (not retried). */
export class HttpBodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  readonly code = 'BODY_TOO_LARGE';
  constructor(readonly limit: number) {
    super(`HTTP body larger than ${limit} bytes`);
  }
}

/** Above this, dump() closes the connection instead of reading a body nobody wants (as undici did). */
const DUMP_LIMIT = 128 * 1024;

export function responseOf(res: http.IncomingMessage): HttpResponse {
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    body: res,
    text: (maxBytes = MAX_JSON_BYTES) => readText(res, maxBytes),
    dump: () => dump(res),
  };
}

async function readText(res: http.IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy(); // not a byte read: the connection is closed rather than drained
    throw new HttpBodyTooLargeError(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      res.destroy();
      throw new HttpBodyTooLargeError(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function dump(res: http.IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    res.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DUMP_LIMIT) {
        res.destroy();
      }
    });
    // Settles on end, close or error alike: the caller only wants the connection back.
    finished(res, () => resolve());
    res.resume();
  });
}
