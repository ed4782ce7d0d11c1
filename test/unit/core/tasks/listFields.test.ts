import * as assert from 'node:assert/strict';
import { ValidationError } from '../../../../src/core/api/errors';
import { checkValue } from '../../../../src/core/tasks/customFields';
import type { FieldValue } from '../../../../src/core/tasks/customFields';
import { askableFields, fieldValueInputs, listFieldDefinitions } from '../../../../src/core/tasks/listFields';
import { useSandbox } from '../api/env';

// Create Task's custom fields against the sandbox over HTTP: what is read before creating, what is
// refused before sending, and the shape of the writes.
describe('Create Task custom fields (listFieldDefinitions, checkValue, the writes)', () => {
  const env = useSandbox();
  const uuids = /[0-9a-f]{8}-[0-9a-f-]{27}/g;

  it('reads the definitions of a list from one of its tasks: one index row, one definitions call', async () => {
    const client = env.client();
    const defs = await listFieldDefinitions(client, env.acme, env.fx.lists.social);
    const names = (defs ?? []).map((d) => `${d.name}${d.is_required ? '*' : ''}:${d.type}`);
    assert.deepEqual(names, ['Estimate (h):number', 'Customer:text', 'Channel*:dropdown', 'Campaign code*:text']);
    const reads = (await env.requests()).filter((r) => r.path.startsWith('/api/'));
    assert.deepEqual(
      reads.map((r) =>
        `${r.method} ${r.path}?${new URLSearchParams(r.query as never).toString()}`.replace(uuids, ':id'),
      ),
      ['GET /api/workspaces/:id/tasks?list_id=:id&per_page=1', 'GET /api/tasks/:id/custom-fields?'],
    );
  });

  it('a list without tasks gives undefined (the fields are learnt after creating), an attachment field is not asked', async () => {
    const client = env.client();
    const list = env.fx.lists.api;
    const defs = await listFieldDefinitions(client, env.acme, list);
    assert.ok(defs?.some((d) => d.type === 'attachment'));
    assert.ok(!askableFields(defs ?? []).some((d) => d.type === 'attachment'));
    // A list whose only task went to the Trash has no task to learn from.
    const imports = env.fx.lists.imports;
    const page = await client.listTasks(env.acme, { scope: { list_id: imports } });
    assert.ok(page.data.length > 0);
    for (const row of page.data) await client.deleteTask(env.acme, row.id);
    assert.equal(await listFieldDefinitions(client, env.acme, imports), undefined);
  });

  it('values the service would refuse are refused before sending; the sandbox refuses the same values', async () => {
    const client = env.client();
    const defs = (await listFieldDefinitions(client, env.acme, env.fx.lists.social))!;
    const byName = (name: string) => defs.find((d) => d.name === name)!;
    const task = await client.createTask(env.acme, { list_id: env.fx.lists.social, title: 'cf check' });
    const cases: [string, FieldValue, string][] = [
      ['Campaign code', null, 'required'],
      ['Campaign code', '   ', 'required'],
      ['Channel', 'Print', 'option'],
      ['Channel', null, 'required'],
      ['Estimate (h)', 'ten', 'type'],
      ['Estimate (h)', -1, 'negative'],
    ];
    for (const [name, value, reason] of cases) {
      const def = byName(name);
      const checked = checkValue(def, value);
      assert.deepEqual(checked, { ok: false, reason }, `${name} ${JSON.stringify(value)}`);
      if (value !== '   ' && value !== 'ten') {
        // What the client refuses, the service refuses too (a typed value the client never sends as text).
        await assert.rejects(
          client.setCustomFieldValues(task.id, [{ custom_field_definition_id: def.id, value }]),
          (e: unknown) => e instanceof ValidationError,
          `${name} ${JSON.stringify(value)} is refused by the sandbox`,
        );
      }
    }
  });

  it('create then PUT: the body names each chosen field once, skipped ones left out', async () => {
    const client = env.client();
    const defs = (await listFieldDefinitions(client, env.acme, env.fx.lists.social))!;
    const id = (name: string): string => defs.find((d) => d.name === name)!.id;
    const values = new Map<string, FieldValue>([
      [id('Channel'), 'Social'],
      [id('Campaign code'), 'Q4-SOC-7'],
      [id('Customer'), null],
      [id('Estimate (h)'), 3],
    ]);
    const inputs = fieldValueInputs(values);
    assert.deepEqual(inputs, [
      { custom_field_definition_id: id('Channel'), value: 'Social' },
      { custom_field_definition_id: id('Campaign code'), value: 'Q4-SOC-7' },
      { custom_field_definition_id: id('Estimate (h)'), value: 3 },
    ]);
    const task = await client.createTask(env.acme, { list_id: env.fx.lists.social, title: 'with fields' });
    const written = await client.setCustomFieldValues(task.id, inputs);
    assert.equal(written.length, 3);
    const stored = await client.getTask(env.acme, task.id);
    const text = (stored.custom_field_values ?? []).map((v) => v.value_text ?? v.value_number).sort();
    assert.deepEqual(text, [3, 'Q4-SOC-7', 'Social'].sort());
  });
});
