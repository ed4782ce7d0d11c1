// Conformance of the /__sandbox test controls (sandbox/README.md#test-controls): faults,
// request log, clock, reset, raw state.
import * as assert from 'node:assert/strict';
import { ISO_RE, TOKENS, useSandbox } from './helpers';
import { marker } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: sandbox/README.md#test-controls.
describe('Test controls (/__sandbox)', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api, listId: string;
  const tasks = (): string => `/workspaces/${w.acme.id}/tasks`;
  const count = async (): Promise<number> => (await h.ctl.state('tasks')).length;

  beforeEach(async () => {
    ({ w, a, listId } = await h.reseed());
  });

  /** A raw fetch that reports a destroyed socket instead of throwing. */
  async function attempt(body: Json, headers: Record<string, string> = {}): Promise<number | 'reset'> {
    try {
      const res = await fetch(`${h.sb.baseUrl}${tasks()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKENS.alice}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 'reset';
    }
  }

  // sandbox/README.md#test-controls: faults.
  describe('faults', () => {
    it('status500 answers 500 for `times` requests, then the route works again', async () => {
      await h.ctl.fault({ method: 'GET', path: '/api/user', kind: 'status500', times: 1 });
      assert.equal((await a.get('/user')).status, 500);
      assert.equal((await a.get('/user')).status, 200);
    });

    it('reset_before destroys the socket and applies nothing', async () => {
      await h.ctl.fault({ method: 'POST', path: '/api/workspaces/*/tasks', kind: 'reset_before', times: 1 });
      const before = await count();
      assert.equal(await attempt({ list_id: listId, title: 'never' }), 'reset');
      assert.equal(await count(), before);
    });

    it('reset_after applies the request (and stores its idempotent result) before destroying the socket', async () => {
      await h.ctl.fault({ method: 'POST', path: '/api/workspaces/*/tasks', kind: 'reset_after', times: 1 });
      const before = await count();
      const k = { 'Idempotency-Key': marker('ra') };
      const body = { list_id: listId, title: marker('applied') };
      assert.equal(await attempt(body, k), 'reset');
      assert.equal(await count(), before + 1, 'applied');
      const retry = await a.post(tasks(), body, k);
      assert.equal(retry.status, 201);
      assert.equal(retry.headers.get('idempotent-replay'), 'true');
      assert.equal(await count(), before + 1, 'the retry with the same key created nothing');
    });

    it('status429 and malformed_json kinds', async () => {
      await h.ctl.fault({ method: 'GET', path: '/api/user', kind: 'status429', times: 1 });
      assert.equal((await a.get('/user')).status, 429);
      await h.ctl.fault({ method: 'GET', path: '/api/user', kind: 'malformed_json', times: 1 });
      const bad = await a.get('/user');
      assert.throws(() => JSON.parse(bad.text));
      assert.equal((await a.get('/user')).status, 200);
    });

    it('a query matcher limits a rule to requests with those exact parameters', async () => {
      const other = w.acmePublicLists[1]!.id;
      await h.ctl.fault({
        method: 'GET',
        path: '/api/workspaces/*/tasks',
        query: { list_id: listId },
        kind: 'status500',
      });
      assert.equal((await a.get(`${tasks()}?list_id=${other}`)).status, 200);
      assert.equal((await a.get(`${tasks()}?list_id=${listId}`)).status, 500);
      const refused = await fetch(`${h.sb.origin}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/api/user', query: { n: 1 }, kind: 'status500' }),
      });
      assert.equal(refused.status, 422);
      assert.match(await refused.text(), /query must be an object of string values/);
    });

    it('DELETE /__sandbox/faults removes every rule; ** matches any depth', async () => {
      await h.ctl.fault({ path: '/api/**', kind: 'status500' });
      assert.equal((await a.get(`/workspaces/${w.acme.id}/spaces`)).status, 500);
      await h.ctl.clearFaults();
      assert.equal((await a.get(`/workspaces/${w.acme.id}/spaces`)).status, 200);
    });

    it('reset clears faults', async () => {
      await h.ctl.fault({ path: '/api/user', kind: 'status500' });
      await h.ctl.reset();
      assert.equal((await a.get('/user')).status, 200);
    });
  });

  // sandbox/README.md#test-controls: request log.
  describe('request log', () => {
    it('records every /api request with the documented fields', async () => {
      await h.ctl.clearRequests();
      await a.post(tasks(), { list_id: listId, title: 'logged' }, { 'Idempotency-Key': 'log-key' });
      await a.post(tasks(), { list_id: listId, title: 'logged' }, { 'Idempotency-Key': 'log-key' });
      await h.as('none').get('/user');
      await h.as({ raw: 'Bearer wrong' }).get('/user');
      const log = await h.ctl.requests();
      assert.equal(log.length, 4);
      const [first, replay, none, unknown] = log;
      for (const e of log) {
        assert.equal(typeof e.seq, 'number');
        assert.match(e.at, ISO_RE);
        assert.equal(typeof e.at_ms, 'number');
        assert.ok('query' in e);
      }
      assert.equal(first.method, 'POST');
      assert.equal(first.path, `/api${tasks()}`);
      assert.equal(first.status, 201);
      assert.equal(first.user_id, w.users.alice.id);
      assert.equal(first.token_label, 'alice');
      assert.equal(first.idempotency_key, 'log-key');
      assert.equal(first.replay, false);
      assert.equal(replay.replay, true);
      assert.ok(replay.seq > first.seq);
      assert.deepEqual([none.status, none.token_label, none.user_id], [401, 'none', null]);
      assert.deepEqual([unknown.status, unknown.token_label, unknown.user_id], [401, 'unknown', null]);
    });

    it('?since=<seq> returns only later entries', async () => {
      await a.get('/user');
      const all = await h.ctl.requests();
      const last = all[all.length - 1].seq;
      await h.as('bob').get('/user');
      const later = await h.ctl.requests(last);
      assert.deepEqual(
        later.map((e) => e.token_label),
        ['bob'],
      );
    });
  });

  // sandbox/README.md#test-controls: clock and reset.
  describe('clock and reset', () => {
    it('advance moves the sandbox clock; reset clears the offset', async () => {
      const c0 = await h.ctl.call('GET', '/clock');
      assert.equal(c0.offset_ms, 0);
      await h.ctl.advance(3_600_000);
      const c1 = await h.ctl.call('GET', '/clock');
      assert.equal(c1.offset_ms, 3_600_000);
      assert.ok(Date.parse(c1.now) - Date.parse(c0.now) >= 3_600_000);
      await h.ctl.reset();
      assert.equal((await h.ctl.call('GET', '/clock')).offset_ms, 0);
    });

    it('timestamps the API writes follow the sandbox clock', async () => {
      await h.ctl.advance(5 * 86_400_000);
      const now = (await h.ctl.now()).getTime();
      const t = (await a.post(tasks(), { list_id: listId, title: 'when' })).body;
      const c = (await a.post(`${tasks()}/${t.id}/comments`, { body: 'when' })).body;
      const d = (await a.delete(`${tasks()}/${t.id}`)).body;
      for (const [label, iso] of [
        ['created_at', t.created_at],
        ['comment', c.created_at],
        ['deleted_at', d.deleted_at],
      ]) {
        assert.ok(Math.abs(Date.parse(iso) - now) < 10_000, `${label} ${iso} is sandbox time`);
      }
    });

    it('reset to the empty seed: same tree, no tasks; the index answers an empty envelope', async () => {
      const listBefore = w.acmePublicLists[0]!;
      await h.ctl.reset('empty');
      try {
        w = await h.seedMap();
        assert.ok(
          w.acmePublicLists.some((l) => l.id === listBefore.id),
          'same lists',
        );
        assert.equal((await h.ctl.state('tasks')).length, 0);
        const res = await a.get(`/workspaces/${w.acme.id}/tasks`, { list_id: listBefore.id });
        assert.equal(res.status, 200);
        assert.deepEqual([res.body.data, res.body.total_count, res.body.completed_count], [[], 0, 0]);
        assert.deepEqual(res.body.group_counts, {});
      } finally {
        await h.ctl.reset('demo'); // a reset without a seed keeps the current one
      }
    });

    it('reset forgets idempotency keys: the same key does real work again', async () => {
      const k = { 'Idempotency-Key': marker('rk') };
      const body = { list_id: listId, title: 'before reset' };
      assert.equal((await a.post(tasks(), body, k)).status, 201);
      await h.ctl.reset();
      w = await h.seedMap();
      const again = await a.post(tasks(), { ...body, list_id: w.acmePublicLists[0]!.id }, k);
      assert.equal(again.status, 201);
      assert.notEqual(again.headers.get('idempotent-replay'), 'true');
      assert.ok(
        (await h.ctl.state('tasks')).some((t: Json) => t.id === again.body.id),
        'the task exists',
      );
    });

    it('reset clears rate windows', async () => {
      await h.ctl.config({ rateLimit: 5, rateWindowMs: 60_000 });
      try {
        for (let i = 0; i < 5; i += 1) await a.get('/user');
        assert.equal((await a.get('/user')).status, 429);
        await h.ctl.reset();
        assert.equal((await a.get('/user')).status, 200);
      } finally {
        await h.ctl.config({ rateLimit: 0 });
      }
    });

    it('reset drops cached view counts (they describe the old state)', async () => {
      const view = (await h.ctl.state('views')).find(
        (v: Json) =>
          v.workspace_id === w.acme.id &&
          v.viewable_type === 'list' &&
          !v.is_private &&
          v.filters?.conditions?.[0]?.field === 'priority',
      );
      assert.ok(view, 'a public Acme list view filtered on priority');
      const seedCount = (await a.get(`/views/${view.id}/tasks`)).body.total_count;
      await h.ctl.reset();
      await a.post(tasks(), { list_id: view.viewable_id, title: 'counted', priority: 'critical' });
      const afterCreate = (await h.as('bob').get(`/views/${view.id}/tasks`)).body.total_count;
      assert.equal(afterCreate, seedCount + 1, 'bob computes fresh');
      await h.ctl.reset();
      assert.equal((await a.get(`/views/${view.id}/tasks`)).body.total_count, seedCount, 'alice: seed count');
      await a.post(tasks(), { list_id: view.viewable_id, title: 'counted', priority: 'critical' });
      await h.as('bob').get(`/views/${view.id}/tasks`);
      await h.ctl.reset();
      assert.equal(
        (await h.as('bob').get(`/views/${view.id}/tasks`)).body.total_count,
        seedCount,
        "bob's count cached before the reset is not served after it",
      );
    });

    it('reset restores the seed: created tasks are gone; trashed rows stay visible in raw state with deleted_at', async () => {
      const before = await count();
      const t = (await a.post(tasks(), { list_id: listId, title: 'temp' })).body;
      await a.delete(`${tasks()}/${t.id}`);
      const row = (await h.ctl.state('tasks')).find((x: Json) => x.id === t.id);
      assert.match(row.deleted_at, ISO_RE);
      await h.ctl.reset();
      assert.equal(await count(), before);
    });
  });

  describe('assumption: request log details (the sandbox README, "Test controls")', () => {
    it('status is null while a request is in flight and 0 when the socket was destroyed', async () => {
      await h.ctl.clearRequests();
      await h.ctl.fault({ method: 'GET', path: '/api/user', kind: 'latency', latency_ms: 800, times: 1 });
      const slow = a.get('/user');
      let inFlight: Json | undefined;
      for (let i = 0; i < 40 && !inFlight; i += 1) {
        inFlight = (await h.ctl.requests()).find((e) => e.path === '/api/user');
        if (!inFlight) await new Promise((r) => setTimeout(r, 20));
      }
      assert.ok(inFlight, 'the in-flight request is logged');
      assert.equal(inFlight.status, null);
      await slow;
      await h.ctl.fault({ method: 'POST', path: '/api/workspaces/*/tasks', kind: 'reset_before', times: 1 });
      await attempt({ list_id: listId, title: 'x' });
      const log = await h.ctl.requests();
      assert.equal(log.find((e) => e.method === 'POST').status, 0);
    });
  });
});
