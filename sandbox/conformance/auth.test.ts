// Conformance of docs/api/README.md#authentication: Bearer token, 401, and visibility (404 / 403).
import * as assert from 'node:assert/strict';
import { UNKNOWN_ID, useSandbox } from './helpers';
import { assertError } from './ops';
import type { Json } from './helpers';

// Contract: docs/api/README.md#authentication.
describe('Authentication', () => {
  const h = useSandbox({ rateLimit: 0 });
  const U = UNKNOWN_ID;

  // docs/api/README.md#authentication: "All operations require authentication"; Authentication 5.
  // Well-formed (unknown) ids, so only the missing token can explain the 401.
  const operations: [string, string][] = [
    ['GET', '/user'],
    ['GET', `/workspaces/${U}/spaces`],
    ['GET', `/workspaces/${U}/spaces/${U}/folders`],
    ['GET', `/workspaces/${U}/spaces/${U}/folders/${U}/lists`],
    ['GET', `/lists/${U}/statuses`],
    ['GET', `/workspaces/${U}/members`],
    ['GET', `/workspaces/${U}/tasks?list_id=${U}`],
    ['POST', `/workspaces/${U}/tasks`],
    ['GET', `/workspaces/${U}/tasks/children?parent_ids=${U}`],
    ['GET', `/workspaces/${U}/tasks/${U}`],
    ['PATCH', `/workspaces/${U}/tasks/${U}`],
    ['DELETE', `/workspaces/${U}/tasks/${U}`],
    ['GET', `/workspaces/${U}/tasks/${U}/subtasks`],
    ['POST', `/tasks/${U}/move`],
    ['GET', `/workspaces/${U}/tasks/${U}/activity`],
    ['POST', `/workspaces/${U}/trash/task/${U}/restore`],
    ['GET', `/views/${U}/tasks`],
    ['GET', `/tasks/${U}/custom-fields`],
    ['PUT', `/tasks/${U}/custom-field-values`],
    ['GET', `/workspaces/${U}/tasks/${U}/comments`],
    ['POST', `/workspaces/${U}/tasks/${U}/comments`],
    ['PUT', `/workspaces/${U}/tasks/${U}/comments/${U}`],
    ['DELETE', `/workspaces/${U}/tasks/${U}/comments/${U}`],
    ['PUT', `/workspaces/${U}/tasks/${U}/comments/${U}/resolve`],
    ['PUT', `/workspaces/${U}/tasks/${U}/comments/${U}/unresolve`],
    ['GET', `/workspaces/${U}/tasks/${U}/dependencies`],
    ['POST', `/workspaces/${U}/tasks/${U}/dependencies`],
    ['DELETE', `/workspaces/${U}/tasks/${U}/dependencies/${U}`],
    ['GET', `/workspaces/${U}/tasks/${U}/attachments`],
    ['POST', `/workspaces/${U}/tasks/${U}/attachments`],
    ['GET', `/workspaces/${U}/tasks/${U}/attachments/${U}`],
    ['DELETE', `/workspaces/${U}/tasks/${U}/attachments/${U}`],
    ['GET', `/search?q=x&workspace_id=${U}`],
    ['GET', `/lists/${U}/inbound-address`],
    ['POST', `/lists/${U}/inbound-address`],
  ];

  // docs/api/README.md#authentication: 401 without a token.
  describe('401 without a token', () => {
    for (const [method, path] of operations) {
      it(`${method} ${path.replace(new RegExp(U, 'g'), '{id}')}`, async () => {
        const res = await h.as('none').request(method, path, method === 'GET' ? {} : { body: {} });
        assertError(res, 401);
      });
    }
  });

  // docs/api/README.md#authentication: only `Bearer <known token>` authenticates.
  const badAuth: [string, string][] = [
    ['unknown token', 'Bearer not-a-real-token'],
    ['empty bearer', 'Bearer '],
    ['wrong scheme', 'Token demo-token-alice'],
    ['basic scheme', `Basic ${Buffer.from('alice:demo-token-alice').toString('base64')}`],
    ['token without scheme', 'demo-token-alice'],
  ];
  for (const [label, header] of badAuth) {
    it(`401 for ${label}`, async () => {
      assertError(await h.as({ raw: header }).get('/user'), 401);
      const w = await h.seedMap();
      assertError(await h.as({ raw: header }).get(`/workspaces/${w.acme.id}/spaces`), 401);
    });
  }

  it('401 for an unknown token on a write, and nothing is created', async () => {
    const w = await h.seedMap();
    const before = (await h.ctl.state('tasks')).length;
    const res = await h.as({ raw: 'Bearer nope' }).post(`/workspaces/${w.acme.id}/tasks`, {
      list_id: w.acmePublicLists[0]!.id,
      title: 'should not exist',
    });
    assertError(res, 401);
    assert.equal((await h.ctl.state('tasks')).length, before);
  });

  it('a known token acts as its user', async () => {
    // docs/api/README.md#authentication: the token acts as its user.
    for (const [who, email] of [
      ['alice', /alice/i],
      ['bob', /bob/i],
      ['carol', /carol/i],
    ] as const) {
      const res = await h.as(who).get('/user');
      assert.equal(res.status, 200);
      assert.match(res.body.email, email);
    }
  });
});

// Contract: docs/api/README.md#authentication.
// controls (the sandbox README, "Test controls").
describe('Authentication > regenerated and revoked tokens', () => {
  const h = useSandbox({ rateLimit: 0 });

  beforeEach(async () => {
    await h.ctl.reset();
  });

  describe('assumption: POST /__sandbox/tokens/rotate and /revoke', () => {
    it('after a regenerate the previous token gives 401 at once; the new one acts as the same user', async () => {
      const me = (await h.as('alice').get('/user')).body;
      const rotated = await h.ctl.call('POST', '/tokens/rotate', { token: 'demo-token-alice' });
      assert.equal(rotated.user_id, me.id);
      assertError(await h.as('alice').get('/user'), 401);
      const fresh = await h.as({ raw: `Bearer ${rotated.token}` }).get('/user');
      assert.equal(fresh.status, 200);
      assert.equal(fresh.body.id, me.id);
      assert.equal((await h.as('bob').get('/user')).status, 200, 'other tokens unaffected');
    });

    it('a revoked token gives 401 on every route; reset brings the demo token back', async () => {
      await h.ctl.call('POST', '/tokens/revoke', { token: 'demo-token-bob' });
      assertError(await h.as('bob').get('/user'), 401);
      assertError(await h.as('bob').post(`/workspaces/${UNKNOWN_ID}/tasks`, { title: 'x' }), 401);
      await h.ctl.reset();
      assert.equal((await h.as('bob').get('/user')).status, 200);
    });
  });
});

// Contract: docs/api/README.md#authentication.
describe('Authentication > visibility (404 on most routes, 403 where documented)', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: Json;
  let privateTask: Json;
  let acmeTask: Json;

  before(async () => {
    w = await h.seedMap();
    const tasks = await h.ctl.state('tasks');
    const live = tasks.filter((t: Json) => !t.deleted_at);
    const privateListIds = new Set(w.acmePrivateLists.map((l: Json) => l.id));
    const publicListIds = new Set(w.acmePublicLists.map((l: Json) => l.id));
    privateTask = live.find((t: Json) => privateListIds.has(t.list_id));
    acmeTask = live.find((t: Json) => publicListIds.has(t.list_id));
    assert.ok(privateTask, 'demo seed has a task in the private space');
    assert.ok(acmeTask, 'demo seed has a task in a public Acme space');
  });

  it('bob does not see the private space in the space listing', async () => {
    const res = await h.as('bob').get(`/workspaces/${w.acme.id}/spaces`);
    assert.equal(res.status, 200);
    assert.ok(!res.body.some((s: Json) => s.id === w.privateSpace.id));
  });

  type Case = [who: 'bob' | 'carol', label: string, method: string, path: () => string, status: number];
  const cases: Case[] = [
    ['carol', 'spaces of Acme', 'GET', () => `/workspaces/${w.acme.id}/spaces`, 404],
    ['carol', 'members of Acme', 'GET', () => `/workspaces/${w.acme.id}/members`, 404],
    ['bob', 'members of Side Project', 'GET', () => `/workspaces/${w.side.id}/members`, 404],
    [
      'bob',
      'folders of the private space',
      'GET',
      () => `/workspaces/${w.acme.id}/spaces/${w.privateSpace.id}/folders`,
      404,
    ],
    ['bob', 'statuses of a private list', 'GET', () => `/lists/${w.acmePrivateLists[0].id}/statuses`, 404],
    ['bob', 'a private task', 'GET', () => `/workspaces/${w.acme.id}/tasks/${privateTask.id}`, 404],
    ['bob', 'patch a private task', 'PATCH', () => `/workspaces/${w.acme.id}/tasks/${privateTask.id}`, 404],
    ['bob', 'delete a private task', 'DELETE', () => `/workspaces/${w.acme.id}/tasks/${privateTask.id}`, 404],
    [
      'bob',
      'activity of a private task',
      'GET',
      () => `/workspaces/${w.acme.id}/tasks/${privateTask.id}/activity`,
      404,
    ],
    ['bob', 'custom fields of a private task', 'GET', () => `/tasks/${privateTask.id}/custom-fields`, 404],
    [
      'bob',
      'dependencies of a private task',
      'GET',
      () => `/workspaces/${w.acme.id}/tasks/${privateTask.id}/dependencies`,
      404,
    ],
    [
      'bob',
      'attachments of a private task',
      'GET',
      () => `/workspaces/${w.acme.id}/tasks/${privateTask.id}/attachments`,
      404,
    ],
    ['carol', 'an Acme task', 'GET', () => `/workspaces/${w.acme.id}/tasks/${acmeTask.id}`, 404],
    ['carol', 'move an Acme task', 'POST', () => `/tasks/${acmeTask.id}/move`, 404],
    // docs/api/openapi.yaml#listSubtasks: 403 for a member without access, 404 otherwise.
    [
      'bob',
      'subtasks of a private task',
      'GET',
      () => `/workspaces/${w.acme.id}/tasks/${privateTask.id}/subtasks`,
      403,
    ],
    ['carol', 'subtasks of an Acme task', 'GET', () => `/workspaces/${w.acme.id}/tasks/${acmeTask.id}/subtasks`, 404],
    // docs/api/openapi.yaml#getInboundAddress: 403 / 404.
    [
      'bob',
      'inbound address of a private list',
      'GET',
      () => `/lists/${w.acmePrivateLists[0].id}/inbound-address`,
      403,
    ],
    ['carol', 'inbound address of an Acme list', 'GET', () => `/lists/${w.acmePublicLists[0].id}/inbound-address`, 404],
  ];
  for (const [who, label, method, path, status] of cases) {
    it(`${who}: ${label} -> ${status}`, async () => {
      const body =
        method === 'PATCH'
          ? { title: 'x' }
          : method === 'POST'
            ? {
                target_type: 'list',
                target_id: w.acmePublicLists[0].id,
              }
            : undefined;
      const res = await h.as(who).request(method, path(), { body });
      assertError(res, status);
    });
  }

  it('a hidden write changes nothing', async () => {
    await h.as('bob').patch(`/workspaces/${w.acme.id}/tasks/${privateTask.id}`, { title: 'hacked' });
    await h.as('bob').delete(`/workspaces/${w.acme.id}/tasks/${privateTask.id}`);
    const row = (await h.ctl.state('tasks')).find((t: Json) => t.id === privateTask.id);
    assert.equal(row.title, privateTask.title);
    assert.equal(row.deleted_at ?? null, null);
  });

  it('the task index never lists tasks the caller may not see', async () => {
    // docs/api/README.md#authentication: never sees more than the user sees in the app.
    const res = await h.as('bob').get(`/workspaces/${w.acme.id}/tasks`, {
      space_id: w.privateSpace.id,
    });
    assert.ok(
      res.status === 404 || res.status === 403 || (res.status === 200 && res.body.data.length === 0),
      `bob on private space: ${res.status} ${res.text.slice(0, 200)}`,
    );
  });
});
