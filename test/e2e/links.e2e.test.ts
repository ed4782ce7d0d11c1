import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';
import { screenshotsDir } from './workbench';
import type { Workbench } from './workbench';

const token = 'demo-token-alice';

interface Fixtures {
  workspaces: { acme: { id: string } };
  tasks: Record<string, { id: string; display_id: string; title: string }>;
}

async function sandbox<T>(method: string, url: string, body?: unknown, auth = false): Promise<T> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (auth) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  assert.ok(res.ok, `${method} ${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** How long to keep watching once the expected openings happened: a second opening would come within it. */
const SETTLE_MS = 2_000;

/**
 * Answers every dialog the workbench shows with `answer` (recording its text) and counts the
 * browser windows opened (each opening of a web link in the web workbench is one new page): until
 * `expected` have opened (at most 30 s), then for SETTLE_MS more, so an opening too many is seen.
 */
async function watchOpenings(
  page: Page,
  answer: string,
  expected: number,
): Promise<{ dialogs: string[]; opened: Page[] }> {
  const opened: Page[] = [];
  const dialogs: string[] = [];
  const onPage = (p: Page): void => void opened.push(p);
  page.context().on('page', onPage);
  const deadline = Date.now() + 30_000;
  let settleFrom: number | undefined;
  while (settleFrom === undefined || Date.now() < settleFrom + SETTLE_MS) {
    if (settleFrom === undefined && (opened.length >= expected || Date.now() > deadline)) settleFrom = Date.now();
    const dialog = page.locator('.monaco-dialog-box').first();
    if (await dialog.isVisible().catch(() => false)) {
      dialogs.push((await dialog.innerText()).replace(/\s+/g, ' '));
      await dialog.getByRole('button', { name: answer, exact: true }).first().click();
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
    }
    await page.waitForTimeout(200);
  }
  page.context().off('page', onPage);
  return { dialogs, opened };
}

async function openTask(wb: Workbench, taskId: string, title: string): Promise<void> {
  await wb.runCommand('Task Platform: Open Task');
  await wb.answerInput(taskId);
  await wb.page
    .locator('.tabs-container .tab', { hasText: title.slice(0, 20) })
    .first()
    .waitFor({ timeout: 60_000 });
  await wb.webview().locator('.title-row vscode-textfield').waitFor({ timeout: 60_000 });
}

describe('e2e: links in the task panel', function () {
  // One workbench for both tests: each opens the task it needs, and neither changes what the other reads.
  let session: Session;
  let fx: Fixtures;

  before(async () => {
    session = await openSession('panel-links');
    fx = await sandbox<Fixtures>('GET', `${session.sandbox.origin}/__sandbox/fixtures`);
    await session.workbench.signInFromView(token);
  });

  after(async () => {
    await closeSession(session);
  });

  it('a clicked link opens exactly once; a link to this computer asks first, showing the whole address', async () => {
    const wb = session.workbench;
    const task = fx.tasks.task_with_activity!;
    const local = 'http://127.0.0.1:9/admin/reset?all=1';
    await sandbox(
      'PATCH',
      `${session.sandbox.baseUrl}/workspaces/${fx.workspaces.acme.id}/tasks/${task.id}`,
      {
        description: `Read [the docs](https://example.com/docs) or [the local page](${local}) first.`,
      },
      true,
    );
    await openTask(wb, task.id, `${task.display_id} ${task.title}`);
    const frame = wb.webview();

    const docs = frame.locator('.markdown a', { hasText: 'the docs' });
    await docs.waitFor({ timeout: 60_000 });
    assert.equal(await docs.getAttribute('href'), null, 'no href for the webview frame to open on its own');
    await docs.click();
    const web = await watchOpenings(wb.page, 'Open', 1);
    assert.equal(
      web.opened.length,
      1,
      `opened ${web.opened.length} times: ${web.opened.map((p) => p.url()).join(', ')}; dialogs: ${web.dialogs.join(' | ')}`,
    );
    assert.ok(
      web.dialogs.length <= 1,
      `one question at most (VS Code's own trusted-domain check): ${web.dialogs.join(' | ')}`,
    );

    await frame.locator('.markdown a', { hasText: 'the local page' }).click();
    const modal = wb.page.locator('.monaco-dialog-box').first();
    await modal.waitFor({ timeout: 30_000 });
    const shown = (await modal.innerText()).replace(/\s+/g, ' ');
    await wb.screenshot('panel-link-local-asks');
    assert.ok(shown.includes(local), `the modal shows the whole address: ${shown}`);
    await modal.getByRole('button', { name: 'Cancel' }).first().click();
    const declined = await watchOpenings(wb.page, 'Cancel', 0);
    assert.deepEqual(declined.opened, [], 'declined: nothing opened');
  });

  it("Open in Browser in the panel's title opens the task's web link", async () => {
    const wb = session.workbench;
    const task = fx.tasks.task_with_activity!;
    const link = `${session.sandbox.origin}/t/${task.display_id}`;
    await openTask(wb, task.id, `${task.display_id} ${task.title}`);
    const button = wb.page.locator('.editor-actions .action-label[aria-label="Open in Browser"]').first();
    await button.hover();
    await wb.screenshot('open-in-browser-button');
    await button.click();
    // VS Code may ask its own question for a domain it does not trust yet; the link is the service's own.
    const { dialogs, opened: pages } = await watchOpenings(wb.page, 'Open', 1);
    await Promise.all(
      pages.map((p) => p.waitForURL((u) => u.href !== 'about:blank', { timeout: 10_000 }).catch(() => undefined)),
    );
    // code-server opens a link to a port of this machine through its own port proxy (/proxy/<port>/).
    const { port, pathname } = new URL(link);
    const urls = pages.map((p) => p.url());
    assert.equal(urls.length, 1, `opened once: ${urls.join(', ')}; dialogs: ${dialogs.join(' | ')}`);
    assert.ok(
      urls[0] === link || urls[0] === `${new URL(wb.page.url()).origin}/proxy/${port}${pathname}`,
      `the task's link: ${urls[0]}`,
    );
    // The sandbox's page for the link names the task.
    await pages[0]!.getByText(task.display_id).first().waitFor({ timeout: 10_000 });
    await pages[0]!.screenshot({ path: join(screenshotsDir, 'open-in-browser-opened.png') });
  });
});
