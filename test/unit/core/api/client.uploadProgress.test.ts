import { strict as assert } from 'node:assert';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../../../../src/core/api/client';
import { AbortError } from '../../../../src/core/util/abort';
import { useSandbox } from './env';
import type { Json } from './env';

const MB = 1024 * 1024;

/** A sparse file of zeros: cheap to create, real to read. */
async function sparse(path: string, size: number): Promise<string> {
  await fs.writeFile(path, '');
  await fs.truncate(path, size);
  return path;
}

describe('api/client upload progress and cancel (sandbox over HTTP)', function () {
  const env = useSandbox(this, { timeout: 120_000 });
  let api: ApiClient;
  let dir: string;
  let task: string;

  before(async () => {
    dir = await fs.mkdtemp(join(tmpdir(), 'api-upload-progress-'));
  });
  after(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    api = env.client();
    task = env.fx.attachments.task_id;
  });

  const attachmentsOf = async (taskId: string): Promise<Json[]> =>
    (await env.control('GET', `/state/attachments?task_id=${taskId}`)).data as Json[];

  it('reports the file bytes taken by the request, rising to the whole size', async () => {
    const size = 12 * MB + 5;
    const path = await sparse(join(dir, 'progress.zip'), size);
    const seen: [number, number][] = [];
    const created = await api.uploadAttachment(
      env.acme,
      task,
      { path },
      {},
      { onProgress: (s, t) => seen.push([s, t]) },
    );
    assert.equal(created.file_size, size);
    assert.deepEqual(seen[0], [0, size], 'starts at 0');
    assert.deepEqual(seen.at(-1), [size, size], 'ends at the whole file');
    assert.ok(seen.length > 20, `reported as it goes (${seen.length} reports)`);
    assert.ok(
      seen.every(([s, t], i) => t === size && s >= (seen[i - 1]?.[0] ?? 0)),
      'never backwards, never another total',
    );
  });

  it('cancelled mid-way: the request is aborted and the service has no attachment, not even a partial one', async () => {
    const before = await attachmentsOf(task);
    const path = await sparse(join(dir, 'cancelled.zip'), 40 * MB);
    const controller = new AbortController();
    let last = 0;
    await assert.rejects(
      api.uploadAttachment(
        env.acme,
        task,
        { path },
        {},
        {
          signal: controller.signal,
          onProgress: (sent) => {
            last = sent;
            if (sent >= 5 * MB) controller.abort();
          },
        },
      ),
      (e: unknown) => AbortError.is(e),
    );
    assert.ok(last < 40 * MB, `stopped reading the file (${last} bytes)`);
    await new Promise((r) => setTimeout(r, 200)); // the sandbox notices the closed connection
    assert.deepEqual(await attachmentsOf(task), before, 'no attachment was created');
    const log = (await env.control('GET', '/requests')).data as Json[];
    const upload = log.filter((r) => r.method === 'POST' && /\/attachments$/.test(r.path));
    assert.equal(upload.length, 1, 'sent once, not retried after the cancel');
    assert.equal(upload[0].status, 0, 'the service never answered it');
  });

  it('a slow uplink (the slow_body fault) is followed as it goes, and cancelled mid-way creates nothing', async () => {
    await env.control('POST', '/faults', {
      method: 'POST',
      path: '/api/workspaces/*/tasks/*/attachments',
      kind: 'slow_body',
      bytes_per_second: 4 * MB,
    });
    await assert.rejects(
      env.control('POST', '/faults', { path: '/api/**', kind: 'slow_body', bytes_per_second: 10 }),
      /bytes_per_second must be >= 1024/,
    );
    const before = await attachmentsOf(task);
    const size = 40 * MB; // ten seconds at that rate
    const path = await sparse(join(dir, 'slow.zip'), size);
    const controller = new AbortController();
    let sent = 0;
    const upload = api
      .uploadAttachment(env.acme, task, { path }, {}, { signal: controller.signal, onProgress: (s) => (sent = s) })
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 1000));
    const seen = sent;
    controller.abort();
    assert.ok(AbortError.is(await upload), 'cancelled');
    assert.ok(seen > 0 && seen < size / 2, `after a second: ${Math.round(seen / MB)} MB of ${size / MB} MB`);
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(await attachmentsOf(task), before, 'no attachment was created');
  });

  it('a stalled body (the stall_body fault) hangs the upload until the cancel, and nothing is stored', async () => {
    await assert.rejects(
      env.control('POST', '/faults', { path: '/api/**', kind: 'stall_body', after_bytes: 0 }),
      /after_bytes must be a whole number >= 1/,
    );
    await env.control('POST', '/faults', {
      method: 'POST',
      path: '/api/workspaces/*/tasks/*/attachments',
      kind: 'stall_body',
      after_bytes: 2 * MB,
    });
    await env.control('DELETE', '/requests');
    const before = await attachmentsOf(task);
    const size = 30 * MB;
    const path = await sparse(join(dir, 'stall.zip'), size);
    const controller = new AbortController();
    let sent = 0;
    let reachedTwo: () => void = () => undefined;
    const twoMegabytes = new Promise<void>((r) => (reachedTwo = r));
    const upload = api
      .uploadAttachment(
        env.acme,
        task,
        { path },
        {},
        {
          signal: controller.signal,
          onProgress: (s) => {
            sent = s;
            if (s >= 2 * MB) reachedTwo();
          },
        },
      )
      .catch((e: unknown) => e);
    await twoMegabytes;
    controller.abort();
    assert.ok(AbortError.is(await upload), 'cancelled');
    assert.ok(sent < size, `stopped at ${Math.round(sent / MB)} MB of ${size / MB} MB`);
    // The sandbox logs status 0 once it has seen the connection close.
    let logged: Json[] = [];
    for (let i = 0; i < 100; i += 1) {
      logged = ((await env.control('GET', '/requests')).data as Json[]).filter((r) => /\/attachments$/.test(r.path));
      if (logged.every((r) => r.status !== null)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(
      logged.map((r) => r.status),
      [0],
      'one request, never answered',
    );
    assert.deepEqual(await attachmentsOf(task), before, 'no attachment was created');
  });

  it('follows what the socket takes: a server that stops reading stops the progress far below the size', async () => {
    const server = createServer((req) => req.pause()); // reads nothing, answers nothing
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const stalled = env.client('demo-token-alice', { baseUrl: `http://127.0.0.1:${port}/api`, timeoutMs: 60_000 });
    const size = 200 * MB;
    const path = await sparse(join(dir, 'stalled.zip'), size);
    const controller = new AbortController();
    let sent = 0;
    const upload = stalled
      .uploadAttachment(env.acme, task, { path }, {}, { signal: controller.signal, onProgress: (s) => (sent = s) })
      .catch((e: unknown) => e);
    try {
      // Wait until the progress stands still (the socket's buffers are full).
      let previous = -1;
      while (sent !== previous) {
        previous = sent;
        await new Promise((r) => setTimeout(r, 300));
      }
      assert.ok(sent > 0, 'some bytes went out');
      assert.ok(sent < 40 * MB, `progress stands at ${Math.round(sent / MB)} MB of ${size / MB} MB`);
    } finally {
      controller.abort();
      assert.ok(AbortError.is(await upload), 'the cancel ends the upload');
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
