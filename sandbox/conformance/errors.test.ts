// Conformance of docs/api/README.md#errors: the JSON error body (`message`, and `errors` keyed by field
// on validation failures), and a missing field reported as required under its name, across every
// operation with a required input.
import * as assert from 'node:assert/strict';
import { useSandbox } from './helpers';
import { createTask } from './ops';
import type { Api, Json, Res } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/README.md#errors.
describe('Errors', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  let task: Json;
  let comment: Json;

  before(async () => {
    ({ w, a } = await h.reseed());
    task = await createTask(a, w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: 'errors' });
    comment = (await a.post(`/workspaces/${w.acme.id}/tasks/${task.id}/comments`, { body: 'c' })).body;
  });

  function assertRequired(res: Res, field: string): void {
    assert.equal(res.status, 422, res.text.slice(0, 200));
    assert.equal(typeof res.body.message, 'string');
    const msgs = res.body.errors?.[field];
    assert.ok(Array.isArray(msgs) && msgs.length > 0, `errors.${field} in ${res.text.slice(0, 200)}`);
    assert.ok(msgs.every((x: unknown) => typeof x === 'string'));
    assert.match(msgs.join(' '), /required/i, `errors.${field} says required`);
  }

  // Contract: docs/api/README.md#errors.
  const cases: [string, string, string, () => string, () => unknown, 'json' | 'query' | 'form'][] = [
    [
      'create task',
      'title',
      'POST',
      () => `/workspaces/${w.acme.id}/tasks`,
      () => ({ list_id: w.acmePublicLists[0]!.id }),
      'json',
    ],
    ['create task', 'list_id', 'POST', () => `/workspaces/${w.acme.id}/tasks`, () => ({ title: 'x' }), 'json'],
    ['children', 'parent_ids', 'GET', () => `/workspaces/${w.acme.id}/tasks/children`, () => ({}), 'query'],
    [
      'move',
      'target_type',
      'POST',
      () => `/tasks/${task.id}/move`,
      () => ({ target_id: w.acmePublicLists[0]!.id }),
      'json',
    ],
    ['move', 'target_id', 'POST', () => `/tasks/${task.id}/move`, () => ({ target_type: 'list' }), 'json'],
    ['custom field values', 'values', 'PUT', () => `/tasks/${task.id}/custom-field-values`, () => ({}), 'json'],
    ['create comment', 'body', 'POST', () => `/workspaces/${w.acme.id}/tasks/${task.id}/comments`, () => ({}), 'json'],
    [
      'update comment',
      'body',
      'PUT',
      () => `/workspaces/${w.acme.id}/tasks/${task.id}/comments/${comment.id}`,
      () => ({}),
      'json',
    ],
    [
      'create dependency',
      'blocker_task_id',
      'POST',
      () => `/workspaces/${w.acme.id}/tasks/${task.id}/dependencies`,
      () => ({}),
      'json',
    ],
    ['search', 'q', 'GET', () => '/search', () => ({ workspace_id: w.acme.id }), 'query'],
    ['search', 'workspace_id', 'GET', () => '/search', () => ({ q: 'x' }), 'query'],
    [
      'upload',
      'file',
      'POST',
      () => `/workspaces/${w.acme.id}/tasks/${task.id}/attachments`,
      () => ({ context: 'task' }),
      'form',
    ],
  ];
  for (const [op, field, method, path, input, kind] of cases) {
    it(`${op}: missing ${field} -> 422, errors.${field} says required`, async () => {
      let res: Res;
      if (kind === 'query') res = await a.get(path(), input() as Record<string, string>);
      else if (kind === 'json') res = await a.request(method, path(), { body: input() });
      else {
        const form = new FormData();
        for (const [k, v] of Object.entries(input() as Record<string, string>)) form.append(k, v);
        res = await a.request(method, path(), { rawBody: form });
      }
      assertRequired(res, field);
    });
  }

  it('the custom field value key is required per item', async () => {
    const def = (await a.get(`/tasks/${task.id}/custom-fields`)).body.data.find((d: Json) => d.type === 'text');
    const res = await a.put(`/tasks/${task.id}/custom-field-values`, {
      values: [{ custom_field_definition_id: def.id }],
    });
    assert.equal(res.status, 422);
    const key = Object.keys(res.body.errors).find((k) => /value$/.test(k) && !/definition/.test(k));
    assert.ok(key, JSON.stringify(res.body.errors));
    assert.match(res.body.errors[key].join(' '), /required/i);
  });

  it('every error status answers a JSON body with a string message and a JSON content type', async () => {
    const samples: [number, () => Promise<Res>][] = [
      [401, () => h.as('none').get('/user')],
      [403, () => h.as('bob').get(`/lists/${w.acmePrivateLists[0]!.id}/inbound-address`)],
      [404, () => a.get(`/workspaces/${w.acme.id}/tasks/00000000-0000-4000-8000-000000000000`)],
      [422, () => a.get(`/workspaces/${w.acme.id}/tasks`)],
    ];
    for (const [status, call] of samples) {
      const res = await call();
      assert.equal(res.status, status);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      assert.equal(typeof res.body.message, 'string');
      assert.ok(res.body.message.length > 0);
      if (status !== 422) assert.ok(!('errors' in res.body) || typeof res.body.errors === 'object');
    }
  });

  it('422 errors values are arrays of strings keyed by field', async () => {
    const res = await a.post(`/workspaces/${w.acme.id}/tasks`, {
      list_id: w.acmePublicLists[0]!.id,
      title: 'x',
      priority: 'nope',
      due_date: 'never',
    });
    assert.equal(res.status, 422);
    for (const [k, v] of Object.entries(res.body.errors as Record<string, unknown>)) {
      assert.ok(Array.isArray(v) && v.every((m) => typeof m === 'string'), k);
    }
    assert.ok('priority' in res.body.errors && 'due_date' in res.body.errors, 'every invalid field is listed');
  });
});
