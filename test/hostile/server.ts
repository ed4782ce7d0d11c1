import { createServer, request as forward } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ENDLESS_MODE, endlessAnswer } from './endless';
import type { EndlessState } from './endless';

/**
 * A hostile API server on 127.0.0.1 (a free port): every request is answered badly, the way chosen by
 * the first path segment, so one server serves every mode at once:
 * `http://127.0.0.1:<port>/<mode>/api` is a base URL whose every route answers in that mode.
 *
 * Everything is bounded: the huge body stops at its size, the drip and the hang end when the server
 * closes, and the server closes itself after `lifetimeMs` (its timers never keep a process alive).
 */
export const HOSTILE_MODES = [
  'malformed', // 200, JSON content type, the text cut in the middle
  'wrongTypes', // 200, valid JSON whose documented fields have the wrong types
  'deep', // 200, 100,000 nested arrays
  'huge', // 200, 60 MB streamed without Content-Length
  'hugeDeclared', // 200, Content-Length: 60 MB, streamed
  'hang', // the request is read, headers are never sent
  'drip', // 200 headers, then the body one byte a second, never finished
  'reset', // the connection is reset (TCP RST) before any answer
  'redirectLoop', // 302 to itself
  'retryAfter', // 429 with Retry-After: 999999999
  'storm', // 500, 502, 503, 504 in turn, every time
] as const;

export type HostileMode = (typeof HOSTILE_MODES)[number];

/** Every mode, with the one whose answers are valid but whose operations never end (./endless.ts). */
export type ServerMode = HostileMode | typeof ENDLESS_MODE;

/** What the client says for the modes whose answer does arrive: the same words in every surface. */
export const ANSWER_ERRORS = {
  malformed: /sent malformed JSON/,
  wrongTypes: /unexpected (the response body|field)/,
  deep: /nested deeper than \d+ levels/,
  huge: /larger than 32 MB/,
  hugeDeclared: /larger than 32 MB/,
  redirectLoop: /answered with a redirect \(302\)/,
} satisfies Partial<Record<HostileMode, RegExp>>;

export const HUGE_BYTES = 60 * 1024 * 1024;
export const DEEP_LEVELS = 100_000;

export interface HostileServer {
  readonly origin: string;
  /** A base URL (with its /api prefix) whose every route answers in `mode`. */
  baseUrl(mode: ServerMode): string;
  /** Requests received per mode (how often a client retried). */
  count(mode: ServerMode): number;
  /**
   * `http://127.0.0.1:<port>/live/api`: answers in the mode set here, or passes requests on to
   * `upstream` (an origin, e.g. the sandbox's) while `proxy` is set, so a client signed in through it
   * keeps its base URL while the server turns hostile.
   */
  readonly liveBaseUrl: string;
  setLive(mode: ServerMode | { proxy: string }): void;
  /** The endless mode's index answers a finite space of `lists` lists of one task each (undefined: endless again). */
  setEndlessLists(lists: number | undefined): void;
  /**
   * Resolves once no request passed on to `upstream` is still being answered: after `setLive(mode)`,
   * a client's identical GET can no longer join one that was passed on (and get a good answer).
   */
  passedOn(): Promise<void>;
  close(): Promise<void>;
}

export interface HostileOptions {
  /** The server closes itself after this long, whatever the tests do; default 10 minutes. */
  lifetimeMs?: number;
}

export async function startHostileServer(options: HostileOptions = {}): Promise<HostileServer> {
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let live: ServerMode | { proxy: string } = 'hang';
  const endless: EndlessState = { answers: 0 };
  let passing = 0;

  const later = (ms: number, fn: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const server: Server = createServer((req, res) => {
    let mode = (req.url ?? '/').split('/')[1] ?? '';
    if (mode === 'live') {
      if (typeof live === 'object') {
        pass(req, res, live.proxy);
        return;
      }
      mode = live;
    }
    counts.set(mode, (counts.get(mode) ?? 0) + 1);
    // Uploads and JSON bodies are read and dropped, so every mode is reached with the request complete.
    req.resume();
    req.once('end', () => answer(mode, req, res));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  function answer(mode: string, req: IncomingMessage, res: ServerResponse): void {
    const json = { 'content-type': 'application/json' };
    if (mode === ENDLESS_MODE) {
      const body = endlessAnswer(req, endless);
      res.writeHead(body === undefined ? 404 : 200, json).end(JSON.stringify(body ?? { message: 'Not found.' }));
      return;
    }
    switch (mode as HostileMode) {
      case 'malformed':
        res.writeHead(200, json).end('{"data": [{"id": "0b7c", "title": "cut here');
        return;
      case 'wrongTypes':
        // An array where objects belong, numbers where strings belong: every documented shape fails.
        res
          .writeHead(200, json)
          .end(JSON.stringify([{ id: 42, data: 42, title: { x: 1 }, name: [], tasks: 7, blocked_by: 'x' }]));
        return;
      case 'deep':
        res.writeHead(200, json).end(`${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}`);
        return;
      case 'huge':
        res.writeHead(200, json);
        stream(res, HUGE_BYTES);
        return;
      case 'hugeDeclared':
        res.writeHead(200, { ...json, 'content-length': String(HUGE_BYTES) });
        stream(res, HUGE_BYTES);
        return;
      case 'hang':
        return; // the socket stays open until the client gives up or the server closes
      case 'drip':
        res.writeHead(200, json);
        res.write('{"data": "');
        drip(res);
        return;
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'redirectLoop':
        res.writeHead(302, { location: req.url ?? '/', 'content-length': '0' }).end();
        return;
      case 'retryAfter':
        res.writeHead(429, { ...json, 'retry-after': '999999999' }).end('{"message": "Too Many Attempts."}');
        return;
      case 'storm': {
        const status = [500, 502, 503, 504][(counts.get(mode) ?? 0) % 4] as number;
        res.writeHead(status, json).end('{"message": "Server Error"}');
        return;
      }
      default:
        res.writeHead(404, json).end('{"message": "unknown hostile mode"}');
    }
  }

  /** Passes the request on to `upstream`, without the `/live` segment. */
  function pass(req: IncomingMessage, res: ServerResponse, upstream: string): void {
    passing += 1;
    res.once('close', () => (passing -= 1));
    const target = new URL((req.url ?? '/').replace(/^\/live/, ''), upstream);
    const out = forward(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  }

  /** `total` bytes of a JSON string array, with back-pressure; stops when the client goes away. */
  function stream(res: ServerResponse, total: number): void {
    const chunk = Buffer.from(`"${'x'.repeat(64 * 1024 - 4)}",`);
    let sent = 0;
    res.write('[');
    sent++;
    const pump = (): void => {
      while (!res.destroyed && sent + chunk.length < total - 3) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) {
        res.end(`${'"'.padEnd(total - sent - 2, 'x')}"]`);
      }
    };
    pump();
  }

  /** One byte a second until the client or the server closes. */
  function drip(res: ServerResponse): void {
    const tick = (): void => {
      if (closed || res.destroyed) {
        return;
      }
      res.write('x');
      later(1000, tick);
    };
    later(1000, tick);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const close = async (): Promise<void> => {
    if (closed) {
      return;
    }
    closed = true;
    timers.forEach((timer) => clearTimeout(timer));
    timers.clear();
    sockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  later(options.lifetimeMs ?? 10 * 60_000, () => void close());
  server.unref();

  return {
    origin,
    baseUrl: (mode) => `${origin}/${mode}/api`,
    count: (mode) => counts.get(mode) ?? 0,
    liveBaseUrl: `${origin}/live/api`,
    setLive: (mode) => {
      live = mode;
    },
    setEndlessLists: (lists) => {
      endless.lists = lists;
    },
    passedOn: async () => {
      const deadline = Date.now() + 10_000;
      while (passing > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close,
  };
}
