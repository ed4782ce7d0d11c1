import * as assert from 'node:assert/strict';
import { AFTER_PAUSE_MS, budgetItemMode, budgetShown, straining } from '../../../../src/core/api/budgetShown';
import type { RateLimitSnapshot } from '../../../../src/core/api/rateLimiter';

const snap = (over: Partial<RateLimitSnapshot> = {}): RateLimitSnapshot => ({
  remaining: 42,
  limit: 60,
  queued: 0,
  queuedBackground: 0,
  paused: false,
  inFlight: 0,
  ...over,
});
const NOW = 1_000_000;

describe('budgetShown: the request budget item only when it matters', () => {
  it('auto: hidden with half or more of the budget left and nothing held back', () => {
    assert.equal(budgetShown(snap(), 'auto', undefined, NOW), false);
    assert.equal(budgetShown(snap({ remaining: 30 }), 'auto', undefined, NOW), false, 'exactly half');
    assert.equal(budgetShown(snap({ remaining: 20, limit: 40 }), 'auto', undefined, NOW), false);
    assert.equal(budgetShown(snap({ queued: 3, inFlight: 2 }), 'auto', undefined, NOW), false, 'waiting briefly');
  });

  it('auto: shown below half, while held back, and for a minute after a 429', () => {
    assert.equal(budgetShown(snap({ remaining: 29 }), 'auto', undefined, NOW), true, 'below half');
    assert.equal(budgetShown(snap({ remaining: 19, limit: 40 }), 'auto', undefined, NOW), true, 'of a smaller limit');
    assert.equal(budgetShown(snap({ remaining: 60, paused: true }), 'auto', undefined, NOW), true, 'a 429 pause');
    assert.ok(straining(snap({ remaining: 0, queued: 1 })));
    assert.equal(budgetShown(snap({ remaining: 0, queued: 1 }), 'auto', undefined, NOW), true, 'spent, work queued');
    assert.equal(budgetShown(snap({ remaining: 60 }), 'auto', NOW - 1_000, NOW), true, 'just after a 429');
    assert.equal(budgetShown(snap({ remaining: 60 }), 'auto', NOW - AFTER_PAUSE_MS + 1, NOW), true);
    assert.equal(budgetShown(snap({ remaining: 60 }), 'auto', NOW - AFTER_PAUSE_MS, NOW), false, 'a minute later');
  });

  it('always: shown whatever the budget', () => {
    assert.equal(budgetShown(snap({ remaining: 60 }), 'always', undefined, NOW), true);
  });

  it('reads the setting: only "always" is always', () => {
    assert.equal(budgetItemMode('always'), 'always');
    for (const value of ['auto', undefined, 'Always', 1, null]) {
      assert.equal(budgetItemMode(value), 'auto');
    }
  });
});
