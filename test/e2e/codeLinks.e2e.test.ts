import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeSession, openSession, waitForPrefixes } from './fixtures';
import type { Session } from './fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any -- sandbox JSON */
type Json = any;

describe('e2e: code links (hover on a task reference, TODO CodeLens, Task References view)', function () {
  let session: Session | undefined;
  let fx: Json;
  const control = async (path: string): Promise<Json> =>
    (await fetch(`${session!.sandbox.origin}/__sandbox${path}`)).json();

  before(async () => {
    session = await openSession('codeLinks');
    const wb = session.workbench;
    fx = await control('/fixtures');
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await waitForPrefixes(session);
  });

  after(async () => {
    await closeSession(session);
  });

  it('a reference in a comment is a link whose hover shows the task; the TODO has a CodeLens', async () => {
    const wb = session!.workbench;
    const t = fx.tasks.blocked_task;
    const text = [
      'export function charge(amount: number): void {',
      `  // Fixes ${t.display_id}: the card is charged twice on retry`,
      '  // TODO: handle the 429 from the payment API',
      `  const note = "${t.display_id} released 2026-08"; // not a link: a string and a date`,
      '  void amount;',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(wb.runDir, 'workspace', 'payments.ts'), text);
    await wb.runCommand('Go to File');
    const input = wb.page.locator('.quick-input-widget input');
    await input.fill('payments.ts');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'payments.ts' })
      .first()
      .waitFor({ timeout: 30_000 });
    await wb.page.keyboard.press('Enter');
    const link = wb.page.locator('.monaco-editor .view-line .detected-link', { hasText: t.display_id }).first();
    await link.waitFor({ timeout: 30_000 });
    await wb.page
      .locator('.monaco-editor .codelens-decoration', { hasText: 'Create task from TODO' })
      .first()
      .waitFor({ timeout: 30_000 });
    assert.equal(
      await wb.page.locator('.monaco-editor .view-line .detected-link').count(),
      1,
      'the string and the date are not links',
    );
    await link.hover();
    const hover = wb.page.locator('.monaco-hover', { hasText: t.title }).first();
    await hover.waitFor({ timeout: 30_000 });
    assert.match((await hover.innerText()) ?? '', /blocked/);
    await hover.locator('a', { hasText: 'Start Work' }).first().waitFor();
    // Other hover providers (the TypeScript server) may still say "Loading..." for a moment.
    await wb.page
      .waitForFunction(
        () =>
          !Array.from(document.querySelectorAll('.monaco-hover')).some((h) =>
            /Loading\.\.\./.test(h.textContent ?? ''),
          ),
        undefined,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
    await wb.screenshot('code-links-hover');
  });

  it('the Task References view lists the reference with its task', async () => {
    const wb = session!.workbench;
    const t = fx.tasks.blocked_task;
    await wb.page.mouse.move(5, 5);
    await wb.sidebar().locator('.pane-header', { hasText: 'Task References' }).first().click();
    const row = wb.treeRow(t.display_id);
    await row.waitFor({ timeout: 30_000 });
    await wb.page.locator('.part.sidebar .monaco-list-row', { hasText: t.title }).first().waitFor({ timeout: 30_000 });
    await row.locator('.monaco-tl-twistie').click();
    await wb.treeRow('payments.ts').waitFor({ timeout: 30_000 });
    await wb.setSidebarWidth(520);
    await wb.screenshot('code-links-references-view');
  });

  let id = '';

  it('in the Source Control commit box, a task id completes', async () => {
    const wb = session!.workbench;
    const page = wb.page;
    execFileSync('git', ['init', '-q', join(wb.runDir, 'workspace')]);
    await wb.openContainer('Source Control');
    const init = page.locator('.part.sidebar .monaco-button', { hasText: 'Initialize Repository' }).first();
    const box = page.locator('.part.sidebar .scm-editor .monaco-editor').first();
    await Promise.race([box.waitFor({ timeout: 60_000 }), init.waitFor({ timeout: 60_000 })]);
    if (await init.isVisible()) {
      await init.click(); // the Git extension had not seen the new repository yet
    }
    await box.waitFor({ timeout: 60_000 });
    await box.click();
    await page.keyboard.type('Fixes ACME-');
    const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: /ACME-\d+/ }).first();
    await suggestion.waitFor({ timeout: 30_000 });
    await wb.screenshot('commit-box-completion');
    id = /ACME-\d+/.exec((await suggestion.innerText()) ?? '')![0];
    await suggestion.click();
    await page.locator('.part.sidebar .scm-editor .view-line', { hasText: `Fixes ${id}` }).waitFor({ timeout: 10_000 });
  });

  it('in the Source Control commit box, a task id hovers', async () => {
    const wb = session!.workbench;
    const page = wb.page;
    assert.ok(id, 'the previous test wrote an id in the box');
    // The box re-renders its line as decorations arrive: point the mouse at the id's place instead.
    const point = await page
      .waitForFunction(
        (text) => {
          const spans = Array.from(document.querySelectorAll('.part.sidebar .view-line span'));
          const rect = spans
            .find((e) => e.children.length === 0 && e.textContent?.includes(text))
            ?.getBoundingClientRect();
          return rect && rect.width > 0 ? { x: rect.right - 10, y: rect.top + rect.height / 2 } : null;
        },
        id,
        { timeout: 10_000 },
      )
      .catch(async (error: unknown) => {
        await wb.screenshot('failed-commit-box-hover');
        throw error;
      });
    const { x, y } = (await point.jsonValue())!;
    await page.mouse.move(x - 2, y);
    await page.mouse.move(x, y);
    const hover = page.locator('.monaco-hover', { hasText: id }).first();
    await hover.waitFor({ timeout: 30_000 });
    await hover.locator('a', { hasText: 'Open in Browser' }).first().waitFor({ timeout: 10_000 });
    await wb.screenshot('commit-box-hover');
  });

  it('in the Source Control commit box, `#` offers your tasks by title and writes the id', async () => {
    const wb = session!.workbench;
    const page = wb.page;
    await page.mouse.move(5, 5);
    await page.locator('.part.sidebar .scm-editor .monaco-editor').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Refs #');
    const mine = (
      (await control(`/state/tasks?assignee_id=${fx.users.alice.id}&parent_task_id=null&deleted_at=null`))
        .data as Json[]
    ).map((t) => t.title as string);
    const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: /ACME-\d+/ }).first();
    await suggestion.waitFor({ timeout: 30_000 });
    await wb.screenshot('commit-box-my-tasks');
    const text = await suggestion.innerText();
    assert.ok(
      mine.some((title) => text.includes(title)),
      `the first suggestion is one of alice's tasks by title: ${text}`,
    );
    const chosen = /ACME-\d+/.exec(text)![0];
    await suggestion.click();
    await page
      .locator('.part.sidebar .scm-editor .view-line', { hasText: `Refs ${chosen}` })
      .waitFor({ timeout: 10_000 });
  });
});
