import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';
import type { Workbench } from './workbench';

interface Fixtures {
  workspaces: { acme: { id: string } };
  tasks: Record<string, { id: string; display_id: string; title: string; list_id: string }>;
}

async function call<T>(
  session: Session,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const url = init.token ? `${session.sandbox.baseUrl}${path}` : `${session.sandbox.origin}/__sandbox${path}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  assert.ok(res.ok, `${init.method ?? 'GET'} ${path}: ${res.status}`);
  return (await res.json()) as T;
}

async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function openTask(wb: Workbench, taskId: string, tab: string): Promise<FrameLocator> {
  await wb.runCommand('Task Platform: Open Task');
  await wb.answerInput(taskId);
  await wb.page.locator('.tabs-container .tab', { hasText: tab }).first().waitFor({ timeout: 60_000 });
  const frame = wb.webview();
  await frame.locator('[data-activity]').first().waitFor({ timeout: 60_000 });
  return frame;
}

/**
 * Panel change polling in a real workbench: bob changes the task alice has open while she is typing its title
 * and writing a description. The poll (5 s here) shows the status and priority in place, with a
 * notice, and asks about the title instead of replacing what she typed; her draft stays.
 */
describe('e2e: a change made by someone else shows in the open task panel', function () {
  let session: Session | undefined;
  after(() => closeSession(session));

  it('updates untouched fields, keeps what is being typed, shows a dismissible notice', async () => {
    session = await openSession('panel-polling', { settings: { 'taskPlatform.panel.pollIntervalSeconds': 5 } });
    const wb = session.workbench;
    const fx = await call<Fixtures>(session, '/fixtures');
    const task = fx.tasks.task_with_activity!;
    await wb.signInFromView();
    const frame = await openTask(wb, task.id, task.display_id);
    await frame.locator('vscode-single-select[data-field="status_id"]').waitFor({ timeout: 60_000 });

    // Alice writes a description (a draft) and types a new title without saving it (focus stays).
    await frame.locator('vscode-button[data-action="edit-description"]').click();
    const draft = 'Alice is still writing this';
    await frame.locator('vscode-textarea[data-field="description"] textarea').fill(draft);
    const title = frame.locator('.title-row vscode-textfield input');
    await title.fill('Alice types a new title');

    // Bob, elsewhere: status, priority, title and description.
    const ws = fx.workspaces.acme.id;
    const current = await call<{ status_id: string; list_id: string }>(session, `/workspaces/${ws}/tasks/${task.id}`, {
      token: 'demo-token-bob',
    });
    const statuses = await call<{ data: { id: string; name: string }[] }>(
      session,
      `/lists/${current.list_id}/statuses`,
      { token: 'demo-token-bob' },
    );
    const next = statuses.data.find((s) => s.id !== current.status_id)!;
    await call(session, `/workspaces/${ws}/tasks/${task.id}`, {
      method: 'PATCH',
      token: 'demo-token-bob',
      body: {
        status_id: next.id,
        priority: 'critical',
        title: 'Bob renamed it',
        description: 'Bob rewrote the description',
      },
    });

    const notice = frame.locator('.change-notice');
    await notice.waitFor({ timeout: 60_000 });
    const text = await notice.innerText();
    assert.match(text, /Updated by Bob Member/);
    assert.match(text, new RegExp(`status → ${next.name}`));
    assert.match(text, /priority → Critical/);
    await frame.locator('.conflict[data-conflict="title"]').waitFor({ timeout: 10_000 });
    await frame.locator('.conflict[data-conflict="description"]').waitFor({ timeout: 10_000 });
    assert.equal(await title.inputValue(), 'Alice types a new title', 'what alice types is not replaced');
    assert.equal(
      await frame.locator('vscode-textarea[data-field="description"] textarea').inputValue(),
      draft,
      'the draft is untouched',
    );
    await until(
      async () =>
        (await frame
          .locator('vscode-single-select[data-field="priority"]')
          .evaluate((el) => (el as HTMLSelectElement).value)) === 'critical',
      'the priority updated in place',
    );
    await wb.screenshot('panel-polling-01-notice');

    // "Show theirs" on the title: bob's title replaces hers; dismissing the notice removes it.
    await frame.locator('.conflict[data-conflict="title"] vscode-button[data-action="show-theirs"]').click();
    await until(async () => (await title.inputValue()) === 'Bob renamed it', "bob's title shown");
    await frame.locator('.conflict[data-conflict="description"] vscode-button[data-action="keep-mine"]').click();
    assert.equal(await frame.locator('vscode-textarea[data-field="description"] textarea').inputValue(), draft, 'kept');
    await frame.locator('[data-action="dismiss-notice"]').click();
    await until(async () => (await notice.count()) === 0, 'the notice dismissed');
    await wb.screenshot('panel-polling-02-resolved');
  });
});
