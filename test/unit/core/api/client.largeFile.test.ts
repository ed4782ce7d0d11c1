import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { ApiClient } from '../../../../src/core/api/client';
import { RateLimiter } from '../../../../src/core/api/rateLimiter';
import type { Json } from './env';

const SIZE = 300 * 1024 * 1024;

/** The sandbox in a child process, so this process's memory is the client's alone. */
async function startChildSandbox(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const cli = require.resolve('tsx/cli');
  const main = join(__dirname, '..', '..', '..', '..', 'sandbox', 'main.ts');
  const child = spawn(process.execPath, [cli, main, '--port', '0', '--seed', 'demo', '--rate-limit', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const match = /SANDBOX READY (\{.*\})/.exec(buffer);
      if (match) {
        resolve((JSON.parse(match[1] as string) as { base_url: string }).base_url);
      }
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return { child, baseUrl };
}

/** Peak RSS growth while `work` runs. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().rss) - base;
}

describe('api/client 300 MB attachment: streamed both ways, never held in memory', function () {
  this.timeout(180_000);
  let child: ChildProcess | undefined;
  let baseUrl: string;
  let dir: string;

  before(async () => {
    ({ child, baseUrl } = await startChildSandbox());
    dir = await fs.mkdtemp(join(tmpdir(), 'api-large-'));
  });
  after(async () => {
    child?.kill('SIGTERM');
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('uploads and downloads 300 MB with client memory growth far below the file size', async () => {
    const origin = new URL(baseUrl).origin;
    const fx = (await (await request(`${origin}/__sandbox/fixtures`)).body.json()) as Json;
    const acme = fx.workspaces.acme.id;
    const task = fx.attachments.task_id;
    const source = join(dir, 'huge.zip');
    await fs.writeFile(source, '');
    await fs.truncate(source, SIZE); // sparse file of zeros: cheap to create, real to read
    const api = new ApiClient({
      baseUrl,
      token: 'demo-token-alice',
      limiter: new RateLimiter({ limit: 1000 }),
      timeoutMs: 60_000,
    });

    let id = '';
    const up = await peakGrowth(async () => {
      const created = await api.uploadAttachment(acme, task, { path: source });
      assert.equal(created.file_size, SIZE);
      id = created.id;
    });
    const target = join(dir, 'back.zip');
    const down = await peakGrowth(async () => {
      assert.equal(await api.downloadAttachmentTo(acme, task, id, target), SIZE);
    });
    assert.equal((await fs.stat(target)).size, SIZE);
    console.log(
      `      RSS growth: upload ${Math.round(up / 1e6)} MB, download ${Math.round(down / 1e6)} MB for ${SIZE / 1e6} MB`,
    );
    const limit = 120 * 1024 * 1024;
    assert.ok(up < limit, `upload grew RSS by ${Math.round(up / 1e6)} MB`);
    assert.ok(down < limit, `download grew RSS by ${Math.round(down / 1e6)} MB`);
  });
});
