// Creating and resetting the state of one sandbox instance.
import { randomBytes } from 'node:crypto';
import type { App, SeedName } from './app';
import { Clock } from './clock';
import { Faults } from './faults';
import { Idempotency } from './idempotency';
import { RateLimiter } from './ratelimit';
import { RequestLog } from './requestLog';
import { buildSeed } from './seeds/index';
import { worldOf } from './worlds';

export interface AppOptions {
  seed?: SeedName;
  rateLimit?: number;
  rateWindowMs?: number;
  retryAfterHeader?: boolean;
  maxUploadBytes?: number;
  quiet?: boolean;
}

export function createApp(options: AppOptions = {}): App {
  const seed = options.seed ?? 'demo';
  const clock = new Clock();
  const built = buildSeed(seed, clock.now());
  return {
    store: built.store,
    fixtures: built.fixtures,
    seed,
    clock,
    config: {
      rateLimit: options.rateLimit ?? 60,
      rateWindowMs: options.rateWindowMs ?? 60_000,
      retryAfterHeader: options.retryAfterHeader ?? true,
      maxUploadBytes: options.maxUploadBytes ?? 500 * 1024 * 1024,
      filesOrigin: null,
      filesRedirect: null,
    },
    origin: '',
    secret: randomBytes(32),
    limiter: new RateLimiter(),
    idempotency: new Idempotency(),
    faults: new Faults(),
    log: new RequestLog(),
    viewCounts: new Map(),
    quiet: options.quiet ?? false,
  };
}

/**
 * Back to the seed: clears faults, request log, idempotency keys, rate windows and clock offset. A
 * sandbox keeps its world: a seed of another world would bring back the tokens it must refuse.
 */
export function resetApp(app: App, seed: SeedName = app.seed): void {
  if (worldOf(seed) !== worldOf(app.seed)) {
    throw new Error(
      `seed ${seed} belongs to the ${worldOf(seed)} world; this sandbox serves the ${worldOf(app.seed)} world`,
    );
  }
  app.clock.reset();
  const built = buildSeed(seed, app.clock.now());
  app.store = built.store;
  app.fixtures = built.fixtures;
  app.seed = seed;
  app.faults.clear();
  app.log.clear();
  app.idempotency.clear();
  app.limiter.clear();
  app.viewCounts.clear();
  app.config.filesOrigin = null;
  app.config.filesRedirect = null;
}
