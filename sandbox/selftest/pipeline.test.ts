// Self-tests of the cross-cutting pipeline: idempotency, faults, rate limit, log.
import * as assert from 'node:assert/strict';
import { call, control, withSandbox } from './harness';

describe('sandbox pipeline', () => {
  const sb = withSandbox();
  let ws = '';
  let list = '';

  beforeEach(async () => {
    await control(sb(), 'POST', '/reset', {});
    const fx = await control(sb(), 'GET', '/fixtures');
    ws = (fx.workspaces as Record<string, { id: string }>).acme?.id ?? '';
    list = (fx.lists as Record<string, string>).api ?? '';
  });

  it('replays, refuses a different body, and scopes keys to the token', async () => {
    const key = { 'Idempotency-Key': 'same' };
    const first = await call(sb(), 'POST', `/workspaces/${ws}/tasks`, { list_id: list, title: 'a' }, key);
    const again = await call(sb(), 'POST', `/workspaces/${ws}/tasks`, { title: 'a', list_id: list }, key);
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    assert.equal(again.text, first.text);
    const other = await call(sb(), 'POST', `/workspaces/${ws}/tasks`, { list_id: list, title: 'b' }, key);
    assert.equal(other.status, 422);
    const bob = await call(
      sb(),
      'POST',
      `/workspaces/${ws}/tasks`,
      { list_id: list, title: 'b' },
      key,
      'demo-token-bob',
    );
    assert.equal(bob.status, 201);
  });

  it('answers 409 while the first request is in flight and releases keys on failure', async () => {
    await control(sb(), 'POST', '/faults', {
      method: 'POST',
      path: '/api/workspaces/*/tasks',
      kind: 'latency',
      latency_ms: 200,
      times: 1,
    });
    const key = { 'Idempotency-Key': 'slow' };
    const slow = call(sb(), 'POST', `/workspaces/${ws}/tasks`, { list_id: list, title: 's' }, key);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal((await call(sb(), 'POST', `/workspaces/${ws}/tasks`, { list_id: list, title: 's' }, key)).status, 409);
    assert.equal((await slow).status, 201);
    const bad = { 'Idempotency-Key': 'bad' };
    assert.equal((await call(sb(), 'POST', `/workspaces/${ws}/tasks`, { list_id: list }, bad)).status, 422);
    assert.equal(
      (await call(sb(), 'POST', `/workspaces/${ws}/tasks`, { list_id: list, title: 'ok' }, bad)).status,
      201,
    );
  });

  it('expires stored keys after 24 h of sandbox time', async () => {
    const key = { 'Idempotency-Key': 'old' };
    await call(sb(), 'POST', `/workspaces/${ws}/tasks`, { list_id: list, title: 'a' }, key);
    await control(sb(), 'POST', '/clock/advance', { ms: 24 * 3600 * 1000 });
    const later = await call(sb(), 'POST', `/workspaces/${ws}/tasks`, { list_id: list, title: 'different' }, key);
    assert.equal(later.status, 201);
    assert.equal(later.headers.get('idempotent-replay'), null);
  });

  it('reset_after applies the write; the retry with the same key replays it', async () => {
    await control(sb(), 'POST', '/faults', { path: '/api/workspaces/*/tasks', kind: 'reset_after', times: 1 });
    const key = { 'Idempotency-Key': 'lost' };
    await assert.rejects(call(sb(), 'POST', `/workspaces/${ws}/tasks`, { list_id: list, title: 'lost' }, key));
    const retry = await call(sb(), 'POST', `/workspaces/${ws}/tasks`, { list_id: list, title: 'lost' }, key);
    assert.equal(retry.headers.get('idempotent-replay'), 'true');
    const rows = (await control(sb(), 'GET', '/state/tasks?title=lost')).data as unknown[];
    assert.equal(rows.length, 1);
  });

  it('status500 and malformed_json faults, and the request log', async () => {
    await control(sb(), 'POST', '/faults', { path: '/api/user', kind: 'status500', times: 1 });
    await control(sb(), 'POST', '/faults', { path: '/api/**', kind: 'malformed_json', times: 1 });
    assert.equal((await call(sb(), 'GET', '/user')).status, 500);
    const broken = await call(sb(), 'GET', '/user');
    assert.throws(() => JSON.parse(broken.text));
    await call(sb(), 'GET', '/user', undefined, {}, 'nope');
    const log = (await control(sb(), 'GET', '/requests')).data as Array<Record<string, unknown>>;
    assert.deepEqual(
      log.map((e) => [e.status, e.token_label]),
      [
        [500, 'alice'],
        [200, 'alice'],
        [401, 'unknown'],
      ],
    );
  });

  it('rate limits per token with Retry-After, and the header can be switched off', async () => {
    await control(sb(), 'POST', '/config', { rateLimit: 2, rateWindowMs: 60_000 });
    await call(sb(), 'GET', '/user');
    await call(sb(), 'GET', '/user');
    const limited = await call(sb(), 'GET', '/user');
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal((await call(sb(), 'GET', '/user', undefined, {}, 'demo-token-bob')).status, 200);
    await control(sb(), 'POST', '/config', { retryAfterHeader: false });
    assert.equal((await call(sb(), 'GET', '/user')).headers.get('retry-after'), null);
    await control(sb(), 'POST', '/config', { rateLimit: 0 });
  });
});
