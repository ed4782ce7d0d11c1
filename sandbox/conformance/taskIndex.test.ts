// Conformance of docs/api/openapi.yaml#listTasks - scopes, envelope,
// per_page, search, group_by. Results are compared to raw store rows
// (/__sandbox/state/tasks) or to the unfiltered index, never to fixed counts.
import * as assert from 'node:assert/strict';
import { fixtureId, useSandbox } from './helpers';
import { assertError, createTask, liveTasks, marker, sortedIds, statusesOf, taskIndex } from './ops';
import type { Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listTasks.
describe('Tasks > GET /workspaces/{workspace}/tasks (scope, envelope, per_page, search, group_by)', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap;
  const path = (): string => `/workspaces/${w.acme.id}/tasks`;
  before(async () => {
    ({ w } = await h.reseed());
  });

  // docs/api/openapi.yaml#listTasks: scope: exactly one of list_id, sprint_id, space_id, folder_id.
  describe('scope: exactly one of list_id, sprint_id, space_id, folder_id', () => {
    // docs/api/openapi.yaml#listTasks: none or more than one gives 422.
    const bad: [string, () => Record<string, string>][] = [
      ['no scope', () => ({})],
      ['list_id + space_id', () => ({ list_id: w.acmePublicLists[0]!.id, space_id: w.publicSpace.id })],
      [
        'folder_id + list_id',
        () => ({
          folder_id: w.acmePublicLists[0]!.folder_id,
          list_id: w.acmePublicLists[0]!.id,
        }),
      ],
      [
        'space_id + folder_id + sprint_id',
        () => ({
          space_id: w.publicSpace.id,
          folder_id: w.acmePublicLists[0]!.folder_id,
          sprint_id: w.publicSpace.id,
        }),
      ],
    ];
    for (const [label, query] of bad) {
      it(`${label} -> 422`, async () => {
        assertError(await h.as('alice').get(path(), query()), 422);
      });
    }

    it('list_id returns the live tasks of that list (compared to raw state)', async () => {
      const list = w.acmePublicLists[0]!;
      const body = await taskIndex(h.as('alice'), w.acme.id, { list_id: list.id });
      const raw = (await liveTasks(h.ctl)).filter((t) => t.list_id === list.id);
      const rawIds = new Set(raw.map((t) => t.id));
      for (const row of body.data) {
        assert.ok(rawIds.has(row.id), `row ${row.id} is a live task of the list`);
        assert.equal(row.list_id, list.id);
      }
      const topLevel = raw.filter((t) => t.parent_task_id === null).map((t) => t.id);
      const got = new Set(body.data.map((r: Json) => r.id));
      for (const id of topLevel) assert.ok(got.has(id), `top-level task ${id} listed`);
    });

    it('trashed tasks are not listed', async () => {
      const list = w.acmePublicLists[0]!;
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: list.id, title: marker('trash') });
      assert.equal((await h.as('alice').delete(`${path()}/${t.id}`)).status, 200);
      const body = await taskIndex(h.as('alice'), w.acme.id, { list_id: list.id });
      assert.ok(!body.data.some((r: Json) => r.id === t.id));
    });

    for (const scope of ['space_id', 'folder_id'] as const) {
      it(`${scope} covers all lists inside (union of the per-list results)`, async () => {
        const list = w.acmePublicLists[0]!;
        const scopeId = scope === 'space_id' ? list.space_id : list.folder_id;
        const inside = w.acmePublicLists.filter((l) => (scope === 'space_id' ? l.space_id : l.folder_id) === scopeId);
        const union: string[] = [];
        for (const l of inside) {
          union.push(...(await taskIndex(h.as('alice'), w.acme.id, { list_id: l.id })).data.map((r: Json) => r.id));
        }
        const body = await taskIndex(h.as('alice'), w.acme.id, { [scope]: scopeId });
        assert.deepEqual(sortedIds(body.data), union.sort());
      });
    }

    it('sprint_id returns the tasks placed in the sprint', async () => {
      const sprints = await h.ctl.state('sprints');
      const sprint = sprints.find((s: Json) => s.workspace_id === w.acme.id);
      assert.ok(sprint, 'demo seed has an Acme sprint');
      const body = await taskIndex(h.as('alice'), w.acme.id, { sprint_id: sprint.id });
      const raw = (await liveTasks(h.ctl)).filter((t) => t.sprint_id === sprint.id);
      assert.ok(raw.length > 0, 'seeded sprint has tasks');
      const rawIds = new Set(raw.map((t) => t.id));
      for (const row of body.data) assert.ok(rawIds.has(row.id));
      const got = new Set(body.data.map((r: Json) => r.id));
      for (const t of raw.filter((x) => x.parent_task_id === null)) assert.ok(got.has(t.id));
    });
  });

  // docs/api/openapi.yaml#listTasks: envelope and rows.
  describe('envelope and rows', () => {
    it('has data, total_count, completed_count, group_counts; no page fields when unpaginated', async () => {
      const body = await taskIndex(h.as('alice'), w.acme.id, { list_id: w.acmePublicLists[0]!.id });
      assert.ok(Array.isArray(body.data));
      assert.equal(body.total_count, body.data.length);
      assert.equal(typeof body.completed_count, 'number');
      assert.ok(body.completed_count >= 0 && body.completed_count <= body.total_count);
      assert.equal(typeof body.group_counts, 'object');
      for (const k of ['current_page', 'last_page', 'per_page']) assert.ok(!(k in body), `${k} absent`);
    });

    it('rows carry subtask_count, attachments_count, is_blocked matching raw state', async () => {
      const body = await taskIndex(h.as('alice'), w.acme.id, { space_id: w.publicSpace.id });
      const raw = await liveTasks(h.ctl);
      const atts = await h.ctl.state('attachments');
      for (const row of body.data) {
        const kids = raw.filter((t) => t.parent_task_id === row.id).length;
        assert.equal(row.subtask_count, kids, `subtask_count of ${row.id}`);
        const mine = atts.filter((a: Json) => a.task_id === row.id);
        // Which contexts count is not shown (see taskIndexAssumptions); task files always do.
        assert.ok(row.attachments_count >= mine.filter((a: Json) => a.context === 'task').length);
        assert.ok(row.attachments_count <= mine.length);
        assert.equal(typeof row.is_blocked, 'boolean');
      }
    });

    it('completed_count counts the rows whose status is the completed one', async () => {
      // completed_task fixture fixes which status type counts as completed.
      const completedId = fixtureId(w.fixtures, 'completed_task');
      const completed = (await h.ctl.state('tasks')).find((t: Json) => t.id === completedId);
      assert.ok(completed, 'fixtures name completed_task');
      const statuses = await statusesOf(h.as('alice'), completed.list_id);
      const doneType = statuses.find((s) => s.id === completed.status_id)!.type;
      const body = await taskIndex(h.as('alice'), w.acme.id, { list_id: completed.list_id });
      const typeOf = new Map(statuses.map((s) => [s.id, s.type]));
      const expected = body.data.filter((r: Json) => typeOf.get(r.status_id) === doneType).length;
      assert.ok(expected >= 1);
      assert.equal(body.completed_count, expected);
    });
  });

  // docs/api/openapi.yaml#listTasks: per_page.
  describe('per_page', () => {
    it('0 and omitted both return every matching task', async () => {
      const list = w.acmePublicLists[0]!;
      const all = await taskIndex(h.as('alice'), w.acme.id, { list_id: list.id });
      const zero = await taskIndex(h.as('alice'), w.acme.id, { list_id: list.id, per_page: 0 });
      assert.deepEqual(sortedIds(zero.data), sortedIds(all.data));
      assert.ok(!('per_page' in zero) && !('last_page' in zero));
    });

    for (const perPage of [1, 2, 100]) {
      it(`per_page=${perPage} paginates with current_page, last_page, per_page`, async () => {
        const space = w.publicSpace.id;
        const all = await taskIndex(h.as('alice'), w.acme.id, { space_id: space });
        const body = await taskIndex(h.as('alice'), w.acme.id, { space_id: space, per_page: perPage });
        assert.equal(body.per_page, perPage);
        assert.equal(body.current_page, 1);
        assert.equal(body.total_count, all.data.length);
        assert.equal(body.last_page, Math.max(1, Math.ceil(all.data.length / perPage)));
        assert.equal(body.data.length, Math.min(perPage, all.data.length));
      });
    }

    for (const bad of ['101', '-1', 'abc', '1.5']) {
      it(`per_page=${bad} -> 422`, async () => {
        assertError(await h.as('alice').get(path(), { list_id: w.acmePublicLists[0]!.id, per_page: bad }), 422);
      });
    }
  });

  // docs/api/openapi.yaml#listTasks: search (max 255; matches title and display id).
  describe('search (max 255; matches title and display id)', () => {
    it('matches a title substring', async () => {
      const m = marker('srch');
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: `x ${m} y` });
      const body = await taskIndex(h.as('alice'), w.acme.id, { space_id: w.publicSpace.id, search: m });
      assert.deepEqual(sortedIds(body.data), [t.id]);
    });

    it('matches a display id', async () => {
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: marker('d') });
      const body = await taskIndex(h.as('alice'), w.acme.id, { list_id: t.list_id, search: t.display_id });
      assert.ok(body.data.some((r: Json) => r.id === t.id));
      for (const r of body.data) {
        assert.ok(r.title.includes(t.display_id) || r.display_id.includes(t.display_id), `row ${r.display_id} matches`);
      }
    });

    it('255 characters ok, 256 -> 422', async () => {
      const list = w.acmePublicLists[0]!.id;
      const ok = await h.as('alice').get(path(), { list_id: list, search: 'a'.repeat(255) });
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.body.data, []);
      assertError(await h.as('alice').get(path(), { list_id: list, search: 'a'.repeat(256) }), 422);
    });
  });

  // docs/api/openapi.yaml#listTasks: group_by.
  describe('group_by', () => {
    const fieldOf: Record<string, string> = {
      status: 'status_id',
      priority: 'priority',
      assignee: 'assignee_id',
      list: 'list_id',
    };
    const expectCounts = (rows: Json[], field: string): Map<string, number> => {
      const m = new Map<string, number>();
      for (const r of rows) {
        const key = r[field] === null || r[field] === undefined ? 'none' : String(r[field]);
        m.set(key, (m.get(key) ?? 0) + 1);
      }
      return m;
    };
    const check = (body: Json, group: string): void => {
      const expected = expectCounts(body.data, fieldOf[group]!);
      for (const [k, n] of expected) assert.equal(body.group_counts[k], n, `group_counts.${k}`);
      for (const [k, n] of Object.entries(body.group_counts)) {
        if (!expected.has(k)) assert.equal(n, 0, `unexpected group ${k}`);
      }
    };

    for (const group of ['status', 'priority', 'assignee', 'list']) {
      it(`group_by=${group} counts rows by ${fieldOf[group]} (null -> none)`, async () => {
        await createTask(h.as('alice'), w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: marker('g') });
        const body = await taskIndex(h.as('alice'), w.acme.id, { space_id: w.publicSpace.id, group_by: group });
        check(body, group);
        if (group === 'assignee') assert.ok((body.group_counts.none ?? 0) >= 1, 'unassigned rows under none');
      });
    }

    it('defaults to status', async () => {
      const body = await taskIndex(h.as('alice'), w.acme.id, { space_id: w.publicSpace.id });
      check(body, 'status');
    });

    it('an unknown group_by -> 422', async () => {
      assertError(await h.as('alice').get(path(), { list_id: w.acmePublicLists[0]!.id, group_by: 'colour' }), 422);
    });
  });
});
