import * as assert from 'node:assert/strict';
import { closeSession, filesContaining, openSession } from './fixtures';
import type { Session } from './fixtures';

const token = 'demo-token-alice';

describe('e2e: sign in from the Task Platform view in a real workbench', function () {
  let session: Session | undefined;

  before(async () => {
    session = await openSession('sign-in');
  });

  after(async () => {
    const runDir = session?.workbench.runDir;
    await closeSession(session);
    // After the host has flushed and stopped: the token must not be in any file it wrote.
    if (runDir) {
      // The installed package itself is skipped: its README documents the sandbox's demo tokens.
      const installedPackage = (path: string): boolean =>
        /[\\/]extensions[\\/]task-platform\.task-platform-[^\\/]+$/.test(path);
      assert.deepEqual(
        filesContaining(runDir, token, installedPackage),
        [],
        'the token appears in files written during the run',
      );
    }
  });

  it('shows the welcome view with a Sign In button when signed out', async () => {
    const wb = session!.workbench;
    await wb.openContainer('Task Platform');
    const button = wb.sidebar().getByRole('button', { name: 'Sign In' }).first();
    await button.waitFor({ timeout: 60_000 });
    await wb.screenshot('01-signed-out-welcome');
  });

  it('signs in with a token and shows the account and its workspaces', async () => {
    const wb = session!.workbench;
    await wb.sidebar().getByRole('button', { name: 'Sign In' }).first().click();
    await wb.answerInput(token);
    await wb.treeRow('Acme').waitFor({ timeout: 60_000 });
    await wb.treeRow('Side Project').waitFor({ timeout: 10_000 });
    await wb.statusBarItem('Alice').waitFor({ timeout: 10_000 });
    // The "Checking the token" progress must be gone once the user is signed in.
    await wb.page
      .locator('.notification-toast', { hasText: 'Checking the token' })
      .waitFor({ state: 'detached', timeout: 10_000 });
    await wb.screenshot('02-signed-in-workspaces');
    const res = await fetch(`${session!.sandbox.origin}/__sandbox/requests`);
    const log = (await res.json()) as { data: { path: string; status: number; token_label: string }[] };
    assert.ok(
      log.data.some((r) => r.path === '/api/user' && r.status === 200 && r.token_label === 'alice'),
      'GET /user checked the token',
    );
  });

  it('signs out from the palette and shows the welcome view again', async () => {
    const wb = session!.workbench;
    await wb.runCommand('Task Platform: Sign Out');
    await wb.sidebar().getByRole('button', { name: 'Sign In' }).first().waitFor({ timeout: 30_000 });
    await wb.screenshot('03-signed-out-again');
  });
});
