import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import type { ApiClient } from '../../../../src/core/api/client';
import { InvalidRequestError } from '../../../../src/core/api/errors';
import { NodeHttpTransport } from '../../../../src/core/api/transport';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../../../src/core/api/transport';
import { useSandbox } from './env';

/**
 * The real transport (node:http) behind a name table, as DNS and a TLS-terminating proxy would be:
 * `https://api.example.test` and `https://files.example.test` reach the sandbox, every other host has
 * no route (nothing leaves the machine). Every request the client makes is recorded, sent or not.
 */
class NamedHostsTransport implements HttpTransport {
  readonly sent: Array<{ url: string; authorization: string | undefined }> = [];
  private readonly inner = new NodeHttpTransport();
  constructor(private readonly names: Record<string, string>) {}

  send(request: HttpRequest): Promise<HttpResponse> {
    this.sent.push({ url: request.url, authorization: request.headers.authorization });
    const url = new URL(request.url);
    const target = this.names[url.origin];
    if (!target) {
      return Promise.reject(Object.assign(new Error(`connect ECONNREFUSED ${url.host}`), { code: 'ECONNREFUSED' }));
    }
    return this.inner.send({ ...request, url: `${target}${url.pathname}${url.search}` });
  }
}

const REMOTE_API = 'https://api.example.test';
const FILES = 'https://files.example.test';

/** Places a hostile or hijacked service might send the client to: this machine, the user's network. */
function refusedTargets(sandboxOrigin: string): string[] {
  const port = new URL(sandboxOrigin).port;
  return [
    `${sandboxOrigin}/files/x`, // the sandbox itself, plain http on loopback
    `https://127.0.0.1:${port}/files/x`,
    'https://localhost/x',
    'https://LOCALHOST./x',
    'https://tasks.localhost/x',
    'https://2130706433/x', // 127.0.0.1 in decimal
    'https://0x7f.0.0.1/x', // hex
    'https://0177.0.0.1/x', // octal
    'https://127.1/x', // short form
    'https://0.0.0.0/x',
    'https://[::1]/x',
    'https://[::]/x',
    'https://[::ffff:127.0.0.1]/x', // IPv4-mapped IPv6
    'https://[::ffff:a00:1]/x', // ::ffff:10.0.0.1
    'https://[2002:c0a8:101::1]/x', // 6to4 around 192.168.1.1
    'https://10.0.0.5/x',
    'https://172.16.1.1/x',
    'https://172.31.255.254/x',
    'https://192.168.1.1/x',
    'https://169.254.169.254/latest/meta-data/', // cloud metadata
    'https://[fd12:3456::1]/x',
    'https://[fe80::1]/x',
    'https://intranet/x', // single-label name, resolved on the local network
    'https://printer.local/x',
    'http://files.example.test/x', // public host, but plain http
    'https://user:secret@files.example.test/x',
    'ftp://files.example.test/x',
    'file:///etc/passwd',
    'javascript:alert(1)',
    '//127.0.0.1/x', // relative to the current scheme
  ];
}

describe('api/client download redirects: where a signed link may lead (sandbox over HTTP)', function () {
  const env = useSandbox(this, { timeout: 60_000 });
  let task: string;
  let transport: NamedHostsTransport;
  let remote: ApiClient;
  beforeEach(async () => {
    task = env.fx.attachments.task_id;
    transport = new NamedHostsTransport({ [REMOTE_API]: env.sandbox.origin, [FILES]: env.sandbox.origin });
    remote = env.client('demo-token-alice', { baseUrl: `${REMOTE_API}/api`, transport });
  });

  const sha = (data: Buffer): string => createHash('sha256').update(data).digest('hex');
  async function bytesOf(client: ApiClient): Promise<Buffer> {
    const file = await client.downloadAttachment(env.acme, task, env.fx.attachments.txt);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it('a remote service: the signed link on another https origin is followed, without the token', async () => {
    const direct = await bytesOf(env.client('demo-token-alice'));
    await env.control('POST', '/config', { filesOrigin: FILES });
    transport.sent.length = 0;
    const bytes = await bytesOf(remote);
    assert.ok(bytes.length > 0);
    assert.equal(sha(bytes), sha(direct));
    assert.equal(transport.sent.length, 2);
    assert.equal(transport.sent[0]!.authorization, 'Bearer demo-token-alice');
    assert.ok(transport.sent[1]!.url.startsWith(`${FILES}/files/`));
    assert.equal(transport.sent[1]!.authorization, undefined, 'the token never goes to the signed link');
  });

  it('a remote service: a signed link to loopback, a private network or plain http is refused before any request', async () => {
    for (const target of refusedTargets(env.sandbox.origin)) {
      await env.control('POST', '/config', { filesOrigin: target });
      transport.sent.length = 0;
      await assert.rejects(
        remote.downloadAttachment(env.acme, task, env.fx.attachments.txt),
        (e: unknown) => InvalidRequestError.is(e) && /only https links to public hosts/.test(e.message),
        target,
      );
      assert.deepEqual(
        transport.sent.map((s) => new URL(s.url).origin),
        [REMOTE_API],
        `${target}: only the API was asked`,
      );
    }
  });

  it('a remote service: a second hop from the signed link to loopback or a private network is refused too', async () => {
    await env.control('POST', '/config', { filesOrigin: FILES });
    for (const target of refusedTargets(env.sandbox.origin)) {
      await env.control('POST', '/config', { filesRedirect: target });
      transport.sent.length = 0;
      await assert.rejects(
        remote.downloadAttachment(env.acme, task, env.fx.attachments.txt),
        (e: unknown) => InvalidRequestError.is(e),
        target,
      );
      const origins = new Set(transport.sent.map((s) => new URL(s.url).origin));
      assert.deepEqual([...origins].sort(), [REMOTE_API, FILES].sort(), `${target}: never requested`);
      assert.ok(
        transport.sent
          .filter((s) => s.authorization !== undefined)
          .every((s) => s.url.startsWith(`${REMOTE_API}/api/`)),
        'the token only goes to the API',
      );
    }
  });

  it("the refusal names the target's scheme and host, bounded, never the rest of a long hostile address", async () => {
    await env.control('POST', '/config', { filesOrigin: `http://${'a'.repeat(1500)}.example.test` });
    await assert.rejects(
      remote.downloadAttachment(env.acme, task, env.fx.attachments.txt),
      (e: unknown) => InvalidRequestError.is(e) && e.message.length < 400 && !e.message.includes('sig='),
    );
  });

  it('a loopback service (sandbox, dev server): plain http to loopback is followed, plain http elsewhere is not', async () => {
    const localTransport = new NamedHostsTransport({
      [env.sandbox.origin]: env.sandbox.origin,
      [FILES]: env.sandbox.origin,
    });
    const local = env.client('demo-token-alice', { transport: localTransport });
    assert.ok((await bytesOf(local)).length > 0);
    assert.ok(localTransport.sent[1]!.url.startsWith(`${env.sandbox.origin}/files/`));
    assert.equal(localTransport.sent[1]!.authorization, undefined);
    await env.control('POST', '/config', { filesOrigin: FILES });
    assert.ok((await bytesOf(local)).length > 0, 'https to a public host is followed from a loopback service too');
    await env.control('POST', '/config', { filesOrigin: 'http://files.example.test' });
    localTransport.sent.length = 0;
    await assert.rejects(
      local.downloadAttachment(env.acme, task, env.fx.attachments.txt),
      (e: unknown) => InvalidRequestError.is(e) && /only https/.test(e.message),
    );
    assert.ok(!localTransport.sent.some((s) => s.url.includes('files.example.test')));
  });
});
