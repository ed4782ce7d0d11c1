// Task index behaviour the API leaves "not shown", tested only as far as
// its x-assumption notes commit to it (docs/api/openapi.yaml#listTasks).
import * as assert from 'node:assert/strict';
import { UNKNOWN_ID, useSandbox } from './helpers';
import { assertError, createTask, doneStatus, marker, taskIndex } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listTasks.
describe('Tasks > GET tasks', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api, listId: string;
  const path = (): string => `/workspaces/${w.acme.id}/tasks`;

  before(async () => {
    ({ w, a } = await h.reseed());
    listId = w.fixtures.lists.api as string;
  });

  describe('assumption: scope errors (docs/api/openapi.yaml#listTasks)', () => {
    it('none or several scopes -> 422 errors.scope', async () => {
      assertError(await a.get(path()), 422, 'scope');
      assertError(await a.get(path(), { list_id: listId, space_id: w.publicSpace.id }), 422, 'scope');
    });

    it('non-UUID scope id -> 422 on that parameter', async () => {
      assertError(await a.get(path(), { list_id: 'api' }), 422, 'list_id');
    });

    it('unknown, foreign-workspace or invisible scope -> 404', async () => {
      assertError(await a.get(path(), { list_id: UNKNOWN_ID }), 404);
      assertError(await a.get(`/workspaces/${w.side.id}/tasks`, { list_id: listId }), 404);
      assertError(await h.as('bob').get(path(), { space_id: w.privateSpace.id }), 404);
    });
  });

  describe('assumption: paging (docs/api/openapi.yaml#listTasks)', () => {
    it('page walks the result; a page past the end is empty; last_page >= 1', async () => {
      const all = await taskIndex(a, w.acme.id, { space_id: w.publicSpace.id });
      const seen: string[] = [];
      const first = await taskIndex(a, w.acme.id, { space_id: w.publicSpace.id, per_page: 40 });
      for (let page = 1; page <= first.last_page; page += 1) {
        const body = await taskIndex(a, w.acme.id, { space_id: w.publicSpace.id, per_page: 40, page });
        assert.equal(body.current_page, page);
        seen.push(...body.data.map((r: Json) => r.id));
      }
      assert.deepEqual(
        seen,
        all.data.map((r: Json) => r.id),
        'pages concatenate to the unpaginated order',
      );
      const past = await taskIndex(a, w.acme.id, {
        space_id: w.publicSpace.id,
        per_page: 40,
        page: first.last_page + 1,
      });
      assert.deepEqual(past.data, []);
      const none = await taskIndex(a, w.acme.id, { list_id: listId, search: marker('nothing'), per_page: 5 });
      assert.equal(none.last_page, 1);
    });

    it('page 0 -> 422', async () => {
      assertError(await a.get(path(), { list_id: listId, per_page: 5, page: 0 }), 422, 'page');
    });
  });

  describe('assumption: rows are the top-level rows of the scope (docs/api/openapi.yaml#listTasks)', () => {
    it('a subtask appears when its parent is outside the scope', async () => {
      const other = w.acmePublicLists.find((l) => l.id !== listId)!;
      const parent = await createTask(a, w.acme.id, { list_id: listId, title: 'outer parent' });
      const kid = await createTask(a, w.acme.id, { list_id: listId, title: 'kid', parent_task_id: parent.id });
      assert.equal((await a.post(`/tasks/${kid.id}/move`, { target_type: 'list', target_id: other.id })).status, 200);
      const here = await taskIndex(a, w.acme.id, { list_id: listId });
      assert.ok(!here.data.some((r: Json) => r.id === kid.id));
      const there = await taskIndex(a, w.acme.id, { list_id: other.id });
      assert.ok(there.data.some((r: Json) => r.id === kid.id));
      const raw = (await h.ctl.state('tasks')).filter((t: Json) => !t.deleted_at && t.list_id === listId);
      const ids = new Set(raw.map((t: Json) => t.id));
      const expected = raw
        .filter((t: Json) => t.parent_task_id === null || !ids.has(t.parent_task_id))
        .map((t: Json) => t.id);
      assert.deepEqual(here.data.map((r: Json) => r.id).sort(), expected.sort());
    });

    it('group_counts by status equal a count over raw top-level rows of the list', async () => {
      const raw = (await h.ctl.state('tasks')).filter((t: Json) => !t.deleted_at && t.list_id === listId);
      const ids = new Set(raw.map((t: Json) => t.id));
      const expected: Record<string, number> = {};
      for (const t of raw.filter((x: Json) => x.parent_task_id === null || !ids.has(x.parent_task_id))) {
        expected[t.status_id] = (expected[t.status_id] ?? 0) + 1;
      }
      const body = await taskIndex(a, w.acme.id, { list_id: listId, group_by: 'status' });
      assert.deepEqual(body.group_counts, expected);
    });

    it('assignee sorts by member name, unassigned last', async () => {
      const names = new Map(w.members.acme.map((m: Json) => [m.id, m.name as string]));
      const body = await taskIndex(a, w.acme.id, {
        space_id: w.publicSpace.id,
        sorts: JSON.stringify([{ field: 'assignee', direction: 'asc' }]),
      });
      const seq = body.data.map((r: Json) => (r.assignee_id ? names.get(r.assignee_id) : null));
      const firstNull = seq.indexOf(null);
      const named = firstNull < 0 ? seq : seq.slice(0, firstNull);
      assert.ok(
        seq.slice(named.length).every((x: unknown) => x === null),
        'unassigned last',
      );
      for (let i = 1; i < named.length; i += 1)
        assert.ok(named[i - 1].localeCompare(named[i]) <= 0, `name order at ${i}`);
    });

    it('attachments_count counts every file of the task, all contexts (docs/api/openapi.yaml#listTasks)', async () => {
      const atts = await h.ctl.state('attachments');
      const body = await taskIndex(a, w.acme.id, { space_id: w.publicSpace.id });
      const withFiles = body.data.filter((r: Json) => atts.some((x: Json) => x.task_id === r.id));
      assert.ok(withFiles.length > 0, 'the demo seed has tasks with files');
      for (const r of body.data) assert.equal(r.attachments_count, atts.filter((x: Json) => x.task_id === r.id).length);
    });

    it('group_counts lists only non-empty groups', async () => {
      const body = await taskIndex(a, w.acme.id, { list_id: listId, group_by: 'priority' });
      for (const n of Object.values(body.group_counts)) assert.ok((n as number) > 0);
    });
  });

  describe('assumption: search, sorts and filter details (docs/api/openapi.yaml#listTasks)', () => {
    it('search is a case-insensitive substring', async () => {
      const m = marker('CaSe');
      const t = await createTask(a, w.acme.id, { list_id: listId, title: `x ${m}` });
      const body = await taskIndex(a, w.acme.id, { list_id: listId, search: m.toLowerCase() });
      assert.deepEqual(
        body.data.map((r: Json) => r.id),
        [t.id],
      );
    });

    it('title filter operators are case-insensitive', async () => {
      const m = marker('Ttl');
      const t = await createTask(a, w.acme.id, { list_id: listId, title: `${m} Upper` });
      const filter = JSON.stringify({
        match: 'all',
        conditions: [{ field: 'title', op: 'is', values: [`${m} upper`.toUpperCase()] }],
      });
      assert.deepEqual(
        (await taskIndex(a, w.acme.id, { list_id: listId, filter })).data.map((r: Json) => r.id),
        [t.id],
      );
    });

    it('nulls sort last in both directions (due_date)', async () => {
      for (const direction of ['asc', 'desc']) {
        const body = await taskIndex(a, w.acme.id, {
          list_id: listId,
          sorts: JSON.stringify([{ field: 'due_date', direction }]),
        });
        const firstNull = body.data.findIndex((r: Json) => r.due_date === null);
        assert.ok(firstNull > 0, 'both kinds present');
        assert.ok(
          body.data.slice(firstNull).every((r: Json) => r.due_date === null),
          `${direction}: nulls last`,
        );
      }
    });

    it('without sorts the order is position ascending', async () => {
      const body = await taskIndex(a, w.acme.id, { list_id: listId });
      const pos = body.data.map((r: Json) => r.position as number);
      for (let i = 1; i < pos.length; i += 1) assert.ok(pos[i - 1] <= pos[i]);
    });

    it('filter problems are reported under errors.filter; location is refused on the index', async () => {
      const bad = JSON.stringify({ match: 'all', conditions: [{ field: 'location', op: 'in', values: [listId] }] });
      assertError(await a.get(path(), { list_id: listId, filter: bad }), 422, 'filter');
      assertError(await a.get(path(), { list_id: listId, filter: '{' }), 422, 'filter');
    });

    it('an empty conditions array filters nothing out', async () => {
      const all = await taskIndex(a, w.acme.id, { list_id: listId });
      const none = await taskIndex(a, w.acme.id, {
        list_id: listId,
        filter: JSON.stringify({ match: 'all', conditions: [] }),
      });
      assert.equal(none.total_count, all.total_count);
    });

    it('overdue leaves out tasks in a completed status', async () => {
      const m = marker('od');
      const due = new Date(Date.now() - 3 * 86_400_000).toISOString();
      const open = await createTask(a, w.acme.id, { list_id: listId, title: `${m} open`, due_date: due });
      const done = await doneStatus(a, listId);
      await createTask(a, w.acme.id, { list_id: listId, title: `${m} done`, due_date: due, status_id: done.id });
      const filter = JSON.stringify({
        match: 'all',
        conditions: [
          { field: 'title', op: 'contains', values: [m] },
          { field: 'due_date', op: 'in', values: ['overdue'] },
        ],
      });
      assert.deepEqual(
        (await taskIndex(a, w.acme.id, { list_id: listId, filter })).data.map((r: Json) => r.id),
        [open.id],
      );
    });
  });

  describe('assumption: due-date presets are UTC ISO weeks (docs/api/openapi.yaml#listTasks)', () => {
    it('this_week runs Monday 00:00 to Monday 00:00 UTC; next_week the week after', async () => {
      const now = await h.ctl.now();
      const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
      const at = (days: number, hours: number, minutes: number): string =>
        new Date(monday.getTime() + days * 86_400_000 + hours * 3_600_000 + minutes * 60_000).toISOString();
      const m = marker('wk');
      const specs: [string, string][] = [
        ['lastSun', at(-1, 23, 30)],
        ['mon', at(0, 0, 30)],
        ['sun', at(6, 23, 30)],
        ['nextMon', at(7, 0, 30)],
        ['nextSun', at(13, 23, 30)],
        ['later', at(14, 0, 30)],
      ];
      const ids = new Map<string, string>();
      for (const [name, due] of specs) {
        ids.set((await createTask(a, w.acme.id, { list_id: listId, title: `${m} ${name}`, due_date: due })).id, name);
      }
      const run = async (op: string, values: string[]): Promise<string[]> => {
        const filter = JSON.stringify({
          match: 'all',
          conditions: [
            { field: 'title', op: 'contains', values: [m] },
            { field: 'due_date', op, values },
          ],
        });
        const body = await taskIndex(a, w.acme.id, { list_id: listId, filter });
        return body.data.map((r: Json) => ids.get(r.id)).sort();
      };
      assert.deepEqual(await run('in', ['this_week']), ['mon', 'sun']);
      assert.deepEqual(await run('in', ['next_week']), ['nextMon', 'nextSun']);
      assert.deepEqual(await run('on', ['this_week']), ['mon', 'sun'], 'presets also work with on');
      const monDay = at(0, 0, 30).slice(0, 10);
      assert.deepEqual(
        await run('between', [monDay, at(6, 23, 30).slice(0, 10)]),
        ['mon', 'sun'],
        'between is inclusive',
      );
      assert.deepEqual(await run('on', [monDay]), ['mon']);
      assert.deepEqual(await run('after', [monDay]).then((x) => x.includes('mon')), false, 'after d excludes day d');
      assert.deepEqual(await run('before', [monDay]), ['lastSun']);
    });
  });
});
