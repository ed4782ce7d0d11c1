// Self-tests of uploads and signed URLs (parsed multipart, HMAC, expiry).
import * as assert from 'node:assert/strict';
import { call, control, withSandbox } from './harness';

describe('sandbox files', () => {
  const sb = withSandbox({ maxUploadBytes: 1024 });
  let base = '';

  before(async () => {
    const fx = await control(sb(), 'GET', '/fixtures');
    const ws = (fx.workspaces as Record<string, { id: string }>).acme?.id ?? '';
    base = `/workspaces/${ws}/tasks/${(fx.attachments as Record<string, string>).task_id}/attachments`;
  });

  function form(name: string, bytes: Buffer, fields: Record<string, string> = {}): FormData {
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(bytes)]), name);
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  }

  it('uploads, redirects to a signed URL that serves the same bytes without a token', async () => {
    const bytes = Buffer.from('hello sandbox');
    const created = await call(sb(), 'POST', base, form('Hello.TXT', bytes));
    assert.equal(created.status, 201, created.text);
    const redirect = await call(sb(), 'GET', `${base}/${String(created.json.id)}`);
    assert.equal(redirect.status, 302);
    const location = redirect.headers.get('location') ?? '';
    const file = await fetch(location);
    assert.equal(file.status, 200);
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), bytes);
    assert.equal((await fetch(location.replace(/sig=[0-9a-f]/, 'sig=x'))).status, 403);
    await control(sb(), 'POST', '/clock/advance', { ms: 10 * 60 * 1000 });
    assert.equal((await fetch(location)).status, 403);
  });

  it('refuses oversize files, unknown types, unknown fields and comment_id without context', async () => {
    assert.equal((await call(sb(), 'POST', base, form('big.txt', Buffer.alloc(2048, 97)))).status, 422);
    assert.equal((await call(sb(), 'POST', base, form('x.exe', Buffer.from('MZ')))).status, 422);
    assert.equal((await call(sb(), 'POST', base, form('a.txt', Buffer.from('a'), { color: 'red' }))).status, 422);
    const res = await call(
      sb(),
      'POST',
      base,
      form('a.txt', Buffer.from('a'), { comment_id: '00000000-0000-4000-8000-000000000000' }),
    );
    assert.equal(res.status, 422);
    assert.ok((res.json.errors as Record<string, unknown>).comment_id);
  });

  it('previews inline with 200', async () => {
    const fx = await control(sb(), 'GET', '/fixtures');
    const pdf = (fx.attachments as Record<string, string>).pdf;
    const res = await call(sb(), 'GET', `${base}/${pdf}?preview=true`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-disposition') ?? '', /^inline/);
    assert.ok(res.text.startsWith('%PDF-1.4'));
  });
});
