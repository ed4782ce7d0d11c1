import { strict as assert } from 'node:assert';
import { RateLimiter } from '../../../../src/core/api/rateLimiter';
import type { Permit, RateLimitSnapshot } from '../../../../src/core/api/rateLimiter';
import { AbortError } from '../../../../src/core/util/abort';
import { FakeClock, flush } from './fakeClock';

describe('api/rateLimiter (fake clock)', () => {
  let clock: FakeClock;
  const make = (limit: number, windowMs = 1000, userReserve?: number): RateLimiter =>
    new RateLimiter({ limit, windowMs, userReserve, clock });

  beforeEach(() => {
    clock = new FakeClock();
  });

  it('defaults to 60 per 60 s', () => {
    const limiter = new RateLimiter({ clock });
    assert.equal(limiter.limit, 60);
    assert.equal(limiter.windowMs, 60_000);
    assert.deepEqual(limiter.snapshot(), {
      remaining: 60,
      limit: 60,
      queued: 0,
      queuedBackground: 0,
      paused: false,
      inFlight: 0,
    });
  });

  it('grants `limit` slots, then waits until a slot is a full window past its response', async () => {
    const limiter = make(3, 1000, 0);
    const permits = await Promise.all([0, 1, 2].map(() => limiter.acquire('user')));
    let fourth: Permit | undefined;
    void limiter.acquire('user').then((p) => (fourth = p));
    await flush();
    assert.equal(fourth, undefined);
    assert.equal(limiter.snapshot().queued, 1);
    await clock.advance(200);
    permits[0]?.release();
    await clock.advance(999);
    assert.equal(fourth, undefined, 'a slot is free only windowMs (+margin) after the response');
    await clock.advance(20);
    assert.ok(fourth);
  });

  it('setLimit gives the client a smaller share from now on; slots already used still count', async () => {
    const limiter = make(6, 1000, 0);
    const used = await Promise.all([0, 1, 2].map(() => limiter.acquire('user')));
    used.forEach((p) => p.release());
    limiter.setLimit(4);
    assert.equal(limiter.limit, 4);
    assert.equal(limiter.snapshot().remaining, 1);
    await limiter.acquire('user');
    let next: Permit | undefined;
    void limiter.acquire('user').then((p) => (next = p));
    await flush();
    assert.equal(next, undefined, 'the fifth request of the window waits under the new limit');
    await clock.advance(1100);
    assert.ok(next);
  });

  it('serves user requests before background ones', async () => {
    const limiter = make(1, 1000, 0);
    const first = await limiter.acquire('user');
    const order: string[] = [];
    void limiter.acquire('background').then((p) => (order.push('bg1'), p.release()));
    void limiter.acquire('background').then((p) => (order.push('bg2'), p.release()));
    void limiter.acquire('user').then((p) => (order.push('user'), p.release()));
    first.release();
    await clock.advance(5000);
    assert.deepEqual(order, ['user', 'bg1', 'bg2']);
  });

  it('keeps a reserve for user requests', async () => {
    const limiter = make(10, 1000, 2);
    for (let i = 0; i < 8; i++) {
      await limiter.acquire('background');
    }
    let background = false;
    void limiter.acquire('background').then(() => (background = true));
    await flush();
    assert.equal(background, false);
    await limiter.acquire('user');
    await limiter.acquire('user');
    assert.equal(limiter.snapshot().remaining, 0);
  });

  it('penalize() pauses every request for Retry-After', async () => {
    const limiter = make(10, 1000, 0);
    limiter.penalize(3000);
    assert.equal(limiter.snapshot().paused, true);
    assert.equal(limiter.snapshot().remaining, 0);
    let granted = false;
    void limiter.acquire('user').then(() => (granted = true));
    await clock.advance(2999);
    assert.equal(granted, false);
    await clock.advance(1);
    assert.equal(granted, true);
    assert.equal(limiter.snapshot().paused, false);
  });

  it('publishes the remaining budget through onDidChange, until disposed', async () => {
    const limiter = make(2, 1000, 0);
    const seen: RateLimitSnapshot[] = [];
    const listener = limiter.onDidChange((s) => seen.push(s));
    const permit = await limiter.acquire('user');
    permit.release();
    assert.equal(seen.at(-1)?.remaining, 1);
    await clock.advance(1100);
    assert.equal(seen.at(-1)?.remaining, 2, 'the budget comes back when the slot leaves the window');
    listener.dispose();
    await limiter.acquire('user');
    assert.equal(seen.at(-1)?.remaining, 2);
  });

  it('an aborted waiter leaves the queue with AbortError', async () => {
    const limiter = make(1, 1000, 0);
    await limiter.acquire('user');
    const controller = new AbortController();
    const waiting = limiter.acquire('user', controller.signal);
    await flush();
    assert.equal(limiter.snapshot().queued, 1);
    controller.abort();
    await assert.rejects(waiting, (e: unknown) => AbortError.is(e));
    assert.equal(limiter.snapshot().queued, 0);
  });

  it('property: whatever the latency, no window of the server sees more than `limit` arrivals', async () => {
    const limit = 5;
    const windowMs = 1000;
    const limiter = make(limit, windowMs, 0);
    const arrivals: number[] = [];
    let seed = 42;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const one = async (): Promise<void> => {
      const permit = await limiter.acquire(random() < 0.5 ? 'user' : 'background');
      const sentAt = clock.now();
      const latency = Math.floor(random() * 400);
      const arrival = sentAt + Math.floor(random() * latency);
      await clock.advance(0);
      setImmediate(() => undefined);
      arrivals.push(arrival);
      clock.setTimeout(() => permit.release(), latency);
    };
    const all = Array.from({ length: 40 }, () => one());
    for (let i = 0; i < 200 && arrivals.length < 40; i++) {
      await clock.advance(50);
    }
    await Promise.all(all);
    arrivals.sort((a, b) => a - b);
    for (let i = 0; i + limit < arrivals.length; i++) {
      assert.ok(
        (arrivals[i + limit] as number) - (arrivals[i] as number) >= windowMs,
        `window starting at ${arrivals[i]}`,
      );
    }
  });
});

describe('api/rateLimiter priority upgrades', () => {
  it('a queued request whose priority becomes user is served before background ones', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000, userReserve: 0, clock });
    const first = await limiter.acquire('user');
    const order: string[] = [];
    let upgraded: 'user' | 'background' = 'background';
    void limiter.acquire('background').then((p) => (order.push('bg'), p.release()));
    void limiter.acquire(() => upgraded).then((p) => (order.push('upgraded'), p.release()));
    upgraded = 'user';
    limiter.reprioritize();
    first.release();
    await clock.advance(5000);
    assert.deepEqual(order, ['upgraded', 'bg']);
  });
});
