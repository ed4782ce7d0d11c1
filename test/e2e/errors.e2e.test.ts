import * as assert from 'node:assert/strict';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any -- sandbox JSON */
type Json = any;

/*
 * The five most common error paths, end to end in one workbench, as the README's troubleshooting
 * table describes them: network down, a 429 burst, a task deleted elsewhere while its panel is
 * open, the token revoked, and no permission. Each says what happened and what to do, offers the
 * button that fixes it, and leaves a UI that works again once the cause is gone.
 */
describe('e2e: error paths a user can reach', function () {
  let session: Session | undefined;
  let fx: Json;

  const control = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const init =
      body === undefined
        ? { method }
        : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const res = await fetch(`${session!.sandbox.origin}/__sandbox${path}`, init);
    assert.ok(res.ok, `${method} ${path}: ${res.status}`);
    return res.json();
  };

  const toast = (text: string | RegExp) =>
    session!.workbench.page.locator('.notification-toast', { hasText: text }).first();

  before(async () => {
    session = await openSession('errors');
    fx = await control('GET', '/fixtures');
    const wb = session.workbench;
    await wb.signInFromView();
    await toast('Checking the token').waitFor({ state: 'detached', timeout: 30_000 });
    await wb.clearNotifications();
    await wb.setSidebarWidth(520);
    await wb.page.locator('.part.sidebar .pane-header', { hasText: 'My Tasks' }).click();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-errors-${this.currentTest.title.replace(/\W+/g, '-')}`);
    }
    await fetch(`${session!.sandbox.origin}/__sandbox/faults`, { method: 'DELETE' });
    await session?.workbench.clearNotifications().catch(() => undefined);
  });

  after(() => closeSession(session));

  it('network down: the row says offline with Retry; Retry works once the network is back', async () => {
    const wb = session!.workbench;
    await wb.treeRow('Acme').click();
    await wb.treeRow('Engineering').waitFor({ timeout: 30_000 });
    await control('POST', '/faults', { path: '/api/**', kind: 'reset_before' });
    await wb.treeRow('Engineering').click();
    const row = wb.page
      .locator('.part.sidebar .monaco-list-row', { hasText: 'Could not load (offline). Retry' })
      .first();
    await row.waitFor({ timeout: 60_000 });
    await wb.screenshot('error-network-down');
    await control('DELETE', '/faults');
    await row.click();
    await wb.treeRow('Backend').waitFor({ timeout: 30_000 });
  });

  it('429 burst: requests wait their turn and the rows arrive without the user doing anything', async () => {
    const wb = session!.workbench;
    const since = ((await control('GET', '/requests')).data as Json[]).at(-1)?.seq ?? 0;
    // The burst hits this test's own read (the Backend folder's lists): on `/api/**`, background reads
    // (My Tasks, the prefixes, polls) could take all three, and the click would see none.
    const lists = `/api/workspaces/${fx.workspaces.acme.id}/spaces/*/folders/${fx.folders.backend}/lists`;
    await control('POST', '/faults', { method: 'GET', path: lists, kind: 'status429', times: 3 });
    await wb.treeRow('Backend').click();
    await wb.treeRow('Database').waitFor({ timeout: 60_000 });
    // After a 429 the request budget item shows itself (it hides while plenty is left), for a minute.
    await wb.page
      .locator('.part.statusbar .statusbar-item', { hasText: /^\s*\d+\/\d+/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await wb.screenshot('error-429-burst');
    const statuses = ((await control('GET', `/requests?since=${since}`)).data as Json[])
      .filter((r) => r.method === 'GET' && r.path.endsWith(`/folders/${fx.folders.backend}/lists`))
      .map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 429).length, 3, `the three 429s: ${statuses.join(',')}`);
    assert.equal(statuses.at(-1), 200, `then the read that waited its turn: ${statuses.join(',')}`);
    assert.equal(await toast(/failed|Could not/).count(), 0, 'no error message for a burst the client absorbs');
  });

  it('task deleted by someone else while its panel is open: a banner, read-only fields, Refresh Tree', async () => {
    const wb = session!.workbench;
    const task = fx.tasks.task_with_comments;
    await wb.runCommand('Task Platform: Open Task');
    await wb.answerInput(task.id);
    const frame = wb.webview();
    await frame.locator('.title-row vscode-textfield').waitFor({ timeout: 60_000 });
    await frame.locator('[data-activity]').first().waitFor({ timeout: 60_000 });
    // Someone deletes it elsewhere (the web app, another machine) through the API.
    const res = await fetch(`${session!.sandbox.baseUrl}/workspaces/${fx.workspaces.acme.id}/tasks/${task.id}`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer demo-token-alice' },
    });
    assert.ok(res.status === 204 || res.status === 200, `delete elsewhere: ${res.status}`);
    const status = frame.locator('vscode-single-select[data-field="status_id"]');
    await status.click();
    await status.getByRole('option', { name: 'Shipped' }).click();
    await frame.locator('.banner-error', { hasText: 'no longer exists' }).waitFor({ timeout: 30_000 });
    await toast('no longer exists').locator('.monaco-button', { hasText: 'Refresh Tree' }).waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('.title-row vscode-textfield[disabled]').count(), 1, 'the title is read-only');
    await wb.settleToasts();
    await wb.screenshot('error-task-deleted');
    await toast('no longer exists').locator('.monaco-button', { hasText: 'Refresh Tree' }).click();
    await wb.runCommand('View: Close All Editors');
  });

  it('token revoked: a warning with Sign In; signing in with a current token brings the tree back', async () => {
    const wb = session!.workbench;
    await control('POST', '/tokens/revoke', { token: 'demo-token-alice' });
    // The next request finds out: expanding a space not loaded yet (a request still in flight
    // from the previous step may already have been refused; then the tree is gone already).
    const marketing = wb.treeRow('Marketing');
    if (await marketing.isVisible()) {
      await marketing.click().catch(() => undefined);
    }
    const warning = toast('rejected the stored token');
    await warning.waitFor({ timeout: 60_000 });
    await wb.statusBarItem('token rejected').waitFor({ timeout: 30_000 });
    await wb.settleToasts();
    await wb.screenshot('error-token-revoked');
    await warning.locator('.monaco-button', { hasText: 'Sign In' }).click();
    await wb.answerInput('demo-token-bob');
    await wb.statusBarItem('Bob').waitFor({ timeout: 60_000 });
    await wb.treeRow('Acme').waitFor({ timeout: 60_000 });
  });

  it('no permission: a view Bob may not see says why and whom to ask', async () => {
    const wb = session!.workbench;
    await wb.runCommand('Task Platform: Run Saved View');
    await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Paste a View Link or Id' }).first().click();
    await wb
      .quickInput()
      .locator('.quick-input-message', { hasText: 'A view id or a link' })
      .waitFor({ timeout: 30_000 });
    await wb.answerInput(fx.views.leadership_view);
    const message = toast(/may not see the view/);
    await message.waitFor({ timeout: 60_000 });
    const text = (await message.textContent()) ?? '';
    assert.match(text, /Ask its owner or a workspace admin to share it/, text);
    await wb.settleToasts();
    await wb.screenshot('error-permission');
  });
});
