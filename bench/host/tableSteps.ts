/**
 * The table figure's steps in the real workbench: the biggest list of the `large` seed opened as a
 * table from the tree (right click, Open as Table) and scrolled to its last row, and the same rows
 * in the baseline extension's plain <table> (bench/host/emptyExtension.ts, openTable), opened by its
 * key and scrolled the same way. "Shown" is seen from Playwright in the webview's DOM: the first row
 * present, and for the full scroll the last row inside the window after its scroll container (the
 * nearest scrolling ancestor of a row) was set to its bottom, polled every animation frame.
 */
import type { Frame } from 'playwright-core';
import type { Workbench } from '../../test/e2e/workbench';
import type { PlainRow } from './emptyExtension';
import { EMPTY_TABLE_KEY } from './emptyExtension';
import { visibleWebview } from './panelSteps';

/** A data row of our grid (group headers and the header row have no gridcell). */
export const GRID_ROW = '[role="grid"] [role="row"][aria-rowindex]:has([role="gridcell"])';
export const PLAIN_ROW = '#rows tr[data-row]';

/** Where the big list sits in the explorer of the `large` seed. */
export const BIG_LIST_PATH = ['Acme', 'Space 1', 'Folder 1.1', 'List 1.1.1'] as const;

export interface TableTimes {
  firstRowsMs: number;
  fullScrollMs: number;
  /** A scroll from the top to the bottom in SCROLL_FRAMES even steps, one per frame: each frame's length. */
  frameMs: number[];
  /** Rows the page says it has (our grid: aria-rowcount less its header row; the plain table: its rows). */
  rows: number;
}

/** The Frame of the webview in front (to run scripts in it), once it exists. */
async function visibleFrame(wb: Workbench): Promise<Frame> {
  const outer = await wb.page.locator('iframe.webview:visible').first().elementHandle({ timeout: 30_000 });
  const outerFrame = await outer.contentFrame();
  const inner = await outerFrame!.locator('#active-frame').elementHandle({ timeout: 30_000 });
  return (await inner.contentFrame())!;
}

/**
 * Sets the scroll container of the rows to its bottom, every animation frame, until the row
 * `lastSelector` is inside the window (a virtualised grid renders it only then, and may grow as
 * the rest of its rows arrive). Returns the time from the first scroll to that frame.
 */
async function scrollToLast(frame: Frame, rowSelector: string, lastSelector: string): Promise<number> {
  const started = Date.now();
  await frame.waitForFunction(
    ({ row, last }) => {
      const target = document.querySelector(last);
      if (target) {
        const r = target.getBoundingClientRect();
        if (r.height > 0 && r.top < window.innerHeight && r.bottom > 0) return true;
      }
      let box: Element | null = document.querySelector(row);
      while (box && !(box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(box).overflowY))) {
        box = box.parentElement;
      }
      const scroller = box ?? document.scrollingElement;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
      return false;
    },
    { row: rowSelector, last: lastSelector },
    { polling: 'raf', timeout: 120_000 },
  );
  return Date.now() - started;
}

/** Steps of the smooth scroll from top to bottom (about 20 rows of 28 px a frame over 2,500 rows). */
export const SCROLL_FRAMES = 120;

/**
 * Scrolls the rows' container from its top to its bottom in SCROLL_FRAMES steps, one step each
 * animation frame (the page renders its window for each), and returns how long each frame took.
 */
async function smoothScroll(frame: Frame, rowSelector: string): Promise<number[]> {
  return frame.evaluate(
    async ({ row, steps }) => {
      let box: Element | null = document.querySelector(row);
      while (box && !(box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(box).overflowY))) {
        box = box.parentElement;
      }
      const scroller = box ?? document.scrollingElement!;
      scroller.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const step = Math.ceil((scroller.scrollHeight - scroller.clientHeight) / steps);
      const times: number[] = [];
      let last = performance.now();
      for (let i = 0; i < steps; i++) {
        scroller.scrollTop += step;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return times;
    },
    { row: rowSelector, steps: SCROLL_FRAMES },
  );
}

/** Expands the explorer down to the big list's folder; the list itself stays folded (its rows unloaded). */
export async function showBigList(wb: Workbench): Promise<void> {
  for (const name of BIG_LIST_PATH.slice(0, -1)) {
    const row = wb.treeRow(name);
    await row.waitFor({ timeout: 60_000 });
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  }
  await wb.treeRow(BIG_LIST_PATH[BIG_LIST_PATH.length - 1]!).waitFor({ timeout: 60_000 });
}

/** Right click on the big list, Open as Table: timed from the click to the first row, then the full scroll. */
export async function oursTable(wb: Workbench): Promise<TableTimes> {
  const item = await wb.contextMenuItem(wb.treeRow(BIG_LIST_PATH[BIG_LIST_PATH.length - 1]!), 'Open as Table');
  await item.waitFor({ timeout: 10_000 });
  const started = Date.now();
  await item.click();
  await visibleWebview(wb).locator(GRID_ROW).first().waitFor({ timeout: 120_000 });
  const firstRowsMs = Date.now() - started;
  const frame = await visibleFrame(wb);
  const rowCount = Number(await frame.locator('[role="grid"]').first().getAttribute('aria-rowcount'));
  if (!(rowCount > 1)) {
    throw new Error(`the grid has no aria-rowcount (${rowCount})`);
  }
  const fullScrollMs = await scrollToLast(frame, GRID_ROW, `[role="row"][aria-rowindex="${rowCount}"]`);
  const frameMs = await smoothScroll(frame, GRID_ROW);
  return { firstRowsMs, fullScrollMs, frameMs, rows: rowCount - 1 };
}

/** The baseline: its key opens the plain table (rows posted once); timed the same way. */
export async function plainTable(wb: Workbench, rows: number): Promise<TableTimes> {
  const started = Date.now();
  await wb.page.keyboard.press(EMPTY_TABLE_KEY);
  await visibleWebview(wb).locator(PLAIN_ROW).first().waitFor({ timeout: 120_000 });
  const firstRowsMs = Date.now() - started;
  const frame = await visibleFrame(wb);
  const shown = await frame.locator(PLAIN_ROW).count();
  if (shown !== rows) {
    throw new Error(`the plain table shows ${shown} rows, not ${rows}`);
  }
  const fullScrollMs = await scrollToLast(frame, PLAIN_ROW, `#rows tr[data-row="${rows}"]`);
  const frameMs = await smoothScroll(frame, PLAIN_ROW);
  return { firstRowsMs, fullScrollMs, frameMs, rows: shown };
}

/** The task index rows as the plain table shows them (the fields of our table's columns). */
export function plainRows(
  data: {
    display_id: string;
    title: string;
    priority: string | null;
    due_date: string | null;
    status?: { name: string } | null;
    assignee?: { name: string } | null;
  }[],
  listName: string,
): PlainRow[] {
  return data.map((t) => ({
    displayId: t.display_id,
    title: t.title,
    status: t.status?.name ?? '',
    priority: t.priority ?? '',
    assignee: t.assignee?.name ?? '',
    due: t.due_date?.slice(0, 10) ?? '',
    list: listName,
  }));
}
