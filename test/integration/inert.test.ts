import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import * as vscode from 'vscode';
import { inert, inertLines } from '../../src/core/text/inert';
import type { ListNode, TreeNode } from '../../src/core/tree/nodes';
import { corpus, liveInPlainText, shortCorpus } from '../hostile/corpus';
import { CommandsDriver } from './driver';
import type { Json } from './driver';
import { sandboxControl, sandboxOrigin, waitFor, workspaceFile } from './helpers';

// How a tooltip or hover could be rendered at its most permissive: raw HTML on, bare URLs linkified.
const markdown = new MarkdownIt({ html: true, linkify: true });

interface Hostile {
  readonly name: string;
  readonly id: string;
  readonly display_id: string;
  readonly title: string;
}

/** Tags the Markdown renders, with their attributes as written. */
function tagsOf(html: string): { name: string; raw: string }[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)\b[^>]*>/gi)].map((m) => ({ name: m[1]!.toLowerCase(), raw: m[0] }));
}

const decode = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A `$(name)` VS Code would draw as an icon in a MarkdownString that supports them. */
const icons = (value: string): string[] =>
  [...value.matchAll(/(^|[^\\])\$\(([a-z0-9-]+(~[a-z]+)?)\)/gi)].map((m) => m[2]!);

function plain(what: string, text: string | undefined): void {
  if (text !== undefined) {
    assert.equal(liveInPlainText(text), undefined, `${what}: ${text.slice(0, 200)}`);
  }
}

function labelText(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/**
 * A tree row shows no link, icon, markup or invisible character from data: label, description,
 * accessibility label as plain text, a Markdown tooltip renders to paragraphs, bold and breaks only,
 * with no icon but the ones the extension draws.
 */
function assertInertItem(what: string, item: vscode.TreeItem, ownIcons: string[] = []): void {
  plain(`${what} label`, labelText(item));
  plain(`${what} description`, typeof item.description === 'string' ? item.description : undefined);
  plain(`${what} accessibility label`, item.accessibilityInformation?.label);
  if (typeof item.tooltip === 'string') {
    plain(`${what} tooltip`, item.tooltip);
  } else if (item.tooltip) {
    const value = item.tooltip.value;
    assert.notEqual(item.tooltip.supportHtml, true, `${what}: no HTML in a tooltip`);
    const tags = tagsOf(markdown.render(value)).map((t) => t.name);
    assert.deepEqual(
      tags.filter((t) => !['p', 'strong', 'br'].includes(t)),
      [],
      `${what} tooltip renders only text: ${value.slice(0, 300)}`,
    );
    assert.deepEqual(
      icons(value).filter((i) => !ownIcons.includes(i)),
      [],
      `${what} tooltip shows no icon from data`,
    );
  }
}

describe('Hostile text in trees, hovers, the references view and written links stays inert', function () {
  this.timeout(180_000);
  const w = new CommandsDriver();

  before(async () => {
    await w.setUp();
    await waitFor(() => w.api.codeLinks.finder.prefixes().prefixes().includes('ACME') || undefined, 'prefixes learned');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(join(process.env.TASK_PLATFORM_TEST_WORKSPACE ?? '', 'hostile'), { recursive: true, force: true });
    await vscode.commands.executeCommand('workbench.view.explorer');
    await w.tearDown();
  });
  beforeEach(() => w.beforeEach());
  afterEach(() => w.afterEach());

  /**
   * Another member (bob) writes through the API: every short payload as a title, every payload as a
   * description (cut to the service's 65,535 characters).
   */
  async function createHostile(assignee: string, payloads = corpus): Promise<Hostile[]> {
    const out: Hostile[] = [];
    for (const payload of payloads) {
      const title = shortCorpus.includes(payload) ? payload.text : `Long payload: ${payload.name}`;
      const description = Array.from(payload.text).slice(0, 30_000).join('');
      const res = await fetch(`${sandboxOrigin()}/api/workspaces/${w.acme}/tasks`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer demo-token-bob',
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ list_id: w.fx.lists.api, title, description, assignee_id: assignee, priority: 'high' }),
      });
      assert.equal(res.status, 201, `created "${payload.name}": ${(await res.clone().text()).slice(0, 200)}`);
      const body = (await res.json()) as Json;
      const task = body.data ?? body;
      out.push({ name: payload.name, id: task.id, display_id: task.display_id, title });
    }
    return out;
  }

  async function findList(listId: string): Promise<ListNode> {
    const queue: (TreeNode | undefined)[] = [undefined];
    while (queue.length > 0) {
      const children = await w.api.explorer.getChildren(queue.shift());
      for (const child of children) {
        if (child.kind === 'list' && child.listId === listId) {
          return child;
        }
        if (child.kind === 'workspace' || child.kind === 'space' || child.kind === 'folder') {
          queue.push(child);
        }
      }
    }
    assert.fail(`list ${listId} not in the Explorer`);
  }

  /** Every row of a list, "more…" followed. */
  async function allRows(
    tree: typeof w.api.explorer | typeof w.api.myTasks,
    parent: TreeNode | undefined,
  ): Promise<TreeNode[]> {
    for (;;) {
      const rows = await tree.getChildren(parent);
      const more = rows.find((n) => n.kind === 'more');
      if (!more || more.kind !== 'more') {
        return rows;
      }
      await tree.more(more);
    }
  }

  it('Explorer and My Tasks rows of hostile tasks show titles, names and tags as plain text', async () => {
    const hostile = await createHostile(w.fx.users.alice.id);
    const xss = await sandboxControl<{ list_id: string; task_ids: string[] }>('POST', '/fixtures/xss');
    w.api.explorer.refresh();
    w.api.myTasks.refresh();

    const api = await allRows(w.api.explorer, await findList(w.fx.lists.api));
    for (const task of hostile) {
      const node = api.find((n) => n.kind === 'task' && n.taskId === task.id);
      assert.ok(node, `"${task.name}" is a row of its list`);
      const item = w.api.explorer.getTreeItem(node);
      assertInertItem(`Explorer row "${task.name}"`, item, ['error']);
      assert.equal(labelText(item), inert(task.title), `"${task.name}" reads as its title`);
    }
    // Mallory's name as assignee, the payloads as titles and tags, in the web app's list.
    const webapp = await allRows(w.api.explorer, await findList(xss.list_id));
    const xssRows = webapp.filter((n) => n.kind === 'task' && xss.task_ids.includes(n.taskId));
    assert.equal(xssRows.length, xss.task_ids.length);
    xssRows.forEach((node, i) =>
      assertInertItem(`Explorer row of xss task ${i}`, w.api.explorer.getTreeItem(node), ['error']),
    );

    // Workspaces, then status groups, then rows.
    let mine = 0;
    const queue: (TreeNode | undefined)[] = [undefined];
    while (queue.length > 0) {
      for (const node of await allRows(w.api.myTasks, queue.shift())) {
        assertInertItem(`My Tasks ${node.kind} ${node.key}`, w.api.myTasks.getTreeItem(node), ['error']);
        mine += node.kind === 'task' && hostile.some((h) => h.id === node.taskId) ? 1 : 0;
        if (node.kind === 'workspace' || node.kind === 'group') {
          queue.push(node);
        }
      }
    }
    assert.equal(mine, hostile.length, 'every hostile task assigned to alice is in My Tasks');
  });

  it('a saved view with a hostile name shows it as plain text in its row and tooltip', async () => {
    // View names come from the service; renaming a pinned view stores a name the same way.
    w.script([]);
    const viewId = w.fx.views.space_view;
    assert.equal(await vscode.commands.executeCommand('taskPlatform.pinView', viewId), true);
    const pinned = (await w.api.savedViews.getChildren()).find((n) => n.kind === 'view' && n.view.id === viewId);
    const original = pinned?.kind === 'view' ? pinned.view.name : '';
    const names = shortCorpus.filter((p) => p.text.trim() !== '' && p.text.trim().length <= 100);
    assert.ok(names.length > 40);
    for (const payload of names) {
      const root = (await w.api.savedViews.getChildren()).find((n) => n.kind === 'view' && n.view.id === viewId);
      w.script([payload.text]);
      await vscode.commands.executeCommand('taskPlatform.renamePinnedView', root);
      const renamed = (await w.api.savedViews.getChildren()).find((n) => n.kind === 'view' && n.view.id === viewId);
      assert.ok(renamed?.kind === 'view' && renamed.view.name === payload.text.trim(), `renamed to "${payload.name}"`);
      const item = w.api.savedViews.getTreeItem(renamed);
      assertInertItem(`saved view "${payload.name}"`, item);
      assert.equal(labelText(item), inert(payload.text.trim()));
    }
    // Leave the view as other suites know it: its own name, not pinned.
    w.script([original]);
    await vscode.commands.executeCommand(
      'taskPlatform.renamePinnedView',
      (await w.api.savedViews.getChildren()).find((n) => n.kind === 'view' && n.view.id === viewId),
    );
    const last = (await w.api.savedViews.getChildren()).find((n) => n.kind === 'view' && n.view.id === viewId);
    assert.ok(last?.kind === 'view' && last.view.name === original);
    await vscode.commands.executeCommand('taskPlatform.unpinView', last);
  });

  it('the hover of a reference to a hostile task shows its data as text, and only its own four command links', async () => {
    const hostile = await createHostile(w.fx.users.alice.id);
    const xss = await sandboxControl<{ task_ids: string[] }>('POST', '/fixtures/xss');
    for (const id of xss.task_ids) {
      const task = await w.task(id);
      hostile.push({ name: `xss ${task.title.slice(0, 30)}`, id, display_id: task.display_id, title: task.title });
    }
    const uri = workspaceFile('hostile/hover-refs.ts', hostile.map((t) => `// see ${t.display_id}\n`).join(''));
    await vscode.window.showTextDocument(uri);
    const resolver = await w.api.codeLinks.finder.ensureResolver();
    assert.ok(resolver);
    resolver.clear(); // display ids are reused after a sandbox reset
    const found = await resolver.resolve(
      hostile.map((t) => t.display_id),
      'user',
    );
    assert.equal([...found.values()].filter((r) => r.kind === 'found').length, hostile.length, 'every task is found');

    const shown: { task: Hostile; html: string }[] = [];
    for (const [line, task] of hostile.entries()) {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        uri,
        new vscode.Position(line, 9),
      );
      const contents = hovers
        .flatMap((h) => h.contents)
        .filter((c): c is vscode.MarkdownString => typeof c !== 'string' && 'value' in c);
      assert.equal(contents.length, 1, `one hover for "${task.name}"`);
      const md = contents[0]!;
      assert.deepEqual(md.isTrusted, {
        enabledCommands: [
          'taskPlatform.codeLinks.open',
          'taskPlatform.copyLink',
          'taskPlatform.openInBrowser',
          'taskPlatform.startWork',
          'taskPlatform.ai.summarizeTask',
          'taskPlatform.followTask',
        ],
      });
      assert.deepEqual(icons(md.value), [], `"${task.name}": no icon`);
      const html = markdown.render(md.value);
      const tags = tagsOf(html);
      assert.deepEqual(
        [...new Set(tags.map((t) => t.name))].filter((t) => !['p', 'strong', 'br', 'span', 'a'].includes(t)),
        [],
        `"${task.name}": ${html.slice(0, 400)}`,
      );
      for (const span of tags.filter((t) => t.name === 'span')) {
        assert.match(
          span.raw,
          /^<span style="color:#[0-9a-fA-F]{6};">$/,
          `"${task.name}": only the status dot is HTML`,
        );
      }
      const links = tags
        .filter((t) => t.name === 'a')
        .map((t) => {
          const href = /href="([^"]*)"/.exec(t.raw)?.[1] ?? '';
          const [command, query] = decodeURIComponent(href.replace(/&amp;/g, '&')).split('?');
          return { command, args: JSON.parse(query ?? 'null') };
        });
      const ref = { workspaceId: w.acme, taskId: task.id };
      assert.deepEqual(
        links,
        [
          { command: 'command:taskPlatform.codeLinks.open', args: [{ displayId: task.display_id }] },
          { command: 'command:taskPlatform.copyLink', args: [ref] },
          { command: 'command:taskPlatform.openInBrowser', args: [ref] },
          { command: 'command:taskPlatform.startWork', args: [ref] },
          { command: 'command:taskPlatform.ai.summarizeTask', args: [ref] },
          { command: 'command:taskPlatform.followTask', args: [ref] },
        ],
        `"${task.name}": exactly the hover's own links`,
      );
      shown.push({ task, html });
    }
    // Checked after every hover is found inert, so a live one is what fails first.
    for (const { task, html } of shown) {
      assert.ok(
        decode(html).replace(/\s+/g, ' ').includes(inertLines(task.title).replace(/\s+/g, ' ').trim()),
        `"${task.name}" shows its title: ${html.slice(0, 300)}`,
      );
    }
  });

  it('the Task References view shows hostile file names, folders, lines and titles as plain text', async () => {
    const [task] = await createHostile(w.fx.users.alice.id, corpus.slice(0, 1));
    assert.ok(task);
    const name = '[x](command:workbench.action.openSettings) $(bug) \u202etxt.ts';
    workspaceFile(
      `hostile/$(gear) [f](https:evil.example)/${name}`,
      `// ${task.display_id} [Open](command:workbench.action.openSettings) $(gear) \u202e <img src=x>\n`,
    );
    const view = w.api.codeLinks.references;
    await vscode.commands.executeCommand('taskPlatform.codeReferences.focus');
    await view.start();
    // (Other files of this suite may refer to the same display id: display ids are reused after a reset.)
    const isHostile = (f: { kind: string; file?: string }): boolean =>
      f.kind === 'file' && vscode.Uri.parse(f.file ?? '').path.endsWith(`/${name}`);
    const node = await waitFor(
      () =>
        view
          .getChildren()
          .find((n) => n.kind === 'task' && n.displayId === task.display_id && view.getChildren(n).some(isHostile)),
      'the hostile file is indexed',
      15_000,
    );
    const resolver = await w.api.codeLinks.finder.ensureResolver();
    resolver?.clear();
    await resolver?.resolve([task.display_id], 'user');
    const taskItem = await waitFor(() => {
      const item = view.getTreeItem(node);
      return typeof item.description === 'string' && item.description.length > 0 ? item : undefined;
    }, 'the task row shows its title');
    assertInertItem('references task row', taskItem);
    const file = view.getChildren(node).find(isHostile);
    assert.ok(file, 'the hostile file is a row of its task');
    const fileItem = view.getTreeItem(file);
    assert.equal(labelText(fileItem), inert(name), 'the file row names the file, inert');
    assertInertItem('references file row', fileItem);
    const lines = view.getChildren(file);
    assert.equal(lines.length, 1);
    assertInertItem('references line row', view.getTreeItem(lines[0]!));
  });

  it('the current task in the status bar shows a hostile display id, title and branch as plain text', async () => {
    const current = w.api.codeLinks.current;
    const before = current.get();
    try {
      for (const payload of shortCorpus) {
        await current.set({
          workspaceId: w.acme,
          taskId: w.fx.tasks.blocked_task.id,
          displayId: payload.text,
          title: payload.text,
          branch: payload.text,
        });
        const { text, tooltip } = current.shown;
        assert.ok(text.startsWith('$(tasklist) '), 'the item keeps its own icon');
        plain(`current task text "${payload.name}"`, text.slice('$(tasklist) '.length));
        plain(`current task tooltip "${payload.name}"`, tooltip);
      }
    } finally {
      await current.set(before);
    }
  });

  it('Create Task from a selection in a hostile file name writes no link: the workspace path and line, as text', async () => {
    const name = '[pwn](command:workbench.action.openSettings) <img src=x onerror=alert(1)> $(bug).ts';
    const uri = workspaceFile(`hostile/${name}`, 'const a = 1;\nconst b = 2;\n');
    const editor = await vscode.window.showTextDocument(uri);
    editor.selection = new vscode.Selection(1, 0, 1, 12);
    w.script(['From a hostile file'], ['Create']);
    const list = { kind: 'list', workspaceId: w.acme, listId: w.fx.lists.api, name: 'API' };
    const created = await vscode.commands.executeCommand<{ id: string }>('taskPlatform.createTask', list);
    const row = await w.task(created?.id ?? '');
    // The web app may render any scheme: count every link, not only those markdown-it would follow.
    const permissive = new MarkdownIt({ html: true, linkify: true });
    permissive.validateLink = () => true;
    const html = permissive.render(String(row.description));
    const tags = tagsOf(html);
    // Nothing in the description every member reads points at this machine (no file:// address).
    assert.deepEqual([...new Set(tags.map((t) => t.name))].sort(), ['code', 'p', 'pre'], html);
    assert.ok(!String(row.description).includes('file:'), String(row.description));
    const visible = (t: string): string => t.replace(/\u200b/g, '');
    const text = visible(decode(/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? ''));
    assert.ok(text.endsWith(`${visible(inert(vscode.workspace.asRelativePath(uri, false)))}:2`), text);
  });
});
