import * as assert from 'node:assert/strict';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures are untyped JSON */
type Json = any;

describe('e2e: the explorer tree in a real workbench', function () {
  let session: Session | undefined;
  let fx: Json;

  before(async () => {
    session = await openSession('tree');
    fx = await (await fetch(`${session.sandbox.origin}/__sandbox/fixtures`)).json();
    const wb = session.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.setSidebarWidth(620);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-')}`);
    }
  });

  after(() => closeSession(session));

  async function openFilter(part: string): Promise<void> {
    const wb = session!.workbench;
    await wb.page.locator('.part.sidebar .pane-header', { hasText: 'Workspaces' }).hover();
    await wb.page.locator('.part.sidebar .action-label[aria-label^="Filter Tasks"]').first().click();
    await wb.quickInput().locator('.quick-input-title', { hasText: 'Filter Tasks' }).waitFor({ timeout: 10_000 });
    await wb.quickInput().locator('.monaco-list-row', { hasText: part }).click();
    await wb
      .quickInput()
      .locator('.quick-input-title', { hasText: 'Filter Tasks' })
      .waitFor({ state: 'hidden', timeout: 10_000 });
  }

  /** Expands the first collapsed row at `level`; a row re-rendered under the click is tried again. */
  async function expandFirst(level: number): Promise<void> {
    const page = session!.workbench.page;
    const child = page.locator(`.part.sidebar .monaco-list-row[aria-level="${level + 1}"]`).first();
    for (let attempt = 0; attempt < 5 && !(await child.isVisible()); attempt++) {
      await page
        .locator(`.part.sidebar .monaco-list-row[aria-level="${level}"][aria-expanded="false"] .monaco-tl-twistie`)
        .first()
        .click();
      await child.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
    await child.waitFor({ timeout: 10_000 });
  }

  it('expands Workspace -> Space -> Folder -> List -> Task -> subtasks', async () => {
    const wb = session!.workbench;
    // Give the Workspaces view the height: fold My Tasks for now.
    await wb.page.locator('.part.sidebar .pane-header', { hasText: 'My Tasks' }).click();
    for (const name of ['Acme', 'Engineering', 'Backend', 'API']) {
      await wb.treeRow(name).click();
    }
    await wb.page.locator('.part.sidebar .monaco-list-row[aria-level="5"]').first().waitFor({ timeout: 30_000 });
    const icon = await wb.page
      .locator('.part.sidebar .monaco-list-row[aria-level="5"] .custom-view-tree-node-item-icon')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundImage);
    assert.match(icon, /data:image\/svg\+xml/, 'the status icon is drawn in the status colour');
    await wb.screenshot('10-tree-expanded');

    // Narrow the list to the 3-deep task with the text filter, then open three levels of subtasks.
    const deep = fx.tasks.task_with_subtasks_3_deep;
    await openFilter('Title or Id Contains');
    await wb.answerInput(deep.display_id);
    // The list is re-read with the filter; wait for its new count before expanding its row.
    await wb.page
      .locator('.part.sidebar .monaco-list-row[aria-level="4"]', { hasText: '1 task' })
      .waitFor({ timeout: 30_000 });
    const row = wb.treeRow(deep.title);
    await row.waitFor({ timeout: 30_000 });
    assert.match((await row.textContent()) ?? '', new RegExp(deep.display_id));
    for (let level = 5; level <= 7; level++) {
      await expandFirst(level);
    }
    await wb.screenshot('11-tree-subtasks-3-deep');
  });

  it('filters by priority from the view title and shows it in the description', async () => {
    const wb = session!.workbench;
    await openFilter('Clear Filter');
    await wb.page
      .locator('.part.sidebar .pane-header', { hasText: 'Filtered' })
      .waitFor({ state: 'detached', timeout: 30_000 });
    await openFilter('Priority');
    await wb.quickInput().locator('.quick-input-title', { hasText: 'Filter by Priority' }).waitFor({ timeout: 10_000 });
    for (const priority of ['critical', 'high']) {
      await wb
        .quickInput()
        .locator('.monaco-list-row', { hasText: new RegExp(`^\\s*${priority}\\s*$`) })
        .click();
    }
    await wb.page.keyboard.press('Enter');
    await wb.page
      .locator('.part.sidebar .pane-header', { hasText: 'Filtered: critical, high' })
      .waitFor({ timeout: 30_000 });
    // The rows are re-read from the server: wait until the list shows the filtered answer.
    const selector = '.part.sidebar .monaco-list-row[aria-level="5"] .label-description';
    await wb.page
      .waitForFunction(
        (sel) => {
          const texts = Array.from(document.querySelectorAll(sel), (e) => e.textContent ?? '');
          return texts.length > 0 && texts.every((d) => /· (critical|high)( ·|$)/.test(d));
        },
        selector,
        { timeout: 30_000 },
      )
      .catch(() => undefined);
    const priorities = await wb.page.locator(selector).allTextContents();
    assert.ok(priorities.length > 0, 'filtered rows are shown');
    assert.ok(
      priorities.every((d) => /· (critical|high)( ·|$)/.test(d)),
      `only critical and high: ${priorities.join(' | ')}`,
    );
    await wb.screenshot('12-tree-filtered');
  });

  it('opens the context menu of a task', async () => {
    const wb = session!.workbench;
    const row = wb.page.locator('.part.sidebar .monaco-list-row[aria-level="5"]').first();
    const menu = wb.page.locator('.context-view .monaco-menu');
    // Opened, faded in and showing the item (contextMenuItem waits for all three).
    await wb.contextMenuItem(row, 'Set Status');
    await menu.locator('.action-label', { hasText: 'Open in Browser' }).waitFor();
    await wb.screenshot('13-tree-context-menu');
    await wb.dismissOverlays();
    // One click clears the filter.
    await wb.page.locator('.part.sidebar .pane-header', { hasText: 'Workspaces' }).hover();
    await wb.page.locator('.part.sidebar .action-label[aria-label^="Clear Filter"]').first().click();
    await wb.page
      .locator('.part.sidebar .pane-header', { hasText: 'Filtered' })
      .waitFor({ state: 'detached', timeout: 30_000 });
  });

  it("leaves Ctrl+Alt+F to VS Code's Find in tree; Shift+Alt+F filters", async () => {
    const wb = session!.workbench;
    const page = wb.page;
    const tree = page.locator('.part.sidebar .pane', { hasText: 'Workspaces' }).locator('.monaco-list').first();
    await tree.focus();
    await page.keyboard.press('Control+Alt+F');
    const find = page.locator('.part.sidebar .monaco-tree-type-filter');
    await find.waitFor({ timeout: 10_000 });
    // Filled, not typed: keys typed while the widget takes the focus can land in the tree.
    await find.locator('input').first().fill('Backend');
    await page
      .locator('.part.sidebar .monaco-list-row .highlight', { hasText: 'Backend' })
      .first()
      .waitFor({ timeout: 10_000 });
    assert.equal(
      await wb.quickInput().locator('.quick-input-title', { hasText: 'Filter Tasks' }).isVisible(),
      false,
      'the filter did not take the key',
    );
    await wb.screenshot('16-find-in-tree');
    await page.keyboard.press('Escape');
    await find.waitFor({ state: 'hidden', timeout: 10_000 });
    await tree.focus();
    await page.keyboard.press('Shift+Alt+F');
    await wb.quickInput().locator('.quick-input-title', { hasText: 'Filter Tasks' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
  });

  it('shows My Tasks grouped by status', async () => {
    const wb = session!.workbench;
    await wb.page.locator('.part.sidebar .pane-header', { hasText: 'Workspaces' }).click();
    const header = wb.page.locator('.part.sidebar .pane-header', { hasText: 'My Tasks' });
    if ((await header.getAttribute('aria-expanded')) !== 'true') {
      await header.click();
    }
    await wb.page.locator('.part.sidebar .pane-header', { hasText: 'by status' }).waitFor({ timeout: 30_000 });
    await wb.treeRow('Acme').click();
    await wb.page.locator('.part.sidebar .monaco-list-row[aria-level="2"]').first().click();
    await wb.page.locator('.part.sidebar .monaco-list-row[aria-level="3"]').first().waitFor({ timeout: 30_000 });
    await wb.screenshot('14-my-tasks');
  });

  it('Delete on a task selected in My Tasks asks, then moves that task to the Trash', async () => {
    const wb = session!.workbench;
    const row = wb.page.locator('.part.sidebar .monaco-list-row[aria-level="3"]', { hasText: /[A-Z]+-\d+/ }).first();
    await row.waitFor({ timeout: 30_000 });
    const displayId = await wb.deleteRowWithKey(row, '14-my-tasks-delete');
    const [task] = (
      await (await fetch(`${session!.sandbox.origin}/__sandbox/state/tasks?display_id=${displayId}`)).json()
    ).data as Json[];
    assert.notEqual(task?.deleted_at ?? null, null, `${displayId} is in the Trash`);
  });

  it('offers the Get Started walkthrough with its seven steps', async () => {
    const wb = session!.workbench;
    await wb.runCommand('Welcome: Open Walkthrough');
    await wb.quickInput().locator('.monaco-list-row', { hasText: 'Get Started with Task Platform' }).first().click();
    const page = wb.page.locator('.gettingStartedContainer');
    await page.locator('.step-title', { hasText: 'Sign in with your token' }).first().waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.getting-started-step').count(), 7);
    await wb.screenshot('15-walkthrough');
  });
});
