import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { CommandsDriver } from './driver';
import { openTempGitRepo, sandboxOrigin, waitFor } from './helpers';
import { RewritingProxy } from './rewritingProxy';

const REFUSED = /not letters and digits, a dash and a number/;

function workspaceFile(name: string, text: string): vscode.Uri {
  const dir = process.env.TASK_PLATFORM_TEST_WORKSPACE;
  assert.ok(dir, 'TASK_PLATFORM_TEST_WORKSPACE is set by the runner');
  const path = join(dir, name);
  writeFileSync(path, text);
  return vscode.Uri.file(path);
}

async function setBaseUrl(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('taskPlatform').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}

/**
 * a server that answers display ids with a line break, a space or markup gets
 * nothing written into a file, the commit box or a branch. The extension talks to a test-only
 * proxy in front of the sandbox that rewrites the display ids of its answers.
 */
describe('Code links against a server answering hostile display ids: nothing is written', function () {
  this.timeout(120_000);
  const w = new CommandsDriver();
  const proxy = new RewritingProxy(sandboxOrigin());
  let sandboxBaseUrl = '';
  const payloads = (id: string): string[] => [
    `${id}\nrm -rf ~`,
    `${id} x`,
    `<img src=x onerror=alert(1)>${id}`,
    `[${id}](command:workbench.action.openSettings)`,
  ];

  before(async () => {
    await w.setUp();
    sandboxBaseUrl = vscode.workspace.getConfiguration('taskPlatform').get<string>('baseUrl', '');
    await w.api.session.signOut();
    await setBaseUrl(await proxy.start());
    await w.signInAs('demo-token-alice');
    await waitFor(() => w.api.codeLinks.finder.prefixes().prefixes().includes('ACME') || undefined, 'prefixes learned');
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('startWork.updateTask', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await w.api.session.signOut();
    await setBaseUrl(sandboxBaseUrl);
    await proxy.stop();
    await w.tearDown();
  });
  beforeEach(async () => {
    await w.beforeEach();
    proxy.replace.clear();
    proxy.onCreate = undefined;
  });
  afterEach(() => w.afterEach());

  it('Insert Task Reference and the stale-reference fix refuse the id and leave the file as it was', async () => {
    const t = w.fx.tasks.task_with_comments;
    const other = w.fx.tasks.blocked_task.display_id as string;
    for (const payload of payloads(t.display_id)) {
      proxy.replace.set(t.display_id, payload);
      const uri = workspaceFile('hostile-insert.py', `x = 1\n\n# see ${other}\n`);
      const editor = await vscode.window.showTextDocument(uri);
      editor.selection = new vscode.Selection(1, 0, 1, 0);
      const before = editor.document.getText();
      const insert = w.script([t.title], ['Acme', t.title]);
      assert.equal(await vscode.commands.executeCommand('taskPlatform.insertTaskReference'), undefined);
      assert.equal(editor.document.getText(), before, JSON.stringify(payload));
      assert.match(insert.messages.at(-1)?.text ?? '', REFUSED);
      assert.ok(
        insert.offered.flat().some((item) => item.label === t.title),
        'the task was found and picked',
      );

      const start = before.indexOf(other);
      const fix = w.script([t.title], ['Acme', t.title]);
      const replaced = await vscode.commands.executeCommand('taskPlatform.codeLinks.replaceReference', {
        uri: uri.toString(),
        start,
        end: start + other.length,
      });
      assert.equal(replaced, undefined);
      assert.equal(editor.document.getText(), before, JSON.stringify(payload));
      assert.match(fix.messages.at(-1)?.text ?? '', REFUSED);
      await editor.document.save();
    }
  });

  it('Copy Display Id refuses the id, and Copy Link links the task by its UUID', async () => {
    const t = w.fx.tasks.task_with_comments;
    // No row: the task is read through the proxy, which answers the hostile id.
    const ref = { kind: 'task', workspaceId: w.fx.workspaces.acme.id, taskId: t.id };
    for (const payload of payloads(t.display_id)) {
      proxy.replace.set(t.display_id, payload);
      await vscode.env.clipboard.writeText('before');
      const copy = w.script([]);
      assert.equal(await vscode.commands.executeCommand('taskPlatform.copyDisplayId', ref), undefined);
      assert.equal(await vscode.env.clipboard.readText(), 'before', JSON.stringify(payload));
      assert.match(copy.messages.at(-1)?.text ?? '', REFUSED);
      w.script([]);
      const link = await vscode.commands.executeCommand<string>('taskPlatform.copyLink', ref);
      assert.ok(link?.endsWith(`/t/${t.id}`), `${link} for ${JSON.stringify(payload)}`);
    }
  });

  it('completion in a comment offers no hostile id', async () => {
    const t = w.fx.tasks.task_with_comments;
    const [payload] = payloads(t.display_id);
    proxy.replace.set(t.display_id, payload!);
    const uri = workspaceFile('hostile-complete.py', `# ${t.display_id}\n`);
    await vscode.window.showTextDocument(uri);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri,
      new vscode.Position(0, 2 + t.display_id.length),
      '-',
    );
    const ours = list.items.filter((i) => i.kind === vscode.CompletionItemKind.Reference);
    const labels = ours.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(
      (await w.requests((line) => line.includes('/search'))).length > 0,
      'the search was sent (through the proxy)',
    );
    assert.deepEqual(
      labels.filter((label) => !/^[A-Z]+-\d+$/.test(label)),
      [],
      labels.join(', '),
    );
    assert.ok(!labels.includes(payload!));
  });

  it('Create Task from TODO creates the task but writes nothing into the comment', async () => {
    proxy.onCreate = 'ACME-1\nimport os';
    const uri = workspaceFile('hostile-todo.py', 'def f():\n    # TODO: hostile display id\n    pass\n');
    const editor = await vscode.window.showTextDocument(uri);
    const before = editor.document.getText();
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      new vscode.Range(1, 6, 1, 6),
    );
    const action = actions.find((a) => a.title.startsWith('Create Task from TODO'));
    assert.ok(action?.command, actions.map((a) => a.title).join(', '));
    const prompter = w.script(['hostile display id'], ['Acme', 'API']);
    const task = await vscode.commands.executeCommand<{ id: string; display_id: string }>(
      action.command.command,
      ...(action.command.arguments ?? []),
    );
    assert.equal(task?.display_id, 'ACME-1\nimport os', 'the proxy answered the hostile id');
    assert.equal((await w.task(task.id)).title, 'hostile display id', 'the task itself was created');
    assert.equal(editor.document.getText(), before);
    assert.match(prompter.messages.at(-1)?.text ?? '', REFUSED);
    await editor.document.save();
  });

  it('Start Work creates no branch and leaves the commit box empty', async () => {
    const { root, git, api } = await openTempGitRepo();
    const repo = api.getRepository(vscode.Uri.file(root))!;
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('startWork.updateTask', 'never', vscode.ConfigurationTarget.Global);
    const t = w.fx.tasks.task_with_comments;
    for (const payload of payloads(t.display_id)) {
      proxy.replace.set(t.display_id, payload);
      const prompter = w.script([], []);
      assert.equal(
        await vscode.commands.executeCommand('taskPlatform.startWork', w.ref('task_with_comments')),
        undefined,
      );
      assert.match(prompter.messages.at(-1)?.text ?? '', REFUSED);
      assert.deepEqual(
        git('branch', '--list', '--format=%(refname:short)').split('\n'),
        ['main'],
        JSON.stringify(payload),
      );
      assert.equal(repo.inputBox.value, '');
      assert.notEqual(w.api.codeLinks.current.get()?.taskId, t.id);
    }
  });
});
