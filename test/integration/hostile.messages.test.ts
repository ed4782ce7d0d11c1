import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { inert } from '../../src/core/text/inert';
import { liveInPlainText, shortCorpus } from '../hostile/corpus';
import { useCommandsDriver } from './driver';
import type { Json } from './driver';
import { openTempGitRepo, sandboxControl, sandboxOrigin, waitFor } from './helpers';
import type { ScriptedPrompter, ScriptedQuickPick } from './helpers';

/** Another member (bob) writes through the API: titles are whatever the service accepts. */
async function asBob(method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${sandboxOrigin()}/api${path}`, {
    method,
    headers: {
      authorization: 'Bearer demo-token-bob',
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(res.ok, `${method} ${path} as bob answered ${res.status}: ${await res.clone().text()}`);
  const text = await res.text();
  return text === '' ? undefined : JSON.parse(text);
}

/** Every string the prompter was given, checked for anything live; the first problems are listed. */
function assertInert(prompter: ScriptedPrompter, what: string): void {
  const live = prompter.shown.flatMap((text) => {
    const problem = liveInPlainText(text);
    return problem ? [`${problem} in ${JSON.stringify(text.slice(0, 200))}`] : [];
  });
  assert.deepEqual(live.slice(0, 5), [], `${what}: ${live.length} live string(s)`);
}

/** Does `text` carry (the start of) the payload, as shown or as is? So a test knows the title reached it. */
const names = (text: string, title: string): boolean =>
  text.replace(/\u200b/g, '').includes(
    inert(title)
      .replace(/\u200b/g, '')
      .slice(0, 40),
  );

describe('Hostile text in messages, prompts and picks stays inert', function () {
  const w = useCommandsDriver(this);
  this.timeout(300_000);

  /** A task in Acme's API list titled with the payload, as the tree would pass it. */
  async function hostileTask(title: string): Promise<{ kind: 'task'; workspaceId: string; taskId: string; row: Json }> {
    const created = await asBob('POST', `/workspaces/${w.acme}/tasks`, { list_id: w.fx.lists.api, title });
    const task = created.data ?? created;
    assert.equal(task.title, title, 'the sandbox keeps the title as sent');
    return { kind: 'task', workspaceId: w.acme, taskId: task.id, row: task };
  }

  it('Delete with Undo: the confirmation, "Deleted … stays in the Trash for 30 days" and the restore show no live text', async () => {
    for (const payload of shortCorpus) {
      const ref = await hostileTask(payload.text);
      const prompter = w.script([], ['Delete', 'Undo']);
      await vscode.commands.executeCommand('taskPlatform.deleteTask', ref);
      await waitFor(
        async () => (await w.task(ref.taskId)).deleted_at === null || undefined,
        `${payload.name}: the undo restored the task`,
      );
      const deleted = prompter.messages.find((m) => /Trash for 30 days/.test(m.text));
      assert.ok(deleted, `${payload.name}: the deleted message: ${JSON.stringify(prompter.messages)}`);
      assert.ok(names(deleted.text, payload.text), `${payload.name}: the message names the task: ${deleted.text}`);
      assertInert(prompter, payload.name);
    }
  });

  it('Move, Set Status, Link Tasks and Add Comment show no live text from a title', async () => {
    const blocker = w.fx.tasks.blocker_task.display_id as string;
    for (const payload of shortCorpus) {
      const ref = await hostileTask(payload.text);
      const runs: [string, string[], (string | undefined)[], unknown[]][] = [
        ['taskPlatform.setStatus', [], ['Ready'], [ref]],
        ['taskPlatform.linkTasks', [blocker], [], [ref]],
        ['taskPlatform.addComment', ['Looks fine'], ['Unassigned'], [ref]],
        ['taskPlatform.moveTask', [], ['List', 'Database', 'Move'], [ref]],
      ];
      for (const [command, inputs, choices, args] of runs) {
        const prompter = w.script(inputs, choices);
        await vscode.commands.executeCommand(command, ...args);
        assert.ok(prompter.shown.length > 0, `${payload.name}, ${command}: something was shown`);
        assertInert(prompter, `${payload.name}, ${command}`);
      }
      const task = await w.task(ref.taskId);
      assert.equal(task.list_id, w.fx.lists.database, `${payload.name}: moved`);
    }
  });

  it("a refused write reports the task and the server's answer with no live text", async () => {
    for (const payload of shortCorpus) {
      const ref = await hostileTask(payload.text);
      // Another member deletes it first: alice's write is refused (404).
      await asBob('DELETE', `/workspaces/${w.acme}/tasks/${ref.taskId}`);
      const prompter = w.script([], ['Low']);
      assert.equal(await vscode.commands.executeCommand('taskPlatform.setPriority', ref), undefined);
      const error = prompter.messages.find((m) => m.level === 'error');
      assert.ok(error && names(error.text, payload.text), `${payload.name}: ${JSON.stringify(prompter.messages)}`);
      assertInert(prompter, payload.name);
    }
  });

  it('Triage of tasks and a view named with payloads: titles, placeholders and items show no live text', async () => {
    const refs: Awaited<ReturnType<typeof hostileTask>>[] = [];
    for (const payload of shortCorpus) {
      refs.push(await hostileTask(payload.text));
    }
    for (const payload of shortCorpus.slice(0, 6)) {
      const prompter = w.script([]);
      const done: Thenable<Json> = vscode.commands.executeCommand<Json>('taskPlatform.triage', {
        workspaceId: w.acme,
        name: payload.text,
        tasks: refs,
      });
      const pick: ScriptedQuickPick<vscode.QuickPickItem> = await prompter.livePick();
      for (let seen = 1; seen <= refs.length; seen++) {
        await waitFor(
          () =>
            !pick.busy &&
            new RegExp(`· ${seen} of`).test(pick.title ?? '') &&
            pick.items.some((i) => i.label === 'Next task')
              ? true
              : undefined,
          `${payload.name}: task ${seen}`,
        );
        pick.setValue('n');
      }
      assert.equal((await done).seen, refs.length);
      assert.ok(
        prompter.shown.some((t) => names(t, payload.text)),
        `${payload.name}: the name was shown`,
      );
      assertInert(prompter, `triage ${payload.name}`);
    }
  });

  it('Start Work: "blocked by" and "started work" show no live text from titles', async () => {
    const { git } = await openTempGitRepo();
    try {
      for (const payload of shortCorpus) {
        const blocked = await hostileTask(payload.text);
        const blocker = await hostileTask(`${payload.text} (blocker)`);
        await asBob('POST', `/workspaces/${w.acme}/tasks/${blocked.taskId}/dependencies`, {
          blocker_task_id: blocker.taskId,
        });
        const declined = w.script([], []);
        assert.equal(await vscode.commands.executeCommand('taskPlatform.startWork', blocked), undefined);
        assert.ok(
          declined.messages.some((m) => /is blocked by/.test(m.text)),
          `${payload.name}: ${JSON.stringify(declined.messages)}`,
        );
        assertInert(declined, `${payload.name}, blocked`);
      }
      for (const payload of shortCorpus.slice(0, 3)) {
        const ref = await hostileTask(payload.text);
        const started = w.script([], ['Leave the task as it is']);
        await vscode.commands.executeCommand('taskPlatform.startWork', ref);
        assert.ok(
          started.messages.some((m) => /Started work on/.test(m.text)),
          `${payload.name}: ${JSON.stringify(started.messages)}`,
        );
        assertInert(started, `${payload.name}, started`);
        git('checkout', '-q', 'main');
      }
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await w.api.codeLinks.current.set(undefined);
    }
  });

  it('Create Task shows a hostile field name and options inert, and sends the option as the service named it', async () => {
    const xss = await sandboxControl<{ list_id: string; custom_field_id: string }>('POST', '/fixtures/xss');
    const defs = await w.rows('custom_field_definitions', `?id=${xss.custom_field_id}`);
    const raw = (defs[0]?.options as { label: string }[])[0]!.label;
    assert.match(raw, /\$\(bug\) \[run\]\(command:/);
    const list = { kind: 'list', workspaceId: w.acme, listId: xss.list_id, name: 'Web App' };
    // The pick offers the inert copy of the label; the command gets back its own item (the raw label).
    const prompter = w.script(['Hostile field', ''], [inert(raw), 'Create']);
    const created = await vscode.commands.executeCommand<{ id: string }>('taskPlatform.createTask', list);
    assert.ok(created, 'created');
    assert.ok(
      prompter.shown.some((t) => names(t, String(defs[0]?.name))),
      'the field name was shown',
    );
    assertInert(prompter, 'Create Task with a hostile custom field');
    const values = await w.rows('custom_field_values', `?task_id=${created.id}`);
    assert.deepEqual(
      values.filter((v) => v.custom_field_definition_id === xss.custom_field_id).map((v) => v.value_text),
      [raw],
    );
  });
});

describe('The vscode:// link handler never repeats the link', function () {
  const w = useCommandsDriver(this);

  const handle = async (uri: vscode.Uri): Promise<ScriptedPrompter> => {
    const prompter = w.script([]);
    await w.api.uriHandler.handleUri(uri);
    return prompter;
  };
  const link = (path: string, query = '', fragment = ''): vscode.Uri =>
    vscode.Uri.from({ scheme: vscode.env.uriScheme, authority: 'task-platform.task-platform', path, query, fragment });

  it('refuses a path it does not understand, a query, a fragment and a very long path with a fixed message', async () => {
    const hostile = [
      link('/Evil [Open Settings Now](command:workbench.action.openSettings)'),
      link('/task/[x](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D)'),
      link('/task/$(bug) ACME-1'),
      link('/task/ACME-91', 'x=[Open](command:workbench.action.openSettings)'),
      link('/task/ACME-91', '', '[Open](command:workbench.action.openSettings)'),
      link('/task/ACME-91', 'a=1'),
      link(`/task/${'A'.repeat(100_000)}-1`),
      link(`/${'[x](command:a)'.repeat(10_000)}`),
      link('/task/ACME-91/extra'),
      link('/tasks/ACME-91'),
    ];
    const messages = new Set<string>();
    for (const uri of hostile) {
      const prompter = await handle(uri);
      assert.equal(prompter.messages.length, 1, `${uri.toString().slice(0, 80)}: one message`);
      const text = prompter.messages[0]?.text ?? '';
      assert.equal(liveInPlainText(text), undefined, text);
      assert.ok(!/command:|\$\(|ACME-91|AAAA/.test(text), `the message does not repeat the link: ${text}`);
      messages.add(text);
      assert.equal(w.opened.length, 0, 'nothing opened');
    }
    assert.deepEqual([...messages].sort(), [
      'This Task Platform link is not understood. A task link ends in /task/ and a display id (ACME-12) or a task id.',
      'This Task Platform link was not opened: task links have no query or fragment (nothing after "?" or "#").',
    ]);
  });

  it('still opens /task/<display id>, /task/<display id>/ and /task/<uuid>', async () => {
    const t = w.fx.tasks.task_with_subtasks_3_deep;
    for (const path of [`/task/${t.display_id}`, `/task/${t.display_id}/`, `/task/${t.id}`]) {
      const prompter = await handle(link(path));
      assert.deepEqual(prompter.messages, [], path);
    }
    if (w.recordingOpen) {
      assert.equal(w.opened.length, 3);
      assert.ok(w.opened.every((r) => (r as { taskId: string }).taskId === t.id));
    }
  });
});
