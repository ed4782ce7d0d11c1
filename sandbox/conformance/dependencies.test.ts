// Conformance of the dependency operations (docs/api/openapi.yaml#listTaskDependencies and the rest) and
// of the task row's `is_blocked`, derived from open blockers.
import * as assert from 'node:assert/strict';
import { UNKNOWN_ID, UUID_RE, fixtureId, useSandbox } from './helpers';
import { assertError, createTask, doneStatus, taskIndex } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listTaskDependencies.
describe('Dependencies', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  let blocker: Json;
  let blocked: Json;
  const deps = (id: string): string => `/workspaces/${w.acme.id}/tasks/${id}/dependencies`;
  const task = (id: string): string => `/workspaces/${w.acme.id}/tasks/${id}`;

  beforeEach(async () => {
    ({ w, a } = await h.reseed());
    const list = w.acmePublicLists[0]!.id;
    blocker = await createTask(a, w.acme.id, { list_id: list, title: 'blocker' });
    blocked = await createTask(a, w.acme.id, { list_id: list, title: 'blocked' });
  });

  async function link(): Promise<Json> {
    const res = await a.post(deps(blocked.id), { blocker_task_id: blocker.id });
    assert.equal(res.status, 201, res.text);
    return res.body;
  }

  async function isBlocked(id: string): Promise<boolean> {
    const row = (await a.get(task(id))).body;
    const inIndex = (await taskIndex(a, w.acme.id, { list_id: row.list_id })).data.find((r: Json) => r.id === id);
    assert.equal(inIndex.is_blocked, row.is_blocked, 'index row and task agree');
    return row.is_blocked as boolean;
  }

  it('GET on a task without links: { blocked_by: [], blocking: [] }', async () => {
    const res = await a.get(deps(blocker.id));
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { blocked_by: [], blocking: [] });
  });

  it('POST 201 returns the Dependency link', async () => {
    const d = await link();
    assert.match(d.id, UUID_RE);
    assert.equal(d.workspace_id, w.acme.id);
    assert.equal(d.blocker_task_id, blocker.id);
    assert.equal(d.blocked_task_id, blocked.id);
    assert.equal(d.created_by, w.users.alice.id);
    assert.ok((await h.ctl.state('dependencies')).some((x: Json) => x.id === d.id));
  });

  it('listings: blocked_by on the blocked task, blocking on the blocker, entries are task summaries', async () => {
    const d = await link();
    const onBlocked = (await a.get(deps(blocked.id))).body;
    assert.equal(onBlocked.blocked_by.length, 1);
    assert.deepEqual(onBlocked.blocking, []);
    const e = onBlocked.blocked_by[0];
    assert.equal(e.dependency_id, d.id);
    assert.equal(e.id, blocker.id);
    assert.equal(e.title, 'blocker');
    assert.equal(typeof e.status, 'object');
    assert.equal(e.status.id, blocker.status_id);
    const onBlocker = (await a.get(deps(blocker.id))).body;
    assert.deepEqual(
      onBlocker.blocking.map((x: Json) => [x.dependency_id, x.id]),
      [[d.id, blocked.id]],
    );
    assert.deepEqual(onBlocker.blocked_by, []);
  });

  it('a duplicate link -> 409 with a message saying it exists; nothing added', async () => {
    await link();
    const res = await a.post(deps(blocked.id), { blocker_task_id: blocker.id });
    assertError(res, 409);
    assert.match(res.body.message, /exist/i);
    const rows = (await h.ctl.state('dependencies')).filter((x: Json) => x.blocked_task_id === blocked.id);
    assert.equal(rows.length, 1);
  });

  it('422 when blocker_task_id is missing', async () => {
    assertError(await a.post(deps(blocked.id), {}), 422, 'blocker_task_id');
  });

  it('404 for an unknown task on GET and POST', async () => {
    assertError(await a.get(deps(UNKNOWN_ID)), 404);
    assertError(await a.post(deps(UNKNOWN_ID), { blocker_task_id: blocker.id }), 404);
  });

  it('DELETE 204 removes the link; a second DELETE -> 404', async () => {
    const d = await link();
    const res = await a.delete(`${deps(blocked.id)}/${d.id}`);
    assert.equal(res.status, 204);
    assert.deepEqual((await a.get(deps(blocked.id))).body.blocked_by, []);
    assert.ok(!(await h.ctl.state('dependencies')).some((x: Json) => x.id === d.id));
    assertError(await a.delete(`${deps(blocked.id)}/${d.id}`), 404);
    assertError(await a.delete(`${deps(blocked.id)}/${UNKNOWN_ID}`), 404);
  });

  // docs/api/openapi.yaml#listTaskDependencies: is_blocked.
  describe('is_blocked', () => {
    it('true while an open blocker exists; false when the blocker is completed; true again when reopened', async () => {
      assert.equal(await isBlocked(blocked.id), false);
      await link();
      assert.equal(await isBlocked(blocked.id), true);
      assert.equal(await isBlocked(blocker.id), false, 'the blocker itself is not blocked');
      const done = await doneStatus(a, blocker.list_id);
      assert.equal((await a.patch(task(blocker.id), { status_id: done.id })).status, 200);
      assert.equal(await isBlocked(blocked.id), false);
      assert.equal((await a.patch(task(blocker.id), { status_id: blocker.status_id })).status, 200);
      assert.equal(await isBlocked(blocked.id), true);
    });

    it('false once the link is removed', async () => {
      const d = await link();
      assert.equal(await isBlocked(blocked.id), true);
      await a.delete(`${deps(blocked.id)}/${d.id}`);
      assert.equal(await isBlocked(blocked.id), false);
    });

    it('the seeded blocked_task is blocked by an open blocker in raw state', async () => {
      const id = fixtureId(w.fixtures, 'blocked_task');
      const links = (await h.ctl.state('dependencies')).filter((x: Json) => x.blocked_task_id === id);
      assert.ok(links.length > 0);
      assert.equal(await isBlocked(id), true);
      const listing = (await a.get(deps(id))).body;
      assert.deepEqual(
        listing.blocked_by.map((x: Json) => x.dependency_id).sort(),
        links.map((x: Json) => x.id).sort(),
      );
    });
  });

  describe('assumption: listings and deletes (docs/api/openapi.yaml#listTaskDependencies)', () => {
    it('entries also carry display_id and is_completed', async () => {
      await link();
      const [e] = (await a.get(deps(blocked.id))).body.blocked_by;
      assert.equal(e.display_id, blocker.display_id);
      assert.equal(e.is_completed, false);
    });

    it('linked tasks the caller cannot see are left out of the listing', async () => {
      const secret = await createTask(a, w.acme.id, { list_id: w.acmePrivateLists[0]!.id, title: 'secret blocker' });
      assert.equal((await a.post(deps(blocked.id), { blocker_task_id: secret.id })).status, 201);
      assert.equal((await a.get(deps(blocked.id))).body.blocked_by.length, 1);
      const asBob = await h.as('bob').get(deps(blocked.id));
      assert.equal(asBob.status, 200);
      assert.deepEqual(asBob.body.blocked_by, []);
    });

    it('a blocker that is the task itself, or not visible to the caller -> 422 errors.blocker_task_id', async () => {
      assertError(await a.post(deps(blocked.id), { blocker_task_id: blocked.id }), 422, 'blocker_task_id');
      const secret = await createTask(a, w.acme.id, { list_id: w.acmePrivateLists[0]!.id, title: 'secret' });
      assertError(await h.as('bob').post(deps(blocked.id), { blocker_task_id: secret.id }), 422, 'blocker_task_id');
    });

    it("DELETE through the blocker's path works; through an unrelated task -> 404", async () => {
      const d = await link();
      const other = await createTask(a, w.acme.id, { list_id: blocker.list_id, title: 'unrelated' });
      assertError(await a.delete(`${deps(other.id)}/${d.id}`), 404);
      assert.equal((await a.delete(`${deps(blocker.id)}/${d.id}`)).status, 204);
    });

    it('a trashed blocker does not block', async () => {
      await link();
      assert.equal(await isBlocked(blocked.id), true);
      await a.delete(task(blocker.id));
      assert.equal(await isBlocked(blocked.id), false);
    });
  });
});
