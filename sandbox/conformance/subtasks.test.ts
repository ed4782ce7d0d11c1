// Conformance of docs/api/openapi.yaml#listSubtasks (max 200, no pagination).
import * as assert from 'node:assert/strict';
import { UNKNOWN_ID, useSandbox } from './helpers';
import { assertError, createTask, liveTasks, sortedIds } from './ops';
import type { Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listSubtasks.
describe('Tasks > GET /workspaces/{workspace}/tasks/{task}/subtasks', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap;
  let raw: Json[];
  const sub = (id: string): string => `/workspaces/${w.acme.id}/tasks/${id}/subtasks`;
  const kidsOf = (id: string): Json[] => raw.filter((t) => t.parent_task_id === id);

  before(async () => {
    ({ w } = await h.reseed());
    raw = await liveTasks(h.ctl);
  });

  it('returns { data } with the direct children only, each with the documented fields', async () => {
    const parent = raw.find((t) => t.workspace_id === w.acme.id && kidsOf(t.id).some((c) => kidsOf(c.id).length > 0));
    assert.ok(parent, 'demo seed has a task with grandchildren');
    const res = await h.as('alice').get(sub(parent.id));
    assert.equal(res.status, 200);
    assert.deepEqual(sortedIds(res.body.data), sortedIds(kidsOf(parent.id)));
    for (const c of res.body.data) {
      assert.equal(c.parent_task_id, parent.id);
      assert.equal(typeof c.status, 'object');
      assert.equal(c.status.id, c.status_id);
      assert.ok('assignee' in c);
      assert.ok(Array.isArray(c.assignees));
      assert.equal(typeof c.creator.id, 'string');
      assert.ok(Array.isArray(c.custom_field_values));
      assert.ok('recurrence' in c);
      assert.equal(typeof c.attachments_count, 'number');
      assert.equal(c.subtask_count, kidsOf(c.id).length);
    }
  });

  it('a task without children gives { data: [] }', async () => {
    const t = await createTask(h.as('alice'), w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: 'leaf' });
    const res = await h.as('alice').get(sub(t.id));
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, []);
  });

  it('accepts the display id in place of the uuid', async () => {
    const parent = raw.find((t) => t.workspace_id === w.acme.id && kidsOf(t.id).length > 0)!;
    const byId = await h.as('alice').get(sub(parent.id));
    const byDisplay = await h.as('alice').get(sub(parent.display_id));
    assert.equal(byDisplay.status, 200, byDisplay.text);
    assert.deepEqual(sortedIds(byDisplay.body.data), sortedIds(byId.body.data));
  });

  it('returns at most 200 children, without pagination fields', async () => {
    const bulk = raw.find((t) => kidsOf(t.id).length > 200);
    assert.ok(bulk, 'demo seed has a parent with more than 200 children');
    const res = await h.as('alice').get(sub(bulk.id));
    assert.equal(res.status, 200);
    assert.equal(res.body.data.length, 200);
    const ids = new Set(kidsOf(bulk.id).map((t) => t.id));
    for (const c of res.body.data) assert.ok(ids.has(c.id));
    assert.ok(!('next_cursor' in res.body) && !('current_page' in res.body));
  });

  // docs/api/openapi.yaml#listSubtasks: errors.
  describe('errors', () => {
    it('403 for bob (Acme member) on a task in the private space', async () => {
      const priv = new Set(w.acmePrivateLists.map((l) => l.id));
      const t = raw.find((x) => priv.has(x.list_id))!;
      assertError(await h.as('bob').get(sub(t.id)), 403);
      assertError(await h.as('bob').get(sub(t.display_id)), 403);
    });

    it('404 for carol (not an Acme member) and for unknown ids', async () => {
      const t = raw.find((x) => x.workspace_id === w.acme.id)!;
      assertError(await h.as('carol').get(sub(t.id)), 404);
      assertError(await h.as('alice').get(sub(UNKNOWN_ID)), 404);
      assertError(await h.as('alice').get(sub('ACME-999999')), 404);
    });
  });

  describe('assumption: display ids (docs/api/openapi.yaml#getTask)', () => {
    it('display ids are <PREFIX>-<n>; the subtasks route matches them exactly (acme-12 is 404)', async () => {
      const parent = raw.find((t) => t.workspace_id === w.acme.id && kidsOf(t.id).length > 0)!;
      assert.match(parent.display_id, /^ACME-\d+$/);
      assertError(await h.as('alice').get(sub(parent.display_id.toLowerCase())), 404);
    });
  });
});
