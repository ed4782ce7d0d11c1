import { strict as assert } from 'node:assert';
import { ServerError, ValidationError } from '../../../../src/core/api/errors';
import { AbortError } from '../../../../src/core/util/abort';
import { useSandbox } from './env';
import type { Json } from './env';

describe('api/client comments, sharing, cancellation, retries (sandbox over HTTP)', function () {
  const env = useSandbox(this, { timeout: 30_000 });

  it('comments: create, reply, update, resolve, unresolve, delete', async () => {
    const api = env.client();
    const task = env.fx.comments.task_id;
    const comment = await api.createComment(env.acme, task, {
      body: 'Looks good',
      assignee_id: env.fx.users.bob.id,
      mentions: [env.fx.users.bob.id],
    });
    assert.equal(comment.body, 'Looks good');
    assert.equal(comment.assignee_id, env.fx.users.bob.id);
    const reply = await api.createComment(env.acme, task, { body: 'Thanks', parent_id: comment.id });
    assert.equal(reply.parent_id, comment.id);
    const edited = await api.updateComment(env.acme, task, comment.id, {
      body: 'Looks great',
      assignee_id: env.fx.users.bob.id,
    });
    assert.equal(edited.body, 'Looks great');
    const resolved = await api.resolveComment(env.acme, task, comment.id);
    assert.ok(resolved.resolved_at);
    const again = await api.resolveComment(env.acme, task, comment.id).catch((e: unknown) => e);
    assert.ok(ValidationError.is(again), 'resolving twice is a 422 (docs/api/openapi.yaml#resolveTaskComment)');
    const reopened = await api.unresolveComment(env.acme, task, comment.id);
    assert.equal(reopened.resolved_at, null);
    await api.deleteComment(env.acme, task, reply.id);
    const left = (await env.state('comments')).filter((c: Json) => c.id === reply.id);
    assert.equal(left.length, 0);
  });

  it('every write carries an Idempotency-Key, fresh per logical operation', async () => {
    const api = env.client();
    await env.control('DELETE', '/requests');
    await api.createTask(env.acme, { list_id: env.fx.lists.api, title: 'one' });
    await api.createTask(env.acme, { list_id: env.fx.lists.api, title: 'one' });
    await api.getTask(env.acme, env.fx.tasks.completed_task.id);
    const log = await env.requests();
    const keys = log.filter((r) => r.method === 'POST').map((r) => r.idempotency_key);
    assert.equal(keys.length, 2);
    assert.ok(keys.every((k) => typeof k === 'string' && /^[0-9a-f-]{36}$/.test(k)));
    assert.notEqual(keys[0], keys[1]);
    assert.equal(log.find((r) => r.method === 'GET')?.idempotency_key, null);
    assert.equal((await env.state('tasks')).filter((t: Json) => t.title === 'one').length, 2);
  });

  it('identical in-flight GETs are shared: one request for five callers', async () => {
    await env.fault({ method: 'GET', path: '/api/workspaces/*/tasks/*', kind: 'latency', latency_ms: 200 });
    await env.control('DELETE', '/requests');
    const api = env.client();
    const id = env.fx.tasks.completed_task.id;
    const results = await Promise.all(Array.from({ length: 5 }, () => api.getTask(env.acme, id)));
    assert.ok(results.every((t) => t.id === id));
    assert.equal((await env.requests()).length, 1);
  });

  it('one caller cancelling does not cancel the others; when all cancel, the request is dropped', async () => {
    await env.fault({ method: 'GET', path: '/api/workspaces/*/tasks/*', kind: 'latency', latency_ms: 300 });
    const api = env.client();
    const id = env.fx.tasks.completed_task.id;
    const quitter = new AbortController();
    const first = api.getTask(env.acme, id, { signal: quitter.signal });
    const second = api.getTask(env.acme, id);
    quitter.abort();
    await assert.rejects(first, (e: unknown) => AbortError.is(e));
    assert.equal((await second).id, id);

    const all = new AbortController();
    const a = api.getTask(env.acme, id, { signal: all.signal });
    const b = api.getTask(env.acme, id, { signal: all.signal });
    all.abort();
    await assert.rejects(a, { name: 'AbortError' });
    await assert.rejects(b, { name: 'AbortError' });
  });

  it('an already-aborted signal sends nothing', async () => {
    await env.control('DELETE', '/requests');
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      env.client().createTask(env.acme, { list_id: env.fx.lists.api, title: 'x' }, { signal: controller.signal }),
      { name: 'AbortError' },
    );
    assert.equal((await env.requests()).length, 0);
  });

  it('reads are retried on 5xx and connection resets', async () => {
    await env.fault({ method: 'GET', path: '/api/user', kind: 'status500', times: 2 });
    await env.fault({ method: 'GET', path: '/api/workspaces/*/members', kind: 'reset_before', times: 2 });
    await env.control('DELETE', '/requests');
    const api = env.client();
    assert.equal((await api.getUser()).id, env.fx.users.alice.id);
    assert.ok((await api.listMembers(env.acme)).length > 0);
    const log = await env.requests();
    assert.equal(log.filter((r) => r.path === '/api/user').length, 3);
  });

  it('a write whose first attempt is still running (409 in flight) is waited out: one task', async () => {
    // The first attempt sleeps inside the server with its key in flight; the client gives up on it (timeout)
    // and retries with the same key, gets 409 until the first attempt is stored, then the replay.
    await env.fault({ method: 'POST', path: '/api/workspaces/*/tasks', kind: 'latency', latency_ms: 1200, times: 1 });
    await env.control('DELETE', '/requests');
    const api = env.client('demo-token-alice', {
      timeoutMs: 300,
      callDeadlineMs: 15_000,
      retry: { baseDelayMs: 200, maxDelayMs: 400, inFlightRetries: 10 },
    });
    const task = await api.createTask(env.acme, { list_id: env.fx.lists.api, title: 'slow one' });
    assert.equal(task.title, 'slow one');
    assert.equal((await env.state('tasks')).filter((t: Json) => t.title === 'slow one').length, 1);
    const posts = (await env.requests()).filter((r) => r.method === 'POST');
    assert.ok(
      posts.some((r) => r.status === 409),
      `statuses ${posts.map((r) => r.status).join(',')}`,
    );
    assert.equal(new Set(posts.map((r) => r.idempotency_key)).size, 1);
  });

  it('a deadline that passes while retrying a 5xx reports the 5xx, not "no answer in time"', async () => {
    // Each attempt takes 400 ms and fails; the third is still running when the 1 s deadline passes.
    await env.fault({ method: 'GET', path: '/api/user', kind: 'latency', latency_ms: 400 });
    await env.fault({ method: 'GET', path: '/api/user', kind: 'status500' });
    await env.control('DELETE', '/requests');
    const api = env.client('demo-token-alice', {
      timeoutMs: 5_000,
      callDeadlineMs: 1_000,
      retry: { baseDelayMs: 20, maxDelayMs: 40, transientRetries: 20 },
    });
    const error = await api.getUser().catch((e: unknown) => e);
    await env.control('DELETE', '/faults');
    assert.ok(ServerError.is(error), `got ${String(error)}`);
    assert.match((error as Error).message, /the service failed \(500\)/);
    assert.ok((await env.requests()).length >= 3, 'the deadline cut a later attempt short');
  });

  it('log lines show method, path, status and time, never the token', async () => {
    const lines: string[] = [];
    const api = env.client('demo-token-alice', { log: (level, line) => lines.push(`${level} ${line}`) });
    await api.getUser();
    await api.getTask(env.acme, '00000000-0000-4000-8000-000000000000').catch(() => undefined);
    assert.match(lines[0] ?? '', /^debug GET \/user 200 \d+ms$/);
    assert.match(lines[1] ?? '', /^warn GET \/workspaces\/.+\/tasks\/0{8}-.+ 404 \d+ms$/);
    assert.ok(lines.every((l) => !l.includes('demo-token-alice')));
  });
});
