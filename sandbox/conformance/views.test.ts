// Conformance of docs/api/openapi.yaml#listViewTasks. Each demo view is compared to
// the task index of the equivalent scope (the view is evaluated "as the task index
// would for an equivalent scope"), using the view's persisted definition read
// from /__sandbox/state/views.
import * as assert from 'node:assert/strict';
import { UNKNOWN_ID, useSandbox } from './helpers';
import { assertError, createTask, taskIndex } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

const ENVELOPE = [
  'data',
  'total_count',
  'completed_count',
  'filtered_count',
  'group_counts',
  'group_pages',
  'column_aggregates',
  'current_page',
  'last_page',
  'per_page',
].sort();
const SCOPE_PARAM: Record<string, string> = {
  list: 'list_id',
  folder: 'folder_id',
  space: 'space_id',
  sprint: 'sprint_id',
};

// Contract: docs/api/openapi.yaml#listViewTasks.
describe('Views > GET /views/{view}/tasks', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  let views: Json[];
  const byName = (re: RegExp): Json => {
    const v = views.find((x) => re.test(x.name));
    assert.ok(v, `demo view ${re}`);
    return v;
  };
  const path = (v: Json | string): string => `/views/${typeof v === 'string' ? v : v.id}/tasks`;

  beforeEach(async () => {
    ({ w, a } = await h.reseed());
    views = await h.ctl.state('views');
  });

  /** All rows of a view (per_page=100, every page), asserting the paging invariants. */
  async function allRows(v: Json, api = a): Promise<{ rows: Json[]; first: Json }> {
    const rows: Json[] = [];
    let first: Json;
    for (let page = 1; ; page += 1) {
      const res = await api.get(path(v), { per_page: 100, page });
      assert.equal(res.status, 200, res.text.slice(0, 200));
      first ??= res.body;
      rows.push(...res.body.data);
      assert.equal(res.body.current_page, page);
      if (page >= res.body.last_page) break;
    }
    assert.equal(rows.length, first.filtered_count, 'pages add up to filtered_count');
    return { rows, first };
  }

  /** Top-level ids the task index gives for the view's scope and (location-free) filter. */
  async function expectedTopLevel(v: Json): Promise<Set<string>> {
    const conds = (v.filters?.conditions ?? []).filter((c: Json) => c.field !== 'location');
    const query: Record<string, string> = { [SCOPE_PARAM[v.viewable_type]!]: v.viewable_id };
    if (conds.length > 0) query.filter = JSON.stringify({ match: v.filters.match, conditions: conds });
    const body = await taskIndex(a, w.acme.id, query);
    const typeOf = new Map<string, string>();
    for (const r of body.data) typeOf.set(r.id, r.status?.type);
    return new Set(
      body.data
        .filter((r: Json) => r.parent_task_id === null)
        // Which status types count as completed is not shown; docs/api/openapi.yaml#listListStatuses.
        .filter((r: Json) => v.show_completed || !['done', 'closed'].includes(typeOf.get(r.id) ?? ''))
        .map((r: Json) => r.id),
    );
  }

  const topLevel = (rows: Json[]): string[] =>
    rows
      .filter((r) => r.parent_task_id === null)
      .map((r) => r.id)
      .sort();

  for (const [label, re] of [
    ['list-scoped view with a filter', /API — high priority/],
    ['folder-scoped view hiding completed', /Backend — open work/],
    ['space-scoped view', /Engineering — everything/],
    ['sprint-scoped view', /Sprint 2 board/],
  ] as const) {
    it(`${label}: rows match the task index of the same scope`, async () => {
      const v = byName(re);
      const { rows } = await allRows(v);
      assert.ok(rows.length > 0, 'view shows rows');
      assert.deepEqual(topLevel(rows), [...(await expectedTopLevel(v))].sort());
    });
  }

  it("rows follow the view's persisted sorts (priority desc; due_date asc)", async () => {
    const rank: Record<string, number> = { low: 0, medium: 1, high: 2, critical: 3 };
    for (const v of views.filter((x) => x.sorts.length > 0 && x.workspace_id === w.acme.id)) {
      const { rows } = await allRows(v);
      const { field, direction } = v.sorts[0];
      const key = (r: Json): number | null =>
        field === 'priority'
          ? rank[r.priority]!
          : field === 'due_date'
            ? r.due_date
              ? Date.parse(r.due_date)
              : null
            : null;
      const seq = rows.map(key).filter((x): x is number => x !== null);
      assert.ok(seq.length > 1, `${v.name} sorts on ${field}`);
      for (let i = 1; i < seq.length; i += 1) {
        assert.ok(direction === 'asc' ? seq[i - 1]! <= seq[i]! : seq[i - 1]! >= seq[i]!, `${v.name} order at ${i}`);
      }
    }
  });

  it('list-scoped view: a location condition is dropped before evaluation', async () => {
    const v = byName(/location dropped/);
    assert.equal(v.viewable_type, 'list');
    assert.ok(v.filters.conditions.some((c: Json) => c.field === 'location'));
    const { rows } = await allRows(v);
    assert.ok(rows.length > 0, 'not emptied by the location condition');
    assert.deepEqual(topLevel(rows), [...(await expectedTopLevel(v))].sort());
  });

  it('sprint-scoped view: a location condition is dropped too (rule 4)', async () => {
    const v = byName(/Sprint 2 \(location dropped\)/);
    assert.equal(v.viewable_type, 'sprint');
    assert.ok(v.filters.conditions.some((c: Json) => c.field === 'location'));
    const { rows } = await allRows(v);
    assert.ok(rows.length > 0, 'not emptied by the location condition');
    assert.deepEqual(topLevel(rows), [...(await expectedTopLevel(v))].sort());
    assert.deepEqual(
      topLevel(rows),
      topLevel((await allRows(byName(/Sprint 2 board/))).rows),
      'same as the plain sprint view',
    );
  });

  it("no trickle-down (rule 3): a folder view's filter does not reach a list view inside it, nor back", async () => {
    const folderView = byName(/Backend — critical/);
    const listView = byName(/API — low/);
    assert.equal(
      w.lists.find((l) => l.id === listView.viewable_id)!.folder_id,
      folderView.viewable_id,
      'list inside folder',
    );
    const low = (await allRows(listView)).rows;
    assert.ok(low.length > 0, "the list view is not narrowed by the folder view's critical filter");
    assert.ok(low.every((r) => r.priority === 'low'));
    assert.deepEqual(topLevel(low), [...(await expectedTopLevel(listView))].sort());
    const critical = (await allRows(folderView)).rows;
    assert.ok(critical.length > 0 && critical.every((r) => r.priority === 'critical'));
    assert.ok(
      critical.some((r) => r.list_id === listView.viewable_id),
      "the folder view still shows the list's critical tasks",
    );
  });

  it('space-scoped view keeps its location condition (only list/sprint views drop it)', async () => {
    const v = byName(/Backend only/);
    const folderIds = new Set(v.filters.conditions.find((c: Json) => c.field === 'location').values);
    const { rows } = await allRows(v);
    assert.ok(rows.length > 0);
    const listFolder = new Map(w.lists.map((l) => [l.id, l.folder_id]));
    for (const r of rows) assert.ok(folderIds.has(listFolder.get(r.list_id)), `${r.id} is inside the location`);
    const wholeSpace = await allRows(byName(/Engineering — everything/));
    assert.ok(rows.length < wholeSpace.rows.length);
  });

  it('the envelope has exactly the documented fields; group_counts/group_pages null, column_aggregates []', async () => {
    const res = await a.get(path(byName(/Engineering — everything/)));
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ENVELOPE);
    assert.equal(res.body.group_counts, null);
    assert.equal(res.body.group_pages, null);
    assert.deepEqual(res.body.column_aggregates, []);
    assert.ok(res.body.completed_count <= res.body.total_count);
    assert.equal(res.body.total_count, res.body.filtered_count, 'no filter: filtered = total');
  });

  it('per_page defaults to 50; page 2 continues page 1', async () => {
    const v = byName(/Engineering — everything/);
    const p1 = (await a.get(path(v))).body;
    assert.equal(p1.per_page, 50);
    assert.equal(p1.current_page, 1);
    assert.ok(p1.filtered_count > 50, 'the space view spans two default pages');
    assert.equal(p1.data.length, 50);
    assert.equal(p1.last_page, Math.ceil(p1.filtered_count / 50));
    const p2 = (await a.get(path(v), { page: 2 })).body;
    assert.equal(p2.current_page, 2);
    const seen = new Set(p1.data.map((r: Json) => r.id));
    assert.ok(
      p2.data.every((r: Json) => !seen.has(r.id)),
      'no overlap',
    );
  });

  it('per_page 1 and 100 accepted', async () => {
    const v = byName(/Engineering — everything/);
    assert.equal((await a.get(path(v), { per_page: 1 })).body.data.length, 1);
    assert.equal((await a.get(path(v), { per_page: 100 })).body.per_page, 100);
  });

  const invalid: [string, Record<string, string>][] = [
    ['per_page=0', { per_page: '0' }],
    ['per_page=101', { per_page: '101' }],
    ['per_page=abc', { per_page: 'abc' }],
    ['page=0', { page: '0' }],
    ['page=-1', { page: '-1' }],
    ['page=x', { page: 'x' }],
    ['filter', { filter: JSON.stringify({ match: 'all', conditions: [] }) }],
    ['sorts', { sorts: JSON.stringify([{ field: 'title', direction: 'asc' }]) }],
    ['group_by', { group_by: 'priority' }],
  ];
  for (const [label, query] of invalid) {
    it(`${label} -> 422`, async () => {
      assertError(await a.get(path(byName(/Engineering — everything/)), query), 422);
    });
  }

  // docs/api/openapi.yaml#listViewTasks: counts cached up to 60 s per user.
  describe('counts cached up to 60 s per user', () => {
    it('total_count unchanged after a new matching task until the clock moves 61 s; other users not cached', async () => {
      const v = byName(/API — high priority/);
      const before = (await a.get(path(v))).body;
      const t = await createTask(a, w.acme.id, { list_id: v.viewable_id, title: 'new high', priority: 'high' });
      const cached = (await a.get(path(v), { per_page: 100 })).body;
      assert.equal(cached.total_count, before.total_count, 'cached total_count');
      assert.equal(cached.completed_count, before.completed_count, 'cached completed_count');
      assert.ok(
        cached.data.some((r: Json) => r.id === t.id),
        'only the counts are cached, not the rows',
      );
      const bob = (await h.as('bob').get(path(v))).body;
      assert.equal(bob.total_count, before.total_count + 1, 'bob has no cached count yet');
      await h.ctl.advance(61_000);
      const fresh = (await a.get(path(v))).body;
      assert.equal(fresh.total_count, before.total_count + 1);
    });
  });

  // docs/api/openapi.yaml#listViewTasks: visibility.
  describe('visibility', () => {
    it('403 for bob on a view he may not see (private view of alice; view on the private space)', async () => {
      for (const re of [/Alice private/, /Leadership roadmap/]) {
        const res = await h.as('bob').get(path(byName(re)));
        assertError(res, 403);
        assert.match(res.body.message, /unauthori[sz]ed/i);
      }
    });

    it('404 for an unknown view and for carol on an Acme view, with the same message', async () => {
      const unknown = await a.get(path(UNKNOWN_ID));
      const foreign = await h.as('carol').get(path(byName(/Engineering — everything/)));
      assertError(unknown, 404);
      assertError(foreign, 404);
      assert.match(unknown.body.message, /not found/i);
      assert.equal(foreign.body.message, unknown.body.message);
    });

    it('bob sees public views of public spaces; carol sees Side Project views', async () => {
      assert.equal((await h.as('bob').get(path(byName(/Engineering — everything/)))).status, 200);
      assert.equal((await h.as('carol').get(path(byName(/Garden ideas/)))).status, 200);
    });
  });

  describe('assumption: counts, subtask mode, location (docs/api/openapi.yaml#listViewTasks)', () => {
    it('total_count = scope rows before filter/show_completed; filtered_count after', async () => {
      const v = byName(/Backend — open work/);
      const body = (await a.get(path(v))).body;
      const scope = await taskIndex(a, w.acme.id, { folder_id: v.viewable_id });
      const top = scope.data.filter((r: Json) => r.parent_task_id === null);
      assert.equal(body.total_count, top.length);
      const done = top.filter((r: Json) => ['done', 'closed'].includes(r.status.type)).length;
      assert.ok(done > 0, 'the folder has completed tasks');
      assert.equal(body.completed_count, done);
      assert.equal(body.filtered_count, top.length - done);
    });

    it('subtask_mode expanded lists every depth as rows', async () => {
      const v = byName(/Engineering — everything/);
      assert.equal(v.subtask_mode, 'expanded');
      const { rows } = await allRows(v);
      const spaceLists = new Set(w.lists.filter((l) => l.space_id === v.viewable_id).map((l) => l.id));
      const live = (await h.ctl.state('tasks')).filter((t: Json) => !t.deleted_at && spaceLists.has(t.list_id));
      assert.deepEqual(rows.map((r) => r.id).sort(), live.map((t: Json) => t.id).sort());
    });

    it('subtask_mode collapsed shows top-level rows only', async () => {
      const v = byName(/Backend — open work/);
      assert.equal(v.subtask_mode, 'collapsed');
      const { rows } = await allRows(v);
      const inScope = new Set(w.lists.filter((l) => l.folder_id === v.viewable_id).map((l) => l.id));
      const listOf = new Map((await h.ctl.state('tasks')).map((t: Json) => [t.id, t.list_id]));
      for (const r of rows) {
        assert.ok(
          r.parent_task_id === null || !inScope.has(listOf.get(r.parent_task_id)),
          `${r.id} is not a subtask in scope`,
        );
      }
    });

    it('every demo view alice can open evaluates without error and pages consistently', async () => {
      for (const v of views) {
        const res = await a.get(path(v), { per_page: 100 });
        assert.equal(res.status, 200, `${v.name}: ${res.status}`);
        assert.equal(res.body.last_page, Math.max(1, Math.ceil(res.body.filtered_count / 100)), v.name);
      }
    });

    it('a page past the end has empty data', async () => {
      const res = await a.get(path(byName(/API — high priority/)), { page: 99 });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, []);
    });

    it('the count cache uses sandbox time: still cached at +59 s', async () => {
      const v = byName(/API — high priority/);
      const before = (await a.get(path(v))).body.total_count;
      await createTask(a, w.acme.id, { list_id: v.viewable_id, title: 'x', priority: 'critical' });
      await h.ctl.advance(59_000);
      assert.equal((await a.get(path(v))).body.total_count, before);
    });
  });
});
