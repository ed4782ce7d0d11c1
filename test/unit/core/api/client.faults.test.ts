import { strict as assert } from 'node:assert';
import type { ApiClient } from '../../../../src/core/api/client';
import { useSandbox } from './env';
import type { Json } from './env';

/** Runs `jobs` with at most `width` at a time. */
async function pool(jobs: Array<() => Promise<unknown>>, width: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        await (jobs[next++] as () => Promise<unknown>)();
      }
    }),
  );
}

describe('api/client writes under connection resets (at most once, none lost)', function () {
  const env = useSandbox(this, { timeout: 120_000 });
  let api: ApiClient;

  beforeEach(async () => {
    api = env.client('demo-token-alice', { retry: { baseDelayMs: 5, maxDelayMs: 50, transientRetries: 10 } });
  });

  const scenarios: Array<[string, Array<{ kind: string; probability: number }>]> = [
    ['25% cut by a reset after the server applied them', [{ kind: 'reset_after', probability: 0.25 }]],
    [
      'mixed resets before/after and 500s',
      [
        { kind: 'reset_before', probability: 0.1 },
        { kind: 'status500', probability: 0.1 },
        { kind: 'reset_after', probability: 0.15 },
      ],
    ],
  ];
  for (const [title, rules] of scenarios) {
    it(`200 writes, ${title}: exactly one result each`, () => run(rules));
  }

  async function run(rules: Array<{ kind: string; probability: number }>): Promise<void> {
    const n = 40;
    // Fixtures for the writes that need existing tasks (made before any fault is armed).
    const helpers = await Promise.all(
      Array.from({ length: n + 1 }, (_, i) =>
        api.createTask(env.acme, { list_id: env.fx.lists.api, title: `helper ${i}` }),
      ),
    );
    const helperIds = new Set(helpers.map((h) => h.id));
    const commentTask = env.fx.tasks.completed_task.id;
    const numberField = env.fx.custom_fields.number;
    await env.control('DELETE', '/requests');
    for (const method of ['POST', 'PUT']) {
      for (const rule of rules) {
        await env.fault({ method, path: '/api/**', ...rule });
      }
    }

    const jobs: Array<() => Promise<unknown>> = [];
    for (let i = 0; i < n; i++) {
      const h = helpers[i] as Json;
      const next = helpers[i + 1] as Json;
      jobs.push(() => api.createTask(env.acme, { list_id: env.fx.lists.api, title: `fault task ${i}` }));
      jobs.push(() => api.createComment(env.acme, commentTask, { body: `fault comment ${i}` }));
      jobs.push(() => api.addDependency(env.acme, h.id, next.id));
      jobs.push(() => api.setCustomFieldValues(h.id, [{ custom_field_definition_id: numberField, value: i }]));
      jobs.push(() => api.moveTask(h.id, { target_type: 'list', target_id: env.fx.lists.database }));
    }
    assert.equal(jobs.length, 200);
    await pool(jobs, 10);
    await env.control('DELETE', '/faults');

    const log = await env.requests();
    const writes = log.filter((r) => r.method !== 'GET');
    const logicalKeys = new Set(writes.map((r) => r.idempotency_key));
    assert.equal(logicalKeys.size, 200, 'one key per logical write');
    const retried = writes.length - 200;
    assert.ok(retried >= 25, `only ${retried} retries: the fault did not bite`);
    if (rules.some((r) => r.kind === 'reset_after')) {
      assert.ok(writes.filter((r) => r.replay).length >= 15, 'replays answered the retries of applied writes');
    }

    const tasks = await env.state('tasks');
    const comments = await env.state('comments');
    const deps = await env.state('dependencies');
    const values = await env.state('custom_field_values');
    const activity = await env.state('activity');
    for (let i = 0; i < n; i++) {
      const h = helpers[i] as Json;
      const next = helpers[i + 1] as Json;
      assert.equal(tasks.filter((t: Json) => t.title === `fault task ${i}`).length, 1, `task ${i}`);
      assert.equal(comments.filter((c: Json) => c.body === `fault comment ${i}`).length, 1, `comment ${i}`);
      assert.equal(
        deps.filter((d: Json) => d.blocked_task_id === h.id && d.blocker_task_id === next.id).length,
        1,
        `dependency ${i}`,
      );
      const value = values.filter((v: Json) => v.task_id === h.id && v.custom_field_definition_id === numberField);
      assert.equal(value.length, 1, `custom field value ${i}`);
      assert.equal(Number(value[0].value_number), i);
      assert.equal(
        activity.filter((a: Json) => a.entity_id === h.id && a.action === 'custom_field_changed').length,
        1,
        `cf activity ${i}`,
      );
      assert.equal(tasks.find((t: Json) => t.id === h.id).list_id, env.fx.lists.database, `moved ${i}`);
      assert.equal(
        activity.filter((a: Json) => a.entity_id === h.id && a.action === 'moved').length,
        1,
        `move activity ${i}`,
      );
    }
    assert.equal(tasks.filter((t: Json) => helperIds.has(t.id)).length, n + 1);
  }
});
