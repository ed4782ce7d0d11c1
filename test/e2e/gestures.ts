import type { Locator, Page } from 'playwright-core';
import { settled, step, until } from './steps';

/**
 * The workbench's gestures on menus, rows and dialogs, each a step that waits for what it needs and
 * checks what it did (see steps.ts). Workbench exposes them as methods.
 */

/**
 * Resolves true once nothing floating is moving: no quick input closing, no context menu, dialog or
 * quick input in the middle of an animation. A key or click during one of those can be lost.
 */
export async function overlaysSettled(page: Page, timeoutMs = 10_000): Promise<boolean> {
  return page
    .waitForFunction(
      () => {
        if (document.querySelector('.quick-input-widget-closing')) return false;
        const overlays = document.querySelectorAll('.context-view, .monaco-dialog-modal-block, .quick-input-widget');
        return Array.from(overlays).every((el) =>
          (el.getAnimations?.({ subtree: true }) ?? []).every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
          ),
        );
      },
      undefined,
      { timeout: timeoutMs, polling: 100 },
    )
    .then(
      () => true,
      () => false,
    );
}

/** Closes an open context menu (Escape) and waits until the floating parts are still. */
export async function dismissOverlays(page: Page): Promise<void> {
  const menu = page.locator('.context-view .monaco-menu');
  if (await menu.isVisible().catch(() => false)) {
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  }
  await overlaysSettled(page, 5_000);
}

/** Resolves true once the open context menu is opaque and has no animation running. */
export async function contextMenuSettled(page: Page, timeoutMs: number): Promise<boolean> {
  return page
    .waitForFunction(
      () => {
        const view = document.querySelector('.context-view');
        return (
          view !== null &&
          getComputedStyle(view).opacity === '1' &&
          (view.getAnimations?.({ subtree: true }) ?? []).every((a) => a.playState !== 'running')
        );
      },
      undefined,
      { timeout: timeoutMs },
    )
    .then(
      () => true,
      () => false,
    );
}

/**
 * Right-clicks `row` until its context menu is open, settled and shows `label`; returns that item. A
 * menu that did not open (the click landed while the row re-rendered) or lacks the item (it opened on
 * another row) is closed and the right-click repeated, bounded.
 */
export async function openContextMenu(page: Page, row: Locator, label: string | RegExp): Promise<Locator> {
  const menu = page.locator('.context-view .monaco-menu');
  const item = menu.locator('.action-label', { hasText: label });
  await step(page, `open the context menu for "${String(label)}"`, {
    ready: async () => {
      await dismissOverlays(page);
      await row.waitFor({ state: 'visible', timeout: 30_000 });
      return true;
    },
    act: () => row.click({ button: 'right' }),
    done: async () =>
      (await until(() => menu.isVisible(), 10_000)) &&
      (await contextMenuSettled(page, 10_000)) &&
      (await until(() => item.first().isVisible(), 5_000)),
  });
  return item;
}

/** Clicks the settled menu's `item` and waits until the menu has gone (a second click if it was lost). */
export async function clickMenuItem(page: Page, item: Locator): Promise<void> {
  const menu = page.locator('.context-view .monaco-menu');
  await step(page, `click the menu item ${String(item)}`, {
    ready: async () => (await menu.isVisible()) && (await contextMenuSettled(page, 10_000)),
    act: () => item.first().click(),
    done: () => until(async () => (await menu.count()) === 0, 10_000),
    attempts: 2,
  });
}

/** Clicks `row` once shown and waits until its list has selected or focused it; bounded retries. */
export async function clickListRow(page: Page, row: Locator): Promise<void> {
  const taken = (): Promise<boolean> =>
    row.evaluate(
      (el) =>
        el.classList.contains('selected') ||
        el.classList.contains('focused') ||
        el.getAttribute('aria-selected') === 'true',
    );
  await step(page, `click the row ${String(row)}`, {
    ready: async () => {
      await dismissOverlays(page);
      await row.waitFor({ state: 'visible', timeout: 30_000 });
      return true;
    },
    act: () => row.click(),
    done: () => until(taken, 5_000),
  });
}

const exactly = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Answers the open modal dialog with `button` once it has settled (its text must hold `expect` when
 * given) and waits until it has gone: while a dialog is going the workbench is inert, and a key or
 * click then is lost. Returns the dialog's text.
 */
export async function answerModalDialog(
  page: Page,
  button: string | RegExp,
  expect?: string | RegExp,
): Promise<string> {
  const dialog = page.locator('.monaco-dialog-box').first();
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  await overlaysSettled(page, 5_000);
  const text = await dialog.innerText();
  if (expect !== undefined && !(typeof expect === 'string' ? text.includes(expect) : expect.test(text))) {
    throw new Error(`the dialog does not say ${String(expect)}: ${text}`);
  }
  const name = typeof button === 'string' ? exactly(button) : button;
  await step(page, `answer the dialog with ${String(button)}`, {
    ready: async () => (await dialog.isVisible()) || (await page.locator('.monaco-dialog-box').count()) === 0,
    act: async () => {
      if (await dialog.isVisible()) await dialog.locator('.monaco-button', { hasText: name }).first().click();
    },
    done: () => until(async () => (await page.locator('.monaco-dialog-box').count()) === 0, 10_000),
  });
  await overlaysSettled(page, 5_000);
  return text;
}

export { settled };
