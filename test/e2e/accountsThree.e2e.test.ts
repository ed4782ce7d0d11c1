import * as assert from 'node:assert/strict';
import type { FrameLocator, Locator } from 'playwright-core';
import { closeSession, controlCall, openSession, otherWorld } from './fixtures';
import type { Session } from './fixtures';
import { pickQuickInputRow } from './quickInput';
import { step, until, waitForValue } from './steps';
import type { Sandbox } from '../../sandbox/server';

/** The Accounts menu and its submenus: VS Code renders them as context menus. */
const MENU_ITEM = '.context-view .monaco-menu .action-label';

/** A request in a sandbox's log (GET /__sandbox/requests). */
interface Logged {
  method: string;
  path: string;
  status: number | null;
  token_label: string;
}

/** A task as a sandbox stores it (GET /__sandbox/state/tasks). */
interface Stored {
  id: string;
  display_id: string;
  title: string;
  priority: string;
}

/** The writes among logged requests (reads may come from background polls of any account). */
const writesOf = (log: Logged[]): Logged[] => log.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
const shown = (log: Logged[]): string => JSON.stringify(log.map((r) => `${r.method} ${r.path} ${r.token_label}`));

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

  const log = async (sandbox: Sandbox): Promise<Logged[]> =>
    (await controlCall<{ data: Logged[] }>(sandbox, 'GET', '/requests')).data;
  const clearLogs = async (): Promise<void> => {
    await controlCall(session!.sandbox, 'DELETE', '/requests');
    await controlCall(other, 'DELETE', '/requests');
  };
  /** The task `displayId` as `sandbox` stores it, once `ok` holds on it. */
  const stored = (sandbox: Sandbox, displayId: string, ok: (t: Stored) => boolean, what: string): Promise<Stored> =>
    waitForValue(
      async () =>
        (await controlCall<{ data: Stored[] }>(sandbox, 'GET', `/state/tasks?display_id=${displayId}`)).data[0],
      (t) => t !== undefined && ok(t),
      what,
    ) as Promise<Stored>;

  interface TreeRow {
    index: number;
    level: number;
    name: string;
    text: string;
  }
  /** The Workspaces view's rendered rows in the list's order, with their depth. */
  const treeRows = async (): Promise<TreeRow[]> => {
    const rows = await workspaceRows().evaluateAll((els) =>
      els.map((el) => ({
        index: Number(el.getAttribute('data-index')),
        level: Number(el.getAttribute('aria-level')),
        name: (el.querySelector('.label-name')?.textContent ?? '').trim(),
        text: (el.textContent ?? '').trim(),
      })),
    );
    return rows.sort((a, b) => a.index - b.index);
  };
  /** The rows below `parent` one level down (its children, as far as they are rendered). */
  const childrenOf = (rows: TreeRow[], parent: TreeRow): TreeRow[] => {
    const from = rows.indexOf(parent) + 1;
    const end = rows.findIndex((r, i) => i >= from && r.level <= parent.level);
    return rows.slice(from, end < 0 ? rows.length : end).filter((r) => r.level === parent.level + 1);
  };
  /** The row at `path` (an account's root name, then the names below it), if rendered now. */
  const findRow = async (path: string[]): Promise<TreeRow | undefined> => findIn(await treeRows(), path);
  const findIn = (rows: TreeRow[], path: string[]): TreeRow | undefined => {
    let at = rows.find((r) => r.level === 1 && r.name === path[0]);
    for (const name of path.slice(1)) {
      at = at && childrenOf(rows, at).find((r) => r.name === name);
    }
    return at;
  };
  const rowAt = (index: number): Locator =>
    workspaceRows().and(session!.workbench.page.locator(`[data-index="${index}"]`));
  /** The row at `path`, once shown. */
  const rowOf = async (path: string[]): Promise<Locator> => {
    const row = await waitForValue(
      () => findRow(path),
      (r) => r !== undefined,
      path.join(' > '),
      60_000,
    );
    return rowAt(row!.index);
  };
  const expanded = async (path: string[]): Promise<boolean> =>
    (await (await rowOf(path)).getAttribute('aria-expanded')) === 'true';

  /** Unfolds (or folds) every row along `path`, each once shown; a retry clicks only a row not yet as wanted. */
  async function unfold(path: string[], open = true): Promise<void> {
    const wb = session!.workbench;
    for (let depth = open ? 1 : path.length; depth <= path.length; depth++) {
      const at = path.slice(0, depth);
      await step(wb.page, `${open ? 'unfold' : 'fold'} ${at.join(' > ')}`, {
        ready: async () => {
          await wb.dismissOverlays();
          return (await rowOf(at)).isVisible();
        },
        act: async () => {
          if ((await expanded(at)) !== open) await (await rowOf(at)).locator('.monaco-tl-twistie').click();
        },
        done: () => until(async () => (await expanded(at)) === open, 30_000),
      });
    }
  }

  /**
   * The task rows of the list at `path` (unfolded), once at least `count` have loaded right below it
   * (one reading of the rows, the first task next to the list), with their display ids.
   */
  async function tasksOf(path: string[], count: number): Promise<{ row: Locator; displayId: string }[]> {
    const isTask = (r: TreeRow): boolean => /[A-Z]+-\d+/.test(r.text);
    const tasks = await waitForValue(
      async () => {
        const rows = await treeRows();
        const list = findIn(rows, path);
        const children = list ? childrenOf(rows, list) : [];
        return list && children[0]?.index === list.index + 1 ? children.filter(isTask) : [];
      },
      (children) => children.length >= count,
      `${count} tasks under ${path.join(' > ')}`,
      60_000,
    );
    return tasks.map((r) => ({ row: rowAt(r.index), displayId: /[A-Z]+-\d+/.exec(r.text)![0] }));
  }

  /** The task panel shown now (hidden panels keep their frames). */
  const panel = (): FrameLocator =>
    session!.workbench.page.frameLocator('iframe.webview:visible').frameLocator('#active-frame');

  /** Opens the task of `row` in the panel and renames it there. */
  async function editInPanel(row: Locator, displayId: string, title: string): Promise<void> {
    await session!.workbench.clickRow(row);
    await renameInPanel(displayId, title);
  }

  /** Renames the task the panel shows, once it shows `displayId`. */
  async function renameInPanel(displayId: string, title: string): Promise<void> {
    // Exactly: ACME-17 contains ACME-1.
    const id = panel().locator('.title-row .display-id', { hasText: new RegExp(`^\\s*${displayId}\\s*$`) });
    await id.waitFor({ timeout: 60_000 });
    const field = panel().locator('.title-row vscode-textfield input');
    await field.waitFor({ timeout: 60_000 });
    await field.fill(title);
    await field.press('Enter');
  }

  /** Set Priority… from the context menu of a task row, as a user picks it. */
  async function setPriority(row: Locator, displayId: string, priority: string): Promise<void> {
    const wb = session!.workbench;
    await wb.clickContextMenuItem(row, 'Set Priority');
    const input = wb.page.locator(`.quick-input-widget input[placeholder*="${displayId}"]`);
    // The pick of this task (its placeholder names it), then the row by its label.
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    await pickQuickInputRow(wb.page, priority);
  }

  /** A priority other than the task's now, so the write changes something. */
  const otherPriority = (task: Stored): string => (task.priority === 'high' ? 'Low' : 'High');
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

  it('edits a task of each account with its own token; signing out of Frank keeps his queued change', async () => {
    const wb = session!.workbench;
    const demo = session!.sandbox;
    const ALICE = ['Alice Admin', 'Acme', 'Engineering', 'Backend', 'API'];
    const BOB = ['Bob Member', 'Acme', 'Engineering', 'Backend', 'API'];
    const FRANK = ['Frank Founder', 'Acme Labs', 'Research', 'Lab', 'Experiments'];
    // Room for three trees: My Tasks folded.
    const myTasks = wb.page.locator('.part.sidebar .pane-header', { hasText: 'My Tasks' });
    if ((await myTasks.getAttribute('aria-expanded')) === 'true') await myTasks.click();
    await waitForValue(
      () => myTasks.getAttribute('aria-expanded'),
      (v) => v === 'false',
      'My Tasks folded',
    );

    // 1. A task of each account, opened from its root and renamed in the panel: the write reaches its
    // own service with its own token, and the other service receives no write at all.
    const edits = [
      { path: ALICE, sandbox: demo, pick: 0, label: 'alice', title: 'Renamed by Alice' },
      { path: BOB, sandbox: demo, pick: 1, label: 'bob', title: 'Renamed by Bob' },
      { path: FRANK, sandbox: other, pick: 0, label: 'frank', title: 'Renamed by Frank' },
    ];
    for (const [n, edit] of edits.entries()) {
      await unfold(edit.path);
      const task = (await tasksOf(edit.path, edit.pick + 1))[edit.pick]!;
      await clearLogs();
      await editInPanel(task.row, task.displayId, edit.title);
      await stored(edit.sandbox, task.displayId, (t) => t.title === edit.title, `${edit.label}'s title`);
      const writes = writesOf(await log(edit.sandbox));
      assert.ok(
        writes.some((r) => r.method === 'PATCH') && writes.every((r) => r.token_label === edit.label),
        `${task.displayId} written with ${edit.label}'s token alone: ${shown(writes)}`,
      );
      const elsewhere = writesOf(await log(edit.sandbox === demo ? other : demo));
      assert.deepEqual(elsewhere, [], `no write of ${edit.label}'s edit on the other service: ${shown(elsewhere)}`);
      await wb.screenshot(`accounts-three-0${n + 3}-${edit.label}-task`);
      // Alice's and Bob's trees folded again, for room.
      if (edit.sandbox === demo) await unfold(edit.path.slice(0, 1), false);
    }

    // 2. A command on Frank's node (Set Priority from its context menu): nothing about it reaches
    // the first service (background polls of Alice and Bob may read there, nothing else).
    const frank = (await tasksOf(FRANK, 1))[0]!;
    const franks = await stored(other, frank.displayId, () => true, "Frank's task");
    await clearLogs();
    await setPriority(frank.row, frank.displayId, otherPriority(franks));
    await stored(other, frank.displayId, (t) => t.priority === otherPriority(franks).toLowerCase(), 'his priority');
    const his = writesOf(await log(other));
    assert.ok(his.length === 1 && his[0]!.token_label === 'frank', `one write, with Frank's token: ${shown(his)}`);
    const firstService = await log(demo);
    console.log(`      requests to the first service meanwhile: ${shown(firstService)}`);
    assert.deepEqual(
      firstService.filter((r) => r.method !== 'GET' || r.path.includes(franks.id)),
      [],
      "nothing of Frank's command sent to the first service",
    );
    await wb.screenshot('accounts-three-06-frank-command');

    // 3. Frank's service cannot be reached: his next edit is kept, and Alice still loads and writes.
    await controlCall(other, 'POST', '/faults', { path: '/api/**', kind: 'reset_before' });
    await renameInPanel(frank.displayId, 'Queued by Frank');
    const pending = wb.page
      .locator('.part.statusbar')
      .getByRole('button', { name: /1 change\(s\) waiting to be sent/ });
    await pending.waitFor({ timeout: 60_000 });
    await wb.page.locator('.notification-toast', { hasText: 'cannot be reached' }).first().waitFor({ timeout: 30_000 });
    await panel().getByText('are not sent yet').first().waitFor({ timeout: 30_000 });
    await wb.screenshot('accounts-three-07-frank-queued');
    await wb.clearNotifications();

    // Her tree is read again (Refresh, with her root unfolded): her service answers her.
    await unfold(ALICE);
    await clearLogs();
    await wb.runCommand('Task Platform: Refresh');
    await waitForValue(
      () => log(demo),
      (entries) => entries.some((r) => r.token_label === 'alice' && r.status === 200),
      "Alice's tree read again",
    );
    // The view's note names whose rows may be out of date: Frank's alone.
    await wb
      .sidebar()
      .getByText(/^Task Platform cannot be reached for Frank Founder at /)
      .waitFor({ timeout: 60_000 });
    const alices = (await tasksOf(ALICE, 3))[2]!;
    const alice = await stored(demo, alices.displayId, () => true, "Alice's task");
    await setPriority(alices.row, alices.displayId, otherPriority(alice));
    await stored(demo, alices.displayId, (t) => t.priority === otherPriority(alice).toLowerCase(), "Alice's priority");
    const hers = writesOf(await log(demo));
    assert.ok(hers.length === 1 && hers[0]!.token_label === 'alice', `Alice's write: ${shown(hers)}`);
    await wb.screenshot('accounts-three-08-alice-while-frank-down');
    await unfold(ALICE.slice(0, 1), false);

    // Sign Out of Frank in his submenu of the Accounts menu, then VS Code's confirmation.
    await accountsMenu();
    await wb.page
      .locator(MENU_ITEM, { hasText: /^Frank Founder/ })
      .first()
      .hover();
    const signOut = wb.page.locator(MENU_ITEM, { hasText: /^Sign Out$/ }).first();
    await signOut.waitFor({ timeout: 15_000 });
    assert.ok(await wb.contextMenuSettled(), 'his submenu opened');
    await wb.screenshot('accounts-three-09-sign-out-frank');
    // Two menus are open: a locator click would wait for the first to be still; the pointer just clicks.
    const box = await signOut.boundingBox();
    assert.ok(box, 'Sign Out is on screen');
    await wb.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await wb.answerDialog('Sign Out', /Frank Founder/);
    await waitForValue(
      () => findRow(['Frank Founder']),
      (r) => r === undefined,
      "Frank's root gone",
    );
    const left = await accountsMenu();
    await wb.page.keyboard.press('Escape');
    assert.deepEqual(
      left.map((t) => t.split(' (')[0]).sort(),
      ['Alice Admin', 'Bob Member'],
      'Alice and Bob are still signed in',
    );

    // Alice and Bob keep working: both roots are there, and Bob writes.
    assert.ok((await findRow(['Alice Admin'])) && (await findRow(['Bob Member'])), 'their roots are there');
    await clearLogs();
    await unfold(BOB);
    const bobs = (await tasksOf(BOB, 4))[3]!;
    const bob = await stored(demo, bobs.displayId, () => true, "Bob's task");
    await setPriority(bobs.row, bobs.displayId, otherPriority(bob));
    await stored(demo, bobs.displayId, (t) => t.priority === otherPriority(bob).toLowerCase(), "Bob's priority");
    assert.deepEqual(
      writesOf(await log(demo)).map((r) => r.token_label),
      ['bob'],
      "Bob's write",
    );
    await wb.screenshot('accounts-three-10-after-sign-out');
    await unfold(BOB.slice(0, 1), false);

    // His service is back and he adds his account again: the kept change is sent once, as Frank.
    await controlCall(other, 'DELETE', '/faults');
    await controlCall(other, 'DELETE', '/requests');
    await addAccount(other.baseUrl, 'other-token-frank', 'Frank Founder');
    await stored(other, frank.displayId, (t) => t.title === 'Queued by Frank', 'his kept change, sent');
    await pending.waitFor({ state: 'detached', timeout: 60_000 });
    const replayed = writesOf(await log(other));
    assert.deepEqual(
      replayed.map((r) => `${r.method} ${r.token_label}`),
      ['PATCH frank'],
      `sent once, with his token: ${shown(replayed)}`,
    );
    // His root is back, his task under it with the title he gave it while his service was down.
    await unfold(FRANK);
    await waitForValue(
      async () => (await findRow([...FRANK, 'Queued by Frank'])) !== undefined,
      (found) => found,
      'his task renamed under his root',
      60_000,
    );
    await wb.screenshot('accounts-three-11-frank-back');
  });
});
