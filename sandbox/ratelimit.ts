// Sliding-window limiter per token (docs/api/README.md#rate-limit).
// Only accepted requests enter the window, so a client hammering on 429 does not
// extend its own ban.

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSec: number };

export class RateLimiter {
  private readonly windows = new Map<string, number[]>();

  check(token: string, limit: number, windowMs: number, nowMs: number): RateDecision {
    if (limit <= 0) return { allowed: true, remaining: Number.MAX_SAFE_INTEGER };
    const hits = (this.windows.get(token) ?? []).filter((t) => t > nowMs - windowMs);
    if (hits.length >= limit) {
      this.windows.set(token, hits);
      const oldest = hits[0] as number;
      return { allowed: false, retryAfterSec: Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000)) };
    }
    hits.push(nowMs);
    this.windows.set(token, hits);
    return { allowed: true, remaining: limit - hits.length };
  }

  clear(): void {
    this.windows.clear();
  }
}
