// Conformance at volume (the `large` seed): task index, activity and comments
// pagination and the children caps on thousands of rows, compared to raw state.
import * as assert from 'node:assert/strict';
import { useSandbox } from './helpers';
import { allPages, taskIndex } from './ops';
import type { Api, Json } from './helpers';

// Contract: docs/api/openapi.yaml#listTaskChildren.
describe('Large seed', () => {
  const h = useSandbox({ rateLimit: 0, seed: 'large' });
  let a: Api;
  let live: Json[];
  let acmeId: string;
  let bigList: string;

  before(async function () {
    this.timeout(30_000);
    a = h.as('alice');
    live = (await h.ctl.state('tasks')).filter((t: Json) => !t.deleted_at);
    acmeId = (await a.get('/user')).body.workspaces.find((x: Json) => x.name === 'Acme').id;
    const sizes = new Map<string, number>();
    for (const t of live) sizes.set(t.list_id, (sizes.get(t.list_id) ?? 0) + 1);
    bigList = [...sizes.entries()].sort((x, y) => y[1] - x[1])[0]![0];
    assert.ok(sizes.get(bigList)! >= 2000, 'the large seed has a list of 2,000+ tasks');
  });

  // docs/api/openapi.yaml#listTasks: Tasks > GET tasks on a 2,000+ task list.
  describe('Tasks > GET tasks on a 2,000+ task list', () => {
    it('per_page omitted returns every top-level task of the list', async () => {
      const body = await taskIndex(a, acmeId, { list_id: bigList });
      assert.equal(body.total_count, body.data.length);
      const got = new Set(body.data.map((r: Json) => r.id));
      const top = live.filter((t) => t.list_id === bigList && t.parent_task_id === null);
      for (const t of top) assert.ok(got.has(t.id), `top-level ${t.id} listed`);
      for (const r of body.data) assert.equal(r.list_id, bigList);
    });

    it('per_page=100 gives last_page = ceil(total / 100)', async () => {
      const body = await taskIndex(a, acmeId, { list_id: bigList, per_page: 100 });
      assert.equal(body.data.length, 100);
      assert.equal(body.last_page, Math.ceil(body.total_count / 100));
    });

    it('a priority filter matches the raw rows', async () => {
      const filter = JSON.stringify({
        match: 'all',
        conditions: [{ field: 'priority', op: 'in', values: ['critical'] }],
      });
      const body = await taskIndex(a, acmeId, { list_id: bigList, filter });
      assert.ok(body.data.length > 0);
      for (const r of body.data) assert.equal(r.priority, 'critical');
      const got = new Set(body.data.map((r: Json) => r.id));
      for (const t of live.filter(
        (x) => x.list_id === bigList && x.parent_task_id === null && x.priority === 'critical',
      )) {
        assert.ok(got.has(t.id));
      }
    });
  });

  // docs/api/openapi.yaml#listTaskActivity: Tasks > GET activity on a task with 3,000+ entries.
  describe('Tasks > GET activity on a task with 3,000+ entries', () => {
    it('follows next_cursor to the end: ceil(n / 30) pages, every entry once', async function () {
      this.timeout(30_000);
      const activity = await h.ctl.state('activity');
      const counts = new Map<string, number>();
      for (const e of activity) counts.set(e.task_id, (counts.get(e.task_id) ?? 0) + 1);
      const [taskId, n] = [...counts.entries()].sort((x, y) => y[1] - x[1])[0]!;
      assert.ok(n >= 3000, `a task with 3,000+ entries (max ${n})`);
      const task = live.find((t) => t.id === taskId);
      const pages = await allPages(a, `/workspaces/${task.workspace_id}/tasks/${taskId}/activity`, 1000);
      assert.equal(pages.length, Math.ceil(n / 30));
      const ids = new Set(pages.flatMap((p) => p.data.map((e: Json) => e.id)));
      assert.equal(ids.size, n);
    });
  });

  // docs/api/openapi.yaml#listTaskComments: Comments on a task with 1,000+ comments.
  describe('Comments on a task with 1,000+ comments', () => {
    it('the cursor walk returns every comment once', async function () {
      this.timeout(30_000);
      const comments = await h.ctl.state('comments');
      const counts = new Map<string, number>();
      for (const c of comments) counts.set(c.task_id, (counts.get(c.task_id) ?? 0) + 1);
      const [taskId, n] = [...counts.entries()].sort((x, y) => y[1] - x[1])[0]!;
      assert.ok(n >= 1000, `a task with 1,000+ comments (max ${n})`);
      const task = live.find((t) => t.id === taskId);
      const pages = await allPages(a, `/workspaces/${task.workspace_id}/tasks/${taskId}/comments`, 1000);
      const ids = pages.flatMap((p) => p.data.map((c: Json) => c.id));
      assert.equal(ids.length, n);
      assert.equal(new Set(ids).size, n);
    });
  });

  // docs/api/openapi.yaml#listTaskChildren: Children batch caps with the 50 parents that have the most children.
  describe('Children batch caps with the 50 parents that have the most children', () => {
    it('at most 1,000 children in total; every cut parent is in truncated; complete ones are not', async () => {
      const kids = new Map<string, number>();
      for (const t of live) if (t.parent_task_id) kids.set(t.parent_task_id, (kids.get(t.parent_task_id) ?? 0) + 1);
      const parents = [...kids.entries()]
        .filter(([id]) => live.some((t) => t.id === id && t.workspace_id === acmeId))
        .sort((x, y) => y[1] - x[1])
        .slice(0, 50)
        .map(([id]) => id);
      const res = await a.get(`/workspaces/${acmeId}/tasks/children`, { parent_ids: parents.join(',') });
      assert.equal(res.status, 200);
      const total = parents.reduce((n, id) => n + res.body.data[id].length, 0);
      const wanted = parents.reduce((n, id) => n + Math.min(200, kids.get(id)!), 0);
      assert.equal(total, Math.min(1000, wanted));
      const truncated = new Set(res.body.truncated as string[]);
      for (const id of parents) {
        const cut = res.body.data[id].length < kids.get(id)!;
        assert.equal(truncated.has(id), cut, `${id}: ${res.body.data[id].length}/${kids.get(id)}`);
      }
    });
  });
});
