import * as assert from 'node:assert/strict';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';

describe('e2e: saved views from the palette', function () {
  let session: Session | undefined;
  const viewName = 'Engineering — everything';

  before(async () => {
    session = await openSession('views');
    const wb = session.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.setSidebarWidth(520);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-views-${this.currentTest.title.replace(/\W+/g, '-')}`);
    }
  });

  after(() => closeSession(session));

  it('pins a view found in the sidebar, then runs it from the palette and lists its rows', async () => {
    const wb = session!.workbench;
    const rows = wb.page.locator('.quick-input-list .monaco-list-row');
    await wb.runCommand('Task Platform: Pin Saved View');
    await rows.filter({ hasText: viewName }).first().click();
    await wb.quickInput().waitFor({ state: 'hidden', timeout: 10_000 });

    await wb.runCommand('Task Platform: Run Saved View');
    const pinned = rows.filter({ hasText: viewName }).first();
    await pinned.waitFor({ timeout: 30_000 });
    await pinned.click();
    await wb
      .quickInput()
      .locator('.quick-input-title', { hasText: /of 310 tasks, \d+ completed/ })
      .waitFor({ timeout: 30_000 });
    await rows.filter({ hasText: 'ACME-' }).first().waitFor({ timeout: 10_000 });
    const title = await wb.quickInput().locator('.quick-input-title').textContent();
    assert.match(title ?? '', /Engineering — everything — 310 of 310 tasks, \d+ completed/);
    await wb.screenshot('20-saved-view-results');
    await wb.page.keyboard.press('Escape');
  });

  it('shows the pinned view in the Saved Views tree, expanded to its first page', async () => {
    const wb = session!.workbench;
    // Room for the Saved Views view: fold the other two.
    for (const name of ['Workspaces', 'My Tasks']) {
      const pane = wb.page.locator('.part.sidebar .pane-header', { hasText: name });
      if ((await pane.getAttribute('aria-expanded')) === 'true') {
        await pane.click();
      }
    }
    const header = wb.page.locator('.part.sidebar .pane-header', { hasText: 'Saved Views' });
    if ((await header.getAttribute('aria-expanded')) !== 'true') {
      await header.click();
    }
    const root = wb.treeRow(viewName);
    await root.waitFor({ timeout: 30_000 });
    await root.click();
    await wb.page
      .locator('.part.sidebar .monaco-list-row[aria-level="2"]', { hasText: 'ACME-' })
      .first()
      .waitFor({ timeout: 30_000 });
    await wb.page
      .locator('.part.sidebar .monaco-list-row[aria-level="1"]', { hasText: '310 tasks' })
      .waitFor({ timeout: 30_000 });
    await wb.screenshot('21-saved-views-tree');
  });

  it('Delete on a task selected in Saved Views asks, then moves that task to the Trash', async () => {
    const wb = session!.workbench;
    const row = wb.page.locator('.part.sidebar .monaco-list-row[aria-level="2"]', { hasText: 'ACME-' }).first();
    const displayId = await wb.deleteRowWithKey(row, '21-saved-views-delete');
    const response = await fetch(`${session!.sandbox.origin}/__sandbox/state/tasks?display_id=${displayId}`);
    const [task] = ((await response.json()) as { data: { deleted_at: string | null }[] }).data;
    assert.notEqual(task?.deleted_at ?? null, null, `${displayId} is in the Trash`);
  });
});
