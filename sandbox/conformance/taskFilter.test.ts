// Conformance of docs/api/openapi.yaml#listTasks - `filter` (fields,
// operators, due-date presets against the sandbox clock). Each test creates its
// own tasks tagged with a unique marker and checks exact result sets.
import * as assert from 'node:assert/strict';
import { DAY_MS, useSandbox } from './helpers';
import { assertError, createTask, marker, statusesOf, taskIndex } from './ops';
import type { Json } from './helpers';
import type { SeedMap } from './seedMap';

type Name = 'A' | 'B' | 'C' | 'D' | 'E';

// Contract: docs/api/openapi.yaml#listTasks.
describe('Tasks > GET tasks, filter', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap;
  let m: string;
  let t: Record<Name, Json>;
  let listId: string;
  let altStatus: Json;

  const day = (d: Date): string => d.toISOString().slice(0, 10);
  /** Halfway between now and the next UTC midnight. */
  const laterToday = (now: Date): Date => {
    const midnight = Date.parse(`${day(now)}T00:00:00.000Z`) + 86_400_000;
    return new Date(now.getTime() + Math.floor((midnight - now.getTime()) / 2));
  };

  before(async () => {
    ({ w, listId } = await h.reseed());
    const statuses = await statusesOf(h.as('alice'), listId);
    altStatus = statuses[1] ?? statuses[0];
    const now = await h.ctl.now();
    const soon = laterToday(now);
    m = marker('flt');
    const specs: Record<Name, Record<string, unknown>> = {
      // A: overdue (10 days ago), high, bob, other status
      A: {
        due_date: new Date(now.getTime() - 10 * DAY_MS).toISOString(),
        priority: 'high',
        assignee_id: w.users.bob.id,
        status_id: altStatus.id,
      },
      // B: later today (UTC), so it is due today but not yet overdue whatever the hour
      B: { due_date: soon.toISOString(), priority: 'low' },
      // C: exactly one week out, so always in next week whatever the week start
      C: { due_date: new Date(now.getTime() + 7 * DAY_MS).toISOString(), priority: 'low' },
      D: {
        due_date: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
        priority: 'critical',
        assignee_id: w.users.alice.id,
      },
      E: { due_date: null, priority: 'medium' },
    };
    t = {} as Record<Name, Json>;
    for (const [name, spec] of Object.entries(specs) as [Name, Record<string, unknown>][]) {
      t[name] = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: `${m} ${name} item`, ...spec });
    }
    if (altStatus.id === statuses[0].id) assert.fail('the demo list needs two statuses');
  });

  /** Runs `cond` ANDed with the marker condition and returns the matched names. */
  async function run(cond: Json | Json[], match: 'all' | 'any' = 'all'): Promise<Name[]> {
    const conditions =
      match === 'all'
        ? [{ field: 'title', op: 'contains', values: [m] }, ...(Array.isArray(cond) ? cond : [cond])]
        : (cond as Json[]);
    const body = await taskIndex(h.as('alice'), w.acme.id, {
      list_id: listId,
      filter: JSON.stringify({ match, conditions }),
    });
    const byId = new Map(Object.entries(t).map(([n, row]) => [row.id as string, n as Name]));
    return body.data
      .map((r: Json) => byId.get(r.id))
      .filter(Boolean)
      .sort() as Name[];
  }

  const eq = (field: string, op: string, values: () => unknown[], expected: Name[]): [string, () => Json, Name[]] => [
    `${field} ${op}`,
    () => ({ field, op, values: values() }),
    expected,
  ];

  // docs/api/openapi.yaml#listTasks: status_id, assignee_id, priority: in / not_in / is_empty.
  describe('status_id, assignee_id, priority: in / not_in / is_empty', () => {
    const cases = [
      eq('status_id', 'in', () => [altStatus.id], ['A']),
      eq('status_id', 'not_in', () => [altStatus.id], ['B', 'C', 'D', 'E']),
      eq('status_id', 'is_empty', () => [], []),
      eq('assignee_id', 'in', () => [w.users.bob.id], ['A']),
      eq('assignee_id', 'in', () => [w.users.bob.id, w.users.alice.id], ['A', 'D']),
      eq('assignee_id', 'is_empty', () => [], ['B', 'C', 'E']),
      eq('priority', 'in', () => ['high', 'critical'], ['A', 'D']),
      eq('priority', 'not_in', () => ['high', 'critical'], ['B', 'C', 'E']),
      eq('priority', 'in', () => ['medium'], ['E']),
      eq('priority', 'is_empty', () => [], []),
    ];
    for (const [label, cond, expected] of cases) {
      it(`${label} -> ${expected.join(',') || 'none'}`, async () => {
        assert.deepEqual(await run(cond()), expected);
      });
    }

    it('assignee_id not_in excludes the listed assignee and keeps others', async () => {
      // Whether unassigned rows match not_in is not shown; only the certain part is checked.
      const got = await run({ field: 'assignee_id', op: 'not_in', values: [w.users.bob.id] });
      assert.ok(!got.includes('A') && got.includes('D'), got.join(','));
    });
  });

  // docs/api/openapi.yaml#listTasks: due_date presets (sandbox clock).
  describe('due_date presets (sandbox clock)', () => {
    const presets: [string, Name[]][] = [
      ['overdue', ['A']],
      ['today', ['B']],
      ['this_week', ['B']],
      ['next_week', ['C']],
      ['no_due_date', ['E']],
    ];
    for (const [preset, expected] of presets) {
      it(`${preset} -> ${expected.join(',')}`, async () => {
        assert.deepEqual(await run({ field: 'due_date', op: 'in', values: [preset] }), expected);
      });
    }

    it('is_empty -> E', async () => {
      assert.deepEqual(await run({ field: 'due_date', op: 'is_empty', values: [] }), ['E']);
    });

    it('presets follow the sandbox clock (10 days later A, B, C are overdue)', async () => {
      await h.ctl.advance(10 * DAY_MS);
      try {
        assert.deepEqual(await run({ field: 'due_date', op: 'in', values: ['overdue'] }), ['A', 'B', 'C']);
        assert.deepEqual(await run({ field: 'due_date', op: 'in', values: ['today'] }), []);
      } finally {
        await h.ctl.reset();
        w = await h.seedMap();
        // reset drops the created tasks; recreate them for later tests
        await recreate();
      }
    });

    async function recreate(): Promise<void> {
      const now = await h.ctl.now();
      const soon = laterToday(now);
      const specs: Record<Name, Record<string, unknown>> = {
        A: {
          due_date: new Date(now.getTime() - 10 * DAY_MS).toISOString(),
          priority: 'high',
          assignee_id: w.users.bob.id,
          status_id: altStatus.id,
        },
        B: { due_date: soon.toISOString(), priority: 'low' },
        C: { due_date: new Date(now.getTime() + 7 * DAY_MS).toISOString(), priority: 'low' },
        D: {
          due_date: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
          priority: 'critical',
          assignee_id: w.users.alice.id,
        },
        E: { due_date: null, priority: 'medium' },
      };
      for (const [name, spec] of Object.entries(specs) as [Name, Record<string, unknown>][]) {
        t[name] = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: `${m} ${name} item`, ...spec });
      }
    }
  });

  // docs/api/openapi.yaml#listTasks: due_date with dates: on, before, after, between.
  describe('due_date with dates: on, before, after, between', () => {
    const dayOf = (n: Name, shift = 0): string => day(new Date(new Date(t[n].due_date).getTime() + shift * DAY_MS));
    const cases: [string, () => Json, Name[]][] = [
      ['on D', () => ({ field: 'due_date', op: 'on', values: [dayOf('D')] }), ['D']],
      ['before B', () => ({ field: 'due_date', op: 'before', values: [dayOf('B')] }), ['A']],
      ['after B+1', () => ({ field: 'due_date', op: 'after', values: [dayOf('B', 1)] }), ['C', 'D']],
      [
        'between A+1 and C+1',
        () => ({ field: 'due_date', op: 'between', values: [dayOf('A', 1), dayOf('C', 1)] }),
        ['B', 'C'],
      ],
    ];
    for (const [label, cond, expected] of cases) {
      it(`${label} -> ${expected.join(',')}`, async () => {
        assert.deepEqual(await run(cond()), expected);
      });
    }
  });

  // docs/api/openapi.yaml#listTasks: title and display_id: contains, not_contains, is, is_not.
  describe('title and display_id: contains, not_contains, is, is_not', () => {
    const cases: [string, () => Json, Name[]][] = [
      ['title contains " C "', () => ({ field: 'title', op: 'contains', values: [`${m} C`] }), ['C']],
      ['title not_contains', () => ({ field: 'title', op: 'not_contains', values: [`${m} C`] }), ['A', 'B', 'D', 'E']],
      ['title is', () => ({ field: 'title', op: 'is', values: [`${m} B item`] }), ['B']],
      ['title is_not', () => ({ field: 'title', op: 'is_not', values: [`${m} B item`] }), ['A', 'C', 'D', 'E']],
      ['display_id is', () => ({ field: 'display_id', op: 'is', values: [t.D.display_id] }), ['D']],
      [
        'display_id is_not',
        () => ({ field: 'display_id', op: 'is_not', values: [t.D.display_id] }),
        ['A', 'B', 'C', 'E'],
      ],
    ];
    for (const [label, cond, expected] of cases) {
      it(`${label} -> ${expected.join(',')}`, async () => {
        assert.deepEqual(await run(cond()), expected);
      });
    }

    it('display_id contains / not_contains', async () => {
      assert.ok((await run({ field: 'display_id', op: 'contains', values: [t.E.display_id] })).includes('E'));
      assert.ok(!(await run({ field: 'display_id', op: 'not_contains', values: [t.E.display_id] })).includes('E'));
    });
  });

  // docs/api/openapi.yaml#listTasks: match.
  describe('match', () => {
    it('any = union of conditions', async () => {
      const got = await run(
        [
          { field: 'title', op: 'is', values: [`${m} A item`] },
          { field: 'title', op: 'is', values: [`${m} D item`] },
        ],
        'any',
      );
      assert.deepEqual(got, ['A', 'D']);
    });

    it('all = intersection of conditions', async () => {
      const got = await run([
        { field: 'priority', op: 'in', values: ['low'] },
        { field: 'due_date', op: 'in', values: ['next_week'] },
      ]);
      assert.deepEqual(got, ['C']);
    });
  });

  // docs/api/openapi.yaml#listTasks: invalid filter -> 422.
  describe('invalid filter -> 422', () => {
    const bad: [string, string][] = [
      ['malformed JSON', '{"match":'],
      ['match not all/any', JSON.stringify({ match: 'some', conditions: [] })],
      ['unknown field', JSON.stringify({ match: 'all', conditions: [{ field: 'colour', op: 'in', values: ['x'] }] })],
      [
        'operator not allowed for field',
        JSON.stringify({
          match: 'all',
          conditions: [{ field: 'priority', op: 'contains', values: ['x'] }],
        }),
      ],
      [
        'bad priority value',
        JSON.stringify({ match: 'all', conditions: [{ field: 'priority', op: 'in', values: ['urgent'] }] }),
      ],
    ];
    for (const [label, filter] of bad) {
      it(label, async () => {
        assertError(await h.as('alice').get(`/workspaces/${w.acme.id}/tasks`, { list_id: listId, filter }), 422);
      });
    }
  });
});
