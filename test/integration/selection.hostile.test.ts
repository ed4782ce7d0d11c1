import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { useCommandsDriver } from './driver';

/** Hostile content: workspace text cannot make a command throw or freeze (here, the selected text). */
describe('Create Task from a selection of hostile workspace text', function () {
  const w = useCommandsDriver(this);
  this.timeout(60_000);

  it('300,000 backtick runs still ask for the title (no stack overflow)', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: `${'a`'.repeat(300_000)}\n` });
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(0, 0, 0, 600_000);
    try {
      const prompter = w.script([undefined]);
      const started = Date.now();
      await vscode.commands.executeCommand('taskPlatform.createTask', {
        kind: 'list',
        workspaceId: w.acme,
        listId: w.fx.lists.api,
        name: 'API',
      });
      assert.equal(prompter.asked.length, 1, 'the title was asked');
      assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });
});
