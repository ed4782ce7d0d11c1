import * as assert from 'node:assert/strict';
import { until } from './steps';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';
import { pickQuickInputRow } from './quickInput';

/* eslint-disable @typescript-eslint/no-explicit-any -- sandbox JSON */
type Json = any;

/**
 * The offline queue in a real workbench: edits made while the service cannot be reached show as pending (status
 * bar, tree badge), survive a real window reload, and are applied once when the service is back.
 */
describe('e2e: offline edits survive a reload and are sent once when the service is back', function () {
  let session: Session | undefined;

  const control = async (path: string, init?: RequestInit): Promise<Json> =>
    (await fetch(`${session!.sandbox.origin}/__sandbox${path}`, init)).json();
  const post = (path: string, body: unknown): Promise<Json> =>
    control(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  before(async () => {
    session = await openSession('offline');
    const wb = session.workbench;
    await wb.signInFromView();
    await wb.setSidebarWidth(460);
    await wb.page.locator('.part.sidebar .pane-header', { hasText: 'My Tasks' }).click();
    for (const name of ['Acme', 'Engineering', 'Backend', 'API']) {
      await wb.treeRow(name).click();
    }
    await wb.page.locator('.part.sidebar .monaco-list-row[aria-level="5"]').nth(1).waitFor({ timeout: 30_000 });
    await wb.runCommand('Notifications: Clear All Notifications');
  });

  after(async () => {
    await closeSession(session);
  });

  const firstLines = (error: Error): string => error.message.split('\n').slice(0, 6).join(' | ');

  /** What a failed step leaves on screen (the menu, the quick input, the toasts), for the failure message. */
  async function onScreen(): Promise<string> {
    // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
    return session!.workbench.page.evaluate(`(() => {
      const texts = (selector) =>
        Array.from(document.querySelectorAll(selector), (el) => (el.textContent ?? '').trim().slice(0, 120));
      const widget = document.querySelector('.quick-input-widget');
      return JSON.stringify({
        menu: texts('.context-view .monaco-menu .action-label'),
        quickInput: widget && widget.style.display !== 'none' ? widget.querySelector('input')?.placeholder : 'hidden',
        toasts: texts('.notification-toast .notification-list-item-message'),
        focused: document.activeElement?.className ?? '',
      });
    })()`);
  }

  /** Sets the priority of the task row number `index` through its context menu; returns its display id. */
  async function setPriority(index: number, priority: string): Promise<string> {
    const wb = session!.workbench;
    const row = wb.page.locator('.part.sidebar .monaco-list-row[aria-level="5"]').nth(index);
    const text = (await row.textContent()) ?? '';
    const displayId = /ACME-\d+/.exec(text)?.[0];
    assert.ok(displayId, `a display id in the row: ${text}`);
    // The pick's placeholder names the task. A row re-rendered under the pointer (a pending badge
    // arriving) can close the context menu before the click lands: then it is opened again.
    const input = wb.page.locator(`.quick-input-widget input[placeholder*="${displayId}"]`);
    const clickErrors: string[] = [];
    const menuItem = wb.page.locator('.context-view .monaco-menu .action-label', { hasText: 'Set Priority' });
    for (let attempt = 1; ; attempt++) {
      // On a loaded machine a click can land on the menu before it takes clicks: the menu then stays
      // open, and the same item is clicked again rather than the menu opened anew.
      if (!(await menuItem.isVisible())) {
        await row.click({ button: 'right' });
        // The menu fades in; a click before it is opaque may be lost.
        await wb.contextMenuSettled(10_000);
      }
      await menuItem.click({ timeout: 10_000 }).catch((error: Error) => clickErrors.push(firstLines(error)));
      const shown = await input.waitFor({ state: 'visible', timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (shown) {
        break;
      }
      if (attempt >= 4) {
        await wb.screenshot(`offline-failed-pick-${displayId}`);
        assert.fail(`the priority pick for ${displayId} did not open; on screen: ${await onScreen()}; ${clickErrors}`);
      }
      if (!(await menuItem.isVisible())) {
        await wb.page.keyboard.press('Escape');
      }
    }
    // The row by its label, accepted once the pick shows it; done when the pick moved on.
    await pickQuickInputRow(wb.page, priority);
    return displayId;
  }

  it('keeps two edits made offline, through a reload, and sends each once when the service is back', async () => {
    const wb = session!.workbench;
    await post('/faults', { path: '/api/**', kind: 'reset_before' });
    const first = await setPriority(0, 'Critical');
    const pending = (n: number) =>
      wb.page
        .locator('.part.statusbar')
        .getByRole('button', { name: new RegExp(`^${n} change\\(s\\) waiting to be sent`) });
    await pending(1).waitFor({ timeout: 30_000 });
    await wb.page.locator('.notification-toast', { hasText: 'cannot be reached' }).waitFor({ timeout: 10_000 });
    const secondText =
      (await wb.page.locator('.part.sidebar .monaco-list-row[aria-level="5"]').nth(1).textContent()) ?? '';
    const secondPriority = /\blow\b/i.test(secondText) ? 'High' : 'Low';
    const second = await setPriority(1, secondPriority);
    await pending(2).waitFor({ timeout: 30_000 });
    // File decoration badges are drawn by CSS (::after content): look for the pending badge there.
    await wb.page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.part.sidebar .monaco-list-row[aria-level="5"] *')).some((el) =>
          getComputedStyle(el, '::after').content.includes('↑'),
        ),
      undefined,
      { timeout: 10_000 },
    );
    await wb.screenshot('offline-01-pending-changes');

    await control('/requests', { method: 'DELETE' });
    await wb.page.reload();
    await wb.openContainer('Task Platform');
    // Still offline after the reload: the session cannot be restored yet, and nothing is lost.
    await wb.treeRow('Cannot reach Task Platform').waitFor({ timeout: 60_000 });
    // No account is known before the service answers, but the status bar already counts what is stored.
    await pending(2).waitFor({ timeout: 30_000 });
    await wb.screenshot('offline-02-reloaded-offline');
    await control('/faults', { method: 'DELETE' });

    // The extension probes again (10 s after the failure), restores the session and sends the queue.
    const task = async (displayId: string): Promise<Json> =>
      (await control(`/state/tasks?display_id=${displayId}`)).data[0];
    await until(
      async () =>
        (await task(first)).priority === 'critical' && (await task(second)).priority === secondPriority.toLowerCase(),
      90_000,
    );
    assert.equal((await task(first)).priority, 'critical');
    assert.equal((await task(second)).priority, secondPriority.toLowerCase());
    const patches = ((await control('/requests')).data as Json[]).filter((r) => r.method === 'PATCH');
    assert.equal(patches.length, 2, `one PATCH per held edit: ${patches.map((p) => p.path).join(', ')}`);
    await wb.treeRow('Acme').waitFor({ timeout: 60_000 });
    await wb.page
      .locator('.part.statusbar')
      .getByRole('button', { name: /change\(s\) waiting to be sent/ })
      .waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(
      await wb.page.locator('.notification-toast', { hasText: 'cannot be reached' }).count(),
      0,
      'no offline notice once the queue is being sent',
    );
    await wb.screenshot('offline-03-sent');
  });
});
