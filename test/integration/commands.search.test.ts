import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TaskRef } from '../../src/extension/tasks/ref';
import { useCommandsDriver, writes } from './driver';
import type { Json } from './driver';
import { requestLog, sandboxControl, waitFor } from './helpers';
import type { ScriptedQuickPick } from './helpers';

describe('Task commands: search, go to, comment, link', function () {
  const w = useCommandsDriver(this);

  const searches = async (): Promise<Json[]> => (await requestLog()).filter((r) => r.path === '/api/search');
  const settled = (
    pick: ScriptedQuickPick<vscode.QuickPickItem>,
    what: string,
  ): Promise<readonly vscode.QuickPickItem[]> =>
    waitFor(() => (!pick.busy && pick.items.length > 0 ? pick.items : undefined), what);

  it('Search Tasks: typing 10 characters sends at most 2 queries; results open the task', async () => {
    const prompter = w.script([]);
    const done = vscode.commands.executeCommand<TaskRef | undefined>('taskPlatform.searchTasks');
    const pick = await prompter.livePick();
    await pick.type('flaky logi');
    const items = await settled(pick, 'search results');
    // One request per workspace and query: alice has two.
    assert.ok((await searches()).length <= 2 * 2, `requests: ${(await searches()).length}`);
    assert.ok(
      items.some((i) => i.label === 'Flaky login tests'),
      items.map((i) => i.label).join(', '),
    );
    assert.ok(
      items.every((i) => i.alwaysShow),
      'the server matched them; the pick must not filter them again',
    );
    pick.accept('Flaky login tests');
    const ref = await done;
    assert.equal(ref?.taskId, w.fx.tasks.task_with_comments.id);
    if (w.recordingOpen) {
      assert.equal((w.opened[0] as TaskRef).taskId, ref?.taskId);
    }
  });

  it('Search Tasks: priority buttons filter on the server, "More results" pages, a button copies the link', async () => {
    const prompter = w.script([]);
    const done = vscode.commands.executeCommand('taskPlatform.searchTasks');
    const pick = await prompter.livePick();
    pick.setValue('legacy ticket');
    let items = await settled(pick, 'first page');
    assert.equal(items.filter((i) => i.label.startsWith('Legacy ticket')).length, 20);
    assert.equal(items.at(-1)?.label, 'More results…');
    pick.accept('More results…');
    items = await waitFor(
      () => (pick.items.filter((i) => i.label.startsWith('Legacy ticket')).length === 40 ? pick.items : undefined),
      'second page',
    );
    assert.equal(new Set(items.map((i) => i.label)).size, items.length, 'no duplicates across pages');

    const before = (await searches()).length;
    pick.pressButton('Only High priority');
    await waitFor(
      () => (pick.title?.includes('High priority only') && !pick.busy ? true : undefined),
      'filtered results',
    );
    const log = await searches();
    assert.equal(log.length, before + 2, 'one request per workspace');
    assert.equal((log.at(-1) as Json).query.priority, 'high');
    assert.ok(pick.items.filter((i) => i.detail !== undefined).every((i) => /High/.test(i.detail ?? '')));

    const first = pick.items.find((i) => i.description?.startsWith('ACME-'));
    assert.ok(first);
    pick.pressItemButton(first.label, 'Copy Link');
    await waitFor(
      async () => ((await vscode.env.clipboard.readText()).endsWith(`/t/${first.description}`) ? true : undefined),
      'the link on the clipboard',
    );
    pick.hide();
    assert.equal(await done, undefined);
  });

  it('Search Tasks shows a failed search in the pick, without a popup, and recovers on the next keystroke', async () => {
    await sandboxControl('POST', '/faults', { method: 'GET', path: '/api/search', kind: 'malformed_json', times: 2 });
    const prompter = w.script([]);
    const done = vscode.commands.executeCommand('taskPlatform.searchTasks');
    const pick = await prompter.livePick();
    pick.setValue('login');
    await waitFor(
      () => (pick.items[0]?.label.startsWith('Search failed') ? true : undefined),
      'the failure in the pick',
    );
    assert.deepEqual(prompter.messages, []);
    await pick.type(' tests');
    await settled(pick, 'results after the fault');
    assert.ok(pick.items.some((i) => i.label === 'Flaky login tests'));
    pick.hide();
    await done;
  });

  it('Search Tasks also searches comments', async () => {
    const prompter = w.script([]);
    const done = vscode.commands.executeCommand<TaskRef | undefined>('taskPlatform.searchTasks');
    const pick = await prompter.livePick();
    pick.pressButton('Search comments');
    const comment = (await w.rows('comments', `?task_id=${w.fx.tasks.task_with_comments.id}`))[0];
    pick.setValue(String(comment.body).split(/\s+/).slice(0, 3).join(' '));
    const items = await settled(pick, 'comment hits');
    assert.equal((await searches()).at(-1)?.query.type, 'comments');
    pick.accept(items[0]?.label ?? '');
    assert.ok((await done)?.taskId);
  });

  it('Search Tasks reads every workspace of the user by default, says so before a query, and narrows to one', async () => {
    const { acme, side } = w.fx.workspaces;
    const prompter = w.script([]);
    const done = vscode.commands.executeCommand<TaskRef | undefined>('taskPlatform.searchTasks');
    const pick = await prompter.livePick();
    // Before a query: a hint, not "0 results", and no request.
    assert.equal(pick.items[0]?.label, 'Type to search tasks in all your workspaces');
    assert.ok(pick.item('Search only in Side Project') && pick.item('Search only in Acme'));
    assert.deepEqual(await searches(), []);
    pick.setValue('Plant tomatoes');
    const items = await settled(pick, 'hits across workspaces');
    const hit = items.find((i) => i.label === 'Plant tomatoes');
    assert.ok(hit, items.map((i) => i.label).join(', '));
    assert.match(hit.detail ?? '', /Side Project/, 'a hit says which workspace it is from');
    assert.deepEqual((await searches()).map((r) => (r as Json).query.workspace_id).sort(), [acme.id, side.id].sort());

    pick.setValue('');
    assert.equal(pick.items[0]?.label, 'Type to search tasks in all your workspaces');
    pick.accept('Search only in Side Project');
    assert.match(pick.title ?? '', /Side Project/);
    assert.equal(pick.items[0]?.label, 'Type to search tasks in Side Project');
    const before = (await searches()).length;
    pick.setValue('Plant tomatoes');
    await waitFor(
      () => (!pick.busy && pick.items[0]?.label === 'Plant tomatoes' ? true : undefined),
      'hits in one workspace',
    );
    const narrowed = (await searches()).slice(before);
    assert.deepEqual(
      narrowed.map((r) => (r as Json).query.workspace_id),
      [side.id],
      'one workspace, one request',
    );
    pick.accept('Plant tomatoes');
    assert.equal((await done)?.workspaceId, side.id);
  });

  /**
   * Go to Task opens the task's panel, which loads its sections in the background (the command does
   * not wait for them). Waited for before the request log is reset, so late loads do not land in it.
   */
  async function panelLoaded(workspaceId: string, taskId: string): Promise<void> {
    if (w.recordingOpen) {
      return; // no panel feature in this host: openTask is recorded, nothing loads
    }
    const panel = await waitFor(() => w.api.taskPanels.get(workspaceId, taskId), 'the panel');
    await waitFor(() => {
      const m = panel.model;
      const sections =
        m.complete &&
        m.comments &&
        m.activity &&
        m.customFields &&
        m.dependencies &&
        m.members &&
        m.statuses &&
        m.subtasks &&
        m.attachments;
      return (sections && (m.breadcrumb.length > 0 || m.errors.breadcrumb !== undefined)) || undefined;
    }, 'every section of the panel');
  }

  it('Go to Task by display id, by link, by UUID; bad input is refused before any request', async () => {
    const origin = new URL(vscode.workspace.getConfiguration('taskPlatform').get<string>('baseUrl', '')).origin;
    for (const input of ['ACME-122', `${origin}/t/ACME-122`, w.fx.tasks.task_with_comments.id]) {
      w.script([input]);
      const ref = await vscode.commands.executeCommand<TaskRef>('taskPlatform.goToTask');
      assert.equal(ref?.taskId, w.fx.tasks.task_with_comments.id, input);
    }
    // Its reads done before the next panel opens, so none of them is counted after the reset below.
    await panelLoaded(w.acme, w.fx.tasks.task_with_comments.id);
    const side = w.script([w.fx.tasks.side_task.id]);
    assert.equal(
      (await vscode.commands.executeCommand<TaskRef>('taskPlatform.goToTask'))?.workspaceId,
      w.fx.workspaces.side.id,
    );
    assert.equal(side.messages.length, 0);
    await panelLoaded(w.fx.workspaces.side.id, w.fx.tasks.side_task.id);

    await w.beforeEach();
    for (const [input, message] of [
      ['https://evil.example.net/t/ACME-1', /points to https:\/\/evil.example.net/],
      ['login bug', /not a task id/],
    ] as const) {
      const prompter = w.script([input]);
      assert.equal(await vscode.commands.executeCommand('taskPlatform.goToTask'), undefined);
      assert.match(prompter.messages[0]?.text ?? '', message);
    }
    assert.deepEqual(
      (await requestLog()).map((r) => `${r.method} ${r.path}`),
      [],
    );
    const unknown = w.script(['ACME-99999']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.goToTask'), undefined);
    assert.match(unknown.messages[0]?.text ?? '', /No task ACME-99999 was found/);
  });

  it('Add Comment posts the text with an optional assignee; an empty comment sends nothing', async () => {
    const ref = w.ref('blocker_task');
    // A blank answer opens the editor; posting it empty is refused without a request.
    const empty = w.script([' '], ['Post Comment']);
    await vscode.commands.executeCommand('taskPlatform.addComment', ref);
    assert.ok(
      empty.messages.some((m) => /cannot be empty/.test(m.text)),
      JSON.stringify(empty.messages),
    );
    assert.deepEqual(await w.requests(writes), []);
    w.script(['Needs a **migration** plan first.'], ['Bob Member']);
    await vscode.commands.executeCommand('taskPlatform.addComment', ref);
    const comments = await w.rows('comments', `?task_id=${ref.taskId}`);
    const posted = comments.find((c) => c.body === 'Needs a **migration** plan first.');
    assert.equal(posted?.assignee_id, w.fx.users.bob.id);
    await waitFor(() => (w.changes.some((c) => c.kind === 'updated') ? true : undefined), 'the task change');
  });

  it('Add Comment: an empty first answer opens a Markdown editor, whose text is posted', async () => {
    const ref = w.ref('blocker_task');
    const body = 'A longer comment.\n\n- with a list\n- over several lines';
    const prompter = w.script([''], ['Unassigned']);
    // Answer "Post Comment" only once the text is in the editor, as a user would.
    const original = prompter.info.bind(prompter);
    prompter.info = (text: string, ...actions: string[]): Thenable<string | undefined> => {
      if (!actions.includes('Post Comment')) {
        return original(text, ...actions);
      }
      return (async () => {
        const editor = await waitFor(
          () =>
            vscode.window.activeTextEditor?.document.languageId === 'markdown'
              ? vscode.window.activeTextEditor
              : undefined,
          'the comment editor',
        );
        await editor.edit((e) => e.insert(new vscode.Position(0, 0), body));
        return 'Post Comment';
      })();
    };
    await vscode.commands.executeCommand('taskPlatform.addComment', ref);
    const comments = await w.rows('comments', `?task_id=${ref.taskId}`);
    assert.ok(
      comments.some((c) => c.body === body),
      'the editor text was posted',
    );
    assert.ok(
      !vscode.workspace.textDocuments.some((d) => d.isUntitled && d.getText() === body),
      'the editor was closed',
    );
  });

  it('Link Tasks adds a dependency; linking again says "already linked"; a task cannot block itself', async () => {
    const ref = w.ref('task_with_comments');
    w.script(['ACME-125']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.linkTasks', ref), 'linked');
    const links = await w.rows('dependencies', `?blocked_task_id=${ref.taskId}`);
    assert.deepEqual(
      links.map((l) => l.blocker_task_id),
      [w.fx.tasks.blocker_task.id],
    );

    const again = w.script(['ACME-125']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.linkTasks', ref), 'alreadyLinked');
    assert.deepEqual(
      again.messages.map((m) => m.level),
      ['info'],
    );
    assert.match(again.messages[0]?.text ?? '', /Already linked/);

    const self = w.script(['ACME-122']);
    await vscode.commands.executeCommand('taskPlatform.linkTasks', ref);
    assert.match(self.messages[0]?.text ?? '', /cannot block itself/);
    assert.equal((await w.requests((l) => l.startsWith('POST '))).length, 2);
  });

  it('Remove Dependency lists blockers and blocked tasks and removes the chosen link', async () => {
    const ref = w.ref('blocked_task');
    const before = await w.rows('dependencies', `?blocked_task_id=${ref.taskId}`);
    assert.ok(before.length > 0);
    const prompter = w.script([], ['Migrate invoices table']);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.removeDependency', ref), true);
    assert.match(prompter.offered[0]?.[0]?.description ?? '', /blocks this task/);
    const after = await w.rows('dependencies', `?blocked_task_id=${ref.taskId}`);
    assert.equal(after.length, before.length - 1);
  });
});
