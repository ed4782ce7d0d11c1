// Conformance of docs/api/openapi.yaml#listTaskAttachments, docs/api/openapi.yaml#uploadTaskAttachment and the rest of
// the
// attachment operations, with the upload limits. Signed URLs are fetched WITHOUT an Authorization header.
import * as assert from 'node:assert/strict';
import { ISO_RE, UNKNOWN_ID, UUID_RE, useSandbox } from './helpers';
import { assertError, createTask, upload } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listTaskAttachments.
describe('Attachments', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  let task: Json;
  const base = (id = task.id): string => `/workspaces/${w.acme.id}/tasks/${id}/attachments`;
  const bytes = Buffer.from('%PDF-1.4 conformance bytes \u0000\u0001\u0002', 'latin1');

  beforeEach(async () => {
    ({ w, a } = await h.reseed());
    await h.ctl.config({ maxUploadBytes: 500 * 1024 * 1024 });
    task = await createTask(a, w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: 'files' });
  });

  async function put(name = 'report.pdf', fields: Record<string, string> = {}): Promise<Json> {
    const res = await upload(a, w.acme.id, task.id, name, bytes, fields);
    assert.equal(res.status, 201, res.text);
    return res.body;
  }

  /** GET a signed URL as an anonymous client (no Authorization header). */
  async function anon(url: string): Promise<Response> {
    return fetch(new URL(url, h.sb.origin), { redirect: 'manual' });
  }

  // docs/api/openapi.yaml#uploadTaskAttachment (multipart upload).
  describe('POST (multipart upload)', () => {
    it('201 Attachment with download_url; stored; counted on the task', async () => {
      const att = await put();
      assert.match(att.id, UUID_RE);
      assert.equal(att.task_id, task.id);
      assert.equal(att.file_name, 'report.pdf');
      assert.equal(typeof att.mime_type, 'string');
      assert.equal(att.file_size, bytes.length);
      assert.equal(att.context, 'task');
      assert.equal(typeof att.download_url, 'string');
      assert.match(att.created_at, ISO_RE);
      assert.equal(att.uploadedBy.id, w.users.alice.id);
      assert.equal(typeof att.uploadedBy.email, 'string');
      assert.ok((await h.ctl.state('attachments')).some((x: Json) => x.id === att.id));
      assert.equal((await a.get(`/workspaces/${w.acme.id}/tasks/${task.id}`)).body.attachments_count, 1);
    });

    for (const name of [
      'a.jpg',
      'a.jpeg',
      'a.png',
      'a.gif',
      'a.webp',
      'a.svg',
      'a.doc',
      'a.docx',
      'a.xls',
      'a.xlsx',
      'a.ppt',
      'a.pptx',
      'a.csv',
      'a.txt',
      'a.zip',
      'a.rar',
      'a.mp4',
      'a.webm',
      'a.mov',
    ]) {
      it(`accepts ${name}`, async () => {
        assert.equal((await upload(a, w.acme.id, task.id, name, bytes)).status, 201);
      });
    }

    for (const name of ['tool.exe', 'script.sh', 'page.html', 'noextension']) {
      it(`refuses ${name} -> 422, nothing stored`, async () => {
        assertError(await upload(a, w.acme.id, task.id, name, bytes), 422);
        assert.equal((await h.ctl.state('attachments')).filter((x: Json) => x.task_id === task.id).length, 0);
      });
    }

    it('refuses a file above the size limit (maxUploadBytes) -> 422; at the limit -> 201', async () => {
      await h.ctl.config({ maxUploadBytes: 1024 });
      assertError(await upload(a, w.acme.id, task.id, 'big.txt', Buffer.alloc(1025, 97)), 422);
      assert.equal((await upload(a, w.acme.id, task.id, 'ok.txt', Buffer.alloc(1024, 97))).status, 201);
    });

    it('file missing -> 422 errors.file', async () => {
      const form = new FormData();
      form.append('context', 'task');
      assertError(await a.request('POST', base(), { rawBody: form }), 422, 'file');
    });

    it('two files in one request -> 422 (one file per request), nothing stored', async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), 'one.txt');
      form.append('file', new Blob([new Uint8Array(bytes)]), 'two.txt');
      assertError(await a.request('POST', base(), { rawBody: form }), 422);
      assert.equal((await h.ctl.state('attachments')).filter((x: Json) => x.task_id === task.id).length, 0);
    });

    it('a malformed multipart body -> 422 with a JSON message', async () => {
      const res = await a.request('POST', base(), {
        rawBody: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      assertError(res, 422);
    });

    it('bad context -> 422', async () => {
      assertError(await upload(a, w.acme.id, task.id, 'x.txt', 'x', { context: 'wiki' }), 422);
    });

    it('404 for an unknown or invisible task', async () => {
      assertError(await upload(a, w.acme.id, UNKNOWN_ID, 'x.txt', 'x'), 404);
      assertError(await upload(h.as('carol'), w.acme.id, task.id, 'x.txt', 'x'), 404);
    });
  });

  // docs/api/openapi.yaml#listTaskAttachments, per context.
  describe('GET list per context', () => {
    it('omitted context lists the task file attachments; ?context= filters', async () => {
      const t = await put('t.pdf');
      const c = await a.post(`/workspaces/${w.acme.id}/tasks/${task.id}/comments`, { body: 'c' });
      const ca = await put('c.png', { context: 'comment', comment_id: c.body.id });
      const d = await put('d.png', { context: 'description' });
      const ids = async (q?: string): Promise<string[]> => {
        const res = await a.get(base(), q ? { context: q } : undefined);
        assert.equal(res.status, 200, res.text);
        assert.ok(Array.isArray(res.body));
        return res.body.map((x: Json) => x.id).sort();
      };
      assert.deepEqual(await ids(), [t.id]);
      assert.deepEqual(await ids('task'), [t.id]);
      assert.deepEqual(await ids('comment'), [ca.id]);
      assert.deepEqual(await ids('description'), [d.id]);
    });

    it('listing rows carry preview_url and download_url', async () => {
      await put();
      const [row] = (await a.get(base())).body;
      assert.equal(typeof row.preview_url, 'string');
      assert.equal(typeof row.download_url, 'string');
      assert.equal(row.file_size, bytes.length);
    });

    it('404 for an unknown task', async () => {
      assertError(await a.get(base(UNKNOWN_ID)), 404);
    });
  });

  // docs/api/openapi.yaml#downloadTaskAttachment: 302 to a signed URL.
  describe('GET one: 302 to a signed URL', () => {
    it('302 with Location; the signed URL serves the bytes with no Authorization header', async () => {
      const att = await put();
      const res = await a.get(`${base()}/${att.id}`);
      assert.equal(res.status, 302);
      const location = res.headers.get('location');
      assert.ok(location, 'Location header');
      const file = await anon(location);
      assert.equal(file.status, 200);
      assert.deepEqual(Buffer.from(await file.arrayBuffer()), bytes);
    });

    it('download_url from create and listing also serve the bytes anonymously', async () => {
      const att = await put();
      const viaCreate = await anon(att.download_url);
      assert.equal(viaCreate.status, 200);
      assert.deepEqual(Buffer.from(await viaCreate.arrayBuffer()), bytes);
      const [row] = (await a.get(base())).body;
      const viaPreview = await anon(row.preview_url);
      assert.equal(viaPreview.status, 200);
    });

    it('a tampered signature is rejected', async () => {
      const att = await put();
      const url = new URL((await a.get(`${base()}/${att.id}`)).headers.get('location')!, h.sb.origin);
      const sigKey = [...url.searchParams.keys()].find((k) => /sig/i.test(k));
      assert.ok(sigKey, `signed URL carries a signature parameter: ${url}`);
      const sig = url.searchParams.get(sigKey)!;
      url.searchParams.set(sigKey, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
      const res = await anon(url.toString());
      assert.ok(res.status >= 400 && res.status < 500, `tampered -> ${res.status}`);
      assert.notDeepEqual(Buffer.from(await res.arrayBuffer()), bytes);
    });

    it('the signature binds the file, the expiry and the disposition', async () => {
      const one = await put('one.pdf');
      const two = await put('two.pdf');
      const url = async (id: string): Promise<URL> =>
        new URL((await a.get(`${base()}/${id}`)).headers.get('location')!, h.sb.origin);
      const u1 = await url(one.id);
      const u2 = await url(two.id);
      const variants: [string, URL][] = [];
      const swapped = new URL(u1);
      swapped.pathname = u2.pathname;
      variants.push(["another file's path", swapped]);
      for (const key of [...u1.searchParams.keys()]) {
        const changed = new URL(u1);
        const v = changed.searchParams.get(key)!;
        changed.searchParams.set(
          key,
          /^\d+$/.test(v)
            ? String(Number(v) + 3600)
            : v === 'inline'
              ? 'attachment'
              : v === 'attachment'
                ? 'inline'
                : `${v}0`,
        );
        variants.push([`${key} changed`, changed]);
        // Dropping disposition=attachment gives an equivalent URL (a download); see the inline case below.
        if (key !== 'disposition') {
          const dropped = new URL(u1);
          dropped.searchParams.delete(key);
          variants.push([`${key} removed`, dropped]);
        }
      }
      const [row] = (await a.get(base())).body;
      const preview = new URL(row.preview_url, h.sb.origin);
      preview.searchParams.delete('disposition');
      const unsigned = await anon(preview.toString());
      assert.ok(
        unsigned.status !== 200 || !/inline/i.test(unsigned.headers.get('content-disposition') ?? ''),
        'an inline URL without its disposition is not served inline',
      );
      for (const [label, u] of variants) {
        const res = await anon(u.toString());
        assert.ok(res.status >= 400 && res.status < 500, `${label}: ${res.status}`);
      }
      assert.equal((await anon(u1.toString())).status, 200, 'the genuine URL still works');
    });

    it('a signed URL stops working once the attachment is deleted', async () => {
      const att = await put();
      const location = (await a.get(`${base()}/${att.id}`)).headers.get('location')!;
      assert.equal((await a.delete(`${base()}/${att.id}`)).status, 204);
      const res = await anon(location);
      assert.ok(res.status >= 400 && res.status < 500, `after delete: ${res.status}`);
    });

    it('an expired signature is rejected (sandbox clock + 1 day)', async () => {
      const att = await put();
      const location = (await a.get(`${base()}/${att.id}`)).headers.get('location')!;
      await h.ctl.advance(24 * 60 * 60 * 1000);
      const res = await anon(location);
      assert.ok(res.status >= 400 && res.status < 500, `expired -> ${res.status}`);
    });

    it('preview=true -> 200 with the file inline', async () => {
      const att = await put('pic.png');
      const res = await fetch(`${h.sb.baseUrl}${base()}/${att.id}?preview=true`, {
        headers: { authorization: 'Bearer demo-token-alice' },
        redirect: 'manual',
      });
      assert.equal(res.status, 200);
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), bytes);
      assert.ok(!/attachment/i.test(res.headers.get('content-disposition') ?? ''), 'not an attachment disposition');
    });

    it('404 for an unknown attachment', async () => {
      assertError(await a.get(`${base()}/${UNKNOWN_ID}`), 404);
    });
  });

  // docs/api/openapi.yaml#deleteTaskAttachment.
  describe('DELETE', () => {
    it('204; gone from listing and raw state; second delete 404', async () => {
      const att = await put();
      const res = await a.delete(`${base()}/${att.id}`);
      assert.equal(res.status, 204);
      assert.deepEqual((await a.get(base())).body, []);
      assert.ok(!(await h.ctl.state('attachments')).some((x: Json) => x.id === att.id));
      assertError(await a.delete(`${base()}/${att.id}`), 404);
    });
  });

  describe('assumption: signed URLs (docs/api/openapi.yaml#downloadTaskAttachment)', () => {
    it('valid for 5 minutes of sandbox time; expired or tampered -> 403 JSON', async () => {
      const att = await put();
      const location = (await a.get(`${base()}/${att.id}`)).headers.get('location')!;
      await h.ctl.advance(4 * 60 * 1000);
      assert.equal((await anon(location)).status, 200);
      await h.ctl.advance(61 * 1000);
      const res = await anon(location);
      assert.equal(res.status, 403);
      assert.equal(typeof (await res.json()).message, 'string');
    });
  });

  describe('assumption: upload and download details (docs/api/openapi.yaml#uploadTaskAttachment)', () => {
    it('an empty file -> 422 errors.file; the extension check is case-insensitive', async () => {
      assertError(await upload(a, w.acme.id, task.id, 'empty.txt', Buffer.alloc(0)), 422, 'file');
      assert.equal((await upload(a, w.acme.id, task.id, 'LOUD.PNG', bytes)).status, 201);
      assertError(await upload(a, w.acme.id, task.id, 'tool.EXE', bytes), 422, 'file');
    });

    it('comment_id is required with context=comment and refused with context=task', async () => {
      assertError(await upload(a, w.acme.id, task.id, 'c.txt', 'c', { context: 'comment' }), 422, 'comment_id');
      const c = await a.post(`/workspaces/${w.acme.id}/tasks/${task.id}/comments`, { body: 'c' });
      assertError(
        await upload(a, w.acme.id, task.id, 'c.txt', 'c', { context: 'task', comment_id: c.body.id }),
        422,
        'comment_id',
      );
    });

    it('mime_type comes from the extension; the 302 also has a JSON body { url }', async () => {
      const att = await put('pic.png');
      assert.equal(att.mime_type, 'image/png');
      const res = await a.get(`${base()}/${att.id}`);
      assert.equal(res.body.url, res.headers.get('location'));
    });

    it('preview with a value other than true/false/1/0 -> 422; inline disposition', async () => {
      const att = await put('pic.png');
      assertError(await a.get(`${base()}/${att.id}`, { preview: 'maybe' }), 422);
      const res = await a.get(`${base()}/${att.id}`, { preview: '1' });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-disposition') ?? '', /^inline/i);
    });
  });
});
