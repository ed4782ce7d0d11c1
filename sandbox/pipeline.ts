// The /api request pipeline: log -> faults -> body -> auth -> rate limit ->
// route -> idempotency -> handler. Every failure is a JSON `message`, never a crash.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App } from './app';
import { HttpError, errorBody } from './http';
import type { Ctx, Reply } from './http';
import { fingerprint } from './idempotency';
import { boundaryOf } from './multipart';
import type { LogEntry } from './requestLog';
import type { Router } from './router';
import { purgeExpired } from './routes/trash';
import type { User } from './types';

const JSON_BODY_LIMIT = 10 * 1024 * 1024;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface BodyRead {
  raw: Buffer;
  tooLarge: boolean;
}

/** How fast a stalled body (stall_body) is still read: 50 MB would take a quarter of an hour. */
const STALL_TRICKLE_BYTES_PER_SECOND = 64 * 1024;

/**
 * Buffers the body up to `limit`; beyond it the rest is drained and dropped. With `bytesPerSecond`
 * (a slow_body fault) it reads no faster than that, so the client's socket fills and waits. With
 * `stallAfter` (a stall_body fault) it all but stops reading after that many bytes, so the upload
 * waits for the client to hang up and "cancel mid-upload" does not race it.
 */
export function readBody(req: IncomingMessage, limit: number, bytesPerSecond = 0, stallAfter = 0): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      // Stalled: a trickle rather than a full stop, because a socket that is not read never notices
      // that the client hung up (its FIN waits behind the unread bytes), and the log must say so.
      const rate = stallAfter > 0 && size >= stallAfter ? STALL_TRICKLE_BYTES_PER_SECOND : bytesPerSecond;
      if (rate > 0) {
        req.pause();
        setTimeout(() => req.resume(), (chunk.length * 1000) / rate);
      }
    });
    let ended = false;
    req.on('end', () => {
      ended = true;
      resolve({ raw: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge });
    });
    req.on('error', reject);
    // A client that hangs up mid-body never sends 'end'; settle instead of leaking.
    req.on('close', () => {
      if (!ended) reject(new Error('client closed the connection before the body ended'));
    });
  });
}

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match ? (match[1] as string).trim() : null;
}

export async function handleApi(
  app: App,
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<void> {
  const arrived = performance.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const token = bearer(req.headers.authorization);
  const user = token ? app.store.userByToken.get(token) : undefined;
  const key = headerValue(req.headers['idempotency-key']);
  const entry = app.log.start({
    method,
    path: `/api${path}`,
    query: Object.fromEntries(query),
    user_id: user?.id ?? null,
    token_label: token === null ? 'none' : (user?.label ?? 'unknown'),
    idempotency_key: key,
    at: app.clock.iso(),
    at_ms: Date.now(),
  });
  const plan = app.faults.plan(method, `/api${path}`, query);
  if (plan.action === 'reset_before') {
    entry.status = 0;
    req.socket.destroy();
    return;
  }
  const limit = boundaryOf(req.headers['content-type']) ? app.config.maxUploadBytes + 1024 * 1024 : JSON_BODY_LIMIT;
  let body: BodyRead;
  try {
    body = await readBody(req, limit, plan.bodyBytesPerSecond, plan.bodyStallAfter);
  } catch {
    entry.status = 0; // the client hung up before sending its body
    return;
  }
  const input: RunInput = { req, method, path, query, token, user, key, body, entry, latencyMs: plan.latencyMs };
  let reply: Reply;
  if (plan.action === 'status500') reply = { status: 500, body: { message: 'Server Error (injected fault).' } };
  else if (plan.action === 'status429') reply = tooMany(app, 1);
  else reply = await authorizeAndRun(app, router, input);
  // Latency not spent inside a handler (401, 429, 404, injected statuses) is spent here.
  if (input.latencyMs > 0) await new Promise((r) => setTimeout(r, input.latencyMs));
  entry.status = reply.status;
  // One line per request on stderr; stdout carries only the READY line (sandbox/README.md#programmatic-api).
  if (!app.quiet)
    process.stderr.write(
      `${method} /api${path} ${reply.status} ${entry.token_label}${entry.replay ? ' replay' : ''}\n`,
    );
  if (plan.action === 'reset_after') {
    entry.status = 0;
    req.socket.destroy();
    return;
  }
  send(res, reply, plan.action === 'malformed_json');
  entry.duration_ms = Math.round((performance.now() - arrived) * 100) / 100;
}

interface RunInput {
  req: IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  token: string | null;
  user: User | undefined;
  key: string | null;
  body: BodyRead;
  entry: LogEntry;
  /** Injected latency, spent while the request is "running" (its idempotency key in flight). */
  latencyMs: number;
}

async function authorizeAndRun(app: App, router: Router, input: RunInput): Promise<Reply> {
  const { token, user } = input;
  if (!token || !user) return { status: 401, body: { message: 'Unauthenticated.' } };
  const decision =
    app.config.rateLimit > 0
      ? app.limiter.check(token, app.config.rateLimit, app.config.rateWindowMs, Date.now())
      : { allowed: true as const, remaining: -1 };
  if (!decision.allowed) return tooMany(app, decision.retryAfterSec);
  purgeExpired(app);
  const match = router.match(input.method, input.path);
  if (match.kind === 'none' || match.kind === 'bad_param') return { status: 404, body: { message: 'Not found.' } };
  if (match.kind === 'method_not_allowed') {
    return {
      status: 405,
      body: { message: `The ${input.method} method is not supported for this route.` },
      headers: { Allow: match.allow.join(', ') },
    };
  }
  // parent_ids is a list by nature: repeats are joined by the children route instead.
  const repeated = [
    ...new Set([...input.query.keys()].filter((k, i, all) => k !== 'parent_ids' && all.indexOf(k) !== i)),
  ];
  if (repeated.length > 0) return repeatedParams(repeated);
  const ctx: Ctx = {
    app,
    method: input.method,
    path: input.path,
    query: input.query,
    params: match.params,
    user,
    headers: input.req.headers,
    raw: input.body.raw,
    tooLarge: input.body.tooLarge,
  };
  const run = async (): Promise<Reply> => {
    const delay = input.latencyMs;
    input.latencyMs = 0;
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    return match.handler(ctx);
  };
  if (!WRITE_METHODS.has(input.method) || input.key === null) return runHandler(app, run);
  return runIdempotent(app, ctx, token, input.key, input.entry, run);
}

async function runIdempotent(
  app: App,
  ctx: Ctx,
  token: string,
  key: string,
  entry: LogEntry,
  run: () => Reply | Promise<Reply>,
): Promise<Reply> {
  if (key.length === 0 || key.length > 255) {
    return {
      status: 422,
      body: {
        message: 'The Idempotency-Key header must be 1 to 255 characters.',
        errors: { 'Idempotency-Key': ['The Idempotency-Key header must be 1 to 255 characters.'] },
      },
    };
  }
  const print = fingerprint(ctx.method, ctx.path, ctx.headers, ctx.raw);
  const begin = app.idempotency.begin(token, key, print, app.clock.now());
  if (begin.kind === 'in_flight') {
    return { status: 409, body: { message: 'A request with this Idempotency-Key is still in progress.' } };
  }
  if (begin.kind === 'mismatch') {
    const msg = 'This Idempotency-Key was already used with a different request.';
    return { status: 422, body: { message: msg, errors: { 'Idempotency-Key': [msg] } } };
  }
  if (begin.kind === 'replay') {
    entry.replay = true;
    return { ...begin.reply, headers: { ...(begin.reply.headers ?? {}), 'Idempotent-Replay': 'true' } };
  }
  const reply = await runHandler(app, run);
  // Snapshot the body so a later mutation of shared objects cannot alter replays.
  const stored: Reply = reply.body === undefined ? reply : { ...reply, body: JSON.parse(JSON.stringify(reply.body)) };
  app.idempotency.finish(token, key, stored, app.clock.now());
  return reply;
}

async function runHandler(app: App, run: () => Reply | Promise<Reply>): Promise<Reply> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError) {
      return { status: err.status, body: errorBody(err), ...(err.headers ? { headers: err.headers } : {}) };
    }
    if (!app.quiet) console.error('[sandbox] handler error:', err);
    return { status: 500, body: { message: 'Server Error.' } };
  }
}

/** A query parameter given twice is ambiguous; refuse it (docs/api/README.md#conventions). */
function repeatedParams(names: string[]): Reply {
  const errors = Object.fromEntries(names.map((n) => [n, [`The ${n} parameter must not be repeated.`]]));
  return { status: 422, body: { message: `The ${names[0]} parameter must not be repeated.`, errors } };
}

function tooMany(app: App, retryAfterSec: number): Reply {
  // docs/api/README.md#errors: body and header not shown; JSON message + Retry-After (switchable).
  const headers: Record<string, string> = app.config.retryAfterHeader ? { 'Retry-After': String(retryAfterSec) } : {};
  return { status: 429, body: { message: 'Too Many Attempts.' }, headers };
}

export function send(res: ServerResponse, reply: Reply, malformed = false): void {
  const headers: Record<string, string> = { ...(reply.headers ?? {}) };
  if (reply.raw) {
    res.writeHead(reply.status, headers);
    res.end(reply.raw);
    return;
  }
  if (reply.status === 204 || reply.body === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  let text = JSON.stringify(reply.body);
  if (malformed) text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  headers['Content-Type'] = 'application/json; charset=utf-8';
  res.writeHead(reply.status, headers);
  res.end(text);
}

function headerValue(value: string | string[] | undefined): string | null {
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}
