import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { artifactsDir } from '../host/paths';

/**
 * The pieces every step of the e2e driver is made of: wait for a state (never for a time), act, check
 * that the act took effect, and try again a bounded number of times with the screen recorded when it
 * did not. A busy machine delays the workbench; it does not change what the test waits for.
 */

export const retriesDir = join(artifactsDir, 'retries');

/** How often a probe is asked again. A poll interval, not a sleep: the wait ends when the state holds. */
const POLL_MS = 100;

/** Resolves true as soon as `probe` holds, false once `timeoutMs` has passed without it. */
export async function until(probe: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Like `until`, but throws "timed out waiting for `what`" (with `detail()` when given) at the deadline. */
export async function waitUntil(
  probe: () => Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
  detail?: () => Promise<string>,
): Promise<void> {
  if (await until(probe, timeoutMs)) return;
  const more = detail ? `: ${await detail().catch((e: unknown) => String(e))}` : '';
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${more}`);
}

/** Polls `read` until `ok` holds on its answer; returns that answer, or throws with the last one. */
export async function waitForValue<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  let last: T | undefined;
  let error: unknown;
  const held = await until(async () => {
    try {
      last = await read();
      error = undefined;
      return ok(last);
    } catch (e) {
      error = e;
      return false;
    }
  }, timeoutMs);
  if (held) return last as T;
  throw new Error(
    `timed out after ${timeoutMs} ms waiting for ${what}: ${error ? String(error) : JSON.stringify(last)}`,
  );
}

export interface Step {
  /** Waits for the state the act needs; false (or a throw) when it did not come: the attempt is retried. */
  ready?: () => Promise<boolean>;
  /** The act itself: one user gesture (a key, a click, a fill and Enter). */
  act: () => Promise<void>;
  /** Waits (bounded) for the act's effect; false when it did not show. */
  done: () => Promise<boolean>;
  /** Attempts in all (default 3). */
  attempts?: number;
}

/** Records the screen of a step that did not take, under artifacts/retries/, and says so in the log. */
async function recordRetry(page: Page, name: string, attempt: number, why: string): Promise<string> {
  mkdirSync(retriesDir, { recursive: true });
  const slug = name.replace(/\W+/g, '-').slice(0, 60);
  const path = join(retriesDir, `${slug}-${Date.now()}-${attempt}.png`);
  await page.screenshot({ path }).catch(() => undefined);
  console.log(`      [e2e] retry: "${name}" ${why} (attempt ${attempt}); screen: ${path}`);
  return path;
}

/**
 * Runs one step: ready, act, done; when it did not take effect, records the screen and tries again,
 * at most `attempts` times, then throws naming the step and the screens recorded.
 */
export async function step(page: Page, name: string, s: Step): Promise<void> {
  const attempts = s.attempts ?? 3;
  const screens: string[] = [];
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      if (s.ready && !(await s.ready())) {
        last = 'found the workbench not ready';
      } else {
        await s.act();
        if (await s.done()) return;
        last = 'did not take effect';
      }
    } catch (error) {
      last = `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
    if (page.isClosed()) break;
    screens.push(await recordRetry(page, name, attempt, last));
  }
  throw new Error(`step "${name}" ${last} after ${attempts} attempt(s); screens: ${screens.join(', ')}`);
}

/**
 * Resolves true once the workbench is still: no progress bar running, no finite animation playing
 * (fades, slides; endless ones such as a blinking cursor do not count), no quick input closing.
 * False when it did not settle within `timeoutMs`.
 */
export async function settled(page: Page, timeoutMs = 10_000): Promise<boolean> {
  return page
    .waitForFunction(
      () => {
        // No named inner functions here: tsx wraps them in a helper the page does not have.
        const busy = Array.from(document.querySelectorAll('.monaco-progress-container.active .progress-bit')).some(
          (el) => el.getClientRects().length > 0,
        );
        const moving = document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        const closing = document.querySelector('.quick-input-widget-closing') !== null;
        return !busy && !moving && !closing;
      },
      undefined,
      { timeout: timeoutMs, polling: 100 },
    )
    .then(
      () => true,
      () => false,
    );
}
