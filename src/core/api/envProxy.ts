import * as http from 'http';
import * as https from 'https';
import type { Duplex } from 'node:stream';
import * as tls from 'node:tls';

/**
 * HTTPS_PROXY / HTTP_PROXY / NO_PROXY for processes VS Code does not patch (the stdio MCP server).
 * Inside the extension host VS Code's own proxy support reads these variables and `http.proxy`, so
 * the extension never uses this. Only https targets are tunnelled: plain http is loopback only
 * (baseUrl.ts), which is never proxied.
 */
export function envProxyFor(target: URL, env: NodeJS.ProcessEnv): URL | undefined {
  const raw = env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy;
  if (
    target.protocol !== 'https:' ||
    !raw ||
    bypassed(target.hostname, target.port || '443', env.NO_PROXY || env.no_proxy || '')
  ) {
    return undefined;
  }
  let proxy: URL | undefined;
  try {
    proxy = new URL(raw.includes('://') ? raw : `http://${raw}`);
  } catch {
    proxy = undefined;
  }
  // Only an http:// proxy is tunnelled through. Any other proxy the user set is refused, never
  // skipped: connecting directly would go around a proxy the network may require for a reason.
  if (proxy?.protocol !== 'http:') {
    throw new UnsupportedProxyError(proxy ? proxy.protocol.slice(0, 20) : undefined);
  }
  return proxy;
}

/** A proxy variable names a proxy this process cannot use (`https://`, `socks5://`, or not an address). */
export class UnsupportedProxyError extends Error {
  override readonly name = 'UnsupportedProxyError';
  readonly code = 'EPROXY';
  constructor(protocol: string | undefined) {
    super(
      protocol
        ? `the proxy in HTTPS_PROXY/HTTP_PROXY is a ${protocol}// proxy, which the Task Platform MCP server does not support; ` +
            'set an http:// proxy (HTTPS is still encrypted end to end through it), or name the service in NO_PROXY. Nothing was sent.'
        : 'HTTPS_PROXY/HTTP_PROXY is not a proxy address (e.g. http://proxy.example.com:3128). Nothing was sent.',
    );
  }
}

/** NO_PROXY: `*`, host names (a leading `.` or `*.` for subdomains), optionally `:port`. */
function bypassed(host: string, port: string, noProxy: string): boolean {
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') {
        return true;
      }
      const [name = '', entryPort] = entry.toLowerCase().split(':');
      const suffix = name.replace(/^\*?\./, '');
      return (!entryPort || entryPort === port) && (host === suffix || host.endsWith(`.${suffix}`));
    });
}

/** An https Agent whose connections are CONNECT tunnels through an HTTP proxy (keep-alive kept). */
export class TunnelAgent extends https.Agent {
  constructor(
    private readonly proxy: URL,
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(
    options: http.RequestOptions & tls.ConnectionOptions,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): undefined {
    // Node's Agent accepts the socket later, through the callback; on failure there is none.
    const fail = (error: Error): void => callback?.(error, undefined as never);
    const target = `${options.host ?? ''}:${options.port ?? 443}`;
    const { username, password } = this.proxy;
    const auth = username
      ? {
          'proxy-authorization': `Basic ${Buffer.from(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`).toString('base64')}`,
        }
      : {};
    const connect = http.request({
      host: this.proxy.hostname,
      port: this.proxy.port || 80,
      method: 'CONNECT',
      path: target,
      headers: { host: target, ...auth },
      agent: false,
    });
    connect.once('connect', (res: http.IncomingMessage, socket: Duplex) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        fail(
          Object.assign(new Error(`the proxy ${this.proxy.host} refused a tunnel to ${target} (${res.statusCode})`), {
            code: 'EPROXY',
          }),
        );
        return;
      }
      callback?.(
        null,
        tls.connect({ ...options, socket, servername: options.servername ?? options.host ?? undefined }),
      );
    });
    connect.once('error', fail);
    connect.end();
    return undefined;
  }
}
