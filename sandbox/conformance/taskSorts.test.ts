// Conformance of docs/api/openapi.yaml#listTasks - `sorts` (max 3,
// documented fields, direction). Orders are checked on tasks this file creates
// (exact order) and on seeded rows (monotonic), never against fixed lists.
import * as assert from 'node:assert/strict';
import { DAY_MS, useSandbox } from './helpers';
import { assertError, createTask, marker, statusesOf, taskIndex } from './ops';
import type { Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listTasks.
describe('Tasks > GET tasks, sorts', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap;
  let m: string;
  let listId: string;
  let mine: Json[];

  before(async () => {
    ({ w, listId } = await h.reseed());
    m = marker('srt');
    const now = Date.now();
    const specs = [
      { title: `${m} b`, priority: 'high', due_date: new Date(now + 3 * DAY_MS).toISOString() },
      { title: `${m} d`, priority: 'low', due_date: new Date(now + 1 * DAY_MS).toISOString() },
      { title: `${m} a`, priority: 'critical', due_date: new Date(now + 2 * DAY_MS).toISOString() },
      { title: `${m} c`, priority: 'high', due_date: new Date(now + 4 * DAY_MS).toISOString() },
    ];
    mine = [];
    for (const spec of specs) mine.push(await createTask(h.as('alice'), w.acme.id, { list_id: listId, ...spec }));
  });

  async function sorted(sorts: Json[], extra: Record<string, string> = {}): Promise<Json[]> {
    const body = await taskIndex(h.as('alice'), w.acme.id, {
      list_id: listId,
      sorts: JSON.stringify(sorts),
      filter: JSON.stringify({ match: 'all', conditions: [{ field: 'title', op: 'contains', values: [m] }] }),
      ...extra,
    });
    return body.data;
  }
  const titles = (rows: Json[]): string[] => rows.map((r) => r.title.slice(m.length + 1));

  it('title asc / desc', async () => {
    assert.deepEqual(titles(await sorted([{ field: 'title', direction: 'asc' }])), ['a', 'b', 'c', 'd']);
    assert.deepEqual(titles(await sorted([{ field: 'title', direction: 'desc' }])), ['d', 'c', 'b', 'a']);
  });

  it('due_date asc / desc', async () => {
    assert.deepEqual(titles(await sorted([{ field: 'due_date', direction: 'asc' }])), ['d', 'a', 'b', 'c']);
    assert.deepEqual(titles(await sorted([{ field: 'due_date', direction: 'desc' }])), ['c', 'b', 'a', 'd']);
  });

  it('priority by rank low < medium < high < critical, ties broken by the next sort', async () => {
    const asc = await sorted([
      { field: 'priority', direction: 'asc' },
      { field: 'title', direction: 'asc' },
    ]);
    assert.deepEqual(titles(asc), ['d', 'b', 'c', 'a']);
    const desc = await sorted([
      { field: 'priority', direction: 'desc' },
      { field: 'title', direction: 'desc' },
    ]);
    assert.deepEqual(titles(desc), ['a', 'c', 'b', 'd']);
  });

  it('three sorts are accepted; the third breaks remaining ties', async () => {
    const rows = await sorted([
      { field: 'priority', direction: 'desc' },
      { field: 'status', direction: 'asc' },
      { field: 'title', direction: 'asc' },
    ]);
    assert.deepEqual(titles(rows), ['a', 'b', 'c', 'd']);
  });

  it('four sorts -> 422', async () => {
    const four = ['title', 'priority', 'due_date', 'created_at'].map((field) => ({ field, direction: 'asc' }));
    const res = await h
      .as('alice')
      .get(`/workspaces/${w.acme.id}/tasks`, { list_id: listId, sorts: JSON.stringify(four) });
    assertError(res, 422);
  });

  const invalid: [string, string][] = [
    ['unknown field', JSON.stringify([{ field: 'colour', direction: 'asc' }])],
    ['bad direction', JSON.stringify([{ field: 'title', direction: 'up' }])],
    ['not an array', JSON.stringify({ field: 'title', direction: 'asc' })],
    ['malformed JSON', '[{"field":'],
  ];
  for (const [label, sorts] of invalid) {
    it(`${label} -> 422`, async () => {
      assertError(await h.as('alice').get(`/workspaces/${w.acme.id}/tasks`, { list_id: listId, sorts }), 422);
    });
  }

  it('created_at asc / desc on the whole space is monotonic', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const body = await taskIndex(h.as('alice'), w.acme.id, {
        space_id: w.publicSpace.id,
        sorts: JSON.stringify([{ field: 'created_at', direction }]),
      });
      const times = body.data.map((r: Json) => Date.parse(r.created_at));
      for (let i = 1; i < times.length; i += 1) {
        assert.ok(direction === 'asc' ? times[i - 1] <= times[i] : times[i - 1] >= times[i], `${direction} at ${i}`);
      }
    }
  });

  it('position asc follows the raw position', async () => {
    const body = await taskIndex(h.as('alice'), w.acme.id, {
      list_id: listId,
      sorts: JSON.stringify([{ field: 'position', direction: 'asc' }]),
    });
    const pos = new Map((await h.ctl.state('tasks')).map((t: Json) => [t.id, t.position as number]));
    const seq = body.data.map((r: Json) => pos.get(r.id) as number);
    for (let i = 1; i < seq.length; i += 1) assert.ok(seq[i - 1]! <= seq[i]!, `position order at ${i}`);
  });

  for (const [field, key] of [
    ['status', 'status_id'],
    ['assignee', 'assignee_id'],
  ] as const) {
    it(`${field}: rows form contiguous groups, and desc reverses the group order`, async () => {
      const groups = async (direction: string): Promise<string[]> => {
        const body = await taskIndex(h.as('alice'), w.acme.id, {
          space_id: w.publicSpace.id,
          sorts: JSON.stringify([{ field, direction }]),
        });
        const order: string[] = [];
        for (const r of body.data) {
          const k = String(r[key]);
          if (order[order.length - 1] !== k) {
            assert.ok(!order.includes(k), `${field} group ${k} is contiguous`);
            order.push(k);
          }
        }
        return order;
      };
      const asc = await groups('asc');
      assert.ok(asc.length >= 2, 'seed has several groups');
      const nonNull = (xs: string[]): string[] => xs.filter((x) => x !== 'null');
      assert.deepEqual(nonNull(await groups('desc')), nonNull(asc).reverse());
    });
  }

  it('cf_<id> sorts by a number custom field', async () => {
    const defs = (await h.as('alice').get(`/tasks/${mine[0].id}/custom-fields`)).body.data as Json[];
    const num = defs.find((d) => d.type === 'number');
    assert.ok(num, 'a number field is in effect on the demo list');
    const values = [30, 10, 40, 20]; // b, d, a, c
    for (const [i, task] of mine.entries()) {
      const res = await h.as('alice').put(`/tasks/${task.id}/custom-field-values`, {
        values: [{ custom_field_definition_id: num.id, value: values[i] }],
      });
      assert.equal(res.status, 200, res.text);
    }
    assert.deepEqual(titles(await sorted([{ field: `cf_${num.id}`, direction: 'asc' }])), ['d', 'c', 'b', 'a']);
    assert.deepEqual(titles(await sorted([{ field: `cf_${num.id}`, direction: 'desc' }])), ['a', 'b', 'c', 'd']);
  });

  it('sort_field and sort_direction are not used', async () => {
    const base = await sorted([{ field: 'title', direction: 'asc' }]);
    const withLegacy = await sorted([{ field: 'title', direction: 'asc' }], {
      sort_field: 'title',
      sort_direction: 'desc',
    });
    assert.deepEqual(titles(withLegacy), titles(base));
  });

  describe('assumption: status order (docs/api/openapi.yaml#listTasks)', () => {
    it("status sorts by the list's status order", async () => {
      const statuses = await statusesOf(h.as('alice'), listId);
      const body = await taskIndex(h.as('alice'), w.acme.id, {
        list_id: listId,
        sorts: JSON.stringify([{ field: 'status', direction: 'asc' }]),
      });
      const idx = new Map(statuses.map((s, i) => [s.id, i]));
      const seq = body.data.map((r: Json) => idx.get(r.status_id) as number);
      for (let i = 1; i < seq.length; i += 1) assert.ok(seq[i - 1]! <= seq[i]!, `status order at ${i}`);
    });
  });
});
