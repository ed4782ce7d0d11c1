import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { dueDisplay } from '../../src/core/text/dates';
import { closeSession, openSession, sandboxCall } from './fixtures';
import type { Session } from './fixtures';
import type { Workbench } from './workbench';

const DATABASE = ['Acme', 'Engineering', 'Backend', 'Database'];

/** The page of the webview in front (VS Code keeps hidden webviews' frames). */
function visibleWebview(wb: Workbench): FrameLocator {
  return wb.page.frameLocator('iframe.webview:visible').frameLocator('#active-frame');
}

/** Expands the tree down to `path` (the list itself too). */
async function expand(wb: Workbench, path: string[]): Promise<void> {
  for (const name of path) {
    const row = wb.treeRow(name);
    await row.waitFor({ timeout: 60_000 });
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  }
}

async function closeEditors(wb: Workbench): Promise<void> {
  await wb.runCommand('View: Close All Editors');
  await wb.page.locator('iframe.webview:visible').first().waitFor({ state: 'hidden', timeout: 10_000 });
}

/**
 * One overdue task of the demo seed as the user sees it in the four surfaces, rendered: the tree row,
 * the board's card, the table's Due Date cell and the task panel. The words come from one function
 * (core/text/dates.ts); the pages render them, so this reads what they rendered.
 */
describe('e2e: due dates read the same in tree, board, table and panel', function () {
  let session: Session | undefined;

  afterEach(async () => {
    await closeSession(session);
    session = undefined;
  });

  it('an overdue task: "Due <day>, overdue" in the tree and on the card, "<day>, overdue" in the cell and panel', async () => {
    session = await openSession('dates');
    const wb = session.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await expand(wb, DATABASE);

    // The tree: a row of Database whose description marks it overdue.
    const row = wb.page.locator('.part.sidebar .monaco-list-row', { hasText: /Due .+, overdue/ }).first();
    await row.waitFor({ timeout: 60_000 });
    const label = (await row.getAttribute('aria-label')) ?? '';
    const displayId = /^\s*([A-Z]+-\d+)\b/.exec(label)?.[1];
    const when = /Due (.+?), overdue/.exec(label)?.[1];
    assert.ok(displayId && when, `a task id and its due words in the row's label: ${label}`);
    const stored = (
      await sandboxCall<{ data: { id: string; due_date: string }[] }>(
        session,
        'GET',
        `/state/tasks?display_id=${displayId}`,
      )
    ).data[0];
    assert.ok(stored, `${displayId} in the sandbox`);
    const expected = dueDisplay(stored.due_date, false, new Date(), 'en');
    assert.equal(when, expected?.text, 'the tree says the day as the shared formatter does');

    // The board: the same task's card.
    await (await wb.contextMenuItem(wb.treeRow('Database'), 'Open as Board')).click();
    const board = visibleWebview(wb);
    const card = board.locator('.card', { has: board.locator('.display-id', { hasText: displayId }) });
    await card.waitFor({ timeout: 60_000 });
    assert.equal((await card.locator('.due.overdue').textContent())?.trim(), `!Due ${when}, overdue`);
    await wb.screenshot('dates-01-board');
    await closeEditors(wb);

    // The table: its Due Date cell.
    await (await wb.contextMenuItem(wb.treeRow('Database'), 'Open as Table')).click();
    const table = visibleWebview(wb);
    const tableRow = table.locator('[role="row"][data-task]', {
      has: table.locator('.display-id', { hasText: displayId }),
    });
    await tableRow.waitFor({ timeout: 60_000 });
    const cell = tableRow.locator('[data-key="due"] .due.overdue');
    assert.equal((await cell.textContent())?.trim(), `!${when}, overdue`);
    await wb.screenshot('dates-02-table');
    await closeEditors(wb);

    // The task panel: next to its due date field.
    await wb.treeRow(displayId).click();
    const panel = visibleWebview(wb);
    const due = panel.locator('.field .due.overdue');
    await due.waitFor({ timeout: 60_000 });
    assert.equal((await due.textContent())?.trim(), `!${when}, overdue`);
    await wb.screenshot('dates-03-panel');
  });
});
