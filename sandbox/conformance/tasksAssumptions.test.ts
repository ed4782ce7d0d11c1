// Tasks > create / update: behaviour the API leaves open, tested as far as
// its x-assumption notes commit to it (docs/api/openapi.yaml#createTask).
import * as assert from 'node:assert/strict';
import { useSandbox } from './helpers';
import { assertError, createTask } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listTasks.
describe('Tasks > create, update', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api, listId: string;
  const base = (): string => `/workspaces/${w.acme.id}/tasks`;

  before(async () => {
    ({ w, a, listId } = await h.reseed());
  });

  describe('assumption: task fields (docs/api/openapi.yaml#createTask)', () => {
    it("priority defaults to medium; status to the list's first status", async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'defaults' });
      assert.equal(t.priority, 'medium');
      const first = (await a.get(`/lists/${listId}/statuses`)).body.data[0];
      assert.equal(t.status_id, first.id);
      assert.equal(t.recurrence, null);
      assert.ok(Array.isArray(t.tags));
    });

    it('description up to 65,535 characters; more -> 422', async () => {
      await createTask(a, w.acme.id, { list_id: listId, title: 'long', description: 'd'.repeat(65_535) });
      assertError(
        await a.post(base(), { list_id: listId, title: 'long', description: 'd'.repeat(65_536) }),
        422,
        'description',
      );
    });

    it('parent_task_id must be a live, visible task of the same workspace', async () => {
      const secret = await createTask(a, w.acme.id, { list_id: w.acmePrivateLists[0]!.id, title: 'secret' });
      assertError(
        await h.as('bob').post(base(), { list_id: listId, title: 'x', parent_task_id: secret.id }),
        422,
        'parent_task_id',
      );
      const side = await createTask(a, w.side.id, { list_id: w.sideLists[0]!.id, title: 'side' });
      assertError(
        await a.post(base(), { list_id: listId, title: 'x', parent_task_id: side.id }),
        422,
        'parent_task_id',
      );
      const gone = await createTask(a, w.acme.id, { list_id: listId, title: 'gone' });
      await a.delete(`${base()}/${gone.id}`);
      assertError(
        await a.post(base(), { list_id: listId, title: 'x', parent_task_id: gone.id }),
        422,
        'parent_task_id',
      );
    });

    it('an invisible list, a non-member assignee -> 422 on that field', async () => {
      assertError(await h.as('bob').post(base(), { list_id: w.acmePrivateLists[0]!.id, title: 'x' }), 422, 'list_id');
      assertError(await a.post(base(), { list_id: w.sideLists[0]!.id, title: 'x' }), 422, 'list_id');
      assertError(
        await a.post(base(), { list_id: listId, title: 'x', assignee_id: w.users.carol.id }),
        422,
        'assignee_id',
      );
    });
  });

  describe('assumption: PATCH (docs/api/openapi.yaml#updateTask)', () => {
    it('an empty body is 200 with no change; title null is 422', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'same' });
      const res = await a.patch(`${base()}/${t.id}`, {});
      assert.equal(res.status, 200);
      assert.equal(res.body.title, 'same');
      assert.equal(res.body.updated_at, t.updated_at);
      assertError(await a.patch(`${base()}/${t.id}`, { title: null }), 422, 'title');
    });

    it('list_id and parent_task_id are not patchable (422)', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'fixed' });
      assertError(await a.patch(`${base()}/${t.id}`, { list_id: listId }), 422, 'list_id');
      assertError(await a.patch(`${base()}/${t.id}`, { parent_task_id: null }), 422, 'parent_task_id');
    });

    it('each changed field writes one activity entry', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'acts' });
      await a.patch(`${base()}/${t.id}`, { title: 'acts 2', priority: 'high', due_date: '2026-12-01' });
      const actions = (await a.get(`${base()}/${t.id}/activity`)).body.data.map((e: Json) => e.action).sort();
      assert.deepEqual(actions, ['created', 'due_date_changed', 'priority_changed', 'title_changed']);
    });
  });
});
