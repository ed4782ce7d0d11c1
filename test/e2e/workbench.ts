import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../host/browser';
import { startCodeServer } from '../host/codeServer';
import type { CodeServer } from '../host/codeServer';
import { artifactsDir } from '../host/paths';

export const screenshotsDir = join(artifactsDir, 'screenshots');

/** A real VS Code workbench (code-server) in headless Chromium, with the packaged extension installed. */
export class Workbench {
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
  }): Promise<Workbench> {
    const workspace = join(options.runDir, 'workspace');
    const server = await startCodeServer({
      runDir: options.runDir,
      workspace,
      vsix: options.vsix,
      settings: { 'workbench.colorTheme': options.theme ?? 'Default Light Modern', ...options.settings },
    });
    const browser = await launchBrowser(join(options.runDir, 'chromium-profile'));
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 120_000 });
    return new Workbench(page, browser, server, options.runDir);
  }

  async close(): Promise<void> {
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
    const deadline = Date.now() + 60_000;
    while (!(await shown.isVisible())) {
      if (Date.now() > deadline) {
        throw new Error(`the "${title}" view container did not open`);
      }
      await item.click();
      await shown.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
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

  /** Runs a command from the palette by its title, as a user would (F1, type, Enter). */
  async runCommand(title: string): Promise<void> {
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    await input.fill(`>${title}`);
    await this.page
      .locator('.quick-input-list .monaco-list-row', { hasText: title })
      .first()
      .waitFor({ timeout: 30_000 });
    await this.page.keyboard.press('Enter');
  }

  /** Answers the open input box. */
  async answerInput(text: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    await input.fill(text);
    await this.page.keyboard.press('Enter');
  }

  /**
   * Answers VS Code's own file dialog (a quick input in the browser workbench) with a full path. The
   * dialog reads folders as the value changes and ignores Enter while it is busy, so under load the
   * first Enter can be lost: press it again until the dialog has closed.
   */
  async answerFileDialog(path: string): Promise<void> {
    const widget = this.page.locator('.quick-input-widget');
    await this.answerInput(path);
    for (let attempt = 0; attempt < 5; attempt++) {
      if (
        await widget.waitFor({ state: 'hidden', timeout: 3_000 }).then(
          () => true,
          () => false,
        )
      ) {
        return;
      }
      const value = await widget.locator('input').inputValue();
      if (value !== path) {
        await widget.locator('input').fill(path);
      }
      await this.page.keyboard.press('Enter');
    }
    throw new Error(`the file dialog did not take ${path}`);
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
    return this.page
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

  /** Right-clicks `row` and returns the item `label` of its context menu, once the menu has faded in. */
  async contextMenuItem(row: Locator, label: string): Promise<Locator> {
    await row.click({ button: 'right' });
    const menu = this.page.locator('.context-view .monaco-menu');
    await menu.waitFor({ timeout: 10_000 });
    if (!(await this.contextMenuSettled())) {
      throw new Error('the context menu did not finish fading in');
    }
    return menu.locator('.action-label', { hasText: label });
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
    await this.sidebar().getByRole('button', { name: 'Sign In' }).first().click();
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
    await row.click();
    await this.page.keyboard.press('Delete');
    const dialog = this.page.locator('.monaco-dialog-box').first();
    await dialog.waitFor({ timeout: 30_000 });
    if (!(await dialog.innerText()).includes(displayId)) {
      throw new Error(`the confirmation does not name ${displayId}: ${await dialog.innerText()}`);
    }
    await this.screenshot(screenshot);
    await dialog
      .locator('.monaco-button', { hasText: /^Delete$/ })
      .first()
      .click();
    // While the dialog is going, the workbench is inert: the palette opened then closes again.
    await this.page.locator('.monaco-dialog-box').first().waitFor({ state: 'detached', timeout: 10_000 });
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

  async screenshot(name: string): Promise<string> {
    mkdirSync(screenshotsDir, { recursive: true });
    const path = join(screenshotsDir, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }
}
