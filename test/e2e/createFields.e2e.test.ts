import * as assert from 'node:assert/strict';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any -- sandbox JSON */
type Json = any;

describe('e2e: Create Task asks for required custom fields; a list grouped by status', function () {
  let session: Session | undefined;
  let fx: Json;

  const control = async (path: string): Promise<Json> =>
    (await fetch(`${session!.sandbox.origin}/__sandbox${path}`)).json();

  before(async () => {
    session = await openSession('createFields', { settings: { 'taskPlatform.afterCreateTask': 'nothing' } });
    fx = await control('/fixtures');
    const wb = session.workbench;
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.clearNotifications();
    await wb.setSidebarWidth(560);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-')}`);
    }
  });

  after(() => closeSession(session));

  const widget = () => session!.workbench.page.locator('.quick-input-widget');

  /** Types into the open quick input and waits until `label` is the first row, then presses Enter. */
  async function choose(text: string, label: string): Promise<void> {
    const input = widget().locator('input');
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    await input.fill(text);
    await widget().locator('.monaco-list-row').first().filter({ hasText: label }).waitFor({ timeout: 30_000 });
    await session!.workbench.page.keyboard.press('Enter');
  }

  const shoot = (name: string): Promise<string> => session!.workbench.screenshotQuickInput(name);

  it('Create Task asks for the required fields of Social Media and refuses to skip one', async () => {
    const wb = session!.workbench;
    await wb.runCommand('Task Platform: Create Task');
    await choose('Acme', 'Acme');
    await widget().locator('input[placeholder^="Pick a list"]').waitFor({ timeout: 30_000 });
    await choose('Social Media', 'Social Media');
    const title = 'Launch thread for the Q4 release';
    await wb.answerInput(title);
    await widget().locator('.quick-input-message', { hasText: 'Description (optional' }).waitFor({ timeout: 30_000 });
    await wb.answerInput('');
    // Channel: a required dropdown, its options only (no Skip).
    await widget().locator('input[placeholder^="Channel (required)"]').waitFor({ timeout: 30_000 });
    const options = await widget().locator('.monaco-list-row .label-name').allTextContents();
    assert.deepEqual(
      options.map((o) => o.trim()),
      ['Email', 'Social', 'Web'],
    );
    await shoot('create-fields-01-required-dropdown');
    await choose('Social', 'Social');
    // Campaign code: a required text; Enter on an empty box is refused with the reason (the box may
    // check its empty value as it opens, and then shows the reason at once instead of the prompt).
    await widget().locator('.quick-input-message', { hasText: 'Campaign code' }).waitFor({ timeout: 30_000 });
    await wb.page.keyboard.press('Enter');
    await widget()
      .locator('.quick-input-message', { hasText: 'Campaign code is required' })
      .waitFor({ timeout: 30_000 });
    await shoot('create-fields-02-required-refused');
    const before = ((await control('/requests')).data as Json[]).filter((r) => r.method !== 'GET').length;
    assert.equal(before, 0, 'nothing written while a required field is empty');
    await wb.answerInput('SOC-7');
    await widget().locator('.monaco-list-row', { hasText: 'Campaign code…' }).waitFor({ timeout: 30_000 });
    await shoot('create-fields-03-details');
    await choose('Create', 'Create');
    await wb.statusBarItem('Created ACME-').waitFor({ timeout: 30_000 });
    const task = ((await control(`/state/tasks?title=${encodeURIComponent(title)}`)).data as Json[])[0];
    assert.equal(task?.list_id, fx.lists.social);
    // The values follow the create in a second request (PUT): wait for it rather than race it.
    let values: Json[] = [];
    for (let tries = 0; tries < 60 && values.length < 2; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      values = (await control(`/state/custom_field_values?task_id=${task.id}`)).data as Json[];
    }
    assert.deepEqual(values.map((v) => v.value_text).sort(), ['SOC-7', 'Social']);
  });

  it('Group By… on a list shows its tasks under status groups with their counts', async () => {
    const wb = session!.workbench;
    await wb.page.locator('.part.sidebar .pane-header', { hasText: 'My Tasks' }).click();
    for (const name of ['Acme', 'Marketing', 'Campaigns']) {
      await wb.treeRow(name).click();
    }
    const list = wb.page.locator('.part.sidebar .monaco-list-row[aria-level="4"]', { hasText: 'Social Media' });
    await wb.clickContextMenuItem(list, 'Group By…');
    await choose('by status', 'by status');
    await list.filter({ hasText: 'by status' }).waitFor({ timeout: 30_000 });
    await list.click();
    const groups = wb.page.locator('.part.sidebar .monaco-list-row[aria-level="5"]');
    await groups.first().waitFor({ timeout: 30_000 });
    const page = await fetch(
      `${session!.sandbox.baseUrl}/workspaces/${fx.workspaces.acme.id}/tasks?list_id=${fx.lists.social}&group_by=status`,
      { headers: { authorization: 'Bearer demo-token-alice' } },
    ).then((r) => r.json() as Promise<Json>);
    const counts = Object.values(page.group_counts as Record<string, number>).sort();
    const shown = (await groups.locator('.label-description').allTextContents()).map(Number).sort();
    assert.deepEqual(shown, counts, 'one group row per status, with the index count');
    await groups.first().locator('.monaco-tl-twistie').click();
    await wb.page.locator('.part.sidebar .monaco-list-row[aria-level="6"]').first().waitFor({ timeout: 30_000 });
    await list.filter({ hasText: /\d+ tasks · by status/ }).waitFor({ timeout: 30_000 });
    await wb.screenshot('tree-group-by-status');
  });
});
