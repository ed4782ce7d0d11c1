import { strict as assert } from 'node:assert';
import { request } from 'undici';
import { RateLimiter } from '../../../../src/core/api/rateLimiter';
import type { RateLimitSnapshot } from '../../../../src/core/api/rateLimiter';
import type { ApiClient } from '../../../../src/core/api/client';
import { useSandbox } from './env';
import type { Json, LoggedRequest } from './env';

const LIMIT = 10;
const WINDOW_MS = 2000;

/** The largest number of the token's requests the sandbox saw in any window of `windowMs`. */
function busiestWindow(log: LoggedRequest[], label: string, windowMs: number): number {
  const times = log
    .filter((r) => r.token_label === label)
    .map((r) => r.at_ms)
    .sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= windowMs) {
      start++;
    }
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('api/client rate limit (sandbox window scaled to 10 per 2 s)', function () {
  const env = useSandbox(this, { rateLimit: LIMIT, rateWindowMs: WINDOW_MS, timeout: 120_000 });

  const client = (options: { limiter?: RateLimiter } = {}): ApiClient =>
    env.client('demo-token-alice', {
      limiter: options.limiter ?? new RateLimiter({ limit: LIMIT, windowMs: WINDOW_MS }),
    });

  it('a burst of 35 reads and writes never meets a 429 and never exceeds the window', async () => {
    const api = client();
    const jobs = Array.from({ length: 35 }, (_, i) =>
      i % 5 === 0
        ? api.createTask(env.acme, { list_id: env.fx.lists.api, title: `burst ${i}` }, { priority: 'background' })
        : api.listTasks(
            env.acme,
            { scope: { list_id: env.fx.lists.api }, search: `Task ${i}` },
            { priority: i % 2 ? 'user' : 'background' },
          ),
    );
    await Promise.all(jobs);
    const log = await env.requests();
    assert.equal(log.filter((r) => r.status === 429).length, 0);
    assert.ok(busiestWindow(log, 'alice', WINDOW_MS) <= LIMIT);
    assert.equal(log.length, 35);
  });

  it('429 storm (injected, Retry-After): every request succeeds, the window is never exceeded', async () => {
    await env.fault({ path: '/api/**', kind: 'status429', probability: 0.4, times: 20 });
    const api = client();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        i % 4 === 0
          ? api.createComment(env.acme, env.fx.comments.task_id, { body: `storm ${i}` })
          : api
              .getSubtasks(env.acme, env.fx.tasks.task_with_subtasks_3_deep.id, { priority: 'background' })
              .then(() => api.listMembers(env.acme)),
      ),
    );
    assert.equal(results.length, 25);
    const log = await env.requests();
    assert.ok(log.filter((r) => r.status === 429).length > 0, 'the storm hit');
    assert.ok(
      busiestWindow(log, 'alice', WINDOW_MS) <= LIMIT,
      `busiest window ${busiestWindow(log, 'alice', WINDOW_MS)}`,
    );
    const comments = (await env.state('comments')).filter((c: Json) => String(c.body).startsWith('storm '));
    assert.equal(comments.length, 7, 'each comment exactly once');
  });

  it('real 429s from traffic the client does not know about (no Retry-After): it waits and succeeds', async () => {
    await env.control('POST', '/config', { retryAfterHeader: false });
    try {
      // Another program spends the whole budget of the same token.
      for (let i = 0; i < LIMIT; i++) {
        const res = await request(`${env.baseUrl}/user`, { headers: { authorization: 'Bearer demo-token-alice' } });
        await res.body.dump();
      }
      const api = client();
      const started = Date.now();
      const user = await api.getUser();
      assert.equal(user.id, env.fx.users.alice.id);
      const log = await env.requests();
      assert.ok(
        log.some((r) => r.status === 429),
        'the client met a real 429',
      );
      assert.ok(Date.now() - started < 4 * WINDOW_MS);
    } finally {
      await env.control('POST', '/config', { retryAfterHeader: true });
    }
  });

  /** 25 background reads of live Acme tasks, queued on a limiter without a user reserve (log cleared first). */
  async function queueBackgroundReads(): Promise<{ api: ApiClient; background: Promise<unknown>[] }> {
    const api = client({ limiter: new RateLimiter({ limit: LIMIT, windowMs: WINDOW_MS, userReserve: 0 }) });
    const ids: string[] = (await env.state('tasks'))
      .filter((t: Json) => t.workspace_id === env.acme && t.deleted_at === null)
      .slice(0, 25)
      .map((t: Json) => t.id);
    await env.control('DELETE', '/requests');
    return { api, background: ids.map((id) => api.getTask(env.acme, id, { priority: 'background' })) };
  }

  it('user requests go before queued background work', async () => {
    const { api, background } = await queueBackgroundReads();
    await new Promise((resolve) => setImmediate(resolve));
    const user = api.getUser({ priority: 'user' });
    await Promise.all([...background, user]);
    const log = await env.requests();
    const position = log.findIndex((r) => r.path === '/api/user');
    assert.ok(position <= LIMIT, `the user request was #${position + 1} of ${log.length}`);
  });

  it('a user caller joining a queued background GET upgrades it', async () => {
    const { api, background } = await queueBackgroundReads();
    const prefetch = api.getUser({ priority: 'background' });
    await new Promise((resolve) => setImmediate(resolve));
    const user = api.getUser({ priority: 'user' });
    await Promise.all([...background, prefetch, user]);
    const log = await env.requests();
    assert.equal(log.filter((r) => r.path === '/api/user').length, 1, 'shared');
    const position = log.findIndex((r) => r.path === '/api/user');
    assert.ok(position <= LIMIT, `the upgraded request was #${position + 1} of ${log.length}`);
  });

  it('exposes the remaining budget as an observable value', async () => {
    const limiter = new RateLimiter({ limit: LIMIT, windowMs: WINDOW_MS });
    const seen: RateLimitSnapshot[] = [];
    const subscription = limiter.onDidChange((s) => seen.push(s));
    const api = client({ limiter });
    await api.getUser();
    await api.listSpaces(env.acme);
    assert.equal(limiter.snapshot().remaining, LIMIT - 2);
    assert.ok(seen.some((s) => s.remaining === LIMIT - 2));
    assert.ok(seen.some((s) => s.inFlight === 1));
    subscription.dispose();
    limiter.dispose();
  });
});
