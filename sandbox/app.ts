// The live state of one sandbox instance: store, clock, settings and the
// cross-cutting services (rate limit, idempotency, faults, request log).
import type { Clock } from './clock';
import type { Faults } from './faults';
import type { Idempotency } from './idempotency';
import type { RateLimiter } from './ratelimit';
import type { RequestLog } from './requestLog';
import type { Store } from './store';

export type SeedName = 'demo' | 'large' | 'empty' | 'other';

export interface Config {
  rateLimit: number;
  rateWindowMs: number;
  retryAfterHeader: boolean;
  maxUploadBytes: number;
  /** Test only: the origin of signed file URLs (a CDN elsewhere); null: the sandbox's own. */
  filesOrigin: string | null;
  /** Test only: every /files/ request answers 302 to this URL (a CDN that bounces); null: off. */
  filesRedirect: string | null;
}

/** Well-known ids of the current seed, served by GET /__sandbox/fixtures. */
export type Fixtures = Record<string, unknown>;

export interface CountCacheEntry {
  at: number;
  total: number;
  completed: number;
}

export interface App {
  store: Store;
  clock: Clock;
  config: Config;
  seed: SeedName;
  fixtures: Fixtures;
  origin: string;
  /** HMAC key of signed file URLs; regenerated per process. */
  secret: Buffer;
  limiter: RateLimiter;
  idempotency: Idempotency;
  faults: Faults;
  log: RequestLog;
  /** View counts cached per user and view (docs/api/openapi.yaml#listViewTasks). */
  viewCounts: Map<string, CountCacheEntry>;
  quiet: boolean;
}
