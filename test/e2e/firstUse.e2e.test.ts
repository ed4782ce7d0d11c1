import * as assert from 'node:assert/strict';
import { closeSession, openSession, sandboxCall } from './fixtures';
import type { Session } from './fixtures';

interface Fixtures {
  tasks: Record<string, { id: string; display_id: string; title: string }>;
}

/** What a new user meets in the first minutes: what a reload keeps, a dropdown in a narrow panel. */
describe('e2e: first use (what a reload keeps, a narrow panel)', function () {
  let session: Session | undefined;
  let fx: Fixtures;

  before(async () => {
    session = await openSession('first-use');
    fx = await sandboxCall<Fixtures>(session, 'GET', '/fixtures');
    await session.workbench.signInFromView();
    await session.workbench.dismissSignInToast();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-')}`);
    }
  });

  after(() => closeSession(session));

  it('a reload keeps the preview tab a preview and the tree expanded', async () => {
    const wb = session!.workbench;
    const page = wb.page;
    await wb.runCommand('View: Close All Editors');
    await wb.openContainer('Task Platform');
    await page.locator('.part.sidebar .pane-header', { hasText: 'My Tasks' }).click(); // room for the list
    for (const name of ['Acme', 'Engineering', 'Backend', 'API']) {
      await wb.treeRow(name).click();
    }
    const taskRows = page.locator('.part.sidebar .monaco-list-row[aria-level="5"]');
    await taskRows.nth(1).waitFor({ timeout: 30_000 });
    const tabs = page.locator('.tabs-container .tab');
    const openRow = async (n: number): Promise<void> => {
      const title = ((await taskRows.nth(n).locator('.label-name').textContent()) ?? '').trim();
      await taskRows.nth(n).locator('.label-name').click();
      await tabs
        .filter({ hasText: title.slice(0, 20) })
        .first()
        .waitFor({ timeout: 30_000 });
    };
    await openRow(0);
    await wb.webview().locator('vscode-button[data-action="keep-open"]').waitFor({ timeout: 30_000 });
    assert.equal(await tabs.count(), 1, 'one preview tab before the reload');

    await wb.reloadWindow();
    await tabs.first().waitFor({ timeout: 60_000 });
    await wb.webview().locator('vscode-button[data-action="keep-open"]').waitFor({ timeout: 60_000 });
    // The tree as it was left, with no click: Acme > Engineering > Backend > API open, its tasks shown.
    await taskRows.first().waitFor({ timeout: 60_000 });
    for (const name of ['Acme', 'Engineering', 'Backend', 'API']) {
      assert.equal(await wb.treeRow(name).getAttribute('aria-expanded'), 'true', `${name} is expanded again`);
    }
    await wb.screenshot('first-use-03-after-reload');
    // Still the preview: the next task replaces it rather than opening a second tab.
    const next = fx.tasks.task_with_custom_fields!;
    await wb.runCommand('Task Platform: Go to Task by Id…');
    await wb.answerInput(next.display_id);
    await wb.webview().locator('.title-row .display-id', { hasText: next.display_id }).waitFor({ timeout: 60_000 });
    assert.equal(await tabs.count(), 1, 'the restored preview tab was reused');
    await wb.screenshot('first-use-04-next-task-in-the-preview');
  });

  it("a dropdown field's colour dot sits beside its value, in a narrow panel too", async () => {
    const wb = session!.workbench;
    const task = fx.tasks.task_with_custom_fields!;
    await wb.runCommand('View: Close All Editors');
    await wb.setSidebarWidth(900); // a narrow editor: the fields' column is at its smallest
    await wb.runCommand('Task Platform: Go to Task by Id…');
    await wb.answerInput(task.display_id);
    const field = wb.webview().locator('.field[data-cf-type="dropdown"]').first();
    await field.locator('.swatch').waitFor({ timeout: 60_000 });
    const dot = (await field.locator('.swatch').boundingBox())!;
    const select = (await field.locator('vscode-single-select').boundingBox())!;
    await field.scrollIntoViewIfNeeded();
    await wb.screenshot('first-use-05-dropdown-dot');
    const middle = dot.y + dot.height / 2;
    assert.ok(middle > select.y && middle < select.y + select.height, 'the dot is on the line of its select');
    assert.ok(dot.x < select.x, 'the dot is before its select');
  });
});
