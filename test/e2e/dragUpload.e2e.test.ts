import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { axeViolations } from './axe';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures and raw state are untyped JSON */
type Json = any;

const MB = 1024 * 1024;

/**
 * Dragging a task out of the tree into an editor, and the task panel's accessibility and uploads in the
 * real workbench: Ctrl+Enter posts and the status line says so (axe over the panel with it filled), a
 * 50 MB upload shows its megabytes in a notification and its Cancel leaves no attachment.
 */
describe('e2e: drag a task into an editor; panel news, Ctrl+Enter and a cancelled upload', function () {
  let session: Session | undefined;
  let fx: Json;

  async function control(method: string, path: string, body?: unknown): Promise<Json> {
    const res = await fetch(`${session!.sandbox.origin}/__sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(res.ok, `${method} ${path}: ${res.status}`);
    return res.json();
  }

  before(async () => {
    // Open panels check for others' changes every 5 s, so a comment by Bob arrives within the test.
    session = await openSession('drag-upload', { settings: { 'taskPlatform.panel.pollIntervalSeconds': 5 } });
    fx = await control('GET', '/fixtures');
    const wb = session.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.setSidebarWidth(520);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 60)}`);
    }
  });

  after(() => closeSession(session));

  it('a task dragged from the Workspaces tree into an editor drops its display id there', async () => {
    const wb = session!.workbench;
    const file = join(wb.runDir, 'workspace', 'notes.md');
    await fs.writeFile(file, 'Next up:\n');
    await wb.page.keyboard.press('Control+P');
    await wb.quickInput().locator('input').fill('notes.md');
    await wb.quickInput().locator('.monaco-list-row', { hasText: 'notes.md' }).first().waitFor({ timeout: 30_000 });
    await wb.page.keyboard.press('Enter');
    const editor = wb.page.locator('.editor-instance .monaco-editor .view-lines').first();
    await editor.locator('text=Next up:').waitFor({ timeout: 30_000 });

    await wb.page.locator('.part.sidebar .pane-header', { hasText: 'My Tasks' }).click(); // room for Workspaces
    for (const name of ['Acme', 'Engineering', 'Backend', 'API']) {
      await wb.treeRow(name).click();
    }
    await wb.page.locator('.part.sidebar .monaco-list-row[aria-level="5"]').first().waitFor({ timeout: 30_000 });
    // Onto the empty second line of the editor, holding Shift as VS Code asks for any drop into the
    // text: task rows carry a resource (their decorations), so without it the editor area takes the
    // drop, as it does for a file dragged from the Explorer.
    const box = (await editor.boundingBox())!;
    const displayId = await shiftDrag(0, box.x + 40, box.y + 28);
    await editor.locator(`text=${displayId}`).waitFor({ timeout: 15_000 });
    await wb.screenshot('drag-01-task-dropped-into-editor');
    const text = (await editor.innerText()).replace(/\u00a0/g, ' ');
    assert.match(text, new RegExp(`${displayId}`), text);
    assert.doesNotMatch(text, /application\/vnd|\d+\/\d+:|taskplatform-task/, 'only the id: no tree handle, no link');
  });

  /**
   * Drags task row `index` of the open list to (x, y) with the mouse, as a person would, Shift held
   * from the start of the drag to the drop; answers the row's display id.
   */
  async function shiftDrag(index: number, x: number, y: number): Promise<string> {
    const wb = session!.workbench;
    const row = wb.page.locator('.part.sidebar .monaco-list-row[aria-level="5"]').nth(index);
    const displayId = /([A-Z][A-Z0-9]*-\d+)/.exec((await row.textContent()) ?? '')?.[1];
    assert.ok(displayId, `a display id on the row: ${await row.textContent()}`);
    const from = (await row.boundingBox())!;
    const mouse = wb.page.mouse;
    await mouse.move(from.x + 60, from.y + from.height / 2);
    await mouse.down();
    await mouse.move(from.x + 80, from.y + from.height / 2 + 5, { steps: 5 });
    await wb.page.keyboard.down('Shift');
    await mouse.move(x, y, { steps: 20 });
    await mouse.move(x + 4, y, { steps: 3 });
    await mouse.up();
    await wb.page.keyboard.up('Shift');
    return displayId;
  }

  async function openTask(taskId: string): Promise<FrameLocator> {
    const wb = session!.workbench;
    await wb.runCommand('Task Platform: Open Task');
    await wb.answerInput(taskId);
    const frame = wb.webview();
    await frame.locator('.title-row vscode-textfield').waitFor({ timeout: 60_000 });
    await frame.locator('[data-action="upload"]').waitFor({ timeout: 60_000 });
    return frame;
  }

  it('Ctrl+Enter posts a comment; only the status line announces it, and axe passes with it filled', async () => {
    const wb = session!.workbench;
    const frame = await openTask(fx.attachments.task_id);
    assert.equal(await frame.locator('main#root').getAttribute('aria-live'), null, 'the page is no live region');
    const composer = frame.locator('.composer[data-composer="new"]');
    const box = composer.locator('vscode-textarea textarea');

    // A task dragged from the tree onto the comment box, with Shift (VS Code passes a drag into a
    // webview only then), drops its display id into the draft.
    await box.scrollIntoViewIfNeeded();
    const to = (await box.boundingBox())!;
    const displayId = await shiftDrag(1, to.x + 40, to.y + to.height / 2);
    for (let i = 0; i < 50 && !(await box.inputValue()).includes(displayId); i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    await wb.screenshot('drag-02-task-dropped-into-comment');
    assert.equal((await box.inputValue()).trim(), displayId, 'the id is in the comment box');

    await box.fill('Posted with Ctrl+Enter from e2e');
    assert.equal(
      await composer.locator('vscode-textarea').getAttribute('aria-keyshortcuts'),
      'Control+Enter Meta+Enter',
    );
    await box.press('Control+Enter');
    await frame.locator('article.comment', { hasText: 'Posted with Ctrl+Enter' }).waitFor({ timeout: 30_000 });
    await frame.locator('#announcer', { hasText: 'Comment posted' }).waitFor({ state: 'attached', timeout: 10_000 });
    const stored = await control('GET', `/state/comments?task_id=${fx.attachments.task_id}`);
    assert.ok(
      stored.data.some((c: Json) => c.body === 'Posted with Ctrl+Enter from e2e'),
      'posted to the service',
    );
    const live = await frame
      .locator('[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"]')
      .evaluateAll((nodes) =>
        nodes.map((n) => `${n.id || n.className}:${n.getAttribute('aria-live') ?? n.getAttribute('role')}`),
      );
    assert.deepEqual(live.sort(), ['announcer:polite', 'notice-region:polite'], 'the only live regions');
    await frame.locator('article.comment', { hasText: 'Posted with Ctrl+Enter' }).scrollIntoViewIfNeeded();
    await wb.screenshot('a11y-01-comment-posted-with-ctrl-enter');
    assert.deepEqual(await axeViolations(await wb.activeWebviewFrame()), [], 'axe with the status line filled');

    // Bob comments elsewhere: the panel's poll brings it, the notice shows it, the status line says it.
    const res = await fetch(
      `${session!.sandbox.baseUrl}/workspaces/${fx.workspaces.acme.id}/tasks/${fx.attachments.task_id}/comments`,
      {
        method: 'POST',
        headers: { authorization: 'Bearer demo-token-bob', 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'Bob was here' }),
      },
    );
    assert.equal(res.status, 201);
    await frame.locator('.change-notice', { hasText: 'Bob Member' }).waitFor({ timeout: 60_000 });
    await frame.locator('article.comment', { hasText: 'Bob was here' }).waitFor({ timeout: 30_000 });
    await frame
      .locator('#announcer', { hasText: 'New comment from Bob Member' })
      .waitFor({ state: 'attached', timeout: 10_000 });
    await frame.locator('.change-notice').scrollIntoViewIfNeeded();
    await wb.screenshot('a11y-02-comment-from-someone-else');
    assert.deepEqual(await axeViolations(await wb.activeWebviewFrame()), [], 'axe with the notice and status line');
  });

  it('a 50 MB upload shows its megabytes; Cancel leaves no attachment on the service', async () => {
    const wb = session!.workbench;
    const frame = await openTask(fx.attachments.task_id);
    const name = 'big-upload.zip';
    const path = join(wb.runDir, 'workspace', name);
    await fs.writeFile(path, '');
    await fs.truncate(path, 50 * MB);
    // The service stops reading after 4 MB, so the upload hangs until Cancel: on loopback it would
    // otherwise be over before Cancel could be pressed, and any fixed rate races a busy machine.
    await control('POST', '/faults', {
      method: 'POST',
      path: '/api/workspaces/*/tasks/*/attachments',
      kind: 'stall_body',
      after_bytes: 4 * MB,
    });
    await control('DELETE', '/requests');
    await frame.locator('vscode-button[data-action="upload"]').click();
    await wb.answerFileDialog(path);
    const toast = wb.page.locator('.notification-toast', { hasText: `Uploading ${name}` }).first();
    await toast.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      await wb.screenshot('upload-00-no-progress-toast');
      const toasts = await wb.page.locator('.notification-toast').allInnerTexts();
      throw new Error(`no "Uploading ${name}" toast; toasts: ${JSON.stringify(toasts)}; ${String(error)}`);
    });
    await toast.locator('text=/[1-9][0-9.]* MB of 50\\.0 MB/').waitFor({ timeout: 30_000 });
    await wb.settleToasts();
    await wb.screenshot('upload-01-progress-notification');
    const shown = (await toast.innerText()).replace(/\s+/g, ' ');
    await toast.getByRole('button', { name: 'Cancel' }).click();
    await toast.waitFor({ state: 'detached', timeout: 30_000 });
    // The service stalls the body, so it never answers: the request stays in flight (null) until
    // the sandbox reads up to the hang-up (0), which on loopback may come after the test.
    const uploads = (await control('GET', '/requests')).data.filter(
      (r: Json) => r.method === 'POST' && /\/attachments$/.test(r.path),
    );
    const left = (await control('GET', `/state/attachments?task_id=${fx.attachments.task_id}`)).data.filter(
      (a: Json) => a.file_name === name,
    );
    assert.deepEqual(left, [], `no attachment after Cancel (the notification read: ${shown})`);
    assert.equal(uploads.length, 1, 'sent once, not retried after the cancel');
    assert.ok(
      uploads[0].status === null || uploads[0].status === 0,
      `never answered (status ${JSON.stringify(uploads[0].status)})`,
    );
    assert.equal(
      await frame.locator('[data-attachment]', { hasText: name }).count(),
      0,
      'the panel lists no such file',
    );
    await wb.screenshot('upload-02-cancelled');
  });
});
