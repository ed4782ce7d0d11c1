import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { closeSession, openSession, otherWorld } from './fixtures';
import type { Session } from './fixtures';
import type { Sandbox } from '../../sandbox/server';

/** The Accounts menu and its submenus: VS Code renders them as context menus. */
const MENU_ITEM = '.context-view .monaco-menu .action-label';

/**
 * Three accounts in one window, as a consultant with two clients would have them: Alice and Bob on
 * one service, Frank on another service of a different world (other ids, users and tokens). Each
 * is listed once in VS Code's Accounts menu (which knows an account by its label: when a second
 * account makes every label name its host, the first must not stay listed under its old label)
 * and has its own root in Workspaces.
 */
describe('e2e: three accounts in one window (two services, two users on one)', function () {
  let session: Session | undefined;
  let other: Sandbox;

  before(async () => {
    session = await openSession('accountsThree');
    other = await otherWorld(session);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 60)}`);
    }
  });

  after(() => closeSession(session));

  /** Add Account, as a user does it: the command, the service's address, the token. */
  async function addAccount(baseUrl: string, token: string, name: string): Promise<void> {
    const wb = session!.workbench;
    await wb.runCommand('Task Platform: Add Account');
    await wb.answerInput(baseUrl);
    await wb.answerInput(token);
    await wb.page
      .locator('.notification-toast', { hasText: new RegExp(`Added the Task Platform account of ${name}`) })
      .first()
      .waitFor({ timeout: 60_000 });
    await wb.clearNotifications();
  }

  /** The Task Platform entries of the Accounts menu, opened and read once it has settled. */
  async function accountsMenu(): Promise<string[]> {
    const wb = session!.workbench;
    await wb.activityBarItem('Accounts').click();
    await wb.page.locator(MENU_ITEM, { hasText: '(Task Platform)' }).first().waitFor({ timeout: 30_000 });
    assert.ok(await wb.contextMenuSettled(), 'the Accounts menu opened');
    const all = await wb.page.locator(MENU_ITEM).allInnerTexts();
    console.log(`      the Accounts menu: ${JSON.stringify(all)}`);
    return all.filter((t) => t.includes('(Task Platform)'));
  }

  /** The rows of the Workspaces view (My Tasks has a root per account too). */
  const workspaceRows = (): Locator =>
    session!.workbench.page
      .locator('.part.sidebar .pane', {
        has: session!.workbench.page.locator('.pane-header', { hasText: 'Workspaces' }),
      })
      .locator('.monaco-list-row');

  /**
   * The Workspaces view's rows as [list index, name], in the list's order (the list renders rows in
   * any DOM order: `data-index` is their place).
   */
  const indexedRows = async (): Promise<[number, string][]> => {
    const rows = await workspaceRows().evaluateAll((els) =>
      els.map((el) => [Number(el.getAttribute('data-index')), el.querySelector('.label-name')?.textContent ?? '']),
    );
    return (rows as [number, string][]).map(([i, t]): [number, string] => [i, t.trim()]).sort((a, b) => a[0] - b[0]);
  };
  const rowNames = async (): Promise<string[]> => (await indexedRows()).map(([, name]) => name);
  it('adds Bob on the same service and Frank on another; the Accounts menu lists each once', async () => {
    const wb = session!.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.setSidebarWidth(520);
    await addAccount(session!.sandbox.baseUrl, 'demo-token-bob', 'Bob Member');
    await addAccount(other.baseUrl, 'other-token-frank', 'Frank Founder');

    const entries = await accountsMenu();
    const demoHost = new URL(session!.sandbox.baseUrl).host;
    const otherHost = new URL(other.baseUrl).host;
    assert.deepEqual(
      [...entries].sort(),
      [
        `Alice Admin (${demoHost}) (Task Platform)`,
        `Bob Member (${demoHost}) (Task Platform)`,
        `Frank Founder (${otherHost}) (Task Platform)`,
      ],
      'each account once, named with its service',
    );
    await wb.screenshot('accounts-three-01-menu');
    await wb.page.keyboard.press('Escape');

    // A root per account in Workspaces, in the order they were added, each with its own workspaces.
    await wb.openContainer('Task Platform');
    await wb.treeRow('Frank Founder').waitFor({ timeout: 60_000 });
    await wb.treeRow('Nimbus').waitFor({ timeout: 60_000 });
    await wb.settle();
    const rows = await rowNames();
    const roots = ['Alice Admin', 'Bob Member', 'Frank Founder'].map((name) => rows.indexOf(name));
    assert.ok(
      roots.every((index, i) => index >= 0 && (i === 0 || index > roots[i - 1]!)),
      `three roots in order: ${JSON.stringify(rows)}`,
    );
    assert.equal(rows.slice(roots[2]).filter((r) => r === 'Acme Labs').length, 1, "Frank's workspace is under him");
    await wb.screenshot('accounts-three-02-roots');
  });
});
