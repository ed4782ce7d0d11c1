// Conformance of the task lifecycle (docs/api/openapi.yaml#deleteTask, docs/api/openapi.yaml#restoreTask): restore
// within 30
// days, scheduled purge after 30 days (sandbox clock).
import * as assert from 'node:assert/strict';
import { DAY_MS, UNKNOWN_ID, useSandbox } from './helpers';
import { assertError, createTask, liveTasks, upload } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#deleteTask.
describe('Task lifecycle (trash)', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api, listId: string;
  const tasks = (): string => `/workspaces/${w.acme.id}/tasks`;
  const restore = (id: string): Promise<Json> => a.post(`/workspaces/${w.acme.id}/trash/task/${id}/restore`);

  beforeEach(async () => {
    ({ w, a, listId } = await h.reseed());
  });

  /** P -> (C1 -> G), C2; C2 trashed first on its own, then P. */
  async function tree(): Promise<Record<'p' | 'c1' | 'g' | 'c2', Json>> {
    const p = await createTask(a, w.acme.id, { list_id: listId, title: 'P' });
    const c1 = await createTask(a, w.acme.id, { list_id: listId, title: 'C1', parent_task_id: p.id });
    const g = await createTask(a, w.acme.id, { list_id: listId, title: 'G', parent_task_id: c1.id });
    const c2 = await createTask(a, w.acme.id, { list_id: listId, title: 'C2', parent_task_id: p.id });
    assert.equal((await a.delete(`${tasks()}/${c2.id}`)).status, 200);
    assert.equal((await a.delete(`${tasks()}/${p.id}`)).status, 200);
    return { p, c1, g, c2 };
  }

  // docs/api/openapi.yaml#restoreTask: restore: POST /workspaces/{workspace}/trash/task/{id}/restore.
  describe('restore: POST /workspaces/{workspace}/trash/task/{id}/restore', () => {
    it('brings back the task and the subtasks of the same sweep, not the earlier-trashed one', async () => {
      const t = await tree();
      const res = await restore(t.p.id);
      assert.ok(res.status >= 200 && res.status < 300, `restore: ${res.status} ${res.text}`);
      const live = new Set((await liveTasks(h.ctl)).map((x) => x.id));
      assert.ok(live.has(t.p.id) && live.has(t.c1.id) && live.has(t.g.id), 'same sweep restored');
      assert.ok(!live.has(t.c2.id), 'C2 keeps its own batch and stays in Trash');
      assert.equal((await a.get(`${tasks()}/${t.p.id}`)).status, 200);
      assert.equal((await a.get(`${tasks()}/${t.p.id}`)).body.subtask_count, 1);
      assertError(await a.get(`${tasks()}/${t.c2.id}`), 404);
    });

    it('the earlier-trashed subtask can still be restored on its own afterwards', async () => {
      const t = await tree();
      await restore(t.p.id);
      const res = await restore(t.c2.id);
      assert.ok(res.status >= 200 && res.status < 300, res.text);
      assert.equal((await a.get(`${tasks()}/${t.c2.id}`)).status, 200);
    });

    it('works on day 29 (within 30 days)', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'late' });
      await a.delete(`${tasks()}/${t.id}`);
      await h.ctl.advance(29 * DAY_MS);
      const res = await restore(t.id);
      assert.ok(res.status >= 200 && res.status < 300, res.text);
      assert.equal((await a.get(`${tasks()}/${t.id}`)).status, 200);
    });
  });

  // docs/api/openapi.yaml#deleteTask: scheduled purge after 30 days.
  describe('scheduled purge after 30 days', () => {
    it('destroys the trashed task with its comments and attachments', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'purge me' });
      const keep = await createTask(a, w.acme.id, { list_id: listId, title: 'keep me' });
      assert.equal((await a.post(`${tasks()}/${t.id}/comments`, { body: 'c' })).status, 201);
      assert.equal((await upload(a, w.acme.id, t.id, 'a.txt', 'hello')).status, 201);
      assert.equal((await a.delete(`${tasks()}/${t.id}`)).status, 200);

      await h.ctl.advance(29 * DAY_MS);
      await a.get('/user'); // any request gives a scheduled purge the chance to run
      assert.ok(
        (await h.ctl.state('tasks')).some((x: Json) => x.id === t.id),
        'not purged before 30 days',
      );

      await h.ctl.advance(DAY_MS + 60_000);
      await a.get('/user');
      const rows = await h.ctl.state('tasks');
      assert.ok(!rows.some((x: Json) => x.id === t.id), 'task destroyed');
      assert.ok(
        rows.some((x: Json) => x.id === keep.id),
        'live tasks untouched',
      );
      assert.equal((await h.ctl.state('comments')).filter((c: Json) => c.task_id === t.id).length, 0);
      assert.equal((await h.ctl.state('attachments')).filter((x: Json) => x.task_id === t.id).length, 0);
    });

    it('purges subtasks trashed with the parent', async () => {
      const p = await createTask(a, w.acme.id, { list_id: listId, title: 'P' });
      const c = await createTask(a, w.acme.id, { list_id: listId, title: 'C', parent_task_id: p.id });
      await a.delete(`${tasks()}/${p.id}`);
      await h.ctl.advance(31 * DAY_MS);
      await a.get('/user');
      const ids = new Set((await h.ctl.state('tasks')).map((x: Json) => x.id));
      assert.ok(!ids.has(p.id) && !ids.has(c.id));
    });
  });

  describe('assumption: restore (docs/api/openapi.yaml#restoreTask)', () => {
    it('200 { data: Task, subtasks_restored, restored_at }', async () => {
      const t = await tree();
      const res = await restore(t.p.id);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.id, t.p.id);
      assert.equal(res.body.subtasks_restored, 2);
      assert.equal(typeof res.body.restored_at, 'string');
    });

    it('404 for an unknown task, a live task and a purged task', async () => {
      assertError(await restore(UNKNOWN_ID), 404);
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'live' });
      assertError(await restore(t.id), 404);
      await a.delete(`${tasks()}/${t.id}`);
      await h.ctl.advance(31 * DAY_MS);
      assertError(await restore(t.id), 404);
    });

    it('422 errors.parent_task_id when the parent is itself in Trash', async () => {
      const t = await tree();
      assertError(await restore(t.c2.id), 422, 'parent_task_id');
    });

    it('404 for bob on a private task in Trash', async () => {
      const privList = w.acmePrivateLists[0]!.id;
      const t = await createTask(a, w.acme.id, { list_id: privList, title: 'secret' });
      await a.delete(`${tasks()}/${t.id}`);
      assertError(await h.as('bob').post(`/workspaces/${w.acme.id}/trash/task/${t.id}/restore`), 404);
    });
  });

  // docs/api/openapi.yaml#deleteTask: what Trash keeps.
  describe('what Trash keeps', () => {
    it('comments and attachments survive delete + restore (only the purge destroys them)', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'keeps' });
      const c = (await a.post(`${tasks()}/${t.id}/comments`, { body: 'still here' })).body;
      const f = (await upload(a, w.acme.id, t.id, 'k.txt', 'k')).body;
      await a.delete(`${tasks()}/${t.id}`);
      assert.ok(
        (await h.ctl.state('comments')).some((x: Json) => x.id === c.id),
        'kept while in Trash',
      );
      await restore(t.id);
      const comments = (await a.get(`${tasks()}/${t.id}/comments`)).body.data.map((x: Json) => x.id);
      assert.deepEqual(comments, [c.id]);
      const files = (await a.get(`${tasks()}/${t.id}/attachments`)).body.map((x: Json) => x.id);
      assert.deepEqual(files, [f.id]);
    });

    it('a task in Trash answers 404 on every task route', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'binned' });
      await a.delete(`${tasks()}/${t.id}`);
      const routes: [string, string, unknown?][] = [
        ['GET', `${tasks()}/${t.id}`],
        ['PATCH', `${tasks()}/${t.id}`, { title: 'x' }],
        ['DELETE', `${tasks()}/${t.id}`],
        ['GET', `${tasks()}/${t.id}/comments`],
        ['POST', `${tasks()}/${t.id}/comments`, { body: 'x' }],
        ['GET', `${tasks()}/${t.id}/activity`],
        ['GET', `${tasks()}/${t.id}/dependencies`],
        ['GET', `${tasks()}/${t.id}/attachments`],
        ['GET', `${tasks()}/${t.id}/subtasks`],
        ['GET', `/tasks/${t.id}/custom-fields`],
        ['PUT', `/tasks/${t.id}/custom-field-values`, { values: [] }],
        ['POST', `/tasks/${t.id}/move`, { target_type: 'list', target_id: listId }],
      ];
      const wrong: string[] = [];
      for (const [method, path, body] of routes) {
        const res = await a.request(method, path, { body });
        if (res.status !== 404) wrong.push(`${method} ${path}: ${res.status}`);
      }
      assert.deepEqual(wrong, []);
    });

    it('a trashed task is gone from the index, children and subtasks listings', async () => {
      const p = await createTask(a, w.acme.id, { list_id: listId, title: 'P' });
      const c = await createTask(a, w.acme.id, { list_id: listId, title: 'C', parent_task_id: p.id });
      await a.delete(`${tasks()}/${c.id}`);
      const kids = (await a.get(`${tasks()}/children`, { parent_ids: p.id })).body.data[p.id];
      assert.deepEqual(kids, []);
      assert.deepEqual((await a.get(`${tasks()}/${p.id}/subtasks`)).body.data, []);
      assert.equal((await a.get(`${tasks()}/${p.id}`)).body.subtask_count, 0);
    });
  });

  // docs/api/openapi.yaml#deleteTask: the same rules on the seeded Trash (fixtures.trash).
  describe('seeded Trash', () => {
    it('restoring the seeded trashed task brings back its sweep, not the earlier-trashed subtask', async () => {
      const fx = w.fixtures.trash;
      const res = await restore(fx.trashed_task.id ?? fx.trashed_task);
      assert.ok(res.status >= 200 && res.status < 300, res.text);
      const live = new Set((await liveTasks(h.ctl)).map((x) => x.id));
      for (const id of fx.swept_subtask_ids as string[]) assert.ok(live.has(id), `${id} restored`);
      assert.ok(!live.has(fx.earlier_trashed_subtask.id ?? fx.earlier_trashed_subtask), 'earlier batch stays');
    });

    it('the seeded expiring task is purged once its 30 days are over (clock + 1 h)', async () => {
      const id = w.fixtures.trash.expiring_trashed_task.id ?? w.fixtures.trash.expiring_trashed_task;
      assert.ok(
        (await h.ctl.state('tasks')).some((x: Json) => x.id === id),
        'present before',
      );
      await h.ctl.advance(60 * 60 * 1000 + 1000);
      await a.get('/user');
      assert.ok(!(await h.ctl.state('tasks')).some((x: Json) => x.id === id), 'purged');
      assertError(await restore(id), 404);
    });
  });
});
