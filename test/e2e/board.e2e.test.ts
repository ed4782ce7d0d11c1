import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { axeViolations } from './axe';
import { closeSession, openSession, sandboxCall as control, storedTask as stored } from './fixtures';
import type { Session } from './fixtures';
import type { Workbench } from './workbench';

type Row = Record<string, unknown>;

/** Right-click a list in the Workspaces tree (its parents expanded), then `item` of its menu. */
async function fromTree(wb: Workbench, path: string[], item: string): Promise<void> {
  for (const name of path.slice(0, -1)) {
    const row = wb.treeRow(name);
    await row.waitFor({ timeout: 60_000 });
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  }
  const list = wb.treeRow(path[path.length - 1]!);
  await list.waitFor({ timeout: 60_000 });
  await (await wb.contextMenuItem(list, item)).click();
}

/** Right-click a list in the Workspaces tree, Open as Board. */
async function openFromTree(wb: Workbench, path: string[]): Promise<FrameLocator> {
  await fromTree(wb, path, 'Open as Board');
  return boardFrame(wb);
}

const TABLE_ROW = '[role="grid"] [role="row"][data-task]';

/** Brings the tab titled `title` to front and waits for `shown` in its webview. */
async function showTab(wb: Workbench, title: string, shown: string): Promise<void> {
  await wb.page.locator('.tabs-container .tab', { hasText: title }).first().click({ timeout: 120_000 });
  await wb.webview().locator(shown).first().waitFor({ timeout: 90_000 });
}

async function boardFrame(wb: Workbench): Promise<FrameLocator> {
  const frame = wb.webview();
  await frame.locator('.column').first().waitFor({ timeout: 60_000 });
  await frame.locator('.card').first().waitFor({ timeout: 60_000 });
  return frame;
}

const DATABASE = ['Acme', 'Engineering', 'Backend', 'Database'];

describe('e2e: a list as a board in a real workbench', function () {
  let session: Session | undefined;

  afterEach(async () => {
    await closeSession(session);
    session = undefined;
  });

  it('light theme: opened from the tree, a card dragged to Done and one moved by keys change the sandbox', async () => {
    session = await openSession('board-light');
    const wb = session.workbench;
    const fx = await control<{ statuses: Record<string, { id: string; name: string }[]> }>(session, 'GET', '/fixtures');
    const status = (name: string) => fx.statuses.engineering!.find((s) => s.name === name)!.id;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    const frame = await openFromTree(wb, DATABASE);
    await wb.page.locator('.tabs-container .tab', { hasText: 'Board: Database' }).waitFor({ timeout: 30_000 });
    await wb.screenshot('board-01-light-opened');

    const todo = frame.locator('section.column', { has: frame.locator('h2', { hasText: 'To Do' }) });
    const done = frame.locator('section.column', { has: frame.locator('h2', { hasText: 'Done' }) });
    const card = todo.locator('.card').first();
    const taskId = (await card.getAttribute('data-card'))!;
    await card.dragTo(done.locator('.cards'));
    await done.locator(`.card[data-card="${taskId}"]`).waitFor({ timeout: 30_000 });
    await stored(session, taskId, (t) => t.status_id === status('Done'), 'the dragged task is Done in the sandbox');
    await frame.locator('#board-status', { hasText: 'to Done' }).waitFor({ timeout: 30_000 });
    await frame.locator('.board').evaluate((board) => board.scrollTo(0, 0));
    await wb.page.mouse.move(5, 5);
    await wb.screenshot('board-02-light-dragged-to-done');

    // Keyboard: focus the next card of To Do, Ctrl+Right moves it one column (In Progress).
    const next = todo.locator('.card').first();
    const nextId = (await next.getAttribute('data-card'))!;
    await next.focus();
    await wb.page.keyboard.press('Control+ArrowRight');
    await stored(session, nextId, (t) => t.status_id === status('In Progress'), 'the card moved by keys');
    const inProgress = frame.locator('section.column', { has: frame.locator('h2', { hasText: 'In Progress' }) });
    await inProgress.locator(`.card[data-card="${nextId}"]`).waitFor({ timeout: 30_000 });

    const violations = await axeViolations(await wb.activeWebviewFrame());
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    // Each move was one PATCH.
    const log = (await control<{ data: Row[] }>(session, 'GET', '/requests')).data;
    assert.equal(log.filter((r) => r.method === 'PATCH').length, 2);
  });

  it('the API list: columns in its status order; Ctrl+Right twice moves a card two columns, focus following', async () => {
    session = await openSession('board-keys-order');
    const wb = session.workbench;
    const fx = await control<{ statuses: Record<string, { id: string; name: string }[]> }>(session, 'GET', '/fixtures');
    const statuses = fx.statuses.api!;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    const frame = await openFromTree(wb, ['Acme', 'Engineering', 'Backend', 'API']);
    const names = await frame.locator('section.column .column-name').allTextContents();
    // The list answers Backlog before Ready (types would put Ready first).
    assert.deepEqual(
      names,
      statuses.map((s) => s.name),
      'the columns are the list’s statuses in its order',
    );

    // The first card of a column that has two more columns after it.
    const counts = await frame
      .locator('section.column .cards')
      .evaluateAll((lists) => lists.map((l) => l.children.length));
    const from = counts.findIndex((n, i) => n > 0 && i + 2 < counts.length);
    assert.ok(from >= 0, `a column with a card and two after it: ${counts.join(',')}`);
    const card = frame.locator('section.column').nth(from).locator('.card').first();
    const taskId = (await card.getAttribute('data-card'))!;
    await card.focus();
    await wb.page.keyboard.press('Control+ArrowRight');
    await stored(session, taskId, (t) => t.status_id === statuses[from + 1]!.id, 'the first Ctrl+Right');
    const moved = frame.locator(`section.column:nth-of-type(${from + 2}) .card[data-card="${taskId}"]`);
    await moved.waitFor({ timeout: 30_000 });
    await frame.locator('#board-status', { hasText: `to ${statuses[from + 1]!.name}` }).waitFor({ timeout: 30_000 });
    const focusedCard = () =>
      frame.locator('.board').evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.card ?? null);
    assert.equal(await focusedCard(), taskId, 'the focus followed the moved card');

    await wb.page.keyboard.press('Control+ArrowRight');
    await stored(session, taskId, (t) => t.status_id === statuses[from + 2]!.id, 'the second Ctrl+Right');
    await frame
      .locator(`section.column:nth-of-type(${from + 3}) .card[data-card="${taskId}"]`)
      .waitFor({ timeout: 30_000 });
    await frame.locator('#board-status', { hasText: `to ${statuses[from + 2]!.name}` }).waitFor({ timeout: 30_000 });
    assert.equal(await focusedCard(), taskId, 'and stays on it after the second move');
    await wb.screenshot('board-04-two-moves-by-keys');
    const log = (await control<{ data: Row[] }>(session, 'GET', '/requests')).data;
    assert.equal(log.filter((r) => r.method === 'PATCH').length, 2, 'one PATCH per move');
  });

  it('dark theme, from the palette, hostile titles: shown as text, nothing runs', async () => {
    session = await openSession('board-dark', { theme: 'Default Dark Modern' });
    const wb = session.workbench;
    await control(session, 'POST', '/fixtures/xss');
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.focusSideBar();
    await wb.runCommand('Task Platform: Open as Board');
    await wb.answerInput('Acme');
    await wb.answerInput('Web App');
    const frame = await boardFrame(wb);
    await wb.page.locator('.tabs-container .tab', { hasText: 'Board: Web App' }).waitFor({ timeout: 30_000 });
    await frame.locator('.counts', { hasText: 'tasks' }).waitFor({ timeout: 60_000 });
    await wb.screenshot('board-03-dark-hostile');
    const inner = await wb.activeWebviewFrame();
    const probe = await inner.evaluate(() => ({
      xss: (window as unknown as { __xss?: unknown }).__xss,
      injected: document.querySelectorAll('#root script, #root img, #root iframe, #root style, #root svg').length,
      handlers: Array.from(document.querySelectorAll('#root *')).filter((el) =>
        Array.from(el.attributes).some((a) => a.name.startsWith('on')),
      ).length,
      titles: Array.from(document.querySelectorAll('.card-title')).map((el) => el.textContent ?? ''),
    }));
    assert.equal(probe.xss, undefined, 'no payload ran');
    assert.equal(probe.injected, 0, 'no element came from a title');
    assert.equal(probe.handlers, 0, 'no inline handler');
    assert.ok(
      probe.titles.some((t) => t.includes('<script>')),
      `a title shows its markup as text: ${probe.titles.slice(0, 3).join(' | ')}`,
    );
    const violations = await axeViolations(inner);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  });

  it('after Reload Window, a board and a table of the list open before it show that list again', async () => {
    session = await openSession('restore-board-table');
    const wb = session.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await openFromTree(wb, DATABASE);
    await fromTree(wb, DATABASE, 'Open as Table');
    await wb.webview().locator(TABLE_ROW).first().waitFor({ timeout: 60_000 });
    const before = await wb.page.locator('.tabs-container .tab').allInnerTexts();

    // The user's reload (its lifecycle saves the workbench state), not a raw page reload.
    await control(session, 'DELETE', '/requests');
    await wb.reloadWindow();
    await showTab(wb, 'Board: Database', '.card');
    await wb.screenshot('restore-01-board-after-reload');
    await showTab(wb, 'Table: Database', TABLE_ROW);
    await wb.screenshot('restore-02-table-after-reload');

    const after = await wb.page.locator('.tabs-container .tab').allInnerTexts();
    assert.deepEqual(after.map((t) => t.trim()).sort(), before.map((t) => t.trim()).sort(), 'the same tabs, no more');
    // The pages read their list again by its id, named by what each restored page kept (the board's and
    // the table's first pages are the same GET, which the client sends once when both are in flight).
    const fx = await control<{ lists: Record<string, string> }>(session, 'GET', '/fixtures');
    const log = (await control<{ data: Row[] }>(session, 'GET', '/requests')).data;
    const reads = log.filter((r) => typeof r.path === 'string' && r.path.endsWith('/tasks'));
    const listId = fx.lists.database;
    assert.ok(listId, 'the demo seed names the Database list');
    assert.ok(
      reads.some((r) => (r.query as Record<string, string> | undefined)?.list_id === listId),
      `the Database list was read again: ${JSON.stringify(reads.map((r) => r.query))}`,
    );
  });
});
