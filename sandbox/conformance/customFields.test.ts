// Conformance of docs/api/openapi.yaml#listTaskCustomFields and docs/api/openapi.yaml#setTaskCustomFieldValues,
// with the shapes of a definition and a value.
import * as assert from 'node:assert/strict';
import { HEX_RE, UNKNOWN_ID, UUID_RE, useSandbox } from './helpers';
import { assertError, createTask } from './ops';
import type { Api, Json } from './helpers';
import type { WList, SeedMap } from './seedMap';

const SLOTS = ['value_number', 'value_text', 'value_date', 'value_boolean', 'value_json'] as const;

// Contract: docs/api/openapi.yaml#listTaskCustomFields.
describe('Custom fields', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  /** One fresh task per Acme list, and the definitions in effect on it. */
  const perList = new Map<string, { list: WList; task: Json; defs: Json[] }>();

  before(async () => {
    ({ w, a } = await h.reseed());
    for (const list of [...w.acmePublicLists, ...w.acmePrivateLists]) {
      const task = await createTask(a, w.acme.id, { list_id: list.id, title: `cf ${list.name}` });
      const res = await a.get(`/tasks/${task.id}/custom-fields`);
      assert.equal(res.status, 200, res.text);
      perList.set(list.id, { list, task, defs: res.body.data });
    }
  });

  /** A task and the definition of `type` in effect on it. */
  function withType(type: string): { task: Json; def: Json } {
    for (const { task, defs } of perList.values()) {
      const def = defs.find((d) => d.type === type);
      if (def) return { task, def };
    }
    assert.fail(`demo seed has a ${type} field in effect on some Acme list`);
  }

  const put = (taskId: string, values: unknown): Promise<Json> =>
    a.put(`/tasks/${taskId}/custom-field-values`, { values });

  // docs/api/openapi.yaml#listTaskCustomFields: GET /tasks/{task}/custom-fields.
  describe('GET /tasks/{task}/custom-fields', () => {
    it('definitions have the documented shape', async () => {
      const all = [...perList.values()].flatMap((x) => x.defs);
      assert.ok(all.length > 0);
      for (const d of all) {
        assert.match(d.id, UUID_RE);
        assert.equal(d.workspace_id, w.acme.id);
        assert.ok(['workspace', 'space', 'folder', 'list'].includes(d.scopeable_type), d.scopeable_type);
        assert.match(d.scopeable_id, UUID_RE);
        assert.equal(typeof d.name, 'string');
        assert.ok(
          ['text', 'url', 'dropdown', 'number', 'date', 'checkbox', 'multi_select', 'attachment'].includes(d.type),
        );
        assert.equal(typeof d.is_required, 'boolean');
        if (d.options !== null) {
          for (const o of d.options) {
            assert.equal(typeof o.label, 'string');
            assert.match(o.color, HEX_RE);
          }
        }
      }
    });

    it('definitions in effect = those defined on the list or any ancestor (workspace, space, folder)', async () => {
      const all = new Map<string, Json>();
      for (const { defs } of perList.values()) for (const d of defs) all.set(d.id, d);
      const levels = new Set([...all.values()].map((d) => d.scopeable_type));
      assert.ok(levels.size >= 2, `the seed defines fields on several levels (${[...levels]})`);
      for (const { list, defs } of perList.values()) {
        const ancestors = new Set([w.acme.id, list.space_id, list.folder_id, list.id]);
        const expected = [...all.values()]
          .filter((d) => ancestors.has(d.scopeable_id))
          .map((d) => d.id)
          .sort();
        assert.deepEqual(defs.map((d) => d.id).sort(), expected, `fields in effect on ${list.name}`);
      }
    });

    it('404 for an unknown task and for carol', async () => {
      assertError(await a.get(`/tasks/${UNKNOWN_ID}/custom-fields`), 404);
      const { task } = [...perList.values()][0]!;
      assertError(await h.as('carol').get(`/tasks/${task.id}/custom-fields`), 404);
    });
  });

  // docs/api/openapi.yaml#setTaskCustomFieldValues: PUT /tasks/{task}/custom-field-values: valid values.
  describe('PUT /tasks/{task}/custom-field-values: valid values', () => {
    const valid: [type: string, value: (def: Json) => unknown][] = [
      ['text', () => 'hello'],
      ['url', () => 'https://example.com/x'],
      ['dropdown', (d) => d.options[0].label],
      ['number', () => 3.5],
      ['number', () => 0],
      ['date', () => '2026-03-14'],
      ['checkbox', () => true],
      ['checkbox', () => false],
      ['multi_select', (d) => d.options.slice(0, 2).map((o: Json) => o.label)],
      ['multi_select', () => []],
    ];
    for (const [type, value] of valid) {
      it(`${type} ${JSON.stringify(value({ options: [{ label: 'opt' }, { label: 'opt2' }] }))} -> 200, one slot populated`, async () => {
        const { task, def } = withType(type);
        const v = value(def);
        const res = await put(task.id, [{ custom_field_definition_id: def.id, value: v }]);
        assert.equal(res.status, 200, res.text);
        assert.ok(Array.isArray(res.body));
        assert.equal(res.body.length, 1);
        const row = res.body[0];
        assert.match(row.id, UUID_RE);
        assert.equal(row.workspace_id, w.acme.id);
        assert.equal(row.task_id, task.id);
        assert.equal(row.custom_field_definition_id, def.id);
        const filled = SLOTS.filter((s) => row[s] !== null && row[s] !== undefined);
        assert.equal(filled.length, 1, `exactly one slot populated: ${JSON.stringify(row)}`);
        const stored = row[filled[0]!];
        if (type === 'date') assert.equal(String(stored).slice(0, 10), v);
        else assert.deepEqual(stored, v);
        for (const s of SLOTS) assert.ok(s in row, `${s} present (null when unused)`);
        const onTask = (await a.get(`/workspaces/${w.acme.id}/tasks/${task.id}`)).body.custom_field_values;
        assert.ok(onTask.some((x: Json) => x.custom_field_definition_id === def.id && x.id === row.id));
      });
    }

    it('several values in one call: one response row per field; upsert keeps one row per field', async () => {
      const { task, def } = withType('text');
      const num = perList.get(task.list_id)!.defs.find((d) => d.type === 'number');
      const values = [{ custom_field_definition_id: def.id, value: 'a' }];
      if (num) values.push({ custom_field_definition_id: num.id, value: 7 as never });
      const first = await put(task.id, values);
      assert.equal(first.status, 200, first.text);
      assert.equal(first.body.length, values.length);
      await put(task.id, [{ custom_field_definition_id: def.id, value: 'b' }]);
      const rows = (await h.ctl.state('custom_field_values')).filter(
        (x: Json) => x.task_id === task.id && x.custom_field_definition_id === def.id,
      );
      assert.equal(rows.length, 1);
      assert.equal(rows[0].value_text ?? rows[0].value_json, 'b');
    });

    it('value null is accepted (required key, any JSON type including null)', async () => {
      const { task, def } = withType('text');
      await put(task.id, [{ custom_field_definition_id: def.id, value: 'x' }]);
      const res = await put(task.id, [{ custom_field_definition_id: def.id, value: null }]);
      assert.equal(res.status, 200, res.text);
    });
  });

  // docs/api/openapi.yaml#setTaskCustomFieldValues: PUT custom-field-values: invalid values -> 422.
  describe('PUT custom-field-values: invalid values -> 422', () => {
    const invalid: [type: string, label: string, value: unknown][] = [
      ['number', 'negative', -1],
      ['number', 'a numeric string', '3'],
      ['date', 'not YYYY-MM-DD', '14/03/2026'],
      ['date', 'impossible date', '2026-13-45'],
      ['date', 'a number', 20260314],
      ['checkbox', 'a string', 'yes'],
      ['checkbox', 'a number', 1],
      ['multi_select', 'a label that is not an option', ['definitely-not-an-option']],
      ['multi_select', 'a bare string', 'x'],
      ['text', 'a number', 5],
      ['url', 'an object', { href: 'x' }],
      ['dropdown', 'an array', ['x']],
    ];
    for (const [type, label, value] of invalid) {
      it(`${type}: ${label}`, async () => {
        const { task, def } = withType(type);
        const before = (await h.ctl.state('custom_field_values')).filter((x: Json) => x.task_id === task.id);
        const res = await put(task.id, [{ custom_field_definition_id: def.id, value }]);
        assertError(res, 422);
        const after = (await h.ctl.state('custom_field_values')).filter((x: Json) => x.task_id === task.id);
        assert.deepEqual(after, before, 'nothing stored');
      });
    }

    it('attachment-type fields are refused', async () => {
      const { task, def } = withType('attachment');
      assertError(await put(task.id, [{ custom_field_definition_id: def.id, value: 'file.png' }]), 422);
    });

    const shapes: [string, unknown, string][] = [
      ['values missing', undefined, 'values'],
      ['values not an array', { x: 1 }, 'values'],
    ];
    for (const [label, values, field] of shapes) {
      it(`${label} -> 422 errors.${field}`, async () => {
        const { task } = withType('text');
        assertError(
          await a.put(`/tasks/${task.id}/custom-field-values`, values === undefined ? {} : { values }),
          422,
          field,
        );
      });
    }

    it('the value key is required (omitted value -> 422)', async () => {
      const { task, def } = withType('text');
      const res = await put(task.id, [{ custom_field_definition_id: def.id }]);
      assertError(res, 422);
      assert.ok(
        Object.keys(res.body.errors).some((k) => k.includes('value')),
        JSON.stringify(res.body.errors),
      );
    });

    it('custom_field_definition_id missing or not in effect on the task -> 422', async () => {
      const { task } = withType('text');
      assertError(await put(task.id, [{ value: 'x' }]), 422);
      const foreign = [...perList.values()]
        .flatMap((x) => x.defs)
        .find((d) => !perList.get(task.list_id)!.defs.some((e) => e.id === d.id));
      assertError(await put(task.id, [{ custom_field_definition_id: foreign?.id ?? UNKNOWN_ID, value: 'x' }]), 422);
    });

    it('404 for an unknown task', async () => {
      const { def } = withType('text');
      assertError(await put(UNKNOWN_ID, [{ custom_field_definition_id: def.id, value: 'x' }]), 404);
    });
  });

  describe('assumption: values (docs/api/openapi.yaml#setTaskCustomFieldValues)', () => {
    const slotOf: Record<string, string> = {
      text: 'value_text',
      url: 'value_text',
      dropdown: 'value_text',
      number: 'value_number',
      date: 'value_date',
      checkbox: 'value_boolean',
      multi_select: 'value_json',
    };
    for (const [type, slot] of Object.entries(slotOf)) {
      it(`${type} is stored in ${slot}`, async () => {
        const { task, def } = withType(type);
        const value = {
          text: 't',
          url: 'https://x.test/',
          dropdown: def.options?.[0]?.label,
          number: 1,
          date: '2026-01-02',
          checkbox: true,
          multi_select: [def.options?.[0]?.label],
        }[type];
        const res = await put(task.id, [{ custom_field_definition_id: def.id, value }]);
        assert.equal(res.status, 200, res.text);
        assert.notEqual(res.body[0][slot], null);
      });
    }

    it('null clears: the entry keeps its id and has all five slots null', async () => {
      const { task, def } = withType('number');
      const set = (await put(task.id, [{ custom_field_definition_id: def.id, value: 4 }])).body[0];
      const cleared = (await put(task.id, [{ custom_field_definition_id: def.id, value: null }])).body[0];
      assert.equal(cleared.id, set.id);
      for (const s of SLOTS) assert.equal(cleared[s], null, s);
    });

    it('all-or-nothing: one bad value stores none of the batch; errors keyed values.<i>.value', async () => {
      const { task, def } = withType('text');
      const num = perList.get(task.list_id)!.defs.find((d) => d.type === 'number')!;
      const before = await h.ctl.state('custom_field_values', { task_id: task.id });
      const res = await put(task.id, [
        { custom_field_definition_id: def.id, value: 'fine' },
        { custom_field_definition_id: num.id, value: -5 },
      ]);
      assertError(res, 422, 'values.1.value');
      assert.deepEqual(await h.ctl.state('custom_field_values', { task_id: task.id }), before);
    });

    it('url must be http(s) with a host', async () => {
      const { task, def } = withType('url');
      assertError(await put(task.id, [{ custom_field_definition_id: def.id, value: 'javascript:alert(1)' }]), 422);
    });
  });

  describe('assumption: required fields refuse null (docs/api/openapi.yaml#setTaskCustomFieldValues)', () => {
    it('the required dropdown accepts an option and refuses null', async () => {
      const def = (await h.ctl.state('custom_field_definitions')).find(
        (d: Json) => d.is_required && d.workspace_id === w.acme.id,
      );
      assert.ok(def, 'the demo seed has a required field');
      const entry = [...perList.values()].find((x) => x.defs.some((d) => d.id === def.id));
      assert.ok(entry, 'the required field is in effect on some Acme list');
      const res = await put(entry.task.id, [{ custom_field_definition_id: def.id, value: def.options[0].label }]);
      assert.equal(res.status, 200, res.text);
      assertError(await put(entry.task.id, [{ custom_field_definition_id: def.id, value: null }]), 422);
    });
  });
});
