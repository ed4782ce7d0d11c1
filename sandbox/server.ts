// Entry point for tests: startSandbox() (sandbox/README.md#programmatic-api).
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App, SeedName } from './app';
import { handleControls } from './controls';
import { createApp, resetApp } from './lifecycle';
import { handleApi, send } from './pipeline';
import type { Reply } from './http';
import type { Router } from './router';
import { serveFile } from './routes/files';
import { buildRouter } from './routes/index';
import { WORLD_TOKENS, worldOf } from './worlds';
import type { WorldName, WorldToken } from './worlds';

export type { SeedName } from './app';
export type { WorldName, WorldToken } from './worlds';
export { WORLD_TOKENS, worldOf } from './worlds';

export interface SandboxOptions {
  port?: number;
  seed?: SeedName;
  rateLimit?: number;
  rateWindowMs?: number;
  retryAfterHeader?: boolean;
  maxUploadBytes?: number;
  quiet?: boolean;
}

export interface Sandbox {
  readonly origin: string;
  readonly baseUrl: string;
  readonly port: number;
  /** The world it serves for its whole life (`other` for the seed `other`, else `demo`). */
  readonly world: WorldName;
  /** That world's sign-in tokens (sandbox/README.md#worlds). */
  readonly tokens: readonly WorldToken[];
  /** Throws for a seed of another world. */
  reset(seed?: SeedName): void;
  stop(): Promise<void>;
}

async function dispatch(app: App, router: Router, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) {
    await handleApi(app, router, req, res, path.slice(4) || '/', url.searchParams);
  } else if (path.startsWith('/__sandbox/')) {
    await handleControls(app, req, res, path.slice('/__sandbox'.length), url.searchParams);
  } else if (path.startsWith('/t/')) {
    send(res, taskPage(path.slice('/t/'.length), req.method ?? 'GET'));
  } else if (path.startsWith('/files/')) {
    send(res, serveFile(app, path.slice('/files/'.length), url.searchParams, req.method ?? 'GET'));
  } else {
    send(res, { status: 404, body: { message: 'Not found.' } });
  }
}

/**
 * The web-app page of a task (docs/api/README.md#web-app-links): a stand-in that names the task id only.
 * Like a real web app without a browser session it shows nothing of the task; ids are restricted to
 * display-id / UUID characters, so nothing the caller sends is echoed as markup.
 */
function taskPage(id: string, method: string): Reply {
  if (method !== 'GET' && method !== 'HEAD') {
    return {
      status: 405,
      body: { message: `The ${method} method is not supported for this route.` },
      headers: { Allow: 'GET, HEAD' },
    };
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(id)) {
    return { status: 404, body: { message: 'Not found.' } };
  }
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${id} - Task Platform</title></head>` +
    `<body><h1>${id}</h1><p>Task Platform web app (sandbox stand-in). Sign in to see this task.</p></body></html>`;
  return { status: 200, raw: Buffer.from(html), headers: { 'Content-Type': 'text/html; charset=utf-8' } };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const app = createApp(options);
  const router = buildRouter();
  const server = createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
    req.on('error', () => undefined);
    dispatch(app, router, req, res).catch((err: unknown) => {
      if (!app.quiet && !req.destroyed) console.error('[sandbox] dispatch error:', err);
      try {
        if (!res.headersSent && !res.destroyed) send(res, { status: 500, body: { message: 'Server Error.' } });
        else res.destroy();
      } catch {
        res.destroy();
      }
    });
  });
  // Malformed HTTP or oversized headers still get a JSON answer when the socket allows it.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify({ message: tooLarge ? 'Request header fields too large.' : 'Bad request.' });
    if (!socket.writable) return void socket.destroy();
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  const port = await listen(server, options.port ?? 0);
  app.origin = `http://127.0.0.1:${port}`;
  return {
    origin: app.origin,
    baseUrl: `${app.origin}/api`,
    port,
    world: worldOf(app.seed),
    tokens: WORLD_TOKENS[worldOf(app.seed)],
    reset: (seed?: SeedName): void => resetApp(app, seed),
    stop: (): Promise<void> =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
