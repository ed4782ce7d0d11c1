// Conformance of docs/api/openapi.yaml#listTaskChildren and its caps (50 parents, 200 per parent, 1,000
// per call, `truncated`).
import * as assert from 'node:assert/strict';
import { useSandbox } from './helpers';
import { assertError, createTask, liveTasks, sortedIds } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listTaskChildren.
describe('Tasks > GET /workspaces/{workspace}/tasks/children', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  let raw: Json[];
  const path = (): string => `/workspaces/${w.acme.id}/tasks/children`;
  const kidsOf = (id: string): Json[] => raw.filter((t) => t.parent_task_id === id);

  async function children(api: Api, ids: string[] | string): Promise<Json> {
    const res = await api.get(path(), { parent_ids: Array.isArray(ids) ? ids.join(',') : ids });
    assert.equal(res.status, 200, res.text.slice(0, 300));
    return res.body;
  }

  before(async () => {
    ({ w, a } = await h.reseed());
    raw = await liveTasks(h.ctl);
  });

  // docs/api/openapi.yaml#listTaskChildren: parent_ids validation (422).
  describe('parent_ids validation (422)', () => {
    it('missing -> 422', async () => {
      assertError(await a.get(path()), 422, 'parent_ids');
    });

    it('51 distinct ids -> 422; 50 -> 200 with 50 keys', async () => {
      const ids = raw
        .filter((t) => t.workspace_id === w.acme.id)
        .slice(0, 51)
        .map((t) => t.id);
      assert.equal(ids.length, 51, 'demo seed has 51 Acme tasks');
      assertError(await a.get(path(), { parent_ids: ids.join(',') }), 422, 'parent_ids');
      const body = await children(a, ids.slice(0, 50));
      assert.equal(Object.keys(body.data).length, 50);
    });

    it('duplicates and blanks are ignored (and do not count toward 50)', async () => {
      const ids = raw
        .filter((t) => t.workspace_id === w.acme.id)
        .slice(0, 50)
        .map((t) => t.id);
      const body = await children(a, `${ids.join(',')},,${ids[0]}, ,${ids[1]}`);
      assert.deepEqual(Object.keys(body.data).sort(), [...ids].sort());
    });
  });

  // docs/api/openapi.yaml#listTaskChildren: response.
  describe('response', () => {
    it('every requested parent is a key, even without children; values are the direct children only', async () => {
      const deep = raw.find((t) => kidsOf(t.id).some((c) => kidsOf(c.id).length > 0));
      const leaf = raw.find((t) => t.workspace_id === w.acme.id && kidsOf(t.id).length === 0);
      assert.ok(deep && leaf, 'demo seed has a 2-level task and a leaf');
      const body = await children(a, [deep.id, leaf.id]);
      assert.deepEqual(body.data[leaf.id], []);
      assert.deepEqual(sortedIds(body.data[deep.id]), sortedIds(kidsOf(deep.id)), 'one level only');
      assert.ok(Array.isArray(body.truncated));
      assert.deepEqual(body.truncated, []);
    });

    it('rows are board-shaped: tags, is_blocked, subtask_count, attachments_count', async () => {
      const parent = raw.find((t) => kidsOf(t.id).length > 0 && t.workspace_id === w.acme.id)!;
      const body = await children(a, [parent.id]);
      for (const row of body.data[parent.id]) {
        assert.ok(Array.isArray(row.tags));
        assert.equal(typeof row.is_blocked, 'boolean');
        assert.equal(row.subtask_count, kidsOf(row.id).length);
        assert.equal(typeof row.attachments_count, 'number');
        assert.equal(row.parent_task_id, parent.id);
      }
    });

    it('children in lists the caller cannot access are dropped silently (bob)', async () => {
      const pub = w.acmePublicLists[0]!.id;
      const parent = await createTask(a, w.acme.id, { list_id: pub, title: 'mixed parent' });
      const seen = await createTask(a, w.acme.id, { list_id: pub, title: 'public kid', parent_task_id: parent.id });
      const hidden = await createTask(a, w.acme.id, { list_id: pub, title: 'private kid', parent_task_id: parent.id });
      const moved = await a.post(`/tasks/${hidden.id}/move`, {
        target_type: 'list',
        target_id: w.acmePrivateLists[0]!.id,
      });
      assert.equal(moved.status, 200, moved.text);
      const asAlice = await children(a, [parent.id]);
      assert.deepEqual(sortedIds(asAlice.data[parent.id]), [seen.id, hidden.id].sort());
      const asBob = await children(h.as('bob'), [parent.id]);
      assert.deepEqual(sortedIds(asBob.data[parent.id]), [seen.id]);
      assert.deepEqual(asBob.truncated, [], 'dropping is not truncation');
    });
  });

  // docs/api/openapi.yaml#listTaskChildren: caps: 200 per parent, 1,000 per call, truncated.
  describe('caps: 200 per parent, 1,000 per call, truncated', () => {
    let bulk: Json;
    before(() => {
      bulk = raw.find((t) => kidsOf(t.id).length > 200);
      assert.ok(bulk, 'demo seed has a parent with more than 200 children');
    });

    it('a parent with more than 200 children returns 200 and is listed in truncated', async () => {
      const small = raw.find((t) => t.workspace_id === w.acme.id && kidsOf(t.id).length > 0 && t.id !== bulk.id)!;
      const body = await children(a, [bulk.id, small.id]);
      assert.equal(body.data[bulk.id].length, 200);
      const ids = new Set(kidsOf(bulk.id).map((t) => t.id));
      for (const row of body.data[bulk.id]) assert.ok(ids.has(row.id));
      assert.deepEqual(body.truncated, [bulk.id]);
      assert.equal(body.data[small.id].length, kidsOf(small.id).length);
    });

    it('more than 1,000 children in one call are capped; cut parents are in truncated', async function () {
      this.timeout(60_000);
      const list = w.acmePublicLists[0]!.id;
      const parents: string[] = [bulk.id];
      for (let p = 0; p < 5; p += 1) {
        const parent = await createTask(a, w.acme.id, { list_id: list, title: `cap parent ${p}` });
        await Promise.all(
          Array.from({ length: 190 }, (_, i) =>
            createTask(a, w.acme.id, { list_id: list, title: `kid ${p}.${i}`, parent_task_id: parent.id }),
          ),
        );
        parents.push(parent.id);
      }
      // 200 (capped bulk) + 5 x 190 = 1,150 children requested in one call.
      raw = await liveTasks(h.ctl);
      const body = await children(a, parents);
      const total = parents.reduce((n, id) => n + body.data[id].length, 0);
      assert.equal(total, 1000);
      const truncated = new Set(body.truncated as string[]);
      for (const id of parents) {
        const all = kidsOf(id).length;
        const got = body.data[id].length;
        if (got < all) assert.ok(truncated.has(id), `${id} cut (${got}/${all}) is listed`);
        else assert.ok(!truncated.has(id), `${id} complete is not listed`);
      }
    });
  });

  describe('assumption: parents and ordering (docs/api/openapi.yaml#listTaskChildren)', () => {
    it('invisible, trashed and unknown parents appear as keys with []', async () => {
      const privList = w.acmePrivateLists[0]!.id;
      const secretParent = await createTask(a, w.acme.id, { list_id: privList, title: 'secret parent' });
      await createTask(a, w.acme.id, { list_id: privList, title: 'secret kid', parent_task_id: secretParent.id });
      assert.equal((await children(a, [secretParent.id])).data[secretParent.id].length, 1);
      const body = await children(h.as('bob'), [secretParent.id, '00000000-0000-4000-8000-000000000000']);
      assert.deepEqual(body.data[secretParent.id], []);
      assert.deepEqual(body.data['00000000-0000-4000-8000-000000000000'], []);
      const p = await createTask(a, w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: 'doomed' });
      await createTask(a, w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: 'kid', parent_task_id: p.id });
      await a.delete(`/workspaces/${w.acme.id}/tasks/${p.id}`);
      assert.deepEqual((await children(a, [p.id])).data[p.id], []);
    });

    it('a non-UUID id -> 422 errors.parent_ids; parent_ids may be repeated', async () => {
      assertError(await a.get(path(), { parent_ids: 'ACME-1' }), 422, 'parent_ids');
      const ids = raw
        .filter((t) => t.workspace_id === w.acme.id)
        .slice(0, 2)
        .map((t) => t.id);
      const res = await a.get(`${path()}?parent_ids=${ids[0]}&parent_ids=${ids[1]}`);
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body.data).sort(), [...ids].sort());
    });

    it('children are ordered by position', async () => {
      const parent = raw.find((t) => kidsOf(t.id).length > 2 && kidsOf(t.id).length <= 200)!;
      const rows = (await children(a, [parent.id])).data[parent.id] as Json[];
      const pos = new Map(raw.map((t) => [t.id, t.position as number]));
      for (let i = 1; i < rows.length; i += 1) assert.ok(pos.get(rows[i - 1].id)! <= pos.get(rows[i].id)!);
    });
  });
});
