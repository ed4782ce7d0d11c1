import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import type { Json } from './driver';
import { sandboxControl, waitFor } from './helpers';

/** What a new task panel's page holds before its script has run (the page's first paint). */
describe('Task panel first paint', function () {
  this.timeout(150_000);
  const driver = useExtension();
  let api: TestApi;
  let fx: Json;

  before(async () => {
    api = driver.api;
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl<Json>('GET', '/fixtures');
    await driver.signInAs('demo-token-carol');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The next suites sign in as they need: Carol must not be the account they find.
    await api.session.signOut();
  });

  it('a task opened by id only says it is loading rather than painting nothing', async () => {
    const ws = fx.workspaces.side.id;
    const task = (await sandboxControl<Json>('GET', '/state/tasks')).data.find(
      (t: Json) => t.workspace_id === ws && !t.deleted_at,
    );
    assert.ok(task, 'a task of Side Project');
    await vscode.commands.executeCommand('taskPlatform.openTask', { workspaceId: ws, taskId: task.id });
    const panel = await waitFor(() => api.taskPanels.get(ws, task.id), 'the panel');
    const html = panel.panel.webview.html;
    assert.match(html, /<main id="root"><div id="first-paint"><p class="loading">Loading task…<\/p><\/div><\/main>/);
  });
});
