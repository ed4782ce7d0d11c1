import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TaskNode } from '../../src/core/tree/nodes';
import type { TestApi } from '../../src/extension/main';
import { TaskDropProvider } from '../../src/extension/tree/dragOut';
import { useExtension } from './driver';
import { sandboxControl, waitFor } from './helpers';

/**
 * A task dragged from a tree onto the panel's comment box: the page gets only the row's task id (a
 * webview is handed the drag's resource URIs) and asks the host, which answers the display id of a
 * task that was dragged, and nothing for one that was not.
 */
describe('Task panel: tasks dropped on a comment box', function () {
  this.timeout(120_000);
  const driver = useExtension();
  let api: TestApi;

  before(async () => {
    api = driver.api;
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await driver.signInAs('demo-token-dave');
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('answers the display ids of the dragged tasks, and refuses tasks that were not dragged', async () => {
    const fx = await sandboxControl<{
      workspaces: { acme: { id: string } };
      tasks: Record<string, { id: string; display_id: string; title: string }>;
    }>('GET', '/fixtures');
    const ws = fx.workspaces.acme.id;
    const [open, dragged, other] = [fx.tasks.task_with_comments!, fx.tasks.blocker_task!, fx.tasks.task_with_activity!];
    await vscode.commands.executeCommand('taskPlatform.openTask', { workspaceId: ws, taskId: open.id });
    const panel = await waitFor(() => api.taskPanels.get(ws, open.id), 'the panel');
    await waitFor(() => panel.model.complete || undefined, 'the task');

    const node: TaskNode = {
      kind: 'task',
      key: 'k',
      workspaceId: ws,
      taskId: dragged.id,
      row: dragged,
      parentKey: 'p',
    };
    api.myTasks.dragOut.handleDrag([node], new vscode.DataTransfer());
    assert.deepEqual(await panel.receive({ type: 'dropTasks', id: 'd1', taskIds: [dragged.id] }), {
      ok: true,
      text: dragged.display_id,
    });
    const refused = await panel.receive({ type: 'dropTasks', id: 'd2', taskIds: [dragged.id, other.id] });
    assert.equal(refused?.ok, false, 'a task that was not dragged gives no text');
  });

  it("into an editor, the display id is offered before what the row's resource URI would drop", async () => {
    const task = { id: '3f2b6c1e-8d4a-4e7b-9c0d-1a2b3c4d5e6f', title: 'T', display_id: 'ACME-77' };
    const node: TaskNode = { kind: 'task', key: 'k', workspaceId: 'w', taskId: task.id, row: task, parentKey: 'p' };
    const data = new vscode.DataTransfer();
    api.myTasks.dragOut.handleDrag([node], data);
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'Next up:\n' });
    const provider = new TaskDropProvider();
    const none = new vscode.CancellationTokenSource().token;
    assert.equal(
      await provider.provideDocumentDropEdits(doc, new vscode.Position(1, 0), data, none),
      undefined,
      "without the row's URI it is not a drag from a task tree",
    );
    // What the workbench adds from the row's resourceUri (tree/decorations.ts).
    data.set('text/uri-list', new vscode.DataTransferItem(`taskplatform-task:/${task.id}?overdue`));
    const edits = await provider.provideDocumentDropEdits(doc, new vscode.Position(1, 0), data, none);
    assert.equal(edits?.[0]?.insertText, 'ACME-77');
    assert.equal(edits?.[0]?.kind?.value, 'text.taskPlatform.displayId');
  });
});
