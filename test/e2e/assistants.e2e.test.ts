import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../host/paths';
import { closeSession, openSession } from './fixtures';
import type { Session } from './fixtures';
import { until, waitForValue } from './steps';
import type { Workbench } from './workbench';

interface Tool {
  name: string;
  toolReferenceName: string;
  tags: string[];
}
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  contributes: { languageModelTools: Tool[] };
};
/**
 * The chat tools as the tools picker shows them: the reference name, then the description. The
 * current-task tool (`#taskPlatformTask`) is a context to attach, left out of this count.
 */
const tools = manifest.contributes.languageModelTools
  .filter((t) => t.toolReferenceName !== 'taskPlatformTask')
  .map((t) => ({ label: t.toolReferenceName, write: t.tags.includes('write') }));

/**
 * Sets the workspace's own settings (.vscode/settings.json), as a user who wants, say, read-only
 * tools in one repository would; VS Code watches the file and tells the extension.
 */
function setWorkspaceSettings(wb: Workbench, values: Record<string, unknown>): void {
  const dir = join(wb.runDir, 'workspace', '.vscode');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'settings.json');
  const now = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, JSON.stringify({ ...now, ...values }, null, 2));
}

/** Opens the Chat view (agent mode) and its Configure Tools picker; returns the picker's row texts. */
async function toolsPicker(wb: Workbench, shot: string): Promise<string[]> {
  await wb.page.keyboard.press('Control+Shift+Alt+I');
  const configure = wb.page.locator('.part.auxiliarybar a[aria-label^="Configure Tools"]').first();
  await configure.waitFor({ timeout: 30_000 });
  await configure.click();
  const rows = wb.page.locator('.quick-input-widget .monaco-list-row');
  await rows.first().waitFor({ timeout: 30_000 });
  // Filter to this extension, so its tools fit in one picture, and open its group.
  await wb.page.locator('.quick-input-widget input').fill('Task Platform');
  const group = rows.filter({ hasText: /^Task Platform$/ }).first();
  await group.waitFor({ timeout: 10_000 });
  if ((await rows.count()) === 1) {
    await group.locator('.monaco-tl-twistie').click();
    await rows.nth(1).waitFor({ timeout: 10_000 });
  }
  // screenshot() waits until the picker has stopped moving.
  await wb.screenshot(shot);
  // The list is virtual: read the rows by index, scrolling to the end.
  const seen = new Map<string, string>();
  for (let i = 0; i < 4; i++) {
    for (const [index, text] of await rows.evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-index') ?? '', e.getAttribute('aria-label') ?? ''] as const),
    )) {
      seen.set(index, text);
    }
    const box = await rows.first().boundingBox();
    if (box) {
      await wb.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    }
    // The list draws the rows now in view: wait for the top one to change (at the end it does not).
    const top = await rows.first().getAttribute('data-index');
    await wb.page.mouse.wheel(0, 400);
    await until(async () => (await rows.first().getAttribute('data-index')) !== top, 2_000);
  }
  await wb.page.keyboard.press('Escape');
  return [...seen.values()];
}

/** Rows naming the tool: their accessible name is the reference name, a comma and the description. */
const count = (rows: string[], label: string): number =>
  rows.filter((r) => r === label || r.startsWith(`${label}, `)).length;

describe('e2e: assistants in a real workbench (chat tools, MCP setting, chat actions)', function () {
  let session: Session | undefined;

  before(async () => {
    // AI features on (the test host turns them off); the built-in Copilot is not signed in: no model.
    session = await openSession('assistants', { settings: { 'chat.disableAIFeatures': false } });
    await session.workbench.signInFromView();
    await session.workbench.dismissSignInToast();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-assistants-${this.currentTest.title.replace(/\W+/g, '-')}`);
    }
  });

  after(async () => closeSession(session));

  it("agent mode's tools picker lists each Task Platform tool once, and no MCP server by default", async () => {
    const wb = session!.workbench;
    const rows = await toolsPicker(wb, '70-agent-tools-default');
    for (const tool of tools) {
      assert.equal(count(rows, tool.label), 1, `${tool.label} once in: ${rows.join(' | ')}`);
    }
    assert.equal(rows.filter((r) => /MCP/i.test(r)).length, 0, `no MCP server of Task Platform: ${rows.join(' | ')}`);
  });

  it('read-only mode hides every write tool from agent mode', async () => {
    const wb = session!.workbench;
    setWorkspaceSettings(wb, { 'taskPlatform.ai.readOnly': true });
    // VS Code reads the changed file by itself, a while later: the picker is read again until then.
    const rows = await waitForValue(
      () => toolsPicker(wb, '71-agent-tools-read-only'),
      (shown) => tools.every((t) => count(shown, t.label) === (t.write ? 0 : 1)),
      'the picker without the write tools',
      60_000,
    ).catch(() => toolsPicker(wb, '71-agent-tools-read-only'));
    for (const tool of tools) {
      assert.equal(count(rows, tool.label), tool.write ? 0 : 1, `${tool.label} in: ${rows.join(' | ')}`);
    }
    await wb.page.keyboard.press('Escape');
    setWorkspaceSettings(wb, { 'taskPlatform.ai.readOnly': false });
  });

  it('Summarise Task and Start Work with Copilot, without a chat model, say so and nothing breaks', async () => {
    const wb = session!.workbench;
    await wb.clearNotifications();
    await wb.openContainer('Task Platform');
    await wb.runCommand('Task Platform: Summarise Task in Chat');
    const summarised = wb.page.locator('.notification-toast', { hasText: 'Summarise Task: no chat model' });
    await summarised.waitFor({ timeout: 30_000 });
    await wb.settleToasts();
    await wb.screenshot('73-summarise-no-model');
    await wb.clearNotifications();

    await wb.runCommand('Task Platform: Start Work with Copilot');
    const started = wb.page.locator('.notification-toast', { hasText: 'Start Work with Copilot: no chat model' });
    await started.waitFor({ timeout: 30_000 });
    await started.getByRole('button', { name: 'Start Work Without Chat' }).waitFor();
    await wb.settleToasts();
    await wb.screenshot('74-start-work-no-model');
    await wb.clearNotifications();

    // From a task's context menu in the tree, the same; and the tree still works afterwards.
    for (const name of ['Acme', 'Engineering', 'Backend', 'API']) {
      await wb.treeRow(name).click();
    }
    const task = wb.page.locator('.part.sidebar .monaco-list-row[aria-level="5"]').first();
    await task.waitFor({ timeout: 30_000 });
    // Opened, faded in and showing the item (contextMenuItem waits for all three).
    await wb.contextMenuItem(task, 'Start Work with Copilot');
    await wb.screenshot('75-tree-menu-ai-actions');
    await wb.clickMenuItem('Summarise Task in Chat');
    await summarised.waitFor({ timeout: 30_000 });
    await wb.clearNotifications();
    await task.click();
    await wb.page.locator('.part.sidebar .monaco-list-row[aria-level="5"].selected').waitFor({ timeout: 10_000 });
    assert.equal(await wb.page.locator('.notification-toast').count(), 0, 'no error after the actions');
  });
});
