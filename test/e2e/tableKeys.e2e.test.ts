import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { axeViolations } from './axe';
import { closeSession, openSession, sandboxCall as control } from './fixtures';
import type { Session } from './fixtures';

/** What has the keyboard focus in the table's page: its grid row and column, or the editor. */
async function focused(frame: Frame): Promise<{ row: string | null; col: string | null; editor: boolean }> {
  return frame.evaluate(() => {
    const el = document.activeElement;
    return {
      row: el?.getAttribute('data-row') ?? null,
      col: el?.getAttribute('data-col') ?? null,
      editor: !!el?.closest('.cell-editor'),
    };
  });
}

async function patches(session: Session): Promise<{ path: string; body?: unknown }[]> {
  const log = (await control<{ data: { method: string; path: string; body?: unknown }[] }>(session, 'GET', '/requests'))
    .data;
  return log.filter((r) => r.method === 'PATCH');
}

/** Waits until `check` holds in the page (within 10 s): the page paints on the host's answers. */
async function until(frame: Frame, what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(await focused(frame))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('e2e: the table by keyboard in a real workbench', function () {
  let session: Session | undefined;

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(
        `failed-tableKeys-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 60)}`,
      );
    }
    await closeSession(session);
    session = undefined;
  });

  it('high contrast: arrows, Enter edits, Escape cancels, Space and Shift+Arrow select (kept across a hidden tab), Ctrl+A, groups fold', async () => {
    session = await openSession('table-keys', { theme: 'Default High Contrast' });
    const s = session;
    const wb = s.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.focusSideBar();
    await wb.runCommand('Task Platform: Open as Table');
    await wb.answerInput('Acme');
    await wb.answerInput('API');
    const view = wb.webview();
    await view.locator('[role="grid"] [role="row"][data-task]').first().waitFor({ timeout: 60_000 });
    let frame = await wb.activeWebviewFrame();
    const before = (await patches(s)).length;

    // A click on the first row's title cell focuses it; the arrow goes to its status cell.
    await view.locator('[role="row"][aria-rowindex="2"] [data-key="title"]').click();
    assert.deepEqual(await focused(frame), { row: '1', col: '0', editor: false });
    await wb.page.keyboard.press('ArrowRight');
    assert.deepEqual(await focused(frame), { row: '1', col: '1', editor: false }, 'the status cell');

    // Enter opens the editor, Escape closes it and gives the focus back to the cell: nothing sent.
    await wb.page.keyboard.press('Enter');
    await until(frame, 'the status editor has the focus', async () => (await focused(frame)).editor);
    await wb.page.keyboard.press('Escape');
    await until(frame, 'the cell has the focus back', async () => {
      const at = await focused(frame);
      return !at.editor && at.row === '1' && at.col === '1';
    });
    assert.equal((await patches(s)).length, before, 'Escape sent nothing');

    // F2 opens it again; the next status by the keyboard and Enter: one PATCH of the row's status.
    const taskId = (await view.locator('[role="row"][aria-rowindex="2"]').getAttribute('data-task'))!;
    const oldStatus = (await view.locator('[role="row"][aria-rowindex="2"] [data-key="status"]').innerText()).trim();
    await wb.page.keyboard.press('F2');
    await until(frame, 'the status editor has the focus again', async () => (await focused(frame)).editor);
    await wb.page.keyboard.press('ArrowDown');
    await wb.page.keyboard.press('Enter');
    await until(frame, 'one PATCH', async () => (await patches(s)).length === before + 1);
    const sent = (await patches(s)).slice(before);
    assert.equal(sent.length, 1);
    assert.ok(sent[0]!.path.endsWith(`/tasks/${taskId}`), `PATCH of the row's task: ${sent[0]!.path}`);
    await view.locator('[role="status"]', { hasText: 'Saved' }).waitFor({ timeout: 30_000 });
    const newStatus = (
      await view.locator(`[role="row"][data-task="${taskId}"] [data-key="status"]`).innerText()
    ).trim();
    assert.notEqual(newStatus, oldStatus, 'the cell shows the new status');
    assert.equal((await focused(frame)).editor, false, 'the focus is back on the grid');

    // Space selects the row, Shift+Down twice extends to three; Ctrl+A selects every loaded row.
    await wb.page.keyboard.press('Space');
    await wb.page.keyboard.press('Shift+ArrowDown');
    await wb.page.keyboard.press('Shift+ArrowDown');
    await view.locator('[role="row"][aria-selected="true"]').nth(2).waitFor({ timeout: 10_000 });
    assert.equal(await view.locator('[role="row"][aria-selected="true"]').count(), 3);
    await view.locator('.batch-edit', { hasText: '3' }).waitFor({ timeout: 10_000 });
    await wb.page.mouse.move(5, 5);
    await wb.screenshot('table-keys-01-hc-selected');

    // Another editor in front, then the table again: VS Code reloads its page, which takes back the
    // selection and the focused cell (its state), and the host posts the rows again.
    await wb.runCommand('File: New Untitled Text File');
    await view.locator('[role="grid"]').waitFor({ state: 'detached', timeout: 30_000 });
    await wb.page.locator('.tabs-container .tab', { hasText: 'Table: API' }).click();
    await view.locator('[role="row"][aria-selected="true"]').nth(2).waitFor({ timeout: 30_000 });
    assert.equal(await view.locator('[role="row"][aria-selected="true"]').count(), 3, 'the same three rows');
    frame = await wb.activeWebviewFrame();
    await view.locator('[role="gridcell"][tabindex="0"]').focus();
    assert.deepEqual(await focused(frame), { row: '3', col: '1', editor: false }, 'the focused cell is kept');
    await wb.page.keyboard.press('Control+a');
    const loaded = await view.locator('[role="grid"]').getAttribute('aria-rowcount');
    await view.locator('.batch-edit', { hasText: String(Number(loaded) - 1) }).waitFor({ timeout: 10_000 });
    // VS Code runs its own Select All in the page too: the rows are selected, not the page's text.
    await wb.page.mouse.move(5, 5);
    assert.equal(await frame.evaluate(() => String(window.getSelection())), '', 'no text selected');

    // Ctrl+End goes to the last row, Ctrl+Home back to the first; the header is one ArrowUp above.
    await wb.page.keyboard.press('Control+End');
    assert.equal((await focused(frame)).row, String(Number(loaded) - 1), 'the last row');
    await wb.page.keyboard.press('Control+Home');
    await wb.page.keyboard.press('ArrowUp');
    assert.deepEqual(await focused(frame), { row: '0', col: '1', editor: false }, 'the Status header');
    assert.equal((await patches(s)).length, before + 1, 'moving and selecting sent nothing');
    await wb.screenshot('table-keys-02-hc-header');

    // Grouped by status, Enter on the first group's header folds it: its rows leave the grid's count.
    await view.locator('.group-by select').selectOption('status');
    const group = view.locator('[role="gridcell"][aria-expanded]').first();
    await group.waitFor({ timeout: 30_000 });
    const all = Number(await view.locator('[role="grid"]').getAttribute('aria-rowcount'));
    const inGroup = Number(/\d+/.exec(await group.locator('.group-count').innerText())![0]);
    await group.focus();
    await wb.page.keyboard.press('Enter');
    await view.locator('[role="gridcell"][aria-expanded="false"]').waitFor({ timeout: 10_000 });
    assert.equal(Number(await view.locator('[role="grid"]').getAttribute('aria-rowcount')), all - inGroup);
    await wb.screenshot('table-keys-03-hc-folded');
    await wb.page.keyboard.press('Enter');
    await view.locator('[role="gridcell"][aria-expanded="false"]').waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(Number(await view.locator('[role="grid"]').getAttribute('aria-rowcount')), all, 'unfolded');
    const violations = await axeViolations(frame);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  });
});
