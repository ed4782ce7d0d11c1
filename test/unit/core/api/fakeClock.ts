import type { Clock } from '../../../../src/core/api/rateLimiter';

/** A manual clock for the rate limiter: time moves only through advance(). */
export class FakeClock implements Clock {
  private time = 1_000_000;
  private seq = 0;
  private timers: Array<{ id: number; at: number; callback: () => void }> = [];

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.push({ id, at: this.time + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Moves time forward, running due timers in order and letting promise callbacks run in between. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await flush();
      const next = [...this.timers].sort((a, b) => a.at - b.at)[0];
      if (!next || next.at > end) {
        break;
      }
      this.time = Math.max(this.time, next.at);
      this.timers = this.timers.filter((t) => t !== next);
      next.callback();
    }
    this.time = end;
    await flush();
  }
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await Promise.resolve();
  }
}
