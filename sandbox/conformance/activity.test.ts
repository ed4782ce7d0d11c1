// Conformance of docs/api/openapi.yaml#listTaskActivity: cursor pagination, newest first, 30 per page,
// and the shape of an activity entry.
import * as assert from 'node:assert/strict';
import { ISO_RE, UNKNOWN_ID, UUID_RE, useSandbox } from './helpers';
import { allPages, assertError, createTask, statusesOf } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listTaskActivity.
describe('Tasks > GET .../tasks/{task}/activity', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  let task: Json;
  const path = (id: string): string => `/workspaces/${w.acme.id}/tasks/${id}/activity`;

  before(async () => {
    ({ w, a } = await h.reseed());
    task = await createTask(a, w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: 'rev 0' });
    for (let i = 1; i <= 70; i += 1) {
      const res = await a.patch(`/workspaces/${w.acme.id}/tasks/${task.id}`, { title: `rev ${i}` });
      assert.equal(res.status, 200);
    }
  });

  it('pages of 30, newest first, followed to the end, match the raw activity', async () => {
    const pages = await allPages(a, path(task.id));
    assert.ok(pages.length >= 3, `70+ entries span 3+ pages, got ${pages.length}`);
    for (const [i, p] of pages.entries()) {
      if (i < pages.length - 1) {
        assert.equal(p.data.length, 30, `page ${i} is full`);
        assert.equal(p.has_more, true);
      } else {
        assert.equal(p.has_more, false);
        assert.equal(p.next_cursor, null);
        assert.ok(p.data.length >= 1 && p.data.length <= 30);
      }
    }
    const entries = pages.flatMap((p) => p.data as Json[]);
    const ids = entries.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length, 'no entry twice');
    const raw = (await h.ctl.state('activity', { task_id: task.id })).filter((e: Json) => e.task_id === task.id);
    assert.deepEqual([...ids].sort(), raw.map((e: Json) => e.id).sort(), 'every entry once');
    for (let i = 1; i < entries.length; i += 1) {
      assert.ok(Date.parse(entries[i - 1].created_at) >= Date.parse(entries[i].created_at), `newest first at ${i}`);
    }
    // the latest title change comes first
    const titleChanges = entries.filter((e) => e.new_value && 'title' in e.new_value);
    const expected = Array.from({ length: 70 }, (_, i) => `rev ${70 - i}`);
    assert.deepEqual(
      titleChanges.map((e) => e.new_value.title),
      expected,
      'newest first, even within one millisecond',
    );
  });

  it('entries have the documented shape', async () => {
    const res = await a.get(path(task.id));
    assert.equal(res.status, 200);
    for (const e of res.body.data) {
      assert.match(e.id, UUID_RE);
      assert.equal(typeof e.entity_type, 'string');
      assert.match(e.entity_id, UUID_RE);
      assert.equal(typeof e.action, 'string');
      assert.equal(e.actor_id, w.users.alice.id);
      assert.equal(e.actor_type, 'user');
      assert.equal(e.actor_name, w.users.alice.name);
      assert.equal(typeof e.old_value, 'object');
      assert.equal(typeof e.new_value, 'object');
      assert.match(e.created_at, ISO_RE);
    }
  });

  it('a status change records status_id and status_name in new_value', async () => {
    const statuses = await statusesOf(a, task.list_id);
    const current = (await a.get(`/workspaces/${w.acme.id}/tasks/${task.id}`)).body.status_id;
    const next = statuses.find((s) => s.id !== current)!;
    await a.patch(`/workspaces/${w.acme.id}/tasks/${task.id}`, { status_id: next.id });
    const first = (await a.get(path(task.id))).body.data[0];
    assert.equal(first.new_value.status_id, next.id);
    assert.equal(first.new_value.status_name, next.name);
    assert.equal(first.old_value.status_id, current);
  });

  it('the same cursor gives the same page (stable pagination)', async () => {
    const p1 = (await a.get(path(task.id))).body;
    const again = (await a.get(path(task.id), { cursor: p1.next_cursor })).body;
    const twice = (await a.get(path(task.id), { cursor: p1.next_cursor })).body;
    assert.deepEqual(
      again.data.map((e: Json) => e.id),
      twice.data.map((e: Json) => e.id),
    );
    assert.ok(!again.data.some((e: Json) => p1.data.some((x: Json) => x.id === e.id)));
  });

  it("entries name the user who acted (bob's change is bob's)", async () => {
    await h.as('bob').patch(`/workspaces/${w.acme.id}/tasks/${task.id}`, { priority: 'critical' });
    const first = (await a.get(path(task.id))).body.data[0];
    assert.equal(first.actor_id, w.users.bob.id);
    assert.equal(first.actor_name, w.users.bob.name);
    assert.equal(first.new_value.priority, 'critical');
  });

  it('a cursor stays valid when newer entries arrive meanwhile (no repeats, nothing skipped)', async () => {
    const before = (await h.ctl.state('activity', { task_id: task.id })).map((e: Json) => e.id);
    const p1 = (await a.get(path(task.id))).body;
    for (let i = 0; i < 3; i += 1)
      await a.patch(`/workspaces/${w.acme.id}/tasks/${task.id}`, { description: `late ${i}` });
    const ids = [...p1.data.map((e: Json) => e.id)];
    let cursor = p1.next_cursor as string | null;
    while (cursor) {
      const page = (await a.get(path(task.id), { cursor })).body;
      ids.push(...page.data.map((e: Json) => e.id));
      cursor = page.has_more ? page.next_cursor : null;
    }
    assert.equal(new Set(ids).size, ids.length, 'no repeats');
    assert.deepEqual([...ids].sort(), [...before].sort(), 'exactly the entries that existed at page 1');
  });

  it('404 for an unknown task and for a task the caller may not see', async () => {
    assertError(await a.get(path(UNKNOWN_ID)), 404);
    assertError(await h.as('carol').get(path(task.id)), 404);
  });

  describe('assumption: actions and cursors (docs/api/openapi.yaml#listTaskActivity)', () => {
    it('title changes are title_changed entries on entity_type task; creation is created', async () => {
      const pages = await allPages(a, path(task.id));
      const entries = pages.flatMap((p) => p.data as Json[]);
      assert.equal(entries.filter((e) => e.action === 'title_changed').length, 70);
      assert.equal(entries[entries.length - 1].action, 'created');
      assert.ok(entries.every((e) => e.entity_type === 'task'));
    });

    it('a cursor that does not decode -> 422 errors.cursor', async () => {
      assertError(await a.get(path(task.id), { cursor: '%%%not-a-cursor%%%' }), 422, 'cursor');
    });
  });
});
