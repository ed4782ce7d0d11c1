import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ApiClient } from '../../../../src/core/api/client';
import { saveTo, temporaryName } from '../../../../src/core/api/download';
import { InvalidRequestError } from '../../../../src/core/api/errors';
import { NodeHttpTransport } from '../../../../src/core/api/transport';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../../../src/core/api/transport';
import { useSandbox } from './env';
import type { Json } from './env';

/** The real transport (node:http), recording what was sent where (the seam, not a mock). */
class RecordingTransport implements HttpTransport {
  readonly sent: Array<{ url: string; headers: Record<string, string>; streamed: boolean }> = [];
  private readonly inner = new NodeHttpTransport();
  send(request: HttpRequest): Promise<HttpResponse> {
    this.sent.push({ url: request.url, headers: request.headers, streamed: typeof request.body === 'object' });
    return this.inner.send(request);
  }
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

describe('api/client attachments (real files, sandbox over HTTP)', function () {
  const env = useSandbox(this, { timeout: 60_000 });
  let api: ApiClient;
  let transport: RecordingTransport;
  let task: string;
  let dir: string;

  before(async () => {
    dir = await fs.mkdtemp(join(tmpdir(), 'api-attachments-'));
  });
  after(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    task = env.fx.attachments.task_id;
    transport = new RecordingTransport();
    api = env.client('demo-token-alice', { transport });
  });

  it('saves through a temporary file created exclusively under a random name, never through one already there', async () => {
    const victim = join(dir, 'victim.txt');
    await fs.writeFile(victim, 'keep me');
    const target = join(dir, 'saved.txt');
    const planted = `${target}.part-planted`;
    await fs.symlink(victim, planted);
    const file = await api.downloadAttachment(env.acme, task, env.fx.attachments.txt);
    await assert.rejects(
      saveTo(file, target, undefined, () => planted),
      (error: NodeJS.ErrnoException) => error.code === 'EEXIST',
    );
    assert.equal(await fs.readFile(victim, 'utf8'), 'keep me', 'nothing was written through the link');
    assert.ok((await fs.lstat(planted)).isSymbolicLink(), 'what was there is left alone');
    await assert.rejects(fs.stat(target));
    // The real name cannot be guessed ahead, and the file lands whole.
    assert.notEqual(temporaryName(target), temporaryName(target));
    assert.match(temporaryName(target), /\.part-[0-9a-f]{16}$/);
    const written = await api.downloadAttachmentTo(env.acme, task, env.fx.attachments.txt, target);
    assert.equal((await fs.stat(target)).size, written);
    assert.deepEqual(
      (await fs.readdir(dir)).filter((f) => f.startsWith('saved.txt.part-') && f !== 'saved.txt.part-planted'),
      [],
    );
  });

  it('lists attachments per context', async () => {
    const files = await api.listAttachments(env.acme, task);
    assert.ok(files.some((a) => a.id === env.fx.attachments.png));
    assert.ok(files.every((a) => a.context === 'task'));
    const inDescription = await api.listAttachments(env.acme, task, 'description');
    assert.deepEqual(
      inDescription.map((a) => a.id),
      [env.fx.attachments.description_png],
    );
  });

  it('uploads a 20 MB file from disk as a stream and downloads it back byte for byte, the token never sent to the signed URL', async () => {
    const bytes = randomBytes(20 * 1024 * 1024);
    const path = join(dir, 'big archive.zip');
    await fs.writeFile(path, bytes);
    const created = await api.uploadAttachment(env.acme, task, { path });
    assert.equal(created.file_name, 'big archive.zip');
    assert.equal(created.file_size, bytes.length);
    const upload = transport.sent.at(-1);
    assert.ok(upload?.streamed, 'the body is a stream, not a buffer');
    assert.ok(Number(upload?.headers['content-length']) > bytes.length);

    const target = join(dir, 'downloaded.zip');
    const written = await api.downloadAttachmentTo(env.acme, task, created.id, target);
    assert.equal(written, bytes.length);
    assert.equal(sha256(await fs.readFile(target)), sha256(bytes));

    const [api302, signed] = transport.sent.slice(-2);
    assert.ok(api302?.url.includes(`/attachments/${created.id}`));
    assert.equal(api302?.headers.authorization, 'Bearer demo-token-alice');
    assert.ok(signed && !signed.url.startsWith(env.baseUrl), `signed URL ${signed?.url}`);
    assert.equal(signed?.headers.authorization, undefined);
    assert.ok(!JSON.stringify(signed?.headers).includes('demo-token-alice'));
  });

  it('uploads from a Readable of known size, with context and comment id, and a non-ASCII name', async () => {
    const bytes = Buffer.from('résumé, line 1\nline 2\n', 'utf8');
    const comment = env.fx.comments.first_comment_id;
    const created = await api.uploadAttachment(
      env.acme,
      env.fx.comments.task_id,
      { stream: Readable.from([bytes]), size: bytes.length, fileName: 'notes – été.txt' },
      { context: 'comment', commentId: comment },
    );
    assert.equal(created.file_name, 'notes – été.txt');
    assert.equal(created.context, 'comment');
    const file = await api.downloadAttachment(env.acme, env.fx.comments.task_id, created.id);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) {
      chunks.push(chunk as Buffer);
    }
    assert.equal(Buffer.concat(chunks).toString('utf8'), bytes.toString('utf8'));
  });

  it('preview=true streams the file inline (200)', async () => {
    const file = await api.downloadAttachment(env.acme, task, env.fx.attachments.txt, { preview: true });
    const text = await new Response(Readable.toWeb(file.body) as ReadableStream).text();
    assert.ok(text.length > 0);
    assert.ok(
      transport.sent.every((s) => s.url.startsWith(env.baseUrl)),
      'no second request for a preview',
    );
  });

  it('refuses a disallowed type or an oversized file before sending anything', async () => {
    const exe = join(dir, 'tool.exe');
    await fs.writeFile(exe, 'MZ');
    await assert.rejects(
      api.uploadAttachment(env.acme, task, { path: exe }),
      (e: unknown) => InvalidRequestError.is(e) && /cannot be attached/.test(e.message),
    );
    const small = env.client('demo-token-alice', { transport, maxUploadBytes: 1024 });
    const big = join(dir, 'big.pdf');
    await fs.writeFile(big, randomBytes(4096));
    await assert.rejects(small.uploadAttachment(env.acme, task, { path: big }), /limited to/);
    await assert.rejects(api.uploadAttachment(env.acme, task, { path: join(dir, 'missing.pdf') }), /cannot be read/);
    assert.equal(transport.sent.length, 0);
  });

  it('an upload cut after the server stored it is retried with the same key: exactly one attachment', async () => {
    const path = join(dir, 'report.pdf');
    await fs.writeFile(path, randomBytes(256 * 1024));
    await env.fault({ method: 'POST', path: '/api/workspaces/*/tasks/*/attachments', kind: 'reset_after', times: 1 });
    const created = await api.uploadAttachment(env.acme, task, { path });
    const stored = (await env.state('attachments')).filter(
      (a: Json) => a.task_id === task && a.file_name === 'report.pdf',
    );
    assert.equal(stored.length, 1);
    assert.equal(stored[0].id, created.id);
    const posts = (await env.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/attachments'));
    assert.equal(posts.length, 2);
    assert.equal(posts[0]?.idempotency_key, posts[1]?.idempotency_key);
    assert.equal(posts[1]?.replay, true);
  });

  it('deleteAttachment removes it', async () => {
    await api.deleteAttachment(env.acme, task, env.fx.attachments.pdf);
    assert.ok(!(await api.listAttachments(env.acme, task)).some((a) => a.id === env.fx.attachments.pdf));
  });

  it('never follows a redirect to a plain-http foreign host', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(302, { location: 'http://files.example.invalid/x?sig=1' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const rogue = env.client('demo-token-alice', { baseUrl: `http://127.0.0.1:${port}/api`, transport });
      await assert.rejects(
        rogue.downloadAttachment(env.acme, task, env.fx.attachments.txt),
        (e: unknown) => InvalidRequestError.is(e) && /only https/.test(e.message),
      );
      assert.ok(!transport.sent.some((s) => s.url.includes('example.invalid')));
    } finally {
      server.close();
    }
  });
});
