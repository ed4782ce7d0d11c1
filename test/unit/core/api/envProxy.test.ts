import * as assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Server as HttpsServer } from 'node:https';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { NetworkError } from '../../../../src/core/api/errors';
import { envProxyFor, UnsupportedProxyError } from '../../../../src/core/api/envProxy';
import { readConfig } from '../../../../src/mcp/main';
import { NodeHttpTransport, toNetworkError } from '../../../../src/core/api/transport';
import { selfSignedCertificate } from './selfSigned';
import type { SelfSigned } from './selfSigned';

const port = (server: HttpServer | HttpsServer): number => (server.address() as AddressInfo).port;

describe('api/envProxy: HTTPS_PROXY for the MCP server process (outside VS Code)', function () {
  this.timeout(20_000);
  let certificate: SelfSigned;
  let service: HttpsServer | undefined;
  let proxy: HttpServer | undefined;
  let refuse = false;
  const tunnels: string[] = [];

  before(async function () {
    const made = selfSignedCertificate();
    if (!made) {
      this.skip();
    }
    certificate = made;
    service = createHttpsServer(certificate, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => service!.listen(0, '127.0.0.1', resolve));
    // A real CONNECT proxy: it records the tunnel asked for, then pipes bytes both ways (or refuses).
    proxy = createHttpServer();
    proxy.on('connect', (req: IncomingMessage, socket: Socket) => {
      tunnels.push(req.url ?? '');
      if (refuse) {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      const [host = '', target = ''] = (req.url ?? '').split(':');
      const upstream = connect(Number(target), host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
  });

  after(() => {
    service?.close();
    proxy?.close();
  });

  beforeEach(() => {
    tunnels.length = 0;
    refuse = false;
  });

  it('reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY; only https targets are proxied', () => {
    const target = new URL('https://tasks.example.com/api');
    assert.equal(envProxyFor(target, { HTTPS_PROXY: 'http://proxy.corp:3128' })?.host, 'proxy.corp:3128');
    assert.equal(envProxyFor(target, { http_proxy: 'proxy.corp:8080' })?.host, 'proxy.corp:8080');
    assert.equal(envProxyFor(target, {}), undefined);
    assert.equal(
      envProxyFor(new URL('http://127.0.0.1:4010/api'), { HTTPS_PROXY: 'http://proxy.corp:3128' }),
      undefined,
    );
    for (const noProxy of [
      '*',
      'example.com',
      '.example.com',
      '*.example.com',
      'tasks.example.com:443',
      'other.org, tasks.example.com',
    ]) {
      assert.equal(
        envProxyFor(target, { HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: noProxy }),
        undefined,
        noProxy,
      );
    }
    for (const noProxy of ['ample.com', 'tasks.example.com:8443', 'example.org']) {
      assert.ok(envProxyFor(target, { HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: noProxy }), noProxy);
    }
  });

  it('tunnels through the proxy to the service (its TLS answers through the tunnel), unless NO_PROXY names it', async () => {
    const url = `https://127.0.0.1:${port(service!)}/api/user`;
    const send = async (env: NodeJS.ProcessEnv): Promise<NetworkError> => {
      const transport = new NodeHttpTransport({ proxyEnv: env });
      try {
        const error = await transport.send({ method: 'GET', url, headers: {}, timeoutMs: 5_000 }).then(
          () => assert.fail('self-signed'),
          (e: unknown) => e,
        );
        const mapped = toNetworkError(error, 'getUser', url);
        assert.ok(NetworkError.is(mapped), String(mapped));
        return mapped;
      } finally {
        transport.destroy();
      }
    };
    const proxied = await send({ HTTPS_PROXY: `http://127.0.0.1:${port(proxy!)}` });
    assert.deepEqual(tunnels, [`127.0.0.1:${port(service!)}`]);
    assert.ok(proxied.certificate, `the service's self-signed certificate, through the tunnel: ${proxied.code}`);

    const direct = await send({ HTTPS_PROXY: `http://127.0.0.1:${port(proxy!)}`, NO_PROXY: '127.0.0.1' });
    assert.equal(tunnels.length, 1, 'NO_PROXY: straight to the service');
    assert.ok(direct.certificate);

    refuse = true;
    const refused = await send({ HTTPS_PROXY: `http://127.0.0.1:${port(proxy!)}` });
    assert.equal(refused.code, 'EPROXY');
    assert.match(refused.message, /could not be reached through the proxy/);
  });

  it('refuses an https:// or socks5:// proxy, or one that is not an address, rather than connecting directly', async () => {
    const url = `https://127.0.0.1:${port(service!)}/api/user`;
    let connections = 0;
    const counter = (): void => {
      connections++;
    };
    service!.on('connection', counter);
    try {
      for (const proxyUrl of ['https://127.0.0.1:1', 'socks5://127.0.0.1:1', 'http://[bad']) {
        assert.throws(() => envProxyFor(new URL(url), { HTTPS_PROXY: proxyUrl }), UnsupportedProxyError, proxyUrl);
        const transport = new NodeHttpTransport({ proxyEnv: { HTTPS_PROXY: proxyUrl } });
        try {
          const error = await transport.send({ method: 'GET', url, headers: {}, timeoutMs: 5_000 }).then(
            () => assert.fail('refused'),
            (e: unknown) => e,
          );
          const mapped = toNetworkError(error, 'getUser', url);
          assert.ok(NetworkError.is(mapped));
          assert.match(mapped.message, /does not support|not a proxy address/, mapped.message);
        } finally {
          transport.destroy();
        }
        const config = readConfig({
          TASK_PLATFORM_BASE_URL: 'https://tasks.example.com/api',
          TASK_PLATFORM_TOKEN: 't',
          HTTPS_PROXY: proxyUrl,
        });
        assert.equal(config.ok, false, `${proxyUrl}: the server does not start`);
        assert.match(config.ok ? '' : config.message, /proxy/);
      }
      assert.equal(connections, 0, 'nothing went to the service directly');
      // NO_PROXY naming the service still goes straight to it: the proxy is not used at all then.
      assert.equal(
        envProxyFor(new URL(url), { HTTPS_PROXY: 'socks5://127.0.0.1:1', NO_PROXY: '127.0.0.1' }),
        undefined,
      );
    } finally {
      service!.off('connection', counter);
    }
  });
});
