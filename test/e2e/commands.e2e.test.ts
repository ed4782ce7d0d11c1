import * as assert from 'node:assert/strict';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any -- sandbox JSON */
type Json = any;

describe('e2e: Create Task and Search Tasks from the command palette', function () {
  let session: Session | undefined;

  const control = async (path: string, init?: RequestInit): Promise<Json> =>
    (await fetch(`${session!.sandbox.origin}/__sandbox${path}`, init)).json();

  before(async () => {
    // The task panel is another feature; here the new task only gets a status-bar confirmation.
    session = await openSession('commands', { settings: { 'taskPlatform.afterCreateTask': 'nothing' } });
    const wb = session.workbench;
    await wb.signInFromView();
    await wb.page
      .locator('.notification-toast', { hasText: 'Checking the token' })
      .waitFor({ state: 'detached', timeout: 10_000 });
    // The sign-in toast would sit in every screenshot of the quick picks.
    await wb.runCommand('Notifications: Clear All Notifications');
    await wb.page.locator('.notification-toast').first().waitFor({ state: 'detached', timeout: 10_000 });
  });

  after(async () => {
    await closeSession(session);
  });

  /** Types into the open quick input and waits until `label` is the first row, then presses Enter. */
  async function choose(text: string, label: string): Promise<void> {
    const wb = session!.workbench;
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    await input.fill(text);
    await wb.page
      .locator('.quick-input-list .monaco-list-row')
      .first()
      .filter({ hasText: label })
      .waitFor({ timeout: 30_000 });
    await wb.page.keyboard.press('Enter');
  }

  /** Waits until the quick input shows `placeholder` (the previous step's pick is gone). */
  async function waitForStep(placeholder: string): Promise<void> {
    await session!.workbench.page
      .locator(`.quick-input-widget input[placeholder^="${placeholder}"]`)
      .waitFor({ timeout: 30_000 });
  }

  /** Waits until the open input box asks `prompt` (the previous step's box is gone). */
  async function waitForPrompt(prompt: string): Promise<void> {
    await session!.workbench.page
      .locator('.quick-input-widget .quick-input-message', { hasText: prompt })
      .first()
      .waitFor({ timeout: 30_000 });
  }

  const shoot = (name: string): Promise<string> => session!.workbench.screenshotQuickInput(name);

  it('creates a task: workspace, list, title, then Create', async () => {
    const wb = session!.workbench;
    await wb.runCommand('Task Platform: Create Task');
    await choose('Acme', 'Acme');
    await waitForStep('Pick a list');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Database' })
      .first()
      .waitFor({ timeout: 30_000 });
    await shoot('commands-01-create-task-pick-list');
    await choose('Database', 'Database');
    const title = 'Add an index on invoices.customer_id';
    await wb.answerInput(title);
    await waitForPrompt('Description (optional');
    await wb.answerInput('');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Priority…' })
      .first()
      .waitFor({ timeout: 30_000 });
    await shoot('commands-02-create-task-details');
    await choose('Create', 'Create');
    await wb.statusBarItem('Created ACME-').waitFor({ timeout: 30_000 });
    const tasks = (await control(`/state/tasks?title=${encodeURIComponent(title)}`)).data as Json[];
    assert.equal(tasks.length, 1);
    const fixtures = await control('/fixtures');
    assert.equal(tasks[0].list_id, fixtures.lists.database);
  });

  it('searches tasks as the user types, with few requests, and shows the hits', async () => {
    const wb = session!.workbench;
    const before = ((await control('/requests')).data as Json[]).filter((r) => r.path === '/api/search').length;
    await wb.runCommand('Task Platform: Search Tasks');
    // Across the user's workspaces: no workspace is asked for first.
    await waitForStep('Search tasks in your workspaces');
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    await input.pressSequentially('flaky login', { delay: 60 });
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Flaky login tests' })
      .first()
      .waitFor({ timeout: 30_000 });
    await shoot('commands-03-search-tasks');
    const searches =
      ((await control('/requests')).data as Json[]).filter((r) => r.path === '/api/search').length - before;
    // At most three queries, each one request per workspace (alice has two).
    assert.ok(searches >= 1 && searches <= 3 * 2, `typing 11 characters sent ${searches} search requests`);
    // Many hits (the last row, "More results…", pages on); the priority buttons filter on the server.
    await input.fill('legacy ticket');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Legacy ticket' })
      .first()
      .waitFor({ timeout: 30_000 });
    await wb.page.locator('.quick-input-titlebar .action-label[aria-label^="Only High"]').click();
    await wb.page
      .locator('.quick-input-widget .quick-input-title', { hasText: 'High priority only' })
      .waitFor({ timeout: 30_000 });
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Legacy ticket' })
      .first()
      .waitFor({ timeout: 30_000 });
    await shoot('commands-06-search-filtered');
    await wb.page.keyboard.press('Escape');
  });

  it('triages a list with single keys', async () => {
    const wb = session!.workbench;
    await wb.runCommand('Task Platform: Triage Tasks');
    await choose('Acme', 'Acme');
    await waitForStep('Pick a list');
    await choose('Design System', 'Design System');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Next task' })
      .first()
      .waitFor({ timeout: 30_000 });
    const input = wb.page.locator('.quick-input-widget input');
    await input.pressSequentially('p');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Critical' })
      .first()
      .waitFor({ timeout: 30_000 });
    // Typed, then Enter: the first match is the value (Back comes last and is filtered too).
    await choose('Critic', 'Critical');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Priority: Critical' })
      .first()
      .waitFor({ timeout: 30_000 });
    await shoot('commands-05-triage');
    await input.pressSequentially('n');
    await wb.page.locator('.quick-input-widget .quick-input-title', { hasText: '2 of' }).waitFor({ timeout: 30_000 });
    await wb.page.keyboard.press('Escape');
  });

  it('sets a status from a pick that shows each status in its colour', async () => {
    const wb = session!.workbench;
    await wb.runCommand('Task Platform: Set Status');
    await wb.answerInput('ACME-91');
    await waitForStep('Status of ACME-91');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Shipped' })
      .first()
      .waitFor({ timeout: 30_000 });
    await shoot('commands-04-set-status');
    await choose('Shipped', 'Shipped');
    await wb.statusBarItem('ACME-91').waitFor({ timeout: 30_000 });
    const fixtures = await control('/fixtures');
    const task = (await control(`/state/tasks?id=${fixtures.tasks.task_with_subtasks_3_deep.id}`)).data[0];
    assert.equal(task.status_id, fixtures.statuses.api.find((s: Json) => s.name === 'Shipped').id);
  });
});
