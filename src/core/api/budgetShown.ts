// When the request budget earns its place in the status bar. Pure (no vscode).
import type { RateLimitSnapshot } from './rateLimiter';

/** `taskPlatform.statusBar.requestBudget`: `auto` shows the item when it matters, `always` always. */
export type BudgetItemMode = 'auto' | 'always';

/** How long the item stays after a 429 has paused requests: the service's window (one minute). */
export const AFTER_PAUSE_MS = 60_000;

/** True while the limiter holds requests back: a 429 pause, or the budget spent with work queued. */
export function straining(s: RateLimitSnapshot): boolean {
  return s.paused || (s.remaining === 0 && s.queued > 0);
}

/**
 * Whether the budget item is shown. In `auto`: below half of the limit, while requests are held
 * back, and for a minute after the last moment a 429 paused them (`lastPausedAt`, ms since epoch).
 */
export function budgetShown(
  s: RateLimitSnapshot,
  mode: BudgetItemMode,
  lastPausedAt: number | undefined,
  now: number,
): boolean {
  if (mode === 'always' || straining(s) || s.remaining * 2 < s.limit) {
    return true;
  }
  return lastPausedAt !== undefined && now - lastPausedAt < AFTER_PAUSE_MS;
}

/** Reads the setting's value; anything but `always` is `auto`. */
export function budgetItemMode(value: unknown): BudgetItemMode {
  return value === 'always' ? 'always' : 'auto';
}
