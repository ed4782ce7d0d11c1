// Conformance: the documented 409 of every write operation that lists it (docs/api/README.md#idempotency:
// the same key while the first request is still running gives 409). A latency fault holds the
// first request.
import * as assert from 'node:assert/strict';
import { useSandbox } from './helpers';
import { assertError, createTask, marker, upload, waitInFlight } from './ops';
import type { Api, Json, Res } from './helpers';
import type { SeedMap } from './seedMap';

interface Write {
  /** Glob for the fault rule and a regexp for the request log. */
  glob: string;
  re: RegExp;
  method: string;
  send: (key: Record<string, string>) => Promise<Res>;
}

// Contract: docs/api/README.md#idempotency.
describe('Idempotency-Key > 409 while in flight, per write operation', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  let task: Json;
  let other: Json;
  let comment: Json;
  const T = (): string => `/workspaces/${w.acme.id}/tasks`;

  beforeEach(async () => {
    ({ w, a } = await h.reseed());
    const listId = w.acmePublicLists[0]!.id;
    task = await createTask(a, w.acme.id, { list_id: listId, title: 'target' });
    other = await createTask(a, w.acme.id, { list_id: listId, title: 'other' });
    comment = (await a.post(`${T()}/${task.id}/comments`, { body: 'c', assignee_id: w.users.bob.id })).body;
  });

  const cases: [string, () => Promise<Write>][] = [
    [
      'PATCH task',
      async () => ({
        glob: '/api/workspaces/*/tasks/*',
        re: /\/tasks\/[^/]+$/,
        method: 'PATCH',
        send: (k) => a.patch(`${T()}/${task.id}`, { title: 'p' }, k),
      }),
    ],
    [
      'POST move',
      async () => ({
        glob: '/api/tasks/*/move',
        re: /\/move$/,
        method: 'POST',
        send: (k) => a.post(`/tasks/${task.id}/move`, { target_type: 'list', target_id: w.acmePublicLists[0]!.id }, k),
      }),
    ],
    [
      'PUT custom-field-values',
      async () => ({
        glob: '/api/tasks/*/custom-field-values',
        re: /custom-field-values$/,
        method: 'PUT',
        send: (k) => a.put(`/tasks/${task.id}/custom-field-values`, { values: [] }, k),
      }),
    ],
    [
      'POST comment',
      async () => ({
        glob: '/api/workspaces/*/tasks/*/comments',
        re: /\/comments$/,
        method: 'POST',
        send: (k) => a.post(`${T()}/${task.id}/comments`, { body: 'x' }, k),
      }),
    ],
    [
      'PUT comment',
      async () => ({
        glob: '/api/workspaces/*/tasks/*/comments/*',
        re: /\/comments\/[^/]+$/,
        method: 'PUT',
        send: (k) => a.put(`${T()}/${task.id}/comments/${comment.id}`, { body: 'y' }, k),
      }),
    ],
    [
      'DELETE comment',
      async () => ({
        glob: '/api/workspaces/*/tasks/*/comments/*',
        re: /\/comments\/[^/]+$/,
        method: 'DELETE',
        send: (k) => a.delete(`${T()}/${task.id}/comments/${comment.id}`, k),
      }),
    ],
    [
      'PUT resolve',
      async () => ({
        glob: '/api/workspaces/*/tasks/*/comments/*/resolve',
        re: /\/resolve$/,
        method: 'PUT',
        send: (k) => a.put(`${T()}/${task.id}/comments/${comment.id}/resolve`, undefined, k),
      }),
    ],
    [
      'PUT unresolve',
      async () => {
        await a.put(`${T()}/${task.id}/comments/${comment.id}/resolve`);
        return {
          glob: '/api/workspaces/*/tasks/*/comments/*/unresolve',
          re: /\/unresolve$/,
          method: 'PUT',
          send: (k) => a.put(`${T()}/${task.id}/comments/${comment.id}/unresolve`, undefined, k),
        };
      },
    ],
    [
      'DELETE dependency',
      async () => {
        const d = (await a.post(`${T()}/${task.id}/dependencies`, { blocker_task_id: other.id })).body;
        return {
          glob: '/api/workspaces/*/tasks/*/dependencies/*',
          re: /\/dependencies\/[^/]+$/,
          method: 'DELETE',
          send: (k) => a.delete(`${T()}/${task.id}/dependencies/${d.id}`, k),
        };
      },
    ],
    [
      'POST attachment',
      async () => ({
        glob: '/api/workspaces/*/tasks/*/attachments',
        re: /\/attachments$/,
        method: 'POST',
        send: (k) => upload(a, w.acme.id, task.id, 'f.txt', 'bytes', {}, k),
      }),
    ],
    [
      'DELETE attachment',
      async () => {
        const f = (await upload(a, w.acme.id, task.id, 'g.txt', 'bytes')).body;
        return {
          glob: '/api/workspaces/*/tasks/*/attachments/*',
          re: /\/attachments\/[^/]+$/,
          method: 'DELETE',
          send: (k) => a.delete(`${T()}/${task.id}/attachments/${f.id}`, k),
        };
      },
    ],
  ];

  for (const [label, prepare] of cases) {
    it(`${label}: second request with the key -> 409; the first completes; a replay follows`, async () => {
      const op = await prepare();
      await h.ctl.fault({ method: op.method, path: op.glob, kind: 'latency', latency_ms: 400, times: 1 });
      const k = { 'Idempotency-Key': marker('fl') };
      const slow = op.send(k);
      await waitInFlight(h.ctl, op.method, op.re);
      assertError(await op.send(k), 409);
      const first = await slow;
      assert.ok(first.status >= 200 && first.status < 300, `${label}: ${first.status} ${first.text.slice(0, 200)}`);
      const replay = await op.send(k);
      assert.equal(replay.status, first.status);
      assert.equal(replay.headers.get('idempotent-replay'), 'true');
    });
  }
});
