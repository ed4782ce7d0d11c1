import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { inertMarkdown } from '../../src/core/text/inert';
import { CommandsDriver } from './driver';
import { clientQuiet, openTempGitRepo, requestLog, waitFor, workspaceFile, type RequestLogEntry } from './helpers';
import { writeVsix } from './vsix';

function markdownOf(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

describe('Code links: references in comments, TODO -> task, stale references, start work', function () {
  this.timeout(90_000);
  const w = new CommandsDriver();
  before(async () => {
    await w.setUp();
    // The prefixes are learned at sign-in from one task row per workspace, in the background.
    await waitFor(
      () => ['ACME', 'SIDE'].every((p) => w.api.codeLinks.finder.prefixes().prefixes().includes(p)) || undefined,
      'prefixes learned',
    );
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('codeLinks.staleReferenceDiagnostics', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('startWork.updateTask', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The references test showed the Task Platform views; leave the side bar as other suites expect it.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await w.tearDown();
    // The runner keeps the short window for the whole run (TASK_PLATFORM_TEST_RATE_WINDOW_MS): leave it.
  });
  beforeEach(() => w.beforeEach());
  afterEach(() => w.afterEach());
  /** The references the Task References view holds for the file whose path ends with `name`. */
  const lines = (name: string): number | undefined => {
    const view = w.api.codeLinks.references;
    const file = view
      .getChildren()
      .flatMap((task) => view.getChildren(task))
      .find((f) => f.kind === 'file' && f.file.endsWith(name));
    return file && view.getChildren(file).length;
  };

  it("links and hovers on a fixture file show the sandbox's task; unknown prefixes and dates stay plain", async () => {
    const t = w.fx.tasks.blocked_task;
    const text = `// Fixes ${t.display_id}; see also ABC-123, released 2026-08\nconst s = "${t.display_id}";\n`;
    const uri = workspaceFile('links.ts', text);
    await vscode.window.showTextDocument(uri);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', uri);
    assert.equal(links.length, 1, "one link: the comment's reference, not the string, not ABC-123 or the date");
    assert.equal(links[0]?.range.start.character, text.indexOf(t.display_id));
    const before = (await w.requests()).length;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(0, 12),
    );
    const md = markdownOf(hovers);
    const state = await w.task(t.id);
    assert.ok(md.includes(inertMarkdown(state.title)), md);
    assert.match(md, /blocked/);
    assert.match(md, /command:taskPlatform\.codeLinks\.open/);
    assert.match(md, /<span style="color:#[0-9a-fA-F]{6};">/);
    const used = (await w.requests()).length - before;
    assert.ok(used <= 4, `one batched lookup (spaces + one call per space), sent ${used}`);
    // Polls may read beside the hover: a request about this task is what the cache saves.
    const about = (): Promise<number> => w.requestsAbout(t.id, t.display_id).then((sent) => sent.length);
    const again = await about();
    await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(0, 12),
    );
    assert.equal(await about(), again, 'a second hover is served from the cache');
    const prompter = w.script([]);
    assert.equal(
      await vscode.commands.executeCommand('taskPlatform.codeLinks.open', { displayId: 'javascript:alert(1)' }),
      false,
    );
    assert.match(prompter.messages[0]?.text ?? '', /not a task reference/);
    assert.equal(
      await vscode.commands.executeCommand('taskPlatform.codeLinks.open', { displayId: t.display_id }),
      true,
    );
  });

  it("the first hover of an id whose prefix's space is known sends one request (the space remembered, not cached)", async () => {
    const t = w.fx.tasks.blocked_task;
    const listId = (await w.task(t.id)).list_id;
    const siblings = await w.rows('tasks', `?list_id=${listId}&parent_task_id=null&deleted_at=null`);
    const sibling = siblings.find((row) => row.id !== t.id);
    assert.ok(sibling, 'another top-level task in the same list');
    const uri = workspaceFile('spaces.ts', `// ${t.display_id}\n// ${sibling.display_id}\n`);
    await vscode.window.showTextDocument(uri);
    const hover = (line: number): Thenable<vscode.Hover[]> =>
      vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(line, 5));
    await hover(0);
    // A new session's resolver: nothing cached, the spaces not read; the remembered space is kept.
    w.api.codeLinks.finder.resolver()?.clear();
    // Only the look-up's requests count: reads of spaces, and index calls that ask for this id
    // (background polls read the index too, for other filters).
    const lookUps = (r: RequestLogEntry): boolean =>
      r.method === 'GET' &&
      (/\/spaces$/.test(r.path) || (/\/tasks$/.test(r.path) && (r.query?.filter ?? '').includes(sibling.display_id)));
    await clientQuiet(w.api.session, 'the first hover and its side reads to end');
    const before = (await requestLog()).length;
    assert.ok(markdownOf(await hover(1)).includes(inertMarkdown(sibling.title)));
    const sent = (await requestLog())
      .slice(before)
      .filter(lookUps)
      .map((r) => `${r.method} ${r.path}`);
    assert.equal(sent.length, 1, `one index call in the known space: ${JSON.stringify(sent)}`);
  });

  it('an unknown id reads "no task … visible to you" in its hover and is no link once looked up', async () => {
    const known = w.fx.tasks.blocked_task.display_id;
    const unknown = 'ACME-99999';
    const uri = workspaceFile('unknown.ts', `// See ${unknown} and ${known}\n`);
    await vscode.window.showTextDocument(uri);
    const links = (): Thenable<vscode.DocumentLink[]> =>
      vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', uri);
    assert.equal((await links()).length, 2, 'before any lookup both are links (no request per scan)');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(0, 9),
    );
    const md = markdownOf(hovers);
    assert.ok(md.startsWith(`**${inertMarkdown(unknown)}**: `), md);
    assert.match(md, /no task with this id is visible to you/);
    assert.doesNotMatch(md, /command:/, 'no action for a task that is not there');
    const after = await links();
    assert.equal(after.length, 1, 'the unknown id is no longer a link');
    assert.equal(after[0]?.range.start.character, `// See ${unknown} and `.length);
  });

  it('language registry: links and hovers in a language the hand table lacks (Julia)', async () => {
    assert.ok((await vscode.languages.getLanguages()).includes('julia'), 'the host has the built-in Julia language');
    const t = w.fx.tasks.blocked_task;
    const text = `x = "${t.display_id}"  # Fixes ${t.display_id}\n#= see ${t.display_id} =#\n`;
    const document = await vscode.workspace.openTextDocument(workspaceFile('registry/model.jl', text));
    assert.equal(document.languageId, 'julia');
    await vscode.window.showTextDocument(document);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>(
      'vscode.executeLinkProvider',
      document.uri,
    );
    assert.deepEqual(
      links.map((l) => [l.range.start.line, l.range.start.character]),
      [
        [0, text.indexOf(`# Fixes`) + 8],
        [1, 7],
      ],
      'the line and block comments, not the string',
    );
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      new vscode.Position(1, 9),
    );
    const md = markdownOf(hovers);
    assert.ok(md.includes(inertMarkdown((await w.task(t.id)).title)), md);
    // A file whose language comes only from files.associations gets the same links and hovers.
    const files = vscode.workspace.getConfiguration('files');
    await files.update('associations', { '*.tpl': 'julia' }, vscode.ConfigurationTarget.Workspace);
    try {
      const mapped = await vscode.workspace.openTextDocument(workspaceFile('registry/mapped.tpl', text));
      await waitFor(() => (mapped.languageId === 'julia' ? true : undefined), 'the mapping gives .tpl to Julia');
      const mappedLinks = await vscode.commands.executeCommand<vscode.DocumentLink[]>(
        'vscode.executeLinkProvider',
        mapped.uri,
      );
      assert.equal(mappedLinks.length, 2, 'the line and block comments, not the string');
      const mappedHovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        mapped.uri,
        new vscode.Position(1, 9),
      );
      assert.ok(markdownOf(mappedHovers).includes(inertMarkdown((await w.task(t.id)).title)));
    } finally {
      await files.update('associations', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('Create Task from TODO creates the task and rewrites the comment', async () => {
    const uri = workspaceFile('todo.py', 'def retry():\n    # TODO: retry after a 429 with backoff\n    pass\n');
    const editor = await vscode.window.showTextDocument(uri);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      new vscode.Range(1, 6, 1, 6),
    );
    const action = actions.find((a) => a.title.startsWith('Create Task from TODO'));
    assert.ok(action?.command, actions.map((a) => a.title).join(', '));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.ok(lenses.some((l) => l.command?.command === 'taskPlatform.codeLinks.createFromTodo'));
    // The title is the comment's text, offered for editing: the user's edit is what is created.
    const prompter = w.script(['Retry after a 429, with backoff'], ['Acme', 'API']);
    const task = await vscode.commands.executeCommand<{ id: string; display_id: string }>(
      action.command.command,
      ...(action.command.arguments ?? []),
    );
    assert.ok(task?.display_id);
    assert.equal(prompter.prefilled[0], 'retry after a 429 with backoff', 'the title box is prefilled');
    const row = await w.task(task.id);
    assert.equal(row.title, 'Retry after a 429, with backoff');
    assert.equal(row.list_id, w.fx.lists.api);
    assert.match(row.description, /todo\\\.py:2/, 'the file name, escaped as plain Markdown text');
    assert.match(row.description, /def retry\(\):/);
    assert.equal(editor.document.lineAt(1).text, `    # TODO(${task.display_id}): retry after a 429 with backoff`);
    assert.ok(editor.document.isDirty, "the user's file is left for them to save");
    const notice = await waitFor(
      () => prompter.messages.find((m) => m.level === 'info' && m.text.startsWith(`Created ${task.display_id}.`)),
      'the notice',
    );
    assert.match(notice.text, /todo\.py is not saved yet/);
    const after = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      new vscode.Range(1, 6, 1, 6),
    );
    assert.ok(!after.some((a) => a.title.startsWith('Create Task from TODO')), 'a linked TODO offers no second task');
    await editor.document.save();
  });

  it('stale-reference diagnostics for a completed and a trashed task vanish after the quick fix', async () => {
    const done = w.fx.tasks.completed_task.display_id;
    const trashed = w.fx.tasks.trashed_task.display_id;
    const fine = w.fx.tasks.task_with_comments.display_id;
    const uri = workspaceFile('stale.go', `package main\n// See ${done} and ${fine}\n// Workaround for ${trashed}\n`);
    const editor = await vscode.window.showTextDocument(uri);
    assert.deepEqual(vscode.languages.getDiagnostics(uri), [], 'off by default');
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('codeLinks.staleReferenceDiagnostics', true, vscode.ConfigurationTarget.Workspace);
    const diagnostics = await waitFor(
      () => {
        const d = vscode.languages.getDiagnostics(uri);
        return d.length === 2 ? d : undefined;
      },
      'two stale references',
      40_000,
    ); // the background check waits while less than half the budget is left
    const completed = diagnostics.find((d) => d.code === 'completed');
    const missing = diagnostics.find((d) => d.code !== 'completed');
    assert.equal(completed?.severity, vscode.DiagnosticSeverity.Information);
    assert.match(completed?.message ?? '', new RegExp(`${done} is completed`));
    assert.equal(missing?.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(missing?.message ?? '', new RegExp(`No task ${trashed} is visible to you.*in Trash`));
    for (const diagnostic of [missing!, completed!]) {
      const current = vscode.languages.getDiagnostics(uri).find((d) => d.code === diagnostic.code)!;
      const fixes = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        uri,
        current.range,
        vscode.CodeActionKind.QuickFix.value,
      );
      const remove = fixes.find((f) => f.title.startsWith('Remove the reference'));
      assert.ok(remove?.edit, fixes.map((f) => f.title).join(', '));
      assert.ok(await vscode.workspace.applyEdit(remove.edit));
      await waitFor(
        () => !vscode.languages.getDiagnostics(uri).some((d) => d.code === diagnostic.code) || undefined,
        `the ${diagnostic.code} diagnostic is gone`,
      );
    }
    assert.equal(editor.document.lineAt(1).text, `// See and ${fine}`);
    assert.equal(editor.document.lineAt(2).text, '// Workaround for');
    await editor.document.save();
  });

  it('Start Work creates and checks out the branch in a temp git repo, updates the task and shows it', async () => {
    const { root, git, api } = await openTempGitRepo();
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('startWork.updateTask', 'always', vscode.ConfigurationTarget.Global);
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('startWork.commitTemplate', 'Fixes {displayId}', vscode.ConfigurationTarget.Global);

    const blocked = w.ref('blocked_task');
    const declined = w.script([], []);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.startWork', blocked), undefined);
    assert.match(declined.messages[0]?.text ?? '', /is blocked by/);
    assert.equal(git('branch', '--list').split('\n').length, 1, 'no branch when the user declines');

    const ref = w.ref('task_with_comments');
    w.script([], []);
    const result = await vscode.commands.executeCommand<{ branch: string; created: boolean }>(
      'taskPlatform.startWork',
      ref,
    );
    const expected = `${w.fx.tasks.task_with_comments.display_id}-${w.fx.tasks.task_with_comments.title}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/-+$/, '');
    assert.equal(result?.branch, expected.slice(0, 100));
    assert.equal(git('branch', '--show-current'), result?.branch);
    const row = await w.task(ref.taskId);
    assert.equal(row.assignee_id, w.fx.users.alice.id);
    assert.equal(w.api.codeLinks.current.get()?.taskId, ref.taskId);
    const repo = api.getRepository(vscode.Uri.file(root));
    assert.equal(repo?.inputBox.value, `Fixes ${w.fx.tasks.task_with_comments.display_id}`, 'the commit template');

    // A title in another script keeps its meaning in the branch name: transliterated, not dropped.
    const state = w.api.session.state;
    assert.equal(state.kind, 'signedIn');
    await state.client.updateTask(ref.workspaceId, ref.taskId, { title: 'Исправить вход 登录' }, { priority: 'user' });
    w.script([], []);
    const cyrillic = await vscode.commands.executeCommand<{ branch: string; created: boolean }>(
      'taskPlatform.startWork',
      ref,
    );
    const displayId = String(w.fx.tasks.task_with_comments.display_id).toLowerCase();
    assert.deepEqual(cyrillic && [cyrillic.branch, cyrillic.created], [`${displayId}-ispravit-vkhod-deng-lu`, true]);
    assert.equal(git('branch', '--show-current'), cyrillic?.branch);
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('startWork.commitTemplate', undefined, vscode.ConfigurationTarget.Global);
  });

  it("the Task References view lists the workspace's references by task and file, and follows file changes", async () => {
    const t = w.fx.tasks.task_with_attachments.display_id;
    workspaceFile('refs.rb', `# needs ${t}\nputs "${t}"\n`);
    const view = w.api.codeLinks.references;
    await vscode.commands.executeCommand('taskPlatform.codeReferences.focus');
    await view.start();
    const tasks = view.getChildren();
    const node = tasks.find((n) => n.kind === 'task' && n.displayId === t);
    assert.ok(node, tasks.map((n) => (n.kind === 'task' ? n.displayId : '')).join(', '));
    const files = view.getChildren(node);
    assert.equal(files.length, 1);
    assert.equal(view.getChildren(files[0]).length, 1, 'the string is not a reference');
    const later = w.fx.tasks.task_with_custom_fields.display_id;
    workspaceFile('later.sql', `-- ${later}\nSELECT 1;\n`);
    await waitFor(
      () => view.getChildren().some((n) => n.kind === 'task' && n.displayId === later) || undefined,
      'the new file is indexed',
      15_000,
    );
    const item = await waitFor(() => {
      const i = view.getTreeItem({ kind: 'task', displayId: t });
      return typeof i.description === 'string' && i.description.length > 0 ? i : undefined;
    }, 'the task row shows its title and status');
    assert.ok(String(item.description).includes(w.fx.tasks.task_with_attachments.title), String(item.description));
  });

  it("Task References: files in new folders are indexed, a deleted folder's leave, .gitignore keeps files out until removed", async () => {
    const view = w.api.codeLinks.references;
    await vscode.commands.executeCommand('taskPlatform.codeReferences.focus');
    await view.start();
    const t = w.fx.tasks.blocker_task.display_id;
    const files = (): string[] =>
      view.getChildren().flatMap((task) => view.getChildren(task).flatMap((f) => (f.kind === 'file' ? [f.file] : [])));
    const indexed = (name: string): true | undefined => (files().some((f) => f.endsWith(name)) ? true : undefined);
    const passes = view.rebuilds;
    const prompter = w.script([]);
    const gitignore = workspaceFile('.gitignore', '# build output\ngenerated/\n');
    await waitFor(
      () => (view.rebuilds > passes ? true : undefined),
      'indexed again after the .gitignore appeared',
      15_000,
    );
    // The pass showed its progress in the status bar: its title, then how many files it has read.
    assert.ok(prompter.shown.includes('Indexing task references'), prompter.shown.join(' | '));
    assert.ok(
      prompter.shown.some((text) => /^\d+ of \d+ files$/.test(text)),
      prompter.shown.join(' | '),
    );
    const bundle = workspaceFile('generated/bundle.ts', `// ${t}\n`);
    const checked = workspaceFile('fresh/ignored-check.ts', `// ${t}\n`);
    await waitFor(
      () => indexed('fresh/ignored-check.ts'),
      'a file in a new folder outside generated/ is indexed',
      15_000,
    );
    assert.equal(indexed('generated/bundle.ts'), undefined, `generated/ is ignored: ${files().join(', ')}`);
    await vscode.workspace.fs.delete(gitignore);
    await waitFor(() => indexed('generated/bundle.ts'), 'generated/ scanned once .gitignore is gone', 15_000);
    await vscode.workspace.fs.delete(bundle);
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(checked, '..'), { recursive: true });
    await waitFor(
      () => (indexed('fresh/ignored-check.ts') ? undefined : true),
      "a deleted folder's files leave the index",
      15_000,
    );
  });

  // After the tests above, which start the index themselves and count on its first pass.
  it('language registry: Task References reads Dockerfile, Makefile, .jsonc and files.associations, not .json', async () => {
    const t = w.fx.tasks.task_with_custom_fields.display_id;
    workspaceFile('registry/Dockerfile', `# ${t}\nFROM scratch\n`);
    workspaceFile('registry/Dockerfile.dev', `# ${t}\nFROM scratch\n`);
    workspaceFile('registry/Makefile', `all: # ${t}\n\ttrue\n`);
    workspaceFile('registry/settings.jsonc', `{\n  // ${t}\n  "a": "${t}",\n}\n`);
    // Plain JSON is data: not read, even with a comment VS Code's JSON mode would accept.
    workspaceFile('registry/data.json', `{\n  // ${t}\n  "a": 1\n}\n`);
    workspaceFile('registry/page.tpl', `; ${t}\n# ${t}\n`);
    const view = w.api.codeLinks.references;
    await vscode.commands.executeCommand('taskPlatform.codeReferences.focus');
    await view.start();
    for (const name of [
      'registry/Dockerfile',
      'registry/Dockerfile.dev',
      'registry/Makefile',
      'registry/settings.jsonc',
    ]) {
      await waitFor(() => lines(name), `${name} is indexed`, 15_000);
      assert.equal(lines(name), 1, `${name}: one reference (a string is not one)`);
    }
    assert.equal(lines('registry/data.json'), undefined, 'plain JSON is not indexed');
    assert.equal(lines('registry/page.tpl'), undefined, 'no language knows .tpl yet');
    // A workspace mapping makes .tpl Julia: the index watches and reads those files from now on.
    const files = vscode.workspace.getConfiguration('files');
    const rebuilds = view.rebuilds;
    await files.update('associations', { '*.tpl': 'julia' }, vscode.ConfigurationTarget.Workspace);
    try {
      await waitFor(() => view.rebuilds > rebuilds || undefined, 'indexed again after the setting changed', 15_000);
      await waitFor(() => lines('registry/page.tpl'), 'the mapped file is indexed', 15_000);
      assert.equal(lines('registry/page.tpl'), 1, "Julia's `#`, not `;`");
      workspaceFile('registry/later.tpl', `# ${t}\n`);
      await waitFor(() => lines('registry/later.tpl'), 'a new mapped file is seen by the new watcher', 15_000);
    } finally {
      await files.update('associations', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await waitFor(() => (lines('registry/page.tpl') ? undefined : true), 'unmapped again: the file leaves', 15_000);
  });

  it('language registry: a language extension installed while the window runs adds its files to the index', async () => {
    const t = w.fx.tasks.task_with_custom_fields.display_id;
    const id = 'task-platform-tests.tplx-fixture';
    workspaceFile('registry/job.tplx', `%% ${t}\n`);
    await vscode.commands.executeCommand('taskPlatform.codeReferences.focus');
    await w.api.codeLinks.references.start();
    assert.equal(lines('registry/job.tplx'), undefined, 'no language knows .tplx yet');
    const vsix = writeVsix({
      'package.json': JSON.stringify({
        name: 'tplx-fixture',
        publisher: 'task-platform-tests',
        version: '0.0.1',
        engines: { vscode: '^1.80.0' },
        contributes: {
          languages: [{ id: 'tplx-fixture', extensions: ['.tplx'], configuration: './language-configuration.json' }],
        },
      }),
      'language-configuration.json': JSON.stringify({ comments: { lineComment: '%%' } }),
    });
    await vscode.commands.executeCommand('workbench.extensions.installExtension', vscode.Uri.file(vsix));
    try {
      await waitFor(() => vscode.extensions.getExtension(id), 'the extension is loaded', 30_000);
      await waitFor(() => lines('registry/job.tplx'), 'its files are indexed', 15_000);
      assert.equal(lines('registry/job.tplx'), 1);
    } finally {
      await vscode.commands.executeCommand('workbench.extensions.uninstallExtension', id);
    }
  });

  it('Insert Task Reference writes the comment form of the language; completion in a comment offers tasks', async () => {
    const t = w.fx.tasks.task_with_comments;
    const uri = workspaceFile('insert.py', 'x = 1\n\n# ACME-\n');
    const editor = await vscode.window.showTextDocument(uri);
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    w.script([t.display_id]);
    assert.equal(await vscode.commands.executeCommand('taskPlatform.insertTaskReference'), `# ${t.display_id}`);
    assert.equal(editor.document.lineAt(1).text, `# ${t.display_id}`);
    assert.ok(w.api.stepsDone().includes('taskLinked'), 'the walkthrough step "Link a task from code" is done');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri,
      new vscode.Position(2, 7),
      '-',
    );
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes(t.display_id), labels.slice(0, 10).join(', '));
    const none = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri,
      new vscode.Position(0, 5),
    );
    assert.ok(
      !none.items.some((i) => /^ACME-\d+$/.test(typeof i.label === 'string' ? i.label : i.label.label)),
      'no task ids outside comments',
    );
  });

  it('commit messages (the Source Control box, `git commit`): task ids hover and complete anywhere in the text', async () => {
    const t = w.fx.tasks.task_with_comments;
    for (const language of ['scminput', 'git-commit']) {
      const document = await vscode.workspace.openTextDocument({ language, content: `Fixes ${t.display_id}\n\nACME-` });
      assert.equal(document.languageId, language);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        new vscode.Position(0, 8),
      );
      const md = markdownOf(hovers);
      assert.ok(md.includes(inertMarkdown(t.title)), `${language}: ${md}`);
      assert.match(md, /command:taskPlatform\.openInBrowser/);
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        document.uri,
        new vscode.Position(2, 5),
        '-',
      );
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      assert.ok(labels.includes(t.display_id), `${language}: ${labels.slice(0, 10).join(', ')}`);
    }
  });

  it('`#` in a commit message offers your tasks by title and writes the id; the next `#` sends nothing', async () => {
    const all = await w.rows('tasks', `?assignee_id=${w.fx.users.alice.id}&deleted_at=null`);
    const mine = all.filter((t) => t.parent_task_id === null);
    assert.ok(mine.length > 0, 'alice has tasks in the demo seed');
    const document = await vscode.workspace.openTextDocument({ language: 'scminput', content: 'Refs #' });
    const complete = (): Thenable<vscode.CompletionList> =>
      vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        document.uri,
        new vscode.Position(0, 6),
        '#',
      );
    const list = await complete();
    const offered = new Map(
      list.items.map((i) => [typeof i.label === 'string' ? i.label : i.label.description, i] as const),
    );
    for (const task of mine) {
      const item = offered.get(task.display_id as string);
      assert.ok(item, `${task.display_id as string} is offered (${[...offered.keys()].join(', ')})`);
      assert.equal(typeof item.label === 'string' ? item.label : item.label.label, task.title);
      assert.equal(item.insertText, task.display_id);
      assert.deepEqual([item.range instanceof vscode.Range && item.range.start.character], [5], 'replaces the `#`');
    }
    const hers = new Set(all.map((t) => t.display_id));
    assert.deepEqual(
      [...offered.keys()].filter((id) => !hers.has(id)),
      [],
      'only her tasks',
    );
    const before = (await w.requests()).length;
    await complete();
    assert.equal((await w.requests()).length, before, 'the tasks read a moment ago serve the next completion');
  });

  it('a task trashed from the extension reads "in Trash" in the next check and in the hover, without a request', async () => {
    const t = w.fx.tasks.blocker_task;
    const uri = workspaceFile('trash.go', `package main\n// Blocked on ${t.display_id}\n`);
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('codeLinks.staleReferenceDiagnostics', true, vscode.ConfigurationTarget.Workspace);
    const document = await vscode.workspace.openTextDocument(uri);
    // A hover resolves at user priority (the background check may wait for budget: earlier tests spent it).
    const live = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(1, 14),
    );
    assert.ok(markdownOf(live).includes(t.title.split(' ')[0]), markdownOf(live));
    assert.deepEqual(await w.api.codeLinks.stale.check(document), [], 'a live open task is not stale');
    w.script([], ['Delete']);
    await vscode.commands.executeCommand('taskPlatform.deleteTask', w.ref('blocker_task'));
    const about = (): Promise<number> => w.requestsAbout(t.id, t.display_id).then((sent) => sent.length);
    const before = await about();
    const [diagnostic] = await w.api.codeLinks.stale.check(document);
    assert.match(diagnostic?.message ?? '', new RegExp(`${t.display_id} is in Trash`));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(1, 14),
    );
    assert.match(markdownOf(hovers), /in Trash/);
    assert.equal(await about(), before, 'known from the change the delete announced');
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('codeLinks.staleReferenceDiagnostics', undefined, vscode.ConfigurationTarget.Workspace);
  });
});
