// Conformance of docs/api/openapi.yaml#moveTask (flat route).
import * as assert from 'node:assert/strict';
import { UNKNOWN_ID, useSandbox } from './helpers';
import { assertError, createTask, taskIndex } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#moveTask.
describe('Tasks > POST /tasks/{task}/move', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  let task: Json;
  let sprint: Json;

  beforeEach(async () => {
    ({ w, a } = await h.reseed());
    task = await createTask(a, w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: 'mover' });
    sprint = (await h.ctl.state('sprints')).find((s: Json) => s.workspace_id === w.acme.id);
    assert.ok(sprint, 'demo seed has an Acme sprint');
  });

  it('to a list: 200 Task with the new list_id; listed under the new list only', async () => {
    const target = w.acmePublicLists[1] ?? w.acmePrivateLists[0]!;
    const res = await a.post(`/tasks/${task.id}/move`, { target_type: 'list', target_id: target.id });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.id, task.id);
    assert.equal(res.body.list_id, target.id);
    const raw = (await h.ctl.state('tasks')).find((t: Json) => t.id === task.id);
    assert.equal(raw.list_id, target.id);
    const there = await taskIndex(a, w.acme.id, { list_id: target.id });
    assert.ok(there.data.some((r: Json) => r.id === task.id));
    const old = await taskIndex(a, w.acme.id, { list_id: w.acmePublicLists[0]!.id });
    assert.ok(!old.data.some((r: Json) => r.id === task.id));
  });

  it('to a sprint: 200 Task; listed in the sprint scope', async () => {
    const res = await a.post(`/tasks/${task.id}/move`, { target_type: 'sprint', target_id: sprint.id });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.id, task.id);
    const raw = (await h.ctl.state('tasks')).find((t: Json) => t.id === task.id);
    assert.equal(raw.sprint_id, sprint.id);
    const inSprint = await taskIndex(a, w.acme.id, { sprint_id: sprint.id });
    assert.ok(inSprint.data.some((r: Json) => r.id === task.id));
  });

  const invalid: [string, () => Json, string][] = [
    [
      'target_type not list/sprint',
      () => ({ target_type: 'folder', target_id: w.acmePublicLists[0]!.id }),
      'target_type',
    ],
    ['target_type missing', () => ({ target_id: w.acmePublicLists[0]!.id }), 'target_type'],
    ['target_id missing', () => ({ target_type: 'list' }), 'target_id'],
    ['target_id not a uuid', () => ({ target_type: 'list', target_id: 'inbox' }), 'target_id'],
  ];
  for (const [label, body, field] of invalid) {
    it(`${label} -> 422 errors.${field}, task not moved`, async () => {
      assertError(await a.post(`/tasks/${task.id}/move`, body()), 422, field);
      const raw = (await h.ctl.state('tasks')).find((t: Json) => t.id === task.id);
      assert.equal(raw.list_id, task.list_id);
    });
  }

  const missing: [string, () => [string, Json]][] = [
    ['unknown task', () => [UNKNOWN_ID, { target_type: 'list', target_id: w.acmePublicLists[0]!.id }]],
    ['unknown target list', () => [task.id, { target_type: 'list', target_id: UNKNOWN_ID }]],
    ['unknown target sprint', () => [task.id, { target_type: 'sprint', target_id: UNKNOWN_ID }]],
    ['a list id given as a sprint', () => [task.id, { target_type: 'sprint', target_id: w.acmePublicLists[0]!.id }]],
  ];
  for (const [label, args] of missing) {
    it(`${label} -> 404`, async () => {
      const [id, body] = args();
      assertError(await a.post(`/tasks/${id}/move`, body), 404);
    });
  }

  it('bob cannot move into the private space (404, not moved)', async () => {
    const res = await h.as('bob').post(`/tasks/${task.id}/move`, {
      target_type: 'list',
      target_id: w.acmePrivateLists[0]!.id,
    });
    assertError(res, 404);
    const raw = (await h.ctl.state('tasks')).find((t: Json) => t.id === task.id);
    assert.equal(raw.list_id, task.list_id);
  });

  describe('assumption: move details (docs/api/openapi.yaml#moveTask)', () => {
    it('moving to a list takes the live subtasks along and maps statuses by name', async () => {
      const kid = await createTask(a, w.acme.id, { list_id: task.list_id, title: 'kid', parent_task_id: task.id });
      const api = w.fixtures.lists.api as string;
      const res = await a.post(`/tasks/${task.id}/move`, { target_type: 'list', target_id: api });
      assert.equal(res.status, 200, res.text);
      const raw = (await h.ctl.state('tasks')).find((t: Json) => t.id === kid.id);
      assert.equal(raw.list_id, api);
      const target = (await a.get(`/lists/${api}/statuses`)).body.data as Json[];
      const same = target.find((s) => s.name === task.status.name);
      assert.equal(res.body.status_id, (same ?? target[0]).id);
    });

    it('a target in another workspace -> 422 errors.target_id', async () => {
      const res = await a.post(`/tasks/${task.id}/move`, { target_type: 'list', target_id: w.sideLists[0]!.id });
      assertError(res, 422, 'target_id');
    });
  });
});
