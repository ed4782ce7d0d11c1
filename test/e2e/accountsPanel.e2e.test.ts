import * as assert from 'node:assert/strict';
import { closeSession, controlCall, openSession, otherWorld, storedTask } from './fixtures';
import type { Session } from './fixtures';

interface OtherFixtures {
  workspaces: { acme: { id: string } };
  tasks: { first_acme_task: { id: string; display_id: string; title: string } };
}

interface LoggedRequest {
  method: string;
  path: string;
  token_label: string;
}

describe("e2e: a task of another account's service in the task panel", function () {
  let session: Session | undefined;

  after(async () => {
    await closeSession(session);
  });

  it("Frank's task opens as Frank and its title is written on his service alone", async () => {
    session = await openSession('accountsPanel');
    const wb = session.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    const other = await otherWorld(session);
    const fx = await controlCall<OtherFixtures>(other, 'GET', '/fixtures');
    const task = fx.tasks.first_acme_task;

    // Add Account: the other service's address, then Frank's token.
    await wb.runCommand('Task Platform: Add Account');
    await wb.answerInput(other.baseUrl);
    await wb.answerInput('other-token-frank');
    await wb.page
      .locator('.notification-toast', { hasText: /Frank Founder/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await wb.clearNotifications();

    await controlCall(other, 'DELETE', '/requests');
    await controlCall(session.sandbox, 'DELETE', '/requests');
    // Go to Task asks every account; only Frank's service has this task id.
    await wb.runCommand('Task Platform: Go to Task by Id…');
    await wb.answerInput(task.id);
    const frame = wb.webview();
    await frame.locator('.title-row .display-id', { hasText: task.display_id }).waitFor({ timeout: 60_000 });
    const title = frame.locator('.title-row vscode-textfield input');
    await title.waitFor({ timeout: 60_000 });
    await title.fill('Edited as Frank');
    await title.press('Enter');
    // The other world's store (storedTask reads the sandbox of the session it is given).
    await storedTask({ ...session, sandbox: other }, task.id, (t) => t.title === 'Edited as Frank', "Frank's title");
    await wb.screenshot('accounts-panel-01-frank-task');

    const theirs = (await controlCall<{ data: LoggedRequest[] }>(other, 'GET', '/requests')).data;
    assert.ok(
      theirs.some((r) => r.method === 'PATCH' && r.token_label === 'frank'),
      JSON.stringify(theirs.map((r) => `${r.method} ${r.path}`)),
    );
    assert.ok(theirs.every((r) => r.token_label === 'frank'));
    const ours = (await controlCall<{ data: LoggedRequest[] }>(session.sandbox, 'GET', '/requests')).data;
    assert.deepEqual(
      ours.filter((r) => r.method !== 'GET' || (r.path.includes(task.id) && r.path.includes(fx.workspaces.acme.id))),
      [],
      'nothing of the panel sent to the first service',
    );
  });
});
