import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeSession, openSession, waitForPrefixes } from './fixtures';
import type { Session } from './fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any -- sandbox JSON */
type Json = any;

// Languages the extension has no table entry for: Clojure (`;;` comments) only through the user's
// files.associations, Groovy through its manifest's `Jenkinsfile*` pattern; and the files the Task
// References index reads by name (Dockerfile, .jsonc) or leaves out (plain .json).
describe('e2e: code links in languages known only to VS Code (files.associations, file-name patterns)', function () {
  let session: Session | undefined;
  let fx: Json;
  let task: Json;
  const control = async (path: string): Promise<Json> =>
    (await fetch(`${session!.sandbox.origin}/__sandbox${path}`)).json();

  before(async () => {
    session = await openSession('languages', { settings: { 'files.associations': { '*.tpl': 'clojure' } } });
    const wb = session.workbench;
    fx = await control('/fixtures');
    task = fx.tasks.blocked_task;
    const id: string = task.display_id;
    const workspace = join(wb.runDir, 'workspace');
    mkdirSync(join(workspace, 'deploy'), { recursive: true });
    const files: Record<string, string> = {
      'deploy/release.tpl': `(ns deploy.release)\n\n;; Fixes ${id}: wait for the lock\n(def note "${id} is a string")\n`,
      'deploy/Jenkinsfile': `pipeline {\n  // ${id}: retry the deploy stage\n}\n`,
      'deploy/Dockerfile': `# ${id}: pin the base image\nFROM scratch\n`,
      'deploy/settings.jsonc': `{\n  // ${id}: the retry budget\n  "retries": 3,\n}\n`,
      'deploy/data.json': `{\n  // ${id}\n  "rows": []\n}\n`,
    };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(workspace, name), text);
    }
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await waitForPrefixes(session);
  });

  after(async () => {
    await closeSession(session);
  });

  it('a file mapped to Clojure by files.associations has its reference linked, with the task in the hover', async () => {
    const wb = session!.workbench;
    await wb.runCommand('Go to File');
    await wb.page.locator('.quick-input-widget input').fill('release.tpl');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'release.tpl' })
      .first()
      .waitFor({ timeout: 30_000 });
    await wb.page.keyboard.press('Enter');
    await wb.statusBarItem('Clojure').waitFor({ timeout: 30_000 });
    const link = wb.page.locator('.monaco-editor .view-line .detected-link', { hasText: task.display_id }).first();
    await link.waitFor({ timeout: 30_000 });
    assert.equal(
      await wb.page.locator('.monaco-editor .view-line .detected-link').count(),
      1,
      'the comment is a link, the string is not',
    );
    await link.hover();
    const hover = wb.page.locator('.monaco-hover', { hasText: task.title }).first();
    await hover.waitFor({ timeout: 30_000 });
    assert.match(await hover.innerText(), /blocked/);
    await wb.screenshot('languages-associations-hover');
  });

  it('Task References lists the Jenkinsfile, Dockerfile and .jsonc references, not the .json file', async () => {
    const wb = session!.workbench;
    await wb.page.mouse.move(5, 5);
    await wb.page.keyboard.press('Escape');
    await wb.sidebar().locator('.pane-header', { hasText: 'Task References' }).first().click();
    const row = wb.treeRow(task.display_id);
    await row.waitFor({ timeout: 30_000 });
    await row.locator('.monaco-tl-twistie').click();
    for (const name of ['release.tpl', 'Jenkinsfile', 'Dockerfile', 'settings.jsonc']) {
      await wb.treeRow(name).waitFor({ timeout: 30_000 });
    }
    assert.equal(await wb.page.locator('.part.sidebar .monaco-list-row', { hasText: 'data.json' }).count(), 0);
    await wb.setSidebarWidth(520);
    await wb.screenshot('languages-references-view');
  });
});
