import * as assert from 'node:assert/strict';
import { closeSession, openSession, otherWorld } from './fixtures';
import type { Session } from './fixtures';

describe('e2e: the views with two accounts', function () {
  let session: Session | undefined;

  before(async () => {
    session = await openSession('accountsViews');
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-')}`);
    }
  });

  after(() => closeSession(session));

  it("Workspaces shows Alice's and Frank's roots, each with its own workspaces", async () => {
    const wb = session!.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.setSidebarWidth(520);
    const other = await otherWorld(session!);
    await wb.runCommand('Task Platform: Add Account');
    await wb.answerInput(other.baseUrl);
    await wb.answerInput('other-token-frank');
    await wb.openContainer('Task Platform');
    // The roots are expanded: each account's workspaces show beneath its name.
    await wb.treeRow('Frank Founder').waitFor({ timeout: 60_000 });
    await wb.treeRow('Alice Admin').waitFor({ timeout: 30_000 });
    await wb.treeRow('Acme Labs').waitFor({ timeout: 30_000 });
    await wb.treeRow('Nimbus').waitFor({ timeout: 30_000 });
    await wb.settle();
    const rows = await wb.page.locator('.part.sidebar .monaco-list-row').allInnerTexts();
    const alice = rows.findIndex((r) => r.includes('Alice Admin'));
    const frank = rows.findIndex((r) => r.includes('Frank Founder'));
    assert.ok(alice >= 0 && frank > alice, JSON.stringify(rows));
    assert.ok(
      rows.slice(frank).some((r) => r.includes('Acme Labs')),
      'his workspace under his root',
    );
    const header = await wb.page.locator('.part.sidebar .pane-header', { hasText: 'Workspaces' }).innerText();
    assert.ok(!header.includes('Alice Admin'), `the title bar names no one account: ${header}`);
    await wb.screenshot('accounts-views-01-two-roots');
  });
});
