import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../host/browser';
import { startCodeServer } from '../host/codeServer';
import type { CodeServer } from '../host/codeServer';
import { artifactsDir } from '../host/paths';
import { answerQuickInput, closeQuickInput, pickQuickInputRow, quickInputState, runPaletteCommand } from './quickInput';
import {
  answerModalDialog,
  clickListRow,
  clickMenuItem,
  contextMenuSettled,
  dismissOverlays,
  openContextMenu,
} from './gestures';
import { settled, step, until } from './steps';

export const screenshotsDir = join(artifactsDir, 'screenshots');

/** A real VS Code workbench (code-server) in headless Chromium, with the packaged extension installed. */
export class Workbench {
  /** The workbenches open now: the e2e root hook (hooks.ts) records each one's screen when a test fails. */
  static readonly opened = new Set<Workbench>();

  private constructor(
    readonly page: Page,
    private readonly browser: BrowserContext,
    readonly server: CodeServer,
    readonly runDir: string,
  ) {}

  static async open(options: {
    runDir: string;
    vsix: string;
    settings: Record<string, unknown>;
    theme?: string;
    /**
     * A fixed port: the workbench's origin, under which the browser keeps the window's storage and
     * its SecretStorage. A restart on the same runDir and port finds what the last start stored.
     */
    port?: number;
  }): Promise<Workbench> {
    const workspace = join(options.runDir, 'workspace');
    const server = await startCodeServer({
      runDir: options.runDir,
      workspace,
      vsix: options.vsix,
      port: options.port,
      settings: { 'workbench.colorTheme': options.theme ?? 'Default Light Modern', ...options.settings },
    });
    // A workbench that fails to come up must not outlive its test: its code-server and Chromium
    // would load the machine for the tests after it.
    let browser: BrowserContext | undefined;
    try {
      browser = await launchBrowser(join(options.runDir, 'chromium-profile'));
      const page = browser.pages()[0] ?? (await browser.newPage());
      // The page's own load (its scripts, fonts) takes long on a busy machine: what matters is the
      // workbench, waited for next; Playwright's 30 s default for the load event failed under load.
      await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`, {
        waitUntil: 'domcontentloaded',
        timeout: 120_000,
      });
      await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 120_000 });
      const workbench = new Workbench(page, browser, server, options.runDir);
      Workbench.opened.add(workbench);
      return workbench;
    } catch (error) {
      await browser?.close().catch(() => undefined);
      await server.stop();
      throw error;
    }
  }

  async close(): Promise<void> {
    Workbench.opened.delete(this);
    await this.browser.close().catch(() => undefined);
    await this.server.stop();
  }

  activityBarItem(title: string): Locator {
    return this.page
      .locator(
        `.part.activitybar .action-item a[aria-label^="${title}"], .part.activitybar .action-label[aria-label^="${title}"]`,
      )
      .first();
  }

  /**
   * Opens a view container from the activity bar (if it is not already open). Right after a (re)load
   * the workbench may still be restoring the sidebar it had, and a click then would close it again:
   * so look, click only when the container is not shown, and look again.
   */
  async openContainer(title: string): Promise<void> {
    const item = this.activityBarItem(title);
    await item.waitFor({ timeout: 60_000 });
    const shown = this.page.locator('.part.sidebar .composite.title', { hasText: title }).first();
    if (await shown.isVisible()) return;
    await step(this.page, `open the "${title}" view container`, {
      attempts: 6,
      ready: async () => {
        await this.dismissOverlays();
        return true;
      },
      act: async () => {
        if (!(await shown.isVisible())) await item.click();
      },
      done: () => until(() => shown.isVisible(), 10_000),
    });
  }

  sidebar(): Locator {
    return this.page.locator('.part.sidebar');
  }

  treeRow(text: string): Locator {
    return this.page.locator('.part.sidebar .monaco-list-row', { hasText: text }).first();
  }

  statusBarItem(text: string): Locator {
    return this.page.locator('.part.statusbar .statusbar-item', { hasText: text }).first();
  }

  quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /**
   * Runs a command from the palette by its title, as a user would (F1, type, Enter), and waits until
   * it took: the palette is opened (and found open and focused) afresh, the title read back, its own
   * row accepted, and the palette gone or replaced by the command's input. Retried, bounded.
   */
  async runCommand(title: string): Promise<void> {
    await this.dismissOverlays();
    await runPaletteCommand(this.page, title);
  }

  /**
   * Reloads the window as a user would (Developer: Reload Window: its lifecycle saves the workbench's
   * state, which a raw page reload would not) and waits for the new workbench. The load is listened
   * for before the command runs: on a fast machine it can be over before a later listener would start.
   */
  async reloadWindow(): Promise<void> {
    const loaded = this.page.waitForEvent('load', { timeout: 120_000 });
    await this.runCommand('Developer: Reload Window');
    await loaded;
    await this.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 120_000 });
  }

  /**
   * Answers the open input box (or pick): waits until one is open that is not the palette that opened
   * it, types `text`, reads it back, presses Enter, and waits until the input changed or closed.
   */
  async answerInput(text: string): Promise<void> {
    await answerQuickInput(this.page, text);
  }

  /**
   * Answers VS Code's own file dialog (a quick input in the browser workbench) with a full path. The
   * dialog reads folders as the value changes and ignores Enter while it is busy, so under load the
   * first Enter can be lost: press it again until the dialog has closed.
   */
  async answerFileDialog(path: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await step(this.page, `answer the file dialog with ${path}`, {
      attempts: 6,
      ready: () => until(async () => (await quickInputState(this.page)).open, 30_000),
      act: async () => {
        if ((await quickInputState(this.page)).value !== path) await input.fill(path);
        await this.page.keyboard.press('Enter');
      },
      done: () => until(async () => !(await quickInputState(this.page)).open, 5_000),
    });
  }

  /**
   * Accepts the row `label` of the open quick pick (its exact label first, else the first row holding
   * it) and waits until the pick moved on (closed, or other rows, title or prompt).
   */
  async pick(label: string): Promise<void> {
    await pickQuickInputRow(this.page, label);
  }

  /** Closes whatever quick input is open and waits until it has gone (its closing animation too). */
  async closeQuickInput(): Promise<void> {
    await closeQuickInput(this.page);
  }

  /** Closes an open context menu and waits until nothing floating is moving (see gestures.ts). */
  async dismissOverlays(): Promise<void> {
    await dismissOverlays(this.page);
  }

  /** Drags the sash at the side bar's right edge so rows are readable in screenshots. */
  async setSidebarWidth(width: number): Promise<void> {
    const box = await this.sidebar().boundingBox();
    if (!box) {
      return;
    }
    const edge = box.x + box.width;
    await this.page.mouse.move(edge + 1, box.y + box.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + width, box.y + box.height / 2, { steps: 5 });
    await this.page.mouse.up();
  }

  webview(): FrameLocator {
    return this.page.frameLocator('iframe.webview').frameLocator('#active-frame');
  }

  /** The Frame object of the active webview (to run scripts in it), two iframes deep. */
  async activeWebviewFrame(): Promise<Frame> {
    const outer = await this.page.locator('iframe.webview').last().elementHandle();
    const outerFrame = await outer!.contentFrame();
    const inner = await outerFrame!.locator('#active-frame').elementHandle();
    return (await inner!.contentFrame())!;
  }

  /**
   * Moves the keyboard focus to the side bar's tree without clicking a row (a click would open or
   * fold it). A quick pick opened while a webview or the Welcome page holds the focus can lose it
   * to them and close by itself.
   */
  async focusSideBar(): Promise<void> {
    await this.page.locator('.part.sidebar .monaco-list').first().focus();
  }

  /**
   * Waits until the open context menu has finished fading in: a click before it is opaque may be
   * lost, and a screenshot is for people. Resolves false when it does not settle within `timeoutMs`.
   */
  async contextMenuSettled(timeoutMs = 30_000): Promise<boolean> {
    return contextMenuSettled(this.page, timeoutMs);
  }

  /**
   * Right-clicks `row` and returns the item `label` of its context menu, once the menu has faded in
   * and shows it (a menu that did not open, or opened without it, is closed and tried again).
   */
  async contextMenuItem(row: Locator, label: string | RegExp): Promise<Locator> {
    return openContextMenu(this.page, row, label);
  }

  /** Right-clicks `row`, clicks `label` in its settled context menu, and waits until the menu has gone. */
  async clickContextMenuItem(row: Locator, label: string | RegExp): Promise<void> {
    await clickMenuItem(this.page, await openContextMenu(this.page, row, label));
  }

  /** Clicks `label` in the context menu open now, once it has settled, and waits until the menu has gone. */
  async clickMenuItem(label: string | RegExp): Promise<void> {
    await clickMenuItem(this.page, this.page.locator('.context-view .monaco-menu .action-label', { hasText: label }));
  }

  /** Clicks a tree or list row once shown, and waits until its list selected or focused it. */
  async clickRow(row: Locator): Promise<void> {
    await clickListRow(this.page, row);
  }

  /**
   * Answers the open modal dialog with `button` (exact text, or a pattern) once it has settled,
   * checking that its text holds `expect`, and waits until it has gone. Returns the dialog's text.
   */
  async answerDialog(button: string | RegExp, expect?: string | RegExp): Promise<string> {
    return answerModalDialog(this.page, button, expect);
  }

  /**
   * Waits until the workbench is still: no progress bar running, no animation playing (a finite one:
   * a fade, a slide), no quick input closing. For screenshots and before a gesture that a moving
   * target would lose. Resolves false when it did not settle within `timeoutMs`.
   */
  async settle(timeoutMs = 10_000): Promise<boolean> {
    return settled(this.page, timeoutMs);
  }

  /** Waits until the notification toasts have finished fading in (screenshots are for people). */
  async settleToasts(): Promise<void> {
    await this.page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.notification-toast-container, .notification-toast')).every(
        (el) =>
          getComputedStyle(el).opacity === '1' &&
          (el.getAnimations?.({ subtree: true }) ?? []).every((a) => a.playState !== 'running'),
      ),
    );
  }

  /** After signing in: waits for the "Signed in" toast and dismisses it (it would sit in the pictures). */
  /** Signs in from the Task Platform view as a user would (Sign In, paste the token) and waits for the tree. */
  async signInFromView(token = 'demo-token-alice'): Promise<void> {
    await this.openContainer('Task Platform');
    const button = this.sidebar().getByRole('button', { name: 'Sign In' }).first();
    await step(this.page, 'press Sign In', {
      ready: async () => {
        await button.waitFor({ state: 'visible', timeout: 60_000 });
        return true;
      },
      act: () => button.click(),
      // The first click also activates the extension, which takes long on a busy machine: a second
      // click is for a click that was lost, not for one that is slow.
      done: () => until(async () => (await quickInputState(this.page)).open, 60_000),
    });
    await this.answerInput(token);
    await this.treeRow('Acme').waitFor({ timeout: 60_000 });
  }

  async dismissSignInToast(): Promise<void> {
    await this.page
      .locator('.notification-toast', { hasText: 'Signed in to Task Platform' })
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await this.clearNotifications();
  }

  /** Dismisses every notification toast (they would sit in the screenshots). */
  async clearNotifications(): Promise<void> {
    if ((await this.page.locator('.notification-toast').count()) === 0) {
      return;
    }
    await this.runCommand('Notifications: Clear All Notifications');
    await this.page.locator('.notification-toast').first().waitFor({ state: 'detached', timeout: 10_000 });
  }

  /**
   * Selects a task row, presses Delete, takes `screenshot` of the confirmation, confirms, and waits
   * for the "in the Trash" notification. Returns the row's display id.
   */
  async deleteRowWithKey(row: Locator, screenshot: string): Promise<string> {
    const displayId = /([A-Z][A-Z0-9]*-\d+)/.exec(await row.innerText())?.[1];
    if (!displayId) {
      throw new Error(`no display id in the row "${await row.innerText()}"`);
    }
    await this.clickRow(row);
    const dialog = this.page.locator('.monaco-dialog-box').first();
    await step(this.page, `press Delete on ${displayId}`, {
      act: () => this.page.keyboard.press('Delete'),
      done: () => until(() => dialog.isVisible(), 10_000),
    });
    await dialog.waitFor({ timeout: 30_000 });
    await settled(this.page, 5_000);
    if (!(await dialog.innerText()).includes(displayId)) {
      throw new Error(`the confirmation does not name ${displayId}: ${await dialog.innerText()}`);
    }
    await this.screenshot(screenshot);
    // While the dialog is going, the workbench is inert: answerDialog waits until it has gone.
    await this.answerDialog('Delete');
    await this.page
      .locator('.notification-toast', { hasText: 'Trash for 30 days' })
      .filter({ hasText: displayId })
      .first()
      .waitFor({ timeout: 30_000 });
    await this.clearNotifications();
    return displayId;
  }

  /** A screenshot once the quick input has finished fading in (the workbench animates its opacity). */
  async screenshotQuickInput(name: string): Promise<string> {
    await this.page.waitForFunction(() => {
      const widget = document.querySelector('.quick-input-widget');
      return widget !== null && getComputedStyle(widget).opacity === '1';
    });
    return this.screenshot(name);
  }

  /** A screenshot once the workbench has settled (at most 5 s: a picture of a busy screen beats none). */
  async screenshot(name: string): Promise<string> {
    await settled(this.page, 5_000);
    mkdirSync(screenshotsDir, { recursive: true });
    const path = join(screenshotsDir, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }
}
