// Conformance of docs/api/README.md#idempotency: replays, conflicts, a failure releasing the key, 24 h,
// keys private to the token.
import * as assert from 'node:assert/strict';
import { DAY_MS, useSandbox } from './helpers';
import { assertError, createTask, marker, upload, waitInFlight } from './ops';
import type { Api, Json, Res } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/README.md#idempotency.
describe('Idempotency-Key', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api, listId: string;
  const tasks = (): string => `/workspaces/${w.acme.id}/tasks`;
  const count = async (): Promise<number> => (await h.ctl.state('tasks')).length;
  const key = (): { 'Idempotency-Key': string } => ({ 'Idempotency-Key': marker('key') });

  beforeEach(async () => {
    ({ w, a, listId } = await h.reseed());
  });

  it('a replay returns the same status and body with Idempotent-Replay: true and creates nothing', async () => {
    const k = key();
    const body = { list_id: listId, title: 'once' };
    const before = await count();
    const first = await a.post(tasks(), body, k);
    assert.equal(first.status, 201);
    assert.notEqual(first.headers.get('idempotent-replay'), 'true');
    const replay = await a.post(tasks(), body, k);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replay'), 'true');
    assert.deepEqual(replay.body, first.body);
    assert.equal(await count(), before + 1);
  });

  it('the same key with a different body -> 422, nothing created', async () => {
    const k = key();
    await a.post(tasks(), { list_id: listId, title: 'one' }, k);
    const before = await count();
    assertError(await a.post(tasks(), { list_id: listId, title: 'two' }, k), 422);
    assert.equal(await count(), before);
  });

  it('the same key while the first request is still running -> 409; afterwards a replay', async () => {
    await h.ctl.fault({ method: 'POST', path: '/api/workspaces/*/tasks', kind: 'latency', latency_ms: 1500, times: 1 });
    const k = key();
    const body = { list_id: listId, title: 'slow' };
    const before = await count();
    const slow = a.post(tasks(), body, k);
    // The first request is held 1.5 s by the fault.
    await waitInFlight(h.ctl, 'POST', /\/tasks$/);
    const second = await a.post(tasks(), body, k);
    assertError(second, 409);
    const first = await slow;
    assert.equal(first.status, 201);
    const third = await a.post(tasks(), body, k);
    assert.equal(third.headers.get('idempotent-replay'), 'true');
    assert.deepEqual(third.body, first.body);
    assert.equal(await count(), before + 1);
  });

  it('a failed request releases its key: 422, then the same key with a valid body succeeds', async () => {
    const k = key();
    assertError(await a.post(tasks(), { list_id: listId }, k), 422);
    const ok = await a.post(tasks(), { list_id: listId, title: 'second try' }, k);
    assert.equal(ok.status, 201, ok.text);
    assert.notEqual(ok.headers.get('idempotent-replay'), 'true');
  });

  it("keys are private to the token: bob reusing alice's key does real work", async () => {
    const k = key();
    const body = { list_id: listId, title: 'shared key' };
    const before = await count();
    const mine = await a.post(tasks(), body, k);
    const his = await h.as('bob').post(tasks(), body, k);
    assert.equal(his.status, 201);
    assert.notEqual(his.headers.get('idempotent-replay'), 'true');
    assert.notEqual(his.body.id, mine.body.id);
    assert.equal(his.body.creator.id, w.users.bob.id);
    assert.equal(await count(), before + 2);
  });

  it('another token may use the key with a different body (no 422 across tokens)', async () => {
    const k = key();
    await a.post(tasks(), { list_id: listId, title: 'alice body' }, k);
    const res = await h.as('bob').post(tasks(), { list_id: listId, title: 'bob body' }, k);
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.title, 'bob body');
  });

  it('keys live 24 hours: replay at +23 h, real work again after +24 h', async () => {
    const k = key();
    const body = { list_id: listId, title: 'daily' };
    const first = await a.post(tasks(), body, k);
    await h.ctl.advance(23 * 60 * 60 * 1000);
    const replay = await a.post(tasks(), body, k);
    assert.equal(replay.headers.get('idempotent-replay'), 'true');
    await h.ctl.advance(DAY_MS - 23 * 60 * 60 * 1000 + 60_000);
    const before = await count();
    const fresh = await a.post(tasks(), body, k);
    assert.equal(fresh.status, 201);
    assert.notEqual(fresh.headers.get('idempotent-replay'), 'true');
    assert.notEqual(fresh.body.id, first.body.id);
    assert.equal(await count(), before + 1);
  });

  // docs/api/README.md#idempotency: every write accepts the key.
  describe('every write accepts the key', () => {
    const replayed = (r: Res): boolean => r.headers.get('idempotent-replay') === 'true';

    it('DELETE task: the replay returns the stored 200 instead of 404', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'bye' });
      const k = key();
      const first = await a.delete(`${tasks()}/${t.id}`, k);
      const again = await a.delete(`${tasks()}/${t.id}`, k);
      assert.equal(first.status, 200);
      assert.equal(again.status, 200);
      assert.ok(replayed(again));
      assert.deepEqual(again.body, first.body);
    });

    it('PATCH task and POST comment are replayed without repeating the work', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'p' });
      const k1 = key();
      await a.patch(`${tasks()}/${t.id}`, { title: 'p2' }, k1);
      assert.ok(replayed(await a.patch(`${tasks()}/${t.id}`, { title: 'p2' }, k1)));
      const k2 = key();
      const c1 = await a.post(`${tasks()}/${t.id}/comments`, { body: 'once' }, k2);
      const c2 = await a.post(`${tasks()}/${t.id}/comments`, { body: 'once' }, k2);
      assert.ok(replayed(c2));
      assert.equal(c2.body.id, c1.body.id);
      const comments = (await h.ctl.state('comments')).filter((c: Json) => c.task_id === t.id);
      assert.equal(comments.length, 1);
    });

    it('POST dependency: a replay is not a "dependency already exists" 409', async () => {
      const x = await createTask(a, w.acme.id, { list_id: listId, title: 'x' });
      const y = await createTask(a, w.acme.id, { list_id: listId, title: 'y' });
      const k = key();
      const path = `${tasks()}/${y.id}/dependencies`;
      const first = await a.post(path, { blocker_task_id: x.id }, k);
      const again = await a.post(path, { blocker_task_id: x.id }, k);
      assert.equal(first.status, 201);
      assert.equal(again.status, 201);
      assert.ok(replayed(again));
    });

    it('the 409 messages tell an in-flight key from an existing dependency', async () => {
      const x = await createTask(a, w.acme.id, { list_id: listId, title: 'x' });
      const y = await createTask(a, w.acme.id, { list_id: listId, title: 'y' });
      const path = `${tasks()}/${y.id}/dependencies`;
      await h.ctl.fault({
        method: 'POST',
        path: '/api/workspaces/*/tasks/*/dependencies',
        kind: 'latency',
        latency_ms: 1200,
        times: 1,
      });
      const k = key();
      const slow = a.post(path, { blocker_task_id: x.id }, k);
      await waitInFlight(h.ctl, 'POST', /\/dependencies$/);
      const inFlight = await a.post(path, { blocker_task_id: x.id }, k);
      await slow;
      const exists = await a.post(path, { blocker_task_id: x.id });
      assertError(inFlight, 409);
      assertError(exists, 409);
      assert.notEqual(inFlight.body.message, exists.body.message);
      assert.match(exists.body.message, /exist/i);
    });
  });

  describe('assumption: keys longer than 255 characters (docs/api/README.md#idempotency)', () => {
    it('-> 422', async () => {
      assertError(await a.post(tasks(), { list_id: listId, title: 'k' }, { 'Idempotency-Key': 'k'.repeat(256) }), 422);
    });
  });

  // docs/api/README.md#idempotency: in flight and tokens.
  describe('in flight and tokens', () => {
    it('DELETE with the same key while the first is running -> 409; the task is deleted once', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'slow delete' });
      await h.ctl.fault({
        method: 'DELETE',
        path: '/api/workspaces/*/tasks/*',
        kind: 'latency',
        latency_ms: 1200,
        times: 1,
      });
      const k = key();
      const slow = a.delete(`${tasks()}/${t.id}`, k);
      await waitInFlight(h.ctl, 'DELETE', /\/tasks\/[0-9a-f-]+$/);
      assertError(await a.delete(`${tasks()}/${t.id}`, k), 409);
      assert.equal((await slow).status, 200);
    });

    it("another token with the same key is not blocked by alice's in-flight request", async () => {
      await h.ctl.fault({
        method: 'POST',
        path: '/api/workspaces/*/tasks',
        kind: 'latency',
        latency_ms: 1200,
        times: 1,
      });
      const k = key();
      const body = { list_id: listId, title: 'parallel' };
      const slow = a.post(tasks(), body, k);
      await waitInFlight(h.ctl, 'POST', /\/tasks$/);
      const bob = await h.as('bob').post(tasks(), body, k);
      assert.equal(bob.status, 201, bob.text);
      assert.equal((await slow).status, 201);
    });
  });

  it('ten parallel requests with one key create exactly one task (each answer 201 or 409)', async () => {
    const k = key();
    const body = { list_id: listId, title: marker('race') };
    const before = await count();
    const answers = await Promise.all(Array.from({ length: 10 }, () => a.post(tasks(), body, k)));
    for (const r of answers) assert.ok(r.status === 201 || r.status === 409, `${r.status}`);
    const created = answers.filter((r) => r.status === 201);
    assert.ok(created.length >= 1);
    assert.equal(new Set(created.map((r) => r.body.id)).size, 1, 'every 201 names the same task');
    assert.equal(await count(), before + 1);
  });

  describe('assumption: multipart requests (docs/api/README.md#idempotency)', () => {
    it('the same file with the same key is replayed; another file with that key -> 422', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'upload' });
      const k = key();
      const first = await upload(a, w.acme.id, t.id, 'a.txt', 'same bytes', {}, k);
      const again = await upload(a, w.acme.id, t.id, 'a.txt', 'same bytes', {}, k);
      assert.equal(first.status, 201);
      assert.equal(again.status, 201);
      assert.equal(again.headers.get('idempotent-replay'), 'true');
      assert.equal(again.body.id, first.body.id);
      assertError(await upload(a, w.acme.id, t.id, 'a.txt', 'other bytes', {}, k), 422);
      assert.equal((await h.ctl.state('attachments')).filter((x: Json) => x.task_id === t.id).length, 1);
    });
  });
});
