// `http` / `https`, not `node:http`: VS Code's extension host patches these modules for proxy support
// and system certificates, and older hosts do it only for the bare names a module asks for.
import * as http from 'http';
import * as https from 'https';
import { finished, pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import { AbortError } from '../util/abort';
import { envProxyFor, TunnelAgent, UnsupportedProxyError } from './envProxy';
import { BadResponseError, isCertificateCode, limitError, NetworkError } from './errors';
import { HttpBodyTooLargeError, responseOf } from './body';

/**
 * THE network seam (one seam for the network). Everything the client sends goes through an
 * HttpTransport; the default one is Node's own `http`/`https` `request`, which never follows
 * redirects (a 302 to a signed URL is followed by hand, without the token: see download.ts).
 *
 * Why node:http(s) and not undici or the global fetch: VS Code's extension host patches Node's
 * http/https modules (`http.proxy`, `http.proxySupport`, `http.systemCertificates`), so users behind
 * a proxy or a corporate CA with self-signed certificates reach the service without any setting of
 * ours. A bundled undici bypassed that patch (and weighed half a megabyte).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** A string, or a stream consumed once (uploads). */
  body?: string | Readable;
  signal?: AbortSignal;
  /** Headers timeout (from the last byte sent to the whole head) and idle timeout of both bodies. */
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
  /**
   * The whole body as text, read as a stream and refused (HttpBodyTooLargeError) as soon as it passes
   * `maxBytes` (default MAX_JSON_BYTES, limits.ts), or before reading when Content-Length says so.
   */
  text(maxBytes?: number): Promise<string>;
  /** Reads and discards the rest of the body so the connection can be reused. */
  dump(): Promise<void>;
}

export interface HttpTransport {
  send(request: HttpRequest): Promise<HttpResponse>;
}

export interface NodeHttpTransportOptions {
  /** Until the connection is open (TCP, and TLS when already part of it); default 15 s. */
  connectTimeoutMs?: number;
  /** How long an idle connection stays in the pool; default 4 s, below the usual 5 s of servers. */
  keepAliveMs?: number;
  /**
   * Read HTTPS_PROXY / NO_PROXY from this environment (envProxy.ts). For processes VS Code does not
   * patch (the MCP server); the extension leaves it unset, VS Code's own proxy support applies.
   */
  proxyEnv?: NodeJS.ProcessEnv;
}

/** Timeouts fail with this error; `code` says which phase (toNetworkError reports `timeout: true`). */
export class HttpTimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(readonly code: 'CONNECT_TIMEOUT' | 'HEADERS_TIMEOUT' | 'BODY_TIMEOUT') {
    super(`HTTP ${code.toLowerCase().replace('_', ' ')}`);
  }
}

export class NodeHttpTransport implements HttpTransport {
  private readonly http: http.Agent;
  private readonly https: https.Agent;
  private readonly connectTimeoutMs: number;
  private readonly tunnels = new Map<string, TunnelAgent>();

  constructor(private readonly options: NodeHttpTransportOptions = {}) {
    // One keep-alive pool per transport (per client). The agent's `timeout` closes idle pooled
    // sockets only: every phase of a request has its own deadline below.
    this.http = new http.Agent(this.pool());
    this.https = new https.Agent(this.pool());
    this.connectTimeoutMs = options.connectTimeoutMs ?? 15_000;
  }

  send(req: HttpRequest): Promise<HttpResponse> {
    if (req.signal?.aborted) {
      return Promise.reject(new AbortError());
    }
    const url = new URL(req.url);
    const secure = url.protocol === 'https:';
    let agent: http.Agent;
    try {
      agent = secure ? this.httpsAgent(url) : this.http;
    } catch (error) {
      // A proxy set but unusable: refused before anything is sent (envProxy.ts).
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const headers = { ...req.headers };
    if (typeof req.body === 'string') {
      headers['content-length'] = String(Buffer.byteLength(req.body));
    }
    const options: http.RequestOptions = {
      method: req.method,
      headers,
      agent,
      signal: req.signal,
    };
    // Looked up at call time (not bound at import) so the host's patched functions are the ones used.
    const outgoing = secure ? https.request(url, options) : http.request(url, options);
    return new Promise((resolve, reject) => {
      const deadline = new Deadline(outgoing);
      deadline.arm(this.connectTimeoutMs, 'CONNECT_TIMEOUT');
      outgoing.once('socket', (socket) => {
        const connected = (): void => deadline.arm(req.timeoutMs, 'HEADERS_TIMEOUT');
        if (socket.connecting) {
          socket.once(secure ? 'secureConnect' : 'connect', connected);
        } else {
          connected(); // reused from the pool, or handed over already open (a proxy tunnel)
        }
      });
      // `on`, not `once`: the socket may report a second error after the first; one is enough.
      outgoing.on('error', (error) => {
        deadline.clear();
        reject(error);
      });
      outgoing.once('response', (res) => {
        deadline.watchBody(res, req.timeoutMs, req.signal);
        resolve(responseOf(res));
      });
      writeBody(outgoing, req.body, deadline);
    });
  }

  /** Closes the pooled connections (sign-out, tests). */
  destroy(): void {
    this.http.destroy();
    this.https.destroy();
    this.tunnels.forEach((agent) => agent.destroy());
  }

  private pool(): http.AgentOptions {
    return { keepAlive: true, timeout: this.options.keepAliveMs ?? 4_000 };
  }

  private httpsAgent(url: URL): https.Agent {
    const proxy = this.options.proxyEnv && envProxyFor(url, this.options.proxyEnv);
    if (!proxy) {
      return this.https;
    }
    let agent = this.tunnels.get(proxy.href);
    if (!agent) {
      agent = new TunnelAgent(proxy, this.pool());
      this.tunnels.set(proxy.href, agent);
    }
    return agent;
  }
}

/** One timer per request, re-armed for each phase: connect, headers (idle while uploading), body idle. */
class Deadline {
  private timer: NodeJS.Timeout | undefined;
  private response: http.IncomingMessage | undefined;

  constructor(private readonly outgoing: http.ClientRequest) {
    outgoing.once('close', () => this.response === undefined && this.clear());
  }

  arm(ms: number, code: HttpTimeoutError['code']): void {
    this.clear();
    this.timer = setTimeout(() => this.expire(code), ms);
  }

  /** Progress (a chunk sent or received) restarts the current countdown. */
  refresh(): void {
    this.timer?.refresh();
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  watchBody(res: http.IncomingMessage, ms: number, signal: AbortSignal | undefined): void {
    this.response = res;
    // The caller's signal covers the body too (a whole-call deadline, a cancelled command): Node ends
    // the request on abort, but a body already streaming must stop as well.
    const abort = (): void => {
      res.destroy(new AbortError());
    };
    signal?.addEventListener('abort', abort, { once: true });
    // Idle body timeout: progress is watched on the socket, because a 'data' listener on the body
    // itself would start it flowing before its reader is attached (and lose what it emits).
    const socket = res.socket;
    const progress = (): void => this.refresh();
    if (socket) {
      this.arm(ms, 'BODY_TIMEOUT');
      socket.on('data', progress);
    } else {
      this.clear(); // nothing to watch: no idle timeout rather than a wrong one
    }
    finished(res, () => {
      socket?.off('data', progress);
      signal?.removeEventListener('abort', abort);
      this.clear();
    });
    // Whoever reads the body sees its errors (async iteration, pipeline, text()); this listener only
    // keeps an error on a body nobody has started reading from crashing the extension host.
    res.on('error', () => undefined);
  }

  private expire(code: HttpTimeoutError['code']): void {
    this.timer = undefined;
    const error = new HttpTimeoutError(code);
    if (this.response) {
      this.response.destroy(error);
    } else {
      this.outgoing.destroy(error);
    }
  }
}

function writeBody(outgoing: http.ClientRequest, body: string | Readable | undefined, deadline: Deadline): void {
  if (body === undefined || typeof body === 'string') {
    outgoing.end(body);
    return;
  }
  // Streamed with back-pressure (uploads are never held in memory). Each chunk the socket takes
  // restarts the countdown, so a long upload is bounded by stalls, not by its total time. A failing
  // source destroys the request, which then rejects with the source's error.
  body.on('data', () => deadline.refresh());
  pipeline(body, outgoing, () => undefined);
}

const TIMEOUT_CODES = new Set(['CONNECT_TIMEOUT', 'HEADERS_TIMEOUT', 'BODY_TIMEOUT', 'ETIMEDOUT']);

/**
 * Turns whatever the transport threw into a NetworkError (or AbortError when the caller cancelled; a
 * BadResponseError, never retried, when a body passed its size cap).
 * `callerSignal` tells a cancellation by the caller apart from an abort caused by our own timers.
 */
export function toNetworkError(error: unknown, operation: string, url: string, callerSignal?: AbortSignal): Error {
  if (callerSignal?.aborted) {
    return new AbortError();
  }
  if (error instanceof NetworkError || error instanceof AbortError || error instanceof BadResponseError) {
    return error;
  }
  const host = hostOf(url);
  if (error instanceof HttpBodyTooLargeError) {
    return limitError(operation, host, { kind: 'tooLarge', limit: error.limit });
  }
  if (error instanceof UnsupportedProxyError) {
    return new NetworkError({
      operation,
      host,
      timeout: false,
      code: error.code,
      message: `${operation}: ${error.message}`,
    });
  }
  const code = codeOf(error);
  const timeout = TIMEOUT_CODES.has(code) || (error instanceof Error && error.name === 'TimeoutError');
  const reason = timeout ? 'did not answer in time' : describeCode(code);
  return new NetworkError({
    operation,
    host,
    timeout,
    code,
    message: `${operation}: ${host} ${reason}. Check your connection and the base URL.`,
  });
}

function describeCode(code: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused the connection';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'could not be found (DNS)';
    case 'ECONNRESET': // also Node's "socket hang up" and a body cut off mid-way ("aborted")
    case 'EPIPE':
    case 'ECONNABORTED':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return 'closed the connection before answering';
    case 'EPROXY': // envProxy.ts: the HTTPS_PROXY refused the tunnel
      return 'could not be reached through the proxy (HTTPS_PROXY)';
    default:
      return isCertificateCode(code)
        ? `presented a certificate that is not trusted (${code})`
        : `could not be reached${code ? ` (${code})` : ''}`;
  }
}

function codeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') {
      return code;
    }
    const cause = (error as { cause?: unknown }).cause;
    if (cause !== undefined && cause !== error) {
      return codeOf(cause);
    }
  }
  return '';
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
