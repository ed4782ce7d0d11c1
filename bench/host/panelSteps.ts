/**
 * Panel opens and the extension host's heap, measured in the real workbench as a user would cause
 * them: ours from the tree (a task row focused with the arrow keys, then Enter), the baseline
 * extension's empty webview through its keys (bench/host/emptyExtension.ts). A cold open is timed to
 * the new page's first contentful paint, by the browser's own record (the title row in both pages),
 * and to the moment Playwright sees the text in the webview's DOM, two frames deep in the visible
 * webview; a warm open (no new page) only to the latter.
 */
import type { FrameLocator, Locator } from 'playwright-core';
import type { Workbench } from '../../test/e2e/workbench';
import { EMPTY_HEAP_KEY, EMPTY_HEAP_TEXT, EMPTY_PANEL_KEY, EMPTY_REPOST_KEY, emptyPanelTitle } from './emptyExtension';
import { expandFirstList, pressUntil } from './steps';

/** Cold opens (no editor open) per run: the first before the warm ones, the others after them. */
export const COLD_OPENS = 5;

/** COLD_OPENS cold opens, and `warm` opens while a panel is open. */
export interface Opens {
  coldMs: number[];
  /** The same cold opens by the page's own clock: Enter to its first contentful paint (the title row). */
  coldPaintMs: number[];
  warmMs: number[];
}

/** Close All Editors, and wait until no webview is left on screen. */
async function closeAll(wb: Workbench): Promise<void> {
  await wb.runCommand('View: Close All Editors');
  await wb.page.locator('iframe.webview:visible').first().waitFor({ state: 'hidden', timeout: 10_000 });
}

/** The document of the webview in front (hidden webviews are not visible; VS Code may keep their frames). */
export function visibleWebview(wb: Workbench): FrameLocator {
  return wb.page.frameLocator('iframe.webview:visible').frameLocator('#active-frame');
}

const exactly = (text: string): RegExp => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/** How often `seenVisible` looks for the text: fine enough for a 150 ms target, light enough for two cores. */
const SEEN_POLL_MS = 4;

/**
 * Resolves once Playwright sees `painted` visible, looking every SEEN_POLL_MS. Playwright's own
 * `waitFor` looks again only 20, 50, 100 and 100 ms after each miss, then every 500 ms, so what it
 * times lands on those steps: a title painted at 168 ms is seen at about 270, one painted at 157 at
 * about 175.
 */
async function seenVisible(painted: Locator, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // A frame being replaced, or two webviews visible for a moment, is "not yet".
  while (!(await painted.isVisible().catch(() => false))) {
    if (Date.now() > deadline) {
      throw new Error(`not painted within ${timeoutMs} ms: ${painted.toString()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, SEEN_POLL_MS));
  }
}

async function timed(press: () => Promise<void>, painted: Locator): Promise<number> {
  const started = Date.now();
  await press();
  await seenVisible(painted);
  return Date.now() - started;
}

/**
 * A cold open timed twice: until the new page's own first contentful paint (`paint`, the browser's
 * clock, the same machine's as ours), which is the title row in both pages, and until Playwright sees
 * the title in it (`seen`). Playwright sees a new page only once it has taken hold of its frame, and
 * only between the page's tasks: from a few to over 100 ms after the paint, from one open to the next.
 */
async function timedCold(
  wb: Workbench,
  press: () => Promise<void>,
  painted: Locator,
): Promise<{ seen: number; paint: number }> {
  const started = Date.now();
  const seen = await timed(press, painted);
  const paintedAt = await visibleWebview(wb)
    .locator('body')
    // Playwright may see the text in the DOM a moment before the frame that paints it.
    .evaluate(
      () =>
        new Promise<number>((resolve) => {
          const observer = new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) {
              observer.disconnect();
              resolve(performance.timeOrigin + entry.startTime);
            }
          });
          observer.observe({ type: 'paint', buffered: true });
          setTimeout(() => resolve(NaN), 5000);
        }),
    );
  if (!Number.isFinite(paintedAt)) {
    throw new Error('the new page has no first-contentful-paint entry');
  }
  return { seen, paint: Math.round(paintedAt - started) };
}

/**
 * The baseline, as ours: its key opens the empty panel as the window's first webview (`firstMs`,
 * against the heavy task opened first), then, once closed, again (cold, against the first task
 * opened from the tree), then its other key re-posts a title `warm` times, then closed and opened
 * again until there are COLD_OPENS cold opens.
 */
export async function emptyPanelOpens(wb: Workbench, warm: number): Promise<Opens & { firstMs: number }> {
  const title = (n: number): Locator => visibleWebview(wb).locator('#title', { hasText: exactly(emptyPanelTitle(n)) });
  const firstMs = await timed(() => wb.page.keyboard.press(EMPTY_PANEL_KEY), title(1));
  const coldMs: number[] = [];
  const coldPaintMs: number[] = [];
  const cold = async (): Promise<void> => {
    await closeAll(wb);
    const { seen, paint } = await timedCold(wb, () => wb.page.keyboard.press(EMPTY_PANEL_KEY), title(1));
    coldMs.push(seen);
    coldPaintMs.push(paint);
  };
  await cold();
  const warmMs: number[] = [];
  for (let n = 2; n <= warm + 1; n++) {
    warmMs.push(await timed(() => wb.page.keyboard.press(EMPTY_REPOST_KEY), title(n)));
  }
  while (coldMs.length < COLD_OPENS) {
    await cold();
  }
  return { firstMs, coldMs, coldPaintMs, warmMs };
}

/** The display id of the tree row that has the keyboard focus (its accessible label starts with it). */
async function focusedTaskId(wb: Workbench, previous: string | undefined): Promise<string> {
  const row = wb.page.locator('.part.sidebar .monaco-list-row.focused').first();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const label = (await row.getAttribute('aria-label').catch(() => null)) ?? '';
    const id = /^\s*([A-Z][A-Z0-9]*-\d+)\b/.exec(label)?.[1];
    if (id && id !== previous && (await row.getAttribute('aria-expanded')) === null) {
      return id;
    }
    if (Date.now() > deadline) {
      throw new Error(`no task row took the focus (focused row: "${label}")`);
    }
    // Not a task row yet (the list itself, a group, a parent task), or the DOM not updated yet.
    await wb.page.keyboard.press('ArrowDown');
  }
}

/**
 * Expands the first big list (2,500 tasks) where needed and opens `1 + warm` of its tasks one after
 * another: the tree gets the focus back, ArrowDown moves to the next task row, Enter opens it; timed
 * from Enter to its display id painted in the panel's title row. The first is cold (no editor open;
 * the window has shown a webview before), the others open while the previous task's panel is in front;
 * then, after Close All Editors each time, the next tasks cold until there are COLD_OPENS cold opens.
 */
export async function treeOpens(
  wb: Workbench,
  warm: number,
): Promise<Opens & { ids: string[]; budget: string; tabs: number }> {
  await expandFirstList(wb);
  const ids: string[] = [];
  const next = async (): Promise<Locator> => {
    await wb.focusSideBar();
    await wb.page.keyboard.press('ArrowDown');
    const id = await focusedTaskId(wb, ids.at(-1));
    ids.push(id);
    return visibleWebview(wb).locator('.title-row .display-id', { hasText: exactly(id) });
  };
  const press = (): Promise<void> => wb.page.keyboard.press('Enter');
  const coldMs: number[] = [];
  const coldPaintMs: number[] = [];
  const cold = async (): Promise<void> => {
    const { seen, paint } = await timedCold(wb, press, await next());
    coldMs.push(seen);
    coldPaintMs.push(paint);
  };
  await cold();
  const warmMs: number[] = [];
  for (let i = 0; i < warm; i++) {
    warmMs.push(await timed(press, await next()));
  }
  // The request budget in the status bar ("left/60", "+n" queued): ten opens may spend a minute's worth.
  const budget = wb.page.locator('.part.statusbar .statusbar-item', { hasText: /\d+\/\d+/ }).first();
  const budgetText = (await budget.innerText({ timeout: 5000 }).catch(() => '?')).trim();
  // Editor tabs left open: one per task while each open makes a panel, one when a preview panel is reused.
  const tabs = await wb.page.locator('.tabs-container .tab').count();
  while (coldMs.length < COLD_OPENS) {
    await closeAll(wb);
    await cold();
  }
  return { coldMs, coldPaintMs, warmMs, ids, budget: budgetText, tabs };
}

/**
 * The first task a fresh window opens (signed in, nothing opened before: the task panel's code, its
 * page's bundle and VS Code's first webview all come with it) against later cold opens in the same
 * window, each from the tree with no editor open, timed to the page's first contentful paint.
 */
export async function firstAndLaterOpens(
  wb: Workbench,
  later: number,
): Promise<{ firstPaintMs: number; laterPaintMs: number[] }> {
  await expandFirstList(wb);
  let previous: string | undefined;
  const open = async (): Promise<number> => {
    await wb.focusSideBar();
    await wb.page.keyboard.press('ArrowDown');
    previous = await focusedTaskId(wb, previous);
    const painted = visibleWebview(wb).locator('.title-row .display-id', { hasText: exactly(previous) });
    return (await timedCold(wb, () => wb.page.keyboard.press('Enter'), painted)).paint;
  };
  const firstPaintMs = await open();
  const laterPaintMs: number[] = [];
  while (laterPaintMs.length < later) {
    await closeAll(wb);
    laterPaintMs.push(await open());
  }
  return { firstPaintMs, laterPaintMs };
}

/** The same for the baseline extension's empty webview (its key), in a window that has shown none. */
export async function emptyFirstAndLaterOpens(
  wb: Workbench,
  later: number,
): Promise<{ firstPaintMs: number; laterPaintMs: number[] }> {
  const title = visibleWebview(wb).locator('#title', { hasText: exactly(emptyPanelTitle(1)) });
  const open = async (): Promise<number> =>
    (await timedCold(wb, () => wb.page.keyboard.press(EMPTY_PANEL_KEY), title)).paint;
  const firstPaintMs = await open();
  const laterPaintMs: number[] = [];
  while (laterPaintMs.length < later) {
    await closeAll(wb);
    laterPaintMs.push(await open());
  }
  return { firstPaintMs, laterPaintMs };
}

/** process.memoryUsage() of the extension host after a full GC, through the baseline extension's key. */
export async function extensionHostHeap(wb: Workbench): Promise<{ heapUsed: number; rss: number }> {
  const item = wb.statusBarItem(EMPTY_HEAP_TEXT);
  await pressUntil(wb, EMPTY_HEAP_KEY, item);
  const match = /bench-heap (\d+) (\d+)/.exec(await item.innerText());
  if (!match) {
    throw new Error(`unexpected heap message: ${await item.innerText()}`);
  }
  return { heapUsed: Number(match[1]), rss: Number(match[2]) };
}
