import * as assert from 'node:assert/strict';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures and answers are untyped JSON */
type Json = any;

/**
 * The Inbox in the real workbench: alice follows a task from the tree's context menu; bob (over HTTP,
 * his own token) assigns her a task, mentions her in a comment and moves the followed task; after
 * one check the Inbox shows the three, the container's badge says 3, Enter opens the task at the
 * comment, Mark All Read clears the badge, and a reload keeps all of it.
 */
describe('e2e: the Inbox', function () {
  let session: Session | undefined;
  let fx: Json;

  const api = async (method: string, path: string, token: string, body?: unknown): Promise<Json> => {
    const res = await fetch(`${session!.sandbox.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(res.ok, `${method} ${path}: ${res.status}`);
    return res.json();
  };

  before(async () => {
    session = await openSession('inbox');
    fx = await (await fetch(`${session.sandbox.origin}/__sandbox/fixtures`)).json();
    const wb = session.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.setSidebarWidth(560);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-inbox-${this.currentTest.title.replace(/\W+/g, '-')}`);
    }
  });

  after(() => closeSession(session));

  const pane = (name: string) => session!.workbench.page.locator('.part.sidebar .pane-header', { hasText: name });
  async function setExpanded(name: string, expanded: boolean): Promise<void> {
    if (((await pane(name).getAttribute('aria-expanded')) === 'true') !== expanded) await pane(name).click();
  }
  const badge = () =>
    session!.workbench.activityBarItem('Task Platform').locator('xpath=ancestor::li[1]').locator('.badge-content');

  it('shows what bob did as three entries with a badge of 3, opens the task at the comment, marks all read', async () => {
    const wb = session!.workbench;
    const me = fx.users.alice.id;
    const acme = fx.workspaces.acme.id;
    const apiRows: Json[] = (
      await api('GET', `/workspaces/${acme}/tasks?list_id=${fx.lists.api}`, 'demo-token-alice')
    ).data.filter((r: Json) => !r.parent_task_id);
    const engineering: Json[] = (
      await api('GET', `/workspaces/${acme}/tasks?space_id=${fx.spaces.engineering}`, 'demo-token-alice')
    ).data.filter((r: Json) => !r.parent_task_id);
    const followed = apiRows.find((r) => r.assignee_id !== me)!;
    const toAssign = engineering.find((r) => r.assignee_id !== me && r.id !== followed.id)!;
    const hers = engineering.find((r) => r.assignee_id === me && r.id !== fx.tasks.task_with_comments.id)!;
    assert.ok(followed && toAssign && hers, 'the seed has the tasks this needs');

    // Follow a task from the Workspaces tree's context menu.
    await setExpanded('My Tasks', false);
    for (const name of ['Acme', 'Engineering', 'Backend', 'API']) await wb.treeRow(name).click();
    const row = wb.treeRow(followed.title);
    await row.waitFor({ timeout: 30_000 });
    // Exactly: "Unfollow Task" holds the words too.
    await wb.clickContextMenuItem(row, /^Follow Task$/);
    await wb.runCommand('Task Platform: Check Inbox Now');
    await setExpanded('Workspaces', false);
    await setExpanded('Inbox', true);
    await wb.sidebar().getByText('Nothing new.').waitFor({ timeout: 30_000 });

    await api('PATCH', `/workspaces/${acme}/tasks/${toAssign.id}`, 'demo-token-bob', { assignee_id: me });
    await api('POST', `/workspaces/${acme}/tasks/${hers.id}/comments`, 'demo-token-bob', {
      body: 'Alice, could you review the retry logic here?',
      mentions: [me],
    });
    const statuses: Json[] = (await api('GET', `/lists/${followed.list_id}/statuses`, 'demo-token-alice')).data;
    const next = statuses.find((s) => s.id !== followed.status_id)!;
    await api('PATCH', `/workspaces/${acme}/tasks/${followed.id}`, 'demo-token-bob', { status_id: next.id });

    await wb.runCommand('Task Platform: Check Inbox Now');
    const entries = wb.page.locator('.part.sidebar .pane-body .monaco-list-row', { hasText: 'Bob Member' });
    await entries.nth(2).waitFor({ timeout: 30_000 });
    const texts = await entries.allTextContents();
    assert.equal(texts.length, 3, texts.join(' | '));
    for (const expected of [
      `Bob Member assigned ${toAssign.display_id} to you`,
      `Bob Member mentioned you on ${hers.display_id}`,
      `Bob Member set the status of ${followed.display_id} to ${next.name}`,
    ]) {
      assert.ok(
        texts.some((t) => t.includes(expected)),
        `"${expected}" in ${texts.join(' | ')}`,
      );
    }
    await badge().filter({ hasText: '3' }).waitFor({ timeout: 10_000 });
    await wb.screenshot('40-inbox-three-entries');

    // Enter on the mention opens the task at the comment.
    await entries.filter({ hasText: 'mentioned you' }).click();
    await wb.page.keyboard.press('Enter');
    await wb
      .webview()
      .locator('article.comment.revealed', { hasText: 'could you review the retry logic' })
      .waitFor({ timeout: 30_000 });
    await badge().filter({ hasText: '2' }).waitFor({ timeout: 10_000 });
    // The opened entry is read, the other two are not: they look different, and say so in words.
    const read = entries.filter({ hasText: 'mentioned you' });
    const unread = entries.filter({ hasNotText: 'mentioned you' });
    await read.filter({ hasNotText: 'Unread' }).waitFor({ timeout: 10_000 });
    assert.equal(
      await unread.filter({ hasText: 'Unread ·' }).count(),
      2,
      (await entries.allTextContents()).join(' | '),
    );
    assert.equal(await read.locator('.highlight').count(), 0, 'a read row is plain');
    assert.equal(await unread.first().locator('.highlight').count(), 1, 'an unread row is highlighted');
    assert.match((await unread.first().getAttribute('aria-label')) ?? '', /^Unread: /);
    assert.doesNotMatch((await read.getAttribute('aria-label')) ?? '', /Unread/);
    await wb.screenshot('44-inbox-read-and-unread');
    // Her own task is followed: the panel's title bar offers Unfollow.
    await wb.page.locator('.editor-actions .action-label[aria-label^="Unfollow Task"]').waitFor({ timeout: 10_000 });
    await wb.screenshot('41-inbox-opened-at-comment');

    await wb.runCommand('Task Platform: Mark All Read');
    await badge().waitFor({ state: 'hidden', timeout: 10_000 });
    await wb.quickInput().waitFor({ state: 'hidden', timeout: 10_000 });
    await wb.screenshot('42-inbox-all-read');

    // A reload keeps the entries, read, with no badge: what was seen and read is stored per account.
    await wb.reloadWindow();
    await wb.openContainer('Task Platform');
    await setExpanded('Inbox', true);
    await entries.nth(2).waitFor({ timeout: 60_000 });
    assert.equal(await entries.count(), 3, (await entries.allTextContents()).join(' | '));
    await wb.runCommand('Task Platform: Check Inbox Now');
    await wb.page.waitForTimeout(2_000);
    assert.equal(await entries.count(), 3, 'the check after the reload reports nothing twice');
    assert.equal(await badge().isVisible(), false, 'still all read after the reload');
    await wb.screenshot('43-inbox-after-reload');
  });
});
