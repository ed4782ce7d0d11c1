import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RateLimiter } from '../../../src/core/api/rateLimiter';
import { BudgetShare, LEASE_VAR, readLease, shareLimit } from '../../../src/core/mcp/lease';
import type { LeaseSide, ShareRecord } from '../../../src/core/mcp/lease';
import { Env, useSandbox } from '../core/api/env';
import type { LoggedRequest } from '../core/api/env';
import { buildServer, connect } from './harness';

const WINDOW_MS = 2_000;

/** The most of `label`'s accepted requests (or of the given times) in any window of WINDOW_MS. */
function busiest(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let end = 0, start = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= WINDOW_MS) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

const record = (ceiling: number, wants: boolean, at = 0): ShareRecord => ({ ceiling, wants, at });

describe('mcp budget lease: the editor and the server share one budget, lending what one does not use', function () {
  this.timeout(120_000);
  let dir: string;
  const shares: BudgetShare[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lease-'));
  });
  afterEach(() => {
    shares.splice(0).forEach((s) => s.stop());
    rmSync(dir, { recursive: true, force: true });
  });

  const cases: [string, boolean, ShareRecord | undefined, number][] = [
    ['busy, the other gone: the whole budget', true, undefined, 60],
    ['busy, the other idle keeping 4: 56', true, record(4, false), 56],
    ['busy, the other busy: half', true, record(30, true), 30],
    ['busy, the other still holding 56 slots: what it leaves', true, record(56, true), 4],
    ['idle, the other busy: keeps 4 for the next click', false, record(30, true), 4],
    ['idle, the other idle: half, ready for a burst', false, record(4, false), 30],
  ];
  for (const [label, wants, other, expected] of cases) {
    it(`shareLimit: ${label}`, () => assert.equal(shareLimit(60, 4, wants, other), expected));
  }
  it('shareLimit never goes past the cap (TASK_PLATFORM_REQUESTS_PER_MINUTE) nor below 0', () => {
    assert.equal(shareLimit(60, 4, true, undefined, 20), 20);
    assert.equal(shareLimit(60, 4, true, record(70, true)), 0);
  });

  it("a crashed side's record counts until every request it may have sent has left the window, then not at all", () => {
    const file = join(dir, 'lease');
    let now = 1_000_000;
    const limiter = new RateLimiter({ limit: 60, windowMs: 60_000 });
    writeFileSync(file, JSON.stringify({ server: record(56, true, now) }));
    const share = new BudgetShare({ file, side: 'editor', limiter, now: () => now });
    shares.push(share);
    assert.equal(limiter.limit, 4, 'the server holds 56: the editor keeps to what is left');
    assert.equal(share.staleMs, 60_000 + 600 + 3 * 5_000, 'the window, its margin and three missed refreshes');
    now += share.staleMs - 1;
    share.sync();
    assert.equal(limiter.limit, 4, 'not stale yet');
    now += 1;
    share.sync();
    assert.equal(limiter.limit, 30, 'gone: the idle editor holds half, never stuck at a small share');
    assert.deepEqual(readLease(file).editor, { ceiling: 30, wants: false, at: now });
  });

  it('a lock the other side holds is waited for (tried again shortly); one left by a dead process is taken over', async () => {
    const file = join(dir, 'lease');
    const lock = `${file}.lock`;
    writeFileSync(lock, '');
    const limiter = new RateLimiter({ limit: 60, windowMs: 60_000 });
    const share = new BudgetShare({ file, side: 'editor', limiter });
    shares.push(share);
    assert.equal(readLease(file).editor, undefined, 'not written while the lock is held');
    rmSync(lock);
    const deadline = Date.now() + 10_000;
    while (readLease(file).editor === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.ok(readLease(file).editor, 'written by the retry once the lock was released');
    writeFileSync(lock, '');
    utimesSync(lock, new Date(0), new Date(0));
    assert.equal(share.sync(), true, 'an old lock is removed and taken');
    assert.equal(existsSync(lock), false, 'and released after');
  });

  describe('against the sandbox (60 per 2 s)', function () {
    const env = useSandbox(this, { rateLimit: 60, rateWindowMs: WINDOW_MS, timeout: 120_000 });

    /** One process's client: its own limiter on the token's window, sharing through `file`. */
    const side = (file: string, name: LeaseSide): { limiter: RateLimiter; get: (i: number) => Promise<unknown> } => {
      const limiter = new RateLimiter({ limit: 60, windowMs: WINDOW_MS });
      shares.push(new BudgetShare({ file, side: name, limiter }));
      const client = env.client('demo-token-alice', { limiter });
      // Each search differs: the client shares identical GETs in flight, which would send fewer.
      const get = (i: number): Promise<unknown> =>
        client.listTasks(
          env.acme,
          { scope: { list_id: env.fx.lists.api }, search: `${name} ${i}` },
          { priority: 'user' },
        );
      return { limiter, get };
    };

    async function accepted(): Promise<LoggedRequest[]> {
      const log = (await env.requests()).filter((r) => r.token_label === 'alice');
      assert.equal(log.filter((r) => r.status === 429).length, 0, 'no 429');
      return log.filter((r) => r.path.startsWith('/api/'));
    }

    it('one side idle: the other gets nearly the whole 60 (all but the 4 the idle side keeps)', async () => {
      const file = join(dir, 'lease');
      side(file, 'server');
      const editor = side(file, 'editor');
      await Promise.all(Array.from({ length: 150 }, (_, i) => editor.get(i)));
      const most = busiest((await accepted()).map((r) => r.at_ms));
      assert.ok(most >= 54 && most <= 60, `busiest window: ${most}`);
    });

    it('both sides busy: every request goes through, at most 60 in any window together, no 429', async () => {
      const file = join(dir, 'lease');
      const server = side(file, 'server');
      const editor = side(file, 'editor');
      const jobs = Array.from({ length: 180 }, (_, i) => (i % 2 ? server : editor).get(i));
      assert.equal((await Promise.all(jobs)).length, 180);
      const log = await accepted();
      assert.equal(log.length, 180);
      const most = busiest(log.map((r) => r.at_ms));
      assert.ok(most <= 60, `busiest window: ${most}`);
      assert.ok(editor.limiter.limit + server.limiter.limit <= 60);
    });
  });

  it('the real server writes its record in the lease named in its environment, capped by its setting', async () => {
    buildServer();
    const env = await Env.start();
    const file = join(dir, 'mcp-lease-test');
    try {
      const server = await connect(env.baseUrl, 'demo-token-alice', {
        [LEASE_VAR]: file,
        TASK_PLATFORM_REQUESTS_PER_MINUTE: '20',
      });
      await server.client.callTool({ name: 'get_me', arguments: {} });
      const written = readLease(file).server;
      assert.ok(written && Date.now() - written.at < 10_000, 'written while it runs');
      assert.ok(written.ceiling <= 20, `ceiling ${written.ceiling}`);
      assert.match(server.stderr(), /sharing the editor budget, at most 20 requests a minute/);
      await server.close();
    } finally {
      await env.stop();
    }
  });

  it('the server ignores a lease path that is not absolute', async () => {
    const env = await Env.start();
    try {
      const server = await connect(env.baseUrl, 'demo-token-alice', { [LEASE_VAR]: 'relative-lease' });
      await server.client.listTools();
      await server.close();
      assert.equal(existsSync(join(process.cwd(), 'relative-lease')), false);
    } finally {
      await env.stop();
    }
  });
});
