import { strict as assert } from 'node:assert';
import type { ApiClient } from '../../../../src/core/api/client';
import { packParents } from '../../../../src/core/api/children';
import { collect, useSandbox } from './env';
import type { Json } from './env';

describe('api/client pagination and children batching (sandbox over HTTP)', function () {
  const env = useSandbox(this, { timeout: 60_000 });
  let api: ApiClient;

  beforeEach(async () => {
    api = env.client();
  });

  it('getComments pages by cursor; iterateComments reaches the end with every comment once', async () => {
    const task = env.fx.comments.task_id;
    const first = await api.getComments(env.acme, task);
    assert.equal(first.has_more, true);
    assert.ok(first.next_cursor);
    const second = await api.getComments(env.acme, task, first.next_cursor);
    assert.notEqual(second.data[0]?.id, first.data[0]?.id);
    const all = await collect(api.iterateComments(env.acme, task));
    const stored = (await env.state('comments')).filter((c: Json) => c.task_id === task);
    assert.equal(all.length, stored.length);
    assert.equal(new Set(all.map((c) => c.id)).size, stored.length);
  });

  it('getActivity / iterateActivity newest first to the end', async () => {
    const task = env.fx.tasks.task_with_activity.id;
    const page = await api.getActivity(env.acme, task);
    assert.ok(page.data.length > 0);
    const all = await collect(api.iterateActivity(env.acme, task));
    const stored = (await env.state('activity')).filter((a: Json) => a.entity_id === task);
    assert.equal(all.length, stored.length);
    const times = all.map((a) => a.created_at);
    assert.deepEqual(times, [...times].sort().reverse());
  });

  it('runView and iterateView to the last page', async () => {
    const view = env.fx.views.space_view;
    const first = await api.runView(view, { per_page: 7 });
    assert.equal(first.current_page, 1);
    assert.ok((first.last_page ?? 0) > 1, 'needs several pages');
    const rows = await collect(api.iterateView(view, { per_page: 7 }));
    assert.equal(rows.length, first.filtered_count ?? first.total_count);
    assert.equal(new Set(rows.map((r) => r.id)).size, rows.length);
  });

  it('iteration stops when the signal aborts', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    await assert.rejects(
      async () => {
        for await (const comment of api.iterateComments(env.acme, env.fx.comments.task_id, {
          signal: controller.signal,
        })) {
          seen.push(comment.id);
          controller.abort();
        }
      },
      { name: 'AbortError' },
    );
    assert.ok(seen.length >= 1);
  });

  it('packParents: at most 50 parents and 1,000 expected children per call; childless parents skipped', () => {
    const parents = Array.from({ length: 130 }, (_, i) => ({ id: `p${i}`, subtask_count: i % 10 === 0 ? 0 : 5 }));
    const batches = packParents(parents);
    assert.equal(batches.flat().length, 117);
    assert.ok(batches.every((b) => b.length <= 50));
    assert.equal(batches.length, 3);
    const heavy = Array.from({ length: 12 }, (_, i) => ({ id: `h${i}`, subtask_count: 190 }));
    const packed = packParents(heavy);
    assert.ok(packed.every((b) => b.length * 190 <= 1000));
    assert.equal(packed.length, 3);
  });

  it('loadChildren: 50 parents per call; a parent cut at 200 falls back to /subtasks and is reported incomplete', async () => {
    await env.control('DELETE', '/requests');
    const rows = (await api.listTasks(env.acme, { scope: { space_id: env.fx.spaces.engineering } })).data;
    const many = env.fx.tasks.task_with_many_subtasks.id;
    const unknown = Array.from({ length: 40 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const parents = [...rows.map((r) => r.id), many, ...unknown];
    assert.ok(parents.length > 100, `got ${parents.length}`);
    const load = await api.loadChildren(env.acme, parents);
    const log = (await env.requests()).filter((r) => r.path.endsWith('/tasks/children'));
    for (const entry of log) {
      const ids = new URLSearchParams(entry.query).get('parent_ids')?.split(',') ?? [];
      assert.ok(ids.length <= 50, `a call asked for ${ids.length} parents`);
    }
    assert.equal(log.length, Math.ceil(new Set(parents).size / 50));
    assert.equal(load.children.get(many)?.length, 200);
    assert.deepEqual(load.incomplete, [many]);
    const subtaskCalls = (await env.requests()).filter((r) => r.path.endsWith('/subtasks'));
    assert.equal(subtaskCalls.length, 1);
    assert.equal(load.requests, log.length + 1);
    const deep = env.fx.tasks.task_with_subtasks_3_deep.id;
    assert.deepEqual(
      load.children
        .get(deep)
        ?.map((t) => t.id)
        .sort(),
      (await env.state('tasks'))
        .filter((t: Json) => t.parent_task_id === deep && t.deleted_at === null)
        .map((t: Json) => t.id)
        .sort(),
    );
  });

  it('loadDescendants walks every level and asks only about parents with children', async () => {
    const rows = (await api.listTasks(env.acme, { scope: { list_id: env.fx.lists.api } })).data;
    await env.control('DELETE', '/requests');
    const load = await api.loadDescendants(env.acme, rows);
    const stored = (await env.state('tasks')).filter((t: Json) => t.deleted_at === null);
    const deep = env.fx.tasks.task_with_subtasks_3_deep.id;
    const descendants = new Set<string>();
    const walk = (id: string): void => {
      for (const t of stored.filter((s: Json) => s.parent_task_id === id)) {
        descendants.add(t.id);
        walk(t.id);
      }
    };
    walk(deep);
    const loaded = new Set([...load.children.values()].flat().map((t) => t.id));
    for (const id of descendants) {
      assert.ok(loaded.has(id), `descendant ${id} missing`);
    }
    const calls = (await env.requests()).filter((r) => r.path.endsWith('/tasks/children'));
    assert.equal(load.requests, calls.length);
    assert.ok(calls.length >= 3, 'three levels below the deep task');
  });
});

describe('api/client pagination on the large seed', function () {
  const env = useSandbox(this, { seed: 'large', reset: false, timeout: 120_000 });

  it('1,200 comments and 3,200 activity entries, every item once', async () => {
    const api = env.client();
    const comments = await collect(api.iterateComments(env.acme, env.fx.task_with_1000_comments));
    const activity = await collect(api.iterateActivity(env.acme, env.fx.task_with_3000_activity));
    assert.ok(comments.length >= 1000);
    assert.equal(new Set(comments.map((c) => c.id)).size, comments.length);
    assert.ok(activity.length >= 3000);
    assert.equal(new Set(activity.map((a) => a.id)).size, activity.length);
    const stored = (await env.state('comments')).filter((c: Json) => c.task_id === env.fx.task_with_1000_comments);
    assert.equal(comments.length, stored.length);
  });
});
