// Conformance of docs/api/README.md#rate-limit (60 per minute per token; 429 with a JSON message).
// Small windows via /__sandbox/config keep it fast.
import * as assert from 'node:assert/strict';
import { useSandbox } from './helpers';
import { assertError } from './ops';
import type { Api } from './helpers';

async function burst(api: Api, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) statuses.push((await api.get('/user')).status);
  return statuses;
}

// Contract: docs/api/README.md#rate-limit.
describe('Rate limit: default 60 requests per minute per token', () => {
  const h = useSandbox({});

  it('the 61st request in the minute -> 429 with a JSON message; other tokens unaffected', async () => {
    const statuses = await burst(h.as('alice'), 60);
    assert.deepEqual(statuses, Array(60).fill(200));
    assertError(await h.as('alice').get('/user'), 429);
    assert.equal((await h.as('bob').get('/user')).status, 200, 'limit is per token');
  });
});

// Contract: docs/api/README.md#rate-limit.
describe('Rate limit (configured window)', () => {
  const h = useSandbox({ rateLimit: 0 });

  beforeEach(async () => {
    await h.ctl.reset();
    await h.ctl.config({ rateLimit: 10, rateWindowMs: 2000, retryAfterHeader: true });
  });

  it('request 11 of 10 -> 429 JSON; applies to writes too; nothing is done', async () => {
    assert.deepEqual(await burst(h.as('alice'), 10), Array(10).fill(200));
    const res = await h.as('alice').get('/user');
    assertError(res, 429);
    const w = await h.as('bob').get('/user');
    assert.equal(w.status, 200);
    const before = (await h.ctl.state('tasks')).length;
    const write = await h.as('alice').post(`/workspaces/${w.body.workspaces[0].id}/tasks`, { title: 'x' });
    assert.equal(write.status, 429);
    assert.equal((await h.ctl.state('tasks')).length, before);
  });

  it('the window slides: requests succeed again once it has passed', async function () {
    this.timeout(10_000);
    await burst(h.as('alice'), 10);
    assert.equal((await h.as('alice').get('/user')).status, 429);
    const deadline = Date.now() + 5000;
    let status = 429;
    while (status === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await h.as('alice').get('/user')).status;
    }
    assert.equal(status, 200);
  });

  it('a 429 releases the Idempotency-Key: the retry after the window does the work', async function () {
    this.timeout(10_000);
    const me = (await h.as('alice').get('/user')).body;
    const acme = me.workspaces.find((x: { name: string }) => x.name === 'Acme');
    const list = (await h.ctl.state('tasks')).find((t: { workspace_id: string }) => t.workspace_id === acme.id).list_id;
    await burst(h.as('alice'), 9); // with GET /user above: the window of 10 is full
    const k = { 'Idempotency-Key': `rl-${Date.now()}` };
    const body = { list_id: list, title: 'after the window' };
    const limited = await h.as('alice').post(`/workspaces/${acme.id}/tasks`, body, k);
    assert.equal(limited.status, 429);
    let res = limited;
    const deadline = Date.now() + 5000;
    while (res.status === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      res = await h.as('alice').post(`/workspaces/${acme.id}/tasks`, body, k);
    }
    assert.equal(res.status, 201, res.text);
    assert.notEqual(res.headers.get('idempotent-replay'), 'true');
  });

  it('the request log records 429s', async () => {
    await h.ctl.clearRequests();
    await burst(h.as('alice'), 11);
    const log = await h.ctl.requests();
    assert.equal(log.filter((e) => e.status === 429).length, 1);
    assert.equal(log.filter((e) => e.status === 200).length, 10);
  });

  describe('assumption: Retry-After (docs/api/README.md#rate-limit)', () => {
    it('Retry-After: whole seconds >= 1 and within the window; message "Too Many Attempts."', async () => {
      await burst(h.as('alice'), 10);
      const res = await h.as('alice').get('/user');
      assert.equal(res.status, 429);
      assert.equal(res.body.message, 'Too Many Attempts.');
      const ra = res.headers.get('retry-after');
      assert.match(ra ?? '', /^\d+$/);
      assert.ok(Number(ra) >= 1 && Number(ra) <= 2, `Retry-After ${ra}`);
    });

    it('the header can be switched off through /__sandbox/config', async () => {
      await h.ctl.config({ retryAfterHeader: false });
      await burst(h.as('alice'), 10);
      const res = await h.as('alice').get('/user');
      assert.equal(res.status, 429);
      assert.equal(res.headers.get('retry-after'), null);
    });

    it('401s do not count toward the window', async () => {
      for (let i = 0; i < 15; i += 1) assert.equal((await h.as({ raw: 'Bearer nope' }).get('/user')).status, 401);
      assert.deepEqual(await burst(h.as('alice'), 10), Array(10).fill(200));
    });
  });
});
