import * as assert from 'node:assert/strict';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';

/** The Accounts menu and its submenus: VS Code renders them as context menus. */
const MENU_ITEM = '.context-view .monaco-menu .action-label';

describe("e2e: the account in VS Code's Accounts menu", function () {
  let session: Session | undefined;

  before(async () => {
    session = await openSession('accounts');
  });

  after(async () => {
    await closeSession(session);
  });

  it('lists the signed-in account in the Accounts menu, and Sign Out there signs out', async () => {
    const wb = session!.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();

    const accounts = wb.activityBarItem('Accounts');
    await accounts.waitFor({ timeout: 30_000 });
    await accounts.click();
    const account = wb.page.locator(MENU_ITEM, { hasText: 'Alice Admin (Task Platform)' }).first();
    await account.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      const shown = await wb.page.locator(MENU_ITEM).allInnerTexts();
      throw new Error(`the Accounts menu shows ${JSON.stringify(shown)}: ${String(error)}`);
    });
    assert.ok(await wb.contextMenuSettled(), 'the Accounts menu opened');
    await wb.screenshot('accounts-01-menu');

    // The account's submenu: Sign Out (VS Code's own), which asks before removing the session.
    await account.hover();
    const signOut = wb.page.locator(MENU_ITEM, { hasText: /^Sign Out$/ }).first();
    await signOut.waitFor({ timeout: 15_000 });
    assert.ok(await wb.contextMenuSettled(), 'the account submenu opened');
    await wb.screenshot('accounts-02-submenu');
    await signOut.click();
    const dialog = wb.page.locator('.monaco-dialog-box').first();
    await dialog.waitFor({ timeout: 15_000 });
    assert.match(await dialog.innerText(), /Alice Admin/);
    await wb.page.locator('.context-view .monaco-menu').first().waitFor({ state: 'detached', timeout: 10_000 });
    await wb.screenshot('accounts-03-confirm');
    await dialog.getByRole('button', { name: 'Sign Out' }).click();

    // Signed out: the view offers Sign In again, the status bar has no account, the menu none either.
    await wb.openContainer('Task Platform');
    await wb.sidebar().getByRole('button', { name: 'Sign In' }).first().waitFor({ timeout: 30_000 });
    await wb.statusBarItem('Alice').waitFor({ state: 'detached', timeout: 10_000 });
    await wb.page.locator('.notification-toast', { hasText: 'Signed out of Task Platform' }).first().waitFor();
    await accounts.click();
    assert.ok(await wb.contextMenuSettled(), 'the Accounts menu opened again');
    const after = await wb.page.locator(MENU_ITEM).allInnerTexts();
    assert.ok(!after.some((text) => text.includes('Alice Admin')), JSON.stringify(after));
    await wb.screenshot('accounts-04-signed-out');
    await wb.page.keyboard.press('Escape');
  });

  it('after a reload the account is back in the menu, with no Task Platform view open', async () => {
    const wb = session!.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    // Nothing of the extension's on screen after the reload: the session is restored from
    // SecretStorage without a view asking for it.
    await wb.runCommand('View: Show Explorer');
    await fetch(`${session!.sandbox.origin}/__sandbox/requests`, { method: 'DELETE' });
    // The user's reload (its lifecycle saves which side bar was shown), not a raw page reload.
    await wb.reloadWindow();
    const accounts = wb.activityBarItem('Accounts');
    await accounts.waitFor({ timeout: 60_000 });
    // The menu does not refresh while open: wait for the session (the status bar's account item).
    await wb
      .statusBarItem('Alice')
      .waitFor({ timeout: 60_000 })
      .catch(async (e: unknown) => {
        await wb.screenshot('accounts-05-after-reload-FAILED');
        throw e;
      });
    await accounts.click();
    await wb.page.locator(MENU_ITEM, { hasText: 'Alice Admin (Task Platform)' }).first().waitFor({ timeout: 30_000 });
    assert.ok(await wb.contextMenuSettled(), 'the Accounts menu opened');
    assert.equal(
      await wb.page.locator('.part.sidebar .composite.title', { hasText: 'Task Platform' }).first().isVisible(),
      false,
      'the Task Platform views stayed closed',
    );
    await wb.screenshot('accounts-05-after-reload');
    await wb.page.keyboard.press('Escape');
    const log = (await (await fetch(`${session!.sandbox.origin}/__sandbox/requests`)).json()) as {
      data: { path: string; status: number }[];
    };
    assert.ok(
      log.data.some((r) => r.path === '/api/user' && r.status === 200),
      'the session was restored from SecretStorage',
    );
  });
});
