// Tasks > GET tasks, filter field `cf_<definition_id>`: the API says the
// operators "vary by custom field type" without listing them, so these tests
// follow docs/api/openapi.yaml#listTasks.
import * as assert from 'node:assert/strict';
import { UNKNOWN_ID, useSandbox } from './helpers';
import { assertError, createTask, marker, taskIndex } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

type Name = 'X' | 'Y' | 'Z';

// Contract: docs/api/openapi.yaml#listTasks.
describe('Tasks > GET tasks, filter on cf_<id>', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api, listId: string;
  let m: string;
  const def: Record<string, Json> = {};
  const t = {} as Record<Name, Json>;

  before(async () => {
    ({ w, a } = await h.reseed());
    listId = w.fixtures.lists.api as string;
    m = marker('cf');
    for (const n of ['X', 'Y', 'Z'] as Name[])
      t[n] = await createTask(a, w.acme.id, { list_id: listId, title: `${m} ${n}` });
    for (const d of (await a.get(`/tasks/${t.X.id}/custom-fields`)).body.data as Json[]) def[d.type] ??= d;
    for (const type of ['text', 'number', 'date', 'checkbox', 'dropdown', 'multi_select']) {
      assert.ok(def[type], `a ${type} field is in effect on the API list`);
    }
    const opt = (type: string, i: number): string => def[type].options[i].label;
    const values: Record<'X' | 'Y', Record<string, unknown>> = {
      X: {
        text: 'alpha one',
        number: 5,
        date: '2026-03-10',
        checkbox: true,
        dropdown: opt('dropdown', 0),
        multi_select: [opt('multi_select', 0), opt('multi_select', 1)],
      },
      Y: {
        text: 'beta two',
        number: 10,
        date: '2026-03-20',
        checkbox: false,
        dropdown: opt('dropdown', 1),
        multi_select: [opt('multi_select', 1)],
      },
    };
    for (const n of ['X', 'Y'] as const) {
      const res = await a.put(`/tasks/${t[n].id}/custom-field-values`, {
        values: Object.entries(values[n]).map(([type, value]) => ({ custom_field_definition_id: def[type].id, value })),
      });
      assert.equal(res.status, 200, res.text);
    }
  });

  async function run(type: string, op: string, values: unknown[]): Promise<Name[]> {
    const filter = JSON.stringify({
      match: 'all',
      conditions: [
        { field: 'title', op: 'contains', values: [m] },
        { field: `cf_${def[type].id}`, op, values },
      ],
    });
    const body = await taskIndex(a, w.acme.id, { list_id: listId, filter });
    const names = new Map(Object.entries(t).map(([n, row]) => [row.id as string, n as Name]));
    return body.data
      .map((r: Json) => names.get(r.id))
      .filter(Boolean)
      .sort() as Name[];
  }

  describe('assumption: cf_<id> operators by type (docs/api/openapi.yaml#listTasks)', () => {
    const opt = (type: string, i: number) => (): string => def[type].options[i].label;
    const cases: [string, string, () => unknown[], Name[]][] = [
      ['text', 'contains', () => ['alpha'], ['X']],
      ['text', 'is', () => ['beta two'], ['Y']],
      ['text', 'is_not', () => ['beta two'], ['X', 'Z']],
      ['text', 'is_empty', () => [], ['Z']],
      ['number', 'is', () => [5], ['X']],
      ['number', 'gt', () => [5], ['Y']],
      ['number', 'gte', () => [5], ['X', 'Y']],
      ['number', 'lt', () => [10], ['X']],
      ['number', 'lte', () => [10], ['X', 'Y']],
      ['number', 'between', () => [6, 10], ['Y']],
      ['number', 'is_empty', () => [], ['Z']],
      ['date', 'on', () => ['2026-03-10'], ['X']],
      ['date', 'before', () => ['2026-03-15'], ['X']],
      ['date', 'after', () => ['2026-03-15'], ['Y']],
      ['date', 'between', () => ['2026-03-10', '2026-03-20'], ['X', 'Y']],
      ['date', 'is_empty', () => [], ['Z']],
      ['checkbox', 'is', () => [true], ['X']],
      ['checkbox', 'is', () => [false], ['Y', 'Z']],
      ['dropdown', 'in', () => [opt('dropdown', 0)()], ['X']],
      ['dropdown', 'is_empty', () => [], ['Z']],
      ['multi_select', 'in', () => [opt('multi_select', 1)()], ['X', 'Y']],
      ['multi_select', 'in', () => [opt('multi_select', 0)()], ['X']],
      ['multi_select', 'is_empty', () => [], ['Z']],
    ];
    for (const [type, op, values, expected] of cases) {
      it(`${type} ${op} -> ${expected.join(',') || 'none'}`, async () => {
        assert.deepEqual(await run(type, op, values()), expected);
      });
    }

    it('an operator not allowed for the type -> 422', async () => {
      const filter = JSON.stringify({
        match: 'all',
        conditions: [{ field: `cf_${def.number.id}`, op: 'contains', values: ['5'] }],
      });
      assertError(await a.get(`/workspaces/${w.acme.id}/tasks`, { list_id: listId, filter }), 422);
    });

    it('a definition that is not in this workspace -> 422', async () => {
      const side = (await h.ctl.state('custom_field_definitions')).find((d: Json) => d.workspace_id === w.side.id);
      const foreignId = side?.id ?? UNKNOWN_ID; // the demo Side Project has no fields of its own
      const filter = JSON.stringify({
        match: 'all',
        conditions: [{ field: `cf_${foreignId}`, op: 'is_empty', values: [] }],
      });
      assertError(await a.get(`/workspaces/${w.acme.id}/tasks`, { list_id: listId, filter }), 422);
    });
  });
});
