import { strict as assert } from 'node:assert';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { NetworkError } from '../../../../src/core/api/errors';
import { NodeHttpTransport, toNetworkError } from '../../../../src/core/api/transport';
import type { HttpRequest } from '../../../../src/core/api/transport';
import { AbortError } from '../../../../src/core/util/abort';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 whose behaviour each test sets: the transport's phases, not a mock. */
class Loopback {
  handler: Handler = (_req, res) => res.end('ok');
  readonly connections = new Set<Socket>();
  private readonly server: Server = createServer((req, res) => this.handler(req, res));
  origin = '';

  async start(): Promise<void> {
    this.server.on('connection', (socket: Socket) => {
      this.connections.add(socket);
      socket.on('close', () => this.connections.delete(socket));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    for (const socket of this.connections) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const failure = async (promise: Promise<unknown>): Promise<Error> => {
  const error = await promise.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof Error, String(error));
  return error;
};

describe('api/transport: NodeHttpTransport over a real loopback server', function () {
  this.timeout(20_000);
  const server = new Loopback();
  let transport: NodeHttpTransport;
  const get = (path: string, extra: Partial<HttpRequest> = {}): HttpRequest => ({
    method: 'GET',
    url: `${server.origin}${path}`,
    headers: {},
    timeoutMs: 2_000,
    ...extra,
  });

  before(() => server.start());
  after(() => server.stop());
  beforeEach(() => (transport = new NodeHttpTransport()));
  afterEach(() => transport.destroy());

  it('sends method, headers and a string body with its length; answers status, headers, text()', async () => {
    server.handler = (req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () =>
        res
          .writeHead(201, { 'x-echo': `${req.method} ${req.headers['content-length']} ${req.headers['x-key']}` })
          .end(`got ${body}`),
      );
    };
    const res = await transport.send({ ...get('/echo'), method: 'POST', headers: { 'x-key': 'k1' }, body: '{"é":1}' });
    assert.equal(res.status, 201);
    assert.equal(res.headers['x-echo'], 'POST 8 k1');
    assert.equal(await res.text(), 'got {"é":1}');
  });

  it('streams an upload body and reuses the kept-alive connection for the next request', async () => {
    server.handler = (req, res) => {
      let bytes = 0;
      req.on('data', (c: Buffer) => (bytes += c.length));
      req.on('end', () => res.end(String(bytes)));
    };
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(16 * 1024, 1));
    const upload = await transport.send({
      ...get('/up'),
      method: 'PUT',
      headers: { 'content-length': String(64 * 16 * 1024) },
      body: Readable.from(chunks),
    });
    assert.equal(await upload.text(), String(64 * 16 * 1024));
    const next = await transport.send(get('/again'));
    await next.dump();
    assert.equal(server.connections.size, 1, 'one connection for both requests');
  });

  it('never follows a redirect', async () => {
    server.handler = (_req, res) => res.writeHead(302, { location: '/elsewhere' }).end('moved');
    const res = await transport.send(get('/download'));
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/elsewhere');
    await res.dump();
  });

  it('no head in time -> timeout NetworkError; a body that stalls -> timeout; a slow but steady body is fine', async () => {
    server.handler = () => undefined; // never answers
    const silent = await failure(transport.send(get('/silent', { timeoutMs: 200 })));
    assert.equal((toNetworkError(silent, 'getUser', `${server.origin}/silent`) as NetworkError).timeout, true);

    server.handler = (_req, res) => res.writeHead(200).write('first part'); // then nothing
    const stalled = await transport.send(get('/stall', { timeoutMs: 200 }));
    const cut = await failure(stalled.text());
    const mapped = toNetworkError(cut, 'getTask', `${server.origin}/stall`);
    assert.ok(NetworkError.is(mapped) && mapped.timeout, String(mapped));

    server.handler = (_req, res) => {
      res.writeHead(200);
      let n = 0;
      const timer = setInterval(() => (++n < 6 ? res.write('.') : (clearInterval(timer), res.end())), 100);
    };
    const steady = await transport.send(get('/steady', { timeoutMs: 250 }));
    assert.equal(await steady.text(), '.....', 'idle timeout, not a total one');
  });

  it('refused and reset connections map to clear messages, timeout false', async () => {
    const closed = new Loopback();
    await closed.start();
    const url = `${closed.origin}/user`;
    await closed.stop();
    const refused = toNetworkError(await failure(transport.send({ ...get(''), url })), 'getUser', url);
    assert.ok(NetworkError.is(refused) && !refused.timeout);
    assert.match(refused.message, /^getUser: 127\.0\.0\.1:\d+ refused the connection\./);

    server.handler = (req) => req.socket.destroy();
    const reset = toNetworkError(await failure(transport.send(get('/reset'))), 'getTask', `${server.origin}/reset`);
    assert.ok(NetworkError.is(reset) && !reset.timeout);
    assert.match(reset.message, /closed the connection before answering/);
  });

  it("the caller's AbortSignal cancels before and while waiting; toNetworkError says AbortError", async () => {
    const before = new AbortController();
    before.abort();
    assert.ok(AbortError.is(await failure(transport.send(get('/x', { signal: before.signal })))));

    server.handler = () => undefined;
    const during = new AbortController();
    const pending = transport.send(get('/wait', { signal: during.signal, timeoutMs: 5_000 }));
    setImmediate(() => during.abort());
    const error = await failure(pending);
    assert.ok(AbortError.is(toNetworkError(error, 'getUser', `${server.origin}/wait`, during.signal)));
  });
});
