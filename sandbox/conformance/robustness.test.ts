// Conformance of docs/api/README.md#errors (a matching status and a JSON `message` for every failure)
// body with `message`") under hostile input: malformed JSON, wrong types, huge
// strings, non-UUID path parameters. The server must keep answering, state unchanged.
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { useSandbox } from './helpers';
import { assertError } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/README.md#errors.
describe('Robustness (docs/api/README.md#errors)', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api, listId: string;
  let snapshot: string;
  const tasks = (): string => `/workspaces/${w.acme.id}/tasks`;
  const rawTasks = async (): Promise<string> => JSON.stringify(await h.ctl.state('tasks'));

  before(async () => {
    ({ w, a, listId } = await h.reseed());
    snapshot = await rawTasks();
  });

  afterEach(async () => {
    const alive = await a.get('/user');
    assert.equal(alive.status, 200, 'the server keeps answering');
    assert.equal(await rawTasks(), snapshot, 'state unchanged');
  });

  const rawPost = (path: string, body: string, type = 'application/json'): Promise<Json> =>
    a.request('POST', path, { rawBody: body, headers: { 'content-type': type } });

  // docs/api/README.md#errors: malformed and mistyped bodies -> 422 with a JSON message.
  describe('malformed and mistyped bodies -> 422 with a JSON message', () => {
    const bodies: [string, string][] = [
      ['truncated JSON', '{"list_id":"x","title":'],
      ['not JSON at all', 'title=hello'],
      ['a JSON array', '[1,2,3]'],
      ['JSON null', 'null'],
      ['a JSON string', '"title"'],
    ];
    for (const [label, body] of bodies) {
      it(`POST task with ${label}`, async () => {
        assertError(await rawPost(tasks(), body), 422);
      });
    }

    const typed: [string, () => Json, string][] = [
      ['title as an object', () => ({ list_id: listId, title: { en: 'x' } }), 'title'],
      ['title as an array', () => ({ list_id: listId, title: ['x'] }), 'title'],
      ['title null', () => ({ list_id: listId, title: null }), 'title'],
      ['priority as a number', () => ({ list_id: listId, title: 'x', priority: 3 }), 'priority'],
      ['due_date as an array', () => ({ list_id: listId, title: 'x', due_date: [2026] }), 'due_date'],
      ['list_id as a number', () => ({ list_id: 12, title: 'x' }), 'list_id'],
      ['list_id not a uuid', () => ({ list_id: 'inbox', title: 'x' }), 'list_id'],
      ['parent_task_id as a boolean', () => ({ list_id: listId, title: 'x', parent_task_id: true }), 'parent_task_id'],
    ];
    for (const [label, body, field] of typed) {
      it(`POST task with ${label} -> errors.${field}`, async () => {
        assertError(await a.post(tasks(), body()), 422, field);
      });
    }

    it('a 1 MB title -> 422 errors.title', async () => {
      assertError(await a.post(tasks(), { list_id: listId, title: 'x'.repeat(1024 * 1024) }), 422, 'title');
    });

    it('a 1 MB comment body on an unknown task -> JSON error', async () => {
      const res = await a.post(`${tasks()}/00000000-0000-4000-8000-000000000000/comments`, {
        body: 'y'.repeat(1 << 20),
      });
      assert.ok(res.status >= 400 && res.status < 500);
      assert.equal(typeof res.body.message, 'string');
    });

    it('PATCH with a malformed body', async () => {
      const id = JSON.parse(snapshot).find((t: Json) => t.workspace_id === w.acme.id && !t.deleted_at).id;
      const res = await a.request('PATCH', `${tasks()}/${id}`, {
        rawBody: '{"title":',
        headers: { 'content-type': 'application/json' },
      });
      assertError(res, 422);
    });

    it('a 10 KB search string on the task index -> 422', async () => {
      assertError(await a.get(tasks(), { list_id: listId, search: 's'.repeat(10_000) }), 422);
    });
  });

  // docs/api/README.md#errors: keys named like Object.prototype members -> 4xx with a JSON message, never a 5xx.
  describe('keys named like Object.prototype members -> 4xx with a JSON message, never a 5xx', () => {
    // JSON allows any key; a client typo or a hostile payload must get a client error.
    const keys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
    const id = (): string => JSON.parse(snapshot).find((t: Json) => t.workspace_id === w.acme.id && !t.deleted_at).id;
    const cases: [string, string, () => string, (k: string) => string][] = [
      ['POST task', 'POST', () => tasks(), (k) => `{"list_id":"${listId}","title":"p","${k}":{"x":1}}`],
      ['PATCH task', 'PATCH', () => `${tasks()}/${id()}`, (k) => `{"${k}":{"title":"x"}}`],
      ['POST comment', 'POST', () => `${tasks()}/${id()}/comments`, (k) => `{"body":"x","${k}":1}`],
    ];
    for (const [label, method, path, body] of cases) {
      it(`${label} with a ${keys.join(' / ')} key`, async () => {
        const bad: string[] = [];
        for (const k of keys) {
          const res = await a.request(method, path(), {
            rawBody: body(k),
            headers: { 'content-type': 'application/json' },
          });
          if (!(res.status >= 400 && res.status < 500) || typeof res.body?.message !== 'string')
            bad.push(`${k}: ${res.status}`);
        }
        assert.deepEqual(bad, [], 'every key answered with a 4xx JSON error');
        assert.equal(({} as Record<string, unknown>).x, undefined, 'Object.prototype not polluted');
      });
    }

    it(`task index filter on a ${keys.join(' / ')} field -> 422`, async () => {
      const bad: string[] = [];
      for (const k of keys) {
        const filter = JSON.stringify({ match: 'all', conditions: [{ field: k, op: 'in', values: ['x'] }] });
        const res = await a.get(tasks(), { list_id: listId, filter });
        if (res.status !== 422 || typeof res.body?.message !== 'string') bad.push(`${k}: ${res.status}`);
      }
      assert.deepEqual(bad, []);
    });
  });

  // docs/api/README.md#errors: non-UUID path parameters -> 4xx with a JSON message.
  describe('non-UUID path parameters -> 4xx with a JSON message', () => {
    const paths: [string, string, () => string][] = [
      ['GET', 'workspace', () => '/workspaces/acme/spaces'],
      ['GET', 'task', () => `${tasks()}/not-a-uuid`],
      ['GET', 'task (SQL-ish)', () => `${tasks()}/1%27%20OR%201%3D1`],
      ['PATCH', 'task', () => `${tasks()}/123`],
      ['GET', 'list', () => '/lists/%2E%2E%2Fetc%2Fpasswd/statuses'],
      ['GET', 'view', () => '/views/%00/tasks'],
      ['POST', 'move', () => '/tasks/xyz/move'],
      ['PUT', 'custom field values', () => '/tasks/xyz/custom-field-values'],
    ];
    for (const [method, label, path] of paths) {
      it(`${method} ${label}`, async () => {
        const res = await a.request(method, path(), method === 'GET' ? {} : { body: { title: 'x' } });
        assert.ok(res.status === 404 || res.status === 422, `${res.status} ${res.text.slice(0, 200)}`);
        assert.equal(typeof res.body?.message, 'string');
      });
    }

    it('unknown route -> 404 JSON', async () => {
      assertError(await a.get('/no/such/route'), 404);
    });
  });

  describe('assumption: conventions (docs/api/README.md#conventions)', () => {
    it('non-UUID path parameter -> 404 "Not found."', async () => {
      const res = await a.get(`${tasks()}/not-a-uuid`);
      assertError(res, 404);
    });

    it('malformed JSON -> 422 errors.body', async () => {
      assertError(await rawPost(tasks(), '{'), 422, 'body');
    });

    it('non-JSON content type -> 422 errors.body', async () => {
      assertError(await rawPost(tasks(), JSON.stringify({ list_id: listId, title: 'x' }), 'text/plain'), 422, 'body');
    });

    it('unknown body field -> 422 errors.<field>', async () => {
      assertError(await a.post(tasks(), { list_id: listId, title: 'x', colour: 'red' }), 422, 'colour');
    });

    it('a JSON body above 10 MB -> 413', async () => {
      const res = await a.post(tasks(), { list_id: listId, title: 'x', description: 'd'.repeat(11 * 1024 * 1024) });
      assertError(res, 413);
    });

    it('request headers above 64 KB -> 431 JSON; unparseable HTTP -> 400 JSON', async () => {
      const big = await a.get('/user', undefined, { 'x-padding': 'p'.repeat(70 * 1024) });
      assertError(big, 431);
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(h.sb.port, '127.0.0.1', () => socket.end('THIS IS NOT HTTP\r\n\r\n'));
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString('utf8');
        });
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      assert.match(raw, /^HTTP\/1\.1 400/);
      assert.equal(typeof JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).message, 'string');
    });

    it('a repeated query parameter -> 422 on that name (401 still wins)', async () => {
      const other = w.acmePublicLists[1]!.id;
      assertError(await a.get(`${tasks()}?list_id=${listId}&list_id=${other}`), 422, 'list_id');
      assertError(await a.get(`${tasks()}?list_id=${listId}&per_page=1&per_page=101`), 422, 'per_page');
      assertError(await a.get(`/search?q=x&workspace_id=${w.acme.id}&workspace_id=${w.side.id}`), 422, 'workspace_id');
      assertError(await h.as('none').get(`${tasks()}?list_id=${listId}&list_id=${other}`), 401);
    });

    it('known path, unsupported method -> 405 with Allow', async () => {
      const res = await a.request('PUT', tasks(), { body: {} });
      assertError(res, 405);
      assert.ok(res.headers.get('allow'));
    });
  });
});
