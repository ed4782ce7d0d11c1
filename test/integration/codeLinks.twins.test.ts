import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { inertMarkdown } from '../../src/core/text/inert';
import type { TaskRef } from '../../src/extension/tasks/ref';
import { useCommandsDriver } from './driver';
import { sandboxControl, waitFor, workspaceFile } from './helpers';

/** Where the finder keeps the learned prefixes (src/extension/codeLinks/finder.ts). */
const PREFIXES_KEY = 'taskPlatform.codeLinks.prefixes';

function markdownOf(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

/**
 * A prefix is unique within a workspace only: when Side Project uses ACME too, `ACME-12` names a task
 * in each. Nothing may pick one silently: the hover shows both under their workspaces' names, and
 * Go to Task and a link's Open ask which one.
 */
describe('Code links: two workspaces answer for ACME-12', function () {
  const w = useCommandsDriver(this);
  let saved: unknown;

  before(async () => {
    await waitFor(
      () => ['ACME', 'SIDE'].every((p) => w.api.codeLinks.finder.prefixes().prefixes().includes(p)) || undefined,
      'prefixes learned',
    );
    saved = w.api.services.globalState.get(PREFIXES_KEY);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Later suites expect ACME in Acme only: the learned prefixes go back to what they were, and the
    // finder reads them again (it keeps its book per service address).
    await w.api.services.globalState.update(PREFIXES_KEY, saved);
    (w.api.codeLinks.finder as unknown as { bookFor: string | undefined }).bookFor = undefined;
  });

  /** Side Project takes the prefix ACME (SIDE-12 becomes ACME-12), and the extension sees one of its rows. */
  async function twins(): Promise<{ acme: { id: string; title: string }; side: { id: string; title: string } }> {
    const side = w.fx.workspaces.side.id as string;
    await sandboxControl('POST', '/workspaces/prefix', { workspace_id: side, prefix: 'ACME' });
    const rows = await w.rows('tasks');
    const of = (ws: string): { id: string; title: string } =>
      rows.find((t) => t.workspace_id === ws && t.display_id === 'ACME-12');
    const pair = { acme: of(w.acme), side: of(side) };
    assert.ok(pair.acme && pair.side, 'both workspaces have an ACME-12');
    // The extension learns a workspace's prefix from a row it sees (a write, a created task): here
    // the renamed workspace's row, as a write to it would announce.
    w.api.codeLinks.finder.learn(side, 'ACME-12');
    return pair;
  }

  it('the hover shows both tasks, each under its workspace, and opens neither on its own', async () => {
    const { acme, side } = await twins();
    const uri = workspaceFile('twins.ts', '// Fixes ACME-12 in both places\n');
    await vscode.window.showTextDocument(uri);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(0, 12),
    );
    const md = markdownOf(hovers);
    assert.match(md, /2 workspaces have a task with this id/, md);
    for (const [workspace, task] of [
      ['Acme', acme],
      ['Side Project', side],
    ] as const) {
      const at = md.indexOf(`*${inertMarkdown(workspace)}*`);
      assert.ok(at >= 0, `${workspace} is named: ${md}`);
      assert.ok(md.indexOf(inertMarkdown(task.title), at) > at, `${workspace}'s task is under its name`);
    }
    // The link (no workspace given) asks; the user's pick is what opens.
    const prompter = w.script([], ['Side Project']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.codeLinks.open', { displayId: 'ACME-12' }), true);
    assert.deepEqual(
      prompter.offered[0]?.map((i) => i.label),
      ['Acme', 'Side Project'],
      'the link asks which workspace',
    );
    await waitFor(() => w.api.taskPanels.get(w.fx.workspaces.side.id, side.id), "Side Project's ACME-12 opened");
  });

  it('Go to Task on ACME-12 asks which workspace; the pick opens that task', async () => {
    const { acme, side } = await twins();
    const prompter = w.script([], ['Side Project']);
    const ref = await vscode.commands.executeCommand<TaskRef>('taskPlatform.goToTask', 'ACME-12');
    const offered = prompter.offered[0] ?? [];
    assert.deepEqual(
      offered.map((i) => i.label),
      ['Acme', 'Side Project'],
      'a pick of both workspaces',
    );
    assert.ok(offered[0]?.description?.includes(acme.title), 'each item names its task');
    assert.ok(offered[1]?.description?.includes(side.title));
    assert.equal(ref?.workspaceId, w.fx.workspaces.side.id);
    assert.equal(ref?.taskId, side.id);
    await waitFor(() => w.api.taskPanels.get(w.fx.workspaces.side.id, side.id), 'the picked task opened');

    // Cancelling the pick opens nothing.
    const cancelled = w.script([], [undefined]);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.goToTask', 'ACME-12'), undefined);
    assert.equal(cancelled.offered.length, 1);
  });
});
