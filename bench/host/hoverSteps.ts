/**
 * Hovers on a task reference in a code comment, as a user asks for one from the keyboard (Show or
 * Focus Hover, Ctrl+K Ctrl+I, at the end of the reference), and the cost of the requests the first
 * hover needed, replayed from the benchmark process against the same sandbox.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Workbench } from '../../test/e2e/workbench';
import type { BenchContext, LoggedRequest } from '../context';
import { TOKEN } from './steps';

/** A C file: the host ships C's grammar and comment tokens, and no language server that would load the machine. */
export const HOVER_FILE = 'bench-refs.c';
const CACHED_HOVERS = 5;

export interface HoverRun {
  firstMs: number;
  cachedMs: number[];
  requests: LoggedRequest[];
  replayMs: number;
}

/** Writes the file with the reference at the end of its first line, into the folder the workbench will open. */
export function writeHoverFile(workspace: string, displayId: string): void {
  writeFileSync(
    join(workspace, HOVER_FILE),
    `// the task behind this file: ${displayId}\nint main(void) { return 0; }\n`,
  );
}

async function showHover(wb: Workbench, title: string): Promise<number> {
  const hover = wb.page.locator('.monaco-hover', { hasText: title }).first();
  await wb.page.keyboard.press('Control+K');
  const started = Date.now();
  await wb.page.keyboard.press('Control+I');
  await hover.waitFor({ timeout: 60_000 });
  const ms = Date.now() - started;
  await wb.page.keyboard.press('Escape');
  await hover.waitFor({ state: 'hidden', timeout: 10_000 });
  return ms;
}

/**
 * Opens the file (Go to File), puts the cursor at the end of the reference and asks for the hover:
 * the first one right away (before the links' background lookup a second later, so the hover's own
 * lookup is what the user waits for), then CACHED_HOVERS more from the cache.
 */
export async function hoverReference(
  ctx: BenchContext,
  wb: Workbench,
  displayId: string,
  title: string,
): Promise<HoverRun> {
  await wb.page.keyboard.press('F1');
  await wb.quickInput().locator('input').fill(HOVER_FILE);
  await wb.page
    .locator('.quick-input-list .monaco-list-row', { hasText: HOVER_FILE })
    .first()
    .waitFor({ timeout: 30_000 });
  await wb.page.keyboard.press('Enter');
  await wb.page.locator('.monaco-editor .view-line', { hasText: displayId }).first().waitFor({ timeout: 30_000 });
  await wb.page.keyboard.press('End');
  await ctx.clearRequests();
  const firstMs = await showHover(wb, title);
  const requests = (await ctx.requests()).filter((r) => r.status !== null);
  const cachedMs: number[] = [];
  for (let i = 0; i < CACHED_HOVERS; i++) {
    cachedMs.push(await showHover(wb, title));
  }
  return { firstMs, cachedMs, requests, replayMs: await replay(ctx, requests) };
}

/**
 * The same GET requests sent by the benchmark all at once (the least time they can take: the hover
 * may have waited for one answer before asking the next), with the rate limit lifted meanwhile so
 * that no 429 shortens them.
 */
async function replay(ctx: BenchContext, requests: LoggedRequest[]): Promise<number> {
  await ctx.control('POST', '/config', { rateLimit: 100_000, rateWindowMs: 60_000 });
  try {
    const started = performance.now();
    await Promise.all(
      requests.map(async (r) => {
        if (r.method !== 'GET') {
          throw new Error(`the hover sent ${r.method} ${r.path}; only GETs are replayed`);
        }
        const url = `${ctx.sandbox.origin}${r.path}?${new URLSearchParams(r.query).toString()}`;
        const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
        await res.arrayBuffer();
        if (res.status !== r.status) {
          throw new Error(`replayed ${r.path} answered ${res.status}, the hover's got ${r.status}`);
        }
      }),
    );
    return performance.now() - started;
  } finally {
    await ctx.control('POST', '/config', { rateLimit: 60, rateWindowMs: 60_000 });
  }
}
