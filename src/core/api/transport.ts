import type { Readable } from 'node:stream';
import { Agent, EnvHttpProxyAgent, request } from 'undici';
import type { Dispatcher } from 'undici';
import { AbortError } from '../util/abort';
import { NetworkError } from './errors';

/**
 * THE network seam (STYLE: one seam for the network). Everything the client sends goes through an
 * HttpTransport; the default one is undici's `request` with our own dispatcher, which never follows
 * redirects (a 302 to a signed URL is followed by hand, without the token: see download.ts).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** A string, or a stream consumed once (uploads). */
  body?: string | Readable;
  signal?: AbortSignal;
  /** Connect, headers and idle-body timeout. */
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
  text(): Promise<string>;
  /** Reads and discards the rest of the body so the connection can be reused. */
  dump(): Promise<void>;
}

export interface HttpTransport {
  send(request: HttpRequest): Promise<HttpResponse>;
}

export class UndiciTransport implements HttpTransport {
  constructor(private readonly dispatcher: Dispatcher = defaultAgent()) {}

  async send(req: HttpRequest): Promise<HttpResponse> {
    const response = await request(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: req.signal,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
      dispatcher: this.dispatcher,
    });
    const body = response.body;
    return {
      status: response.statusCode,
      headers: response.headers,
      body,
      text: () => body.text(),
      dump: () => body.dump().then(() => undefined),
    };
  }
}

let agent: Dispatcher | undefined;
/**
 * Direct connections, or through the proxy named by HTTPS_PROXY / HTTP_PROXY (NO_PROXY honoured)
 * when the environment VS Code was started from sets one: undici does not read VS Code's
 * `http.proxy`, and a company network that only lets a proxy out would otherwise look "offline".
 */
function defaultAgent(): Dispatcher {
  const options = { connect: { timeout: 15_000 }, keepAliveTimeout: 4_000 };
  const env = process.env;
  const proxied = Boolean(env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy);
  agent ??= proxied ? new EnvHttpProxyAgent(options) : new Agent(options);
  return agent;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/**
 * Turns whatever the transport threw into a NetworkError (or AbortError when the caller cancelled).
 * `callerSignal` tells a cancellation by the caller apart from an abort caused by our own timers.
 */
export function toNetworkError(error: unknown, operation: string, url: string, callerSignal?: AbortSignal): Error {
  if (callerSignal?.aborted) {
    return new AbortError();
  }
  if (error instanceof NetworkError || error instanceof AbortError) {
    return error;
  }
  const host = hostOf(url);
  const code = codeOf(error);
  const timeout = TIMEOUT_CODES.has(code) || (error instanceof Error && error.name === 'TimeoutError');
  const reason = timeout ? 'did not answer in time' : describeCode(code);
  return new NetworkError({ operation, host, timeout, code, message: `${operation}: ${host} ${reason}. Check your connection and the base URL.` });
}

function describeCode(code: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused the connection';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'could not be found (DNS)';
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
    case 'EPIPE':
      return 'closed the connection before answering';
    default:
      return /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code)
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
