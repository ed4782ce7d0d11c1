import * as assert from 'node:assert/strict';
import { closeSession, openSession, sandboxCall } from './fixtures';
import type { Session } from './fixtures';

interface Fixtures {
  users: Record<string, { id: string }>;
  tasks: Record<string, { id: string; display_id: string; title: string }>;
}
type Row = Record<string, unknown>;

/**
 * Mentions as a new user writes them: `@Bo` in a comment box offers Bob, Enter inserts him, and the
 * posted comment carries his id in `mentions` (read back from the sandbox's store); an `@word` that
 * names nobody is warned about before the post.
 */
describe('e2e: mentioning someone in a comment box', function () {
  let session: Session | undefined;

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-mentions-${this.currentTest.title.replace(/\W+/g, '-')}`);
    }
    await closeSession(session);
    session = undefined;
  });

  it('typing @Bo offers Bob, Enter inserts him, the posted comment mentions him; @Zed is warned about', async () => {
    session = await openSession('mentions');
    const wb = session.workbench;
    const fx = await sandboxCall<Fixtures>(session, 'GET', '/fixtures');
    const task = fx.tasks.task_with_comments!;
    const bob = fx.users.bob!.id;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.runCommand('Task Platform: Open Task');
    await wb.answerInput(task.id);
    const frame = wb.webview();
    await frame.locator('.title-row .display-id', { hasText: task.display_id }).waitFor({ timeout: 60_000 });
    const composer = frame.locator('.composer[data-composer="new"]');
    const box = composer.locator('vscode-textarea textarea');
    await box.waitFor({ timeout: 60_000 });

    // Keys as typed, each an input event: the list opens at "@" and narrows to Bob.
    await box.click();
    await box.pressSequentially('Thanks @Bo');
    const options = composer.locator('.mention-picker [role="option"]');
    await options.filter({ hasText: 'Bob Member' }).waitFor({ timeout: 30_000 });
    assert.equal(await options.count(), 1, (await options.allTextContents()).join(' | '));
    assert.equal(await options.first().getAttribute('aria-selected'), 'true');
    assert.equal(
      await composer.locator('.mention-picker[role="listbox"]').getAttribute('aria-label'),
      'Members to mention',
    );
    // The option in hand is said in the page's one status line, not a live region of the picker's own.
    await frame
      .locator('#announcer', { hasText: 'Bob Member, 1 of 1' })
      .waitFor({ state: 'attached', timeout: 10_000 });
    await wb.screenshot('mention-01-picker-offers-bob');

    await wb.page.keyboard.press('Enter');
    await composer.locator('.mention-picker').waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(await box.inputValue(), 'Thanks @Bob Member ', 'Enter inserted the full name, no new line');

    // An @word that names nobody: the first post only warns.
    await box.pressSequentially('for the review, and @Zed');
    await composer.locator('.mention-picker').waitFor({ state: 'detached', timeout: 30_000 });
    await wb.page.keyboard.press('Control+Enter');
    const warning = composer.locator('.mention-warning[role="alert"]');
    await warning.filter({ hasText: '@Zed matches no member' }).waitFor({ timeout: 30_000 });
    await wb.screenshot('mention-02-warning-for-zed');
    const before = await sandboxCall<{ data: Row[] }>(session, 'GET', `/state/comments?task_id=${task.id}`);
    assert.ok(!before.data.some((c) => String(c.body).includes('@Zed')), 'nothing was posted before the user chose to');

    await warning.locator('vscode-button[data-action="post-anyway"]').click();
    await frame.locator('article.comment', { hasText: 'for the review' }).waitFor({ timeout: 30_000 });
    const stored = (await sandboxCall<{ data: Row[] }>(session, 'GET', `/state/comments?task_id=${task.id}`)).data;
    const posted = stored.find((c) => String(c.body).includes('for the review'));
    assert.ok(posted, 'the comment is in the sandbox');
    assert.equal(posted.body, 'Thanks @Bob Member for the review, and @Zed');
    assert.deepEqual(posted.mentions, [bob], 'the sandbox stores the mention of Bob');
    await wb.screenshot('mention-03-posted');
  });
});
