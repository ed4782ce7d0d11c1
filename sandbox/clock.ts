// The sandbox clock: real time plus an offset that tests move forward through
// POST /__sandbox/clock/advance (trash purge, idempotency expiry, signed URLs,
// view count cache all read this clock).

export class Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  get offset(): number {
    return this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
