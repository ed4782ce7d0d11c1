import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { holdLease, lastTouch, LEASE_STALE_MS, LEASE_VAR, serverMayBeActive } from '../../../src/core/mcp/lease';
import { Env } from '../core/api/env';
import { buildServer, connect } from './harness';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('mcp budget lease: the editor gets its share back once the server has stopped', function () {
  this.timeout(60_000);
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lease-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('the server may be active until its last sign of life is older than the refresh plus the 60 s window', () => {
    const resolvedAt = 1_000_000;
    assert.equal(LEASE_STALE_MS, 85_000);
    assert.equal(serverMayBeActive(undefined, resolvedAt, resolvedAt + 1_000), true, 'just asked for, not started yet');
    assert.equal(serverMayBeActive(undefined, resolvedAt, resolvedAt + LEASE_STALE_MS), false, 'never started');
    assert.equal(serverMayBeActive(resolvedAt + 300_000, resolvedAt, resolvedAt + 300_000 + 84_999), true);
    assert.equal(serverMayBeActive(resolvedAt + 300_000, resolvedAt, resolvedAt + 300_000 + 85_000), false);
    assert.equal(
      serverMayBeActive(resolvedAt - 500_000, resolvedAt, resolvedAt + 10_000),
      true,
      'an old file from a previous run counts from the new start',
    );
  });

  it('holdLease touches the file at once and at every refresh; stop ends the refreshes', async () => {
    const file = join(dir, 'lease');
    const stop = holdLease(file, 40);
    assert.ok(existsSync(file));
    utimesSync(file, new Date(0), new Date(0));
    await sleep(150);
    const touched = await lastTouch(file);
    assert.ok(touched !== undefined && Date.now() - touched < 1_000, 'touched again by the refresh');
    stop();
    utimesSync(file, new Date(0), new Date(0));
    await sleep(150);
    assert.equal(await lastTouch(file), 0, 'no refresh after stop');
    assert.equal(await lastTouch(join(dir, 'missing')), undefined);
  });

  it('a refresh after the editor removed the file does not write it again', async () => {
    const file = join(dir, 'lease');
    const stop = holdLease(file, 30);
    rmSync(file);
    await sleep(120);
    stop();
    assert.equal(existsSync(file), false);
  });

  it('the real server touches the lease named in its environment when it starts and again when it exits', async () => {
    buildServer();
    const env = await Env.start();
    const file = join(dir, 'mcp-lease-test');
    try {
      const server = await connect(env.baseUrl, 'demo-token-alice', { [LEASE_VAR]: file });
      await server.client.listTools();
      assert.ok(existsSync(file), 'written at start');
      utimesSync(file, new Date(0), new Date(0));
      await server.close();
      const deadline = Date.now() + 10_000;
      while (statSync(file).mtimeMs === 0 && Date.now() < deadline) {
        await sleep(50);
      }
      assert.ok(Date.now() - statSync(file).mtimeMs < 10_000, 'touched on exit: its last requests count from then');
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
