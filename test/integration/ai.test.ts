import { existsSync } from 'node:fs';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SHOW_INPUT_COMMAND } from '../../src/core/mcp/confirm';
import { confirmationFor } from '../../src/extension/ai/confirm';
import type { McpServerProvider } from '../../src/extension/ai/mcpProvider';
import { LEASE_VAR, readLease } from '../../src/core/mcp/lease';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import { clientQuiet, connectMcp, requestLog, sandboxControl, waitFor } from './helpers';

// Erin (an Acme member) and Carol: tokens no other suite uses, so this suite takes nothing from
// the 60-a-minute budget of the accounts the later suites work with.
const erin = 'demo-token-erin';
const none = new vscode.CancellationTokenSource().token;

describe('AI: the MCP server definition provider and the chat tools', function () {
  this.timeout(60_000);
  let api: TestApi;
  let provider: McpServerProvider;
  let changes = 0;
  let listener: vscode.Disposable | undefined;
  const driver = useExtension();
  const signIn = (): Promise<void> => driver.signInAs(erin);

  async function provided(): Promise<vscode.McpStdioServerDefinition[]> {
    return (await provider.provideMcpServerDefinitions()) ?? [];
  }

  before(async () => {
    api = driver.api;
    assert.ok(api.ai.mcpProvider, 'code-server 1.139 has vscode.lm.registerMcpServerDefinitionProvider');
    provider = api.ai.mcpProvider;
    listener = provider.onDidChangeMcpServerDefinitions(() => changes++);
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await api.session.signOut();
  });

  after(async () => {
    listener?.dispose();
    await api.session.signOut();
    await mcpSetting(undefined);
  });

  const mcpSetting = (on: boolean | undefined): Thenable<void> =>
    vscode.workspace
      .getConfiguration('taskPlatform')
      .update('ai.mcpServer.enabled', on, vscode.ConfigurationTarget.Global);

  it('offers no server while signed out, none signed in until the setting is on, then one, announcing each change', async () => {
    assert.deepEqual(await provided(), []);
    const before = changes;
    await signIn();
    await waitFor(() => changes > before || undefined, 'onDidChangeMcpServerDefinitions after sign-in');
    assert.deepEqual(await provided(), [], 'off by default: the chat tools are the one surface');
    const beforeOn = changes;
    await mcpSetting(true);
    await waitFor(() => changes > beforeOn || undefined, 'onDidChangeMcpServerDefinitions after turning it on');
    const [server, ...rest] = await provided();
    assert.ok(server);
    assert.equal(rest.length, 0);
    assert.equal(server.label, 'Task Platform');
    assert.match(server.args.join(' '), /dist[\\/]mcp-server\.js$/);
    const baseUrl = vscode.workspace.getConfiguration('taskPlatform').get<string>('baseUrl');
    assert.equal(server.env.TASK_PLATFORM_BASE_URL, baseUrl);
    assert.equal(server.env.TASK_PLATFORM_TOKEN, undefined, 'the provided definition carries no token');
    assert.equal(
      server.env.TASK_PLATFORM_REQUESTS_PER_MINUTE,
      '60',
      'no fixed part: the server shares the whole budget with the editor through the lease',
    );
    assert.ok(!JSON.stringify(server).includes(erin));
  });

  it('the resolved definition carries the token in its environment only, and the server it describes works', async () => {
    const [server] = await provided();
    assert.ok(server);
    const resolved = await provider.resolveMcpServerDefinition(server);
    assert.ok(resolved);
    assert.equal(resolved.env.TASK_PLATFORM_TOKEN, erin);
    const state = api.session.state;
    assert.equal(
      state.kind === 'signedIn' && state.client.limiter.limit,
      30,
      'two processes, one budget: the idle editor holds half until the server asks for more',
    );
    await waitFor(() => (/\/30/.test(api.budget.text) ? true : undefined), 'the status bar shows /30');
    assert.ok(
      api.stepsDone().includes('mcpStarted'),
      'the walkthrough step "Connect Copilot" is done once VS Code starts the server',
    );
    const elsewhere = JSON.stringify({
      label: resolved.label,
      command: resolved.command,
      args: resolved.args,
      cwd: resolved.cwd,
      version: resolved.version,
    });
    assert.ok(!elsewhere.includes(erin), 'not in the command line, label or version');
    const config = JSON.stringify(vscode.workspace.getConfiguration('taskPlatform'));
    assert.ok(!config.includes(erin), 'not in settings');

    const client = await connectMcp(resolved);
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.length, 18, 'the 16 tools of the map, run_saved_view and get_task_by_display_id');
      const me = await client.callTool({ name: 'get_me', arguments: {} });
      const text = (me.content as { type: string; text: string }[])[0]?.text ?? '';
      assert.equal(JSON.parse(text).data.name, 'Erin Designer', "the answer marks the service's text as data");
    } finally {
      await client.close();
    }

    // The server wrote its record while it ran: the budget stays shared until that record has left
    // the service's window, then the editor has the whole budget again.
    const lease = resolved.env[LEASE_VAR];
    assert.ok(typeof lease === 'string' && existsSync(lease), 'the server wrote the lease named in its environment');
    assert.ok(readLease(lease).server, "the server's record is in it");
    assert.equal(provider.checkLease(), true);
    assert.ok(
      state.kind === 'signedIn' && state.client.limiter.limit < 60,
      'still shared right after the server stopped',
    );
    assert.equal(provider.checkLease(Date.now() + 5 * 60_000), false);
    assert.equal(
      state.kind === 'signedIn' && state.client.limiter.limit,
      60,
      'the whole budget once the lease is stale',
    );
    await waitFor(() => (/\/60/.test(api.budget.text) ? true : undefined), 'the status bar shows /60 again');
  });

  it("switching account re-announces the server, and the resolved token is the new account's", async () => {
    const before = changes;
    await driver.signInAs('demo-token-carol');
    await waitFor(() => changes > before || undefined, 'onDidChangeMcpServerDefinitions after the account switch');
    const [server] = await provided();
    assert.ok(server);
    assert.equal((await provider.resolveMcpServerDefinition(server))?.env.TASK_PLATFORM_TOKEN, 'demo-token-carol');
    const state = api.session.state;
    assert.equal(
      state.kind === 'signedIn' && state.client.limiter.limit,
      30,
      "started again: the new account's client shares the budget (idle: half)",
    );
    await signIn();
  });

  it('the chat tools answer through the session client, and refuse bad input without a request', async () => {
    // VS Code 1.105 lists only the tools whose `when` holds, and learns of a context key's change
    // a moment after the extension sets it (the last suite changed the selection); later versions list all.
    const wanted = [
      'taskPlatform_get_me',
      'taskPlatform_list_tasks',
      'taskPlatform_create_task',
      'taskPlatform_current_task',
    ];
    await waitFor(
      () => (wanted.every((name) => vscode.lm.tools.some((t) => t.name === name)) ? true : undefined),
      `VS Code lists ${wanted.join(', ')}`,
    );
    const result = await vscode.lm.invokeTool(
      'taskPlatform_get_me',
      { input: {}, toolInvocationToken: undefined },
      none,
    );
    const part = result.content[0];
    assert.ok(part instanceof vscode.LanguageModelTextPart);
    assert.equal(JSON.parse(part.value).data.name, 'Erin Designer');
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    const fx = await sandboxControl<{ workspaces: { acme: { id: string } } }>('GET', '/fixtures');
    await assert.rejects(
      Promise.resolve(
        vscode.lm.invokeTool(
          'taskPlatform_list_tasks',
          { input: { workspace_id: fx.workspaces.acme.id }, toolInvocationToken: undefined },
          none,
        ),
      ),
      /exactly one scope/,
    );
    assert.equal((await requestLog()).length, 0);
  });

  it('#taskPlatformTask gives the model the task of the focused panel, with comments and dependencies', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.codeLinks.current.set(undefined);
    const invoke = (): Thenable<vscode.LanguageModelToolResult> =>
      vscode.lm.invokeTool('taskPlatform_current_task', { input: {}, toolInvocationToken: undefined }, none);
    await assert.rejects(Promise.resolve(invoke()), /No Task Platform task is open/);
    const fx = await sandboxControl<{
      workspaces: { acme: { id: string } };
      tasks: { task_with_comments: { id: string } };
    }>('GET', '/fixtures');
    const task = fx.tasks.task_with_comments;
    await vscode.commands.executeCommand('taskPlatform.openTask', {
      workspaceId: fx.workspaces.acme.id,
      taskId: task.id,
    });
    await waitFor(() => api.taskPanels.get(fx.workspaces.acme.id, task.id), 'the panel');
    const part = (await invoke()).content[0];
    assert.ok(part instanceof vscode.LanguageModelTextPart);
    const context = JSON.parse(part.value).data;
    assert.equal(context.task.id, task.id);
    assert.ok(context.comments.data.length > 0);
    assert.ok(Array.isArray(context.dependencies.blocked_by));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("#taskPlatformTask falls back to the current branch's task (Start Work) when no panel is open", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const fx = await sandboxControl<{
      workspaces: { acme: { id: string } };
      tasks: { blocked_task: { id: string; display_id: string; title: string } };
    }>('GET', '/fixtures');
    const task = fx.tasks.blocked_task;
    // No git repository is open in this host, so the record stands for the current branch.
    await api.codeLinks.current.set({
      workspaceId: fx.workspaces.acme.id,
      taskId: task.id,
      displayId: task.display_id,
      title: task.title,
      branch: 'work',
    });
    try {
      const result = await vscode.lm.invokeTool(
        'taskPlatform_current_task',
        { input: {}, toolInvocationToken: undefined },
        none,
      );
      const part = result.content[0];
      assert.ok(part instanceof vscode.LanguageModelTextPart);
      const context = JSON.parse(part.value).data;
      assert.equal(context.task.id, task.id);
      assert.ok(context.dependencies.blocked_by.length > 0, 'the blocked task lists its blockers');
    } finally {
      await api.codeLinks.current.set(undefined);
    }
  });

  it('writing chat tools ask first, showing what the model sent as text, not markdown', () => {
    const create = confirmationFor(
      'create_task',
      { workspace_id: 'w', list_id: 'l', title: '[click](https://evil.example) **now**', priority: 'high' },
      {},
    );
    assert.ok(create);
    assert.match(create.title, /Create a Task Platform task/);
    const plain = (m: string | vscode.MarkdownString | undefined): string =>
      (typeof m === 'string' ? m : (m?.value ?? '')).replace(/\\(.)/g, '$1');
    const raw = typeof create.message === 'string' ? create.message : create.message.value;
    assert.ok(!raw.includes('](https://evil.example)'), 'the link is escaped');
    assert.match(plain(create.message), /priority:\*\*\s+high/);
    assert.ok(!plain(create.message).includes('workspace_id'));
    const update = confirmationFor(
      'update_task',
      { workspace_id: 'w', task_id: 't-1', assignee_id: null },
      { task: { error: 'gone' } },
    );
    assert.match(plain(update?.message), /t-1, which could not be read \(gone\)[\s\S]*assignee_id:\*\* \(cleared\)/);
    assert.ok(confirmationFor('add_comment', { workspace_id: 'w', task_id: 't', body: 'hi' }, {}));
    assert.equal(confirmationFor('get_task', { workspace_id: 'w', task_id: 't' }, {}), undefined, 'reads do not ask');
  });

  it('a write confirmation names the workspace and the task as read from the service (once), and links to the whole text', async () => {
    const confirmations = api.ai.confirmations;
    assert.ok(confirmations);
    // Another suite may have confirmed a write on the same task within the minute reads are kept.
    confirmations.forgetReads();
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    const fx = await sandboxControl<{
      workspaces: { acme: { id: string } };
      tasks: { task_with_comments: { id: string; display_id: string; title: string } };
    }>('GET', '/fixtures');
    const acme = fx.workspaces.acme.id;
    const task = fx.tasks.task_with_comments;
    const description = `[click](command:workbench.action.openSettings) **now**\u202e ${'x'.repeat(3_000)}\nend`;
    const input = { workspace_id: acme, task_id: task.id, description, assignee_id: null };
    const asked = await confirmations.prepare('update_task', input, none);
    assert.ok(asked && typeof asked.message !== 'string');
    const message = asked.message;
    assert.deepEqual(
      message.isTrusted,
      { enabledCommands: [SHOW_INPUT_COMMAND] },
      'no command but the preview can run from it',
    );
    const shown = message.value.replace(/\\(.)/g, '$1');
    assert.ok(shown.includes('Workspace: **Acme**'), shown.slice(0, 300));
    assert.ok(shown.includes(`Task: **${task.display_id}** ${task.title}`), shown.slice(0, 300));
    assert.match(shown, /… and 1,[0-9]{3} more characters\./);
    assert.ok(!message.value.includes('](command:workbench'), "the model's link is escaped");
    assert.equal(
      (await requestLog()).filter((r) => r.method === 'GET' && r.path.endsWith(task.id)).length,
      1,
      'one read',
    );
    await confirmations.prepare('update_task', input, none);
    assert.equal((await requestLog()).length, 1, 'kept: the second confirmation reads nothing');

    // The extension's own link opens the whole text in a read-only document, without invisible characters.
    const link = /\]\((command:taskPlatform\.ai\.showToolInput\?[^)]+)\)/.exec(message.value)?.[1];
    assert.ok(link, message.value.slice(-400));
    const args = JSON.parse(decodeURIComponent(link.slice(link.indexOf('?') + 1))) as unknown[];
    await vscode.commands.executeCommand(SHOW_INPUT_COMMAND, ...args);
    const doc = await waitFor(() => {
      const d = vscode.window.activeTextEditor?.document;
      return d?.uri.scheme === 'taskplatform-ai-input' ? d : undefined;
    }, 'the preview document');
    assert.equal(doc.getText(), description.replace('\u202e', ''));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // A task that cannot be read is named as such, not by its UUID alone.
    const missing = await confirmations.prepare(
      'add_comment',
      { workspace_id: acme, task_id: '00000000-0000-4000-8000-000000000000', body: 'hi' },
      none,
    );
    assert.ok(missing && typeof missing.message !== 'string');
    assert.match(
      missing.message.value.replace(/\\(.)/g, '$1'),
      /00000000-0000-4000-8000-000000000000, which could not be read \(/,
    );
    assert.equal(
      await confirmations.prepare('get_task', { workspace_id: acme, task_id: task.id }, none),
      undefined,
      'reads do not ask',
    );
  });

  it('a new token for the same account gets a new definition version; the token VS Code keeps is never the old one', async () => {
    const [first] = await provided();
    assert.ok(first);
    const resolvedFirst = await provider.resolveMcpServerDefinition(first);
    assert.equal(resolvedFirst?.env.TASK_PLATFORM_TOKEN, erin);
    assert.equal(
      first.env.TASK_PLATFORM_TOKEN,
      undefined,
      'resolving fills a copy; the definition VS Code keeps gets no token',
    );
    const { token: rotated } = await sandboxControl<{ token: string }>('POST', '/tokens/rotate', { token: erin });
    const before = changes;
    await driver.signInAs(rotated);
    await waitFor(() => changes > before || undefined, 'onDidChangeMcpServerDefinitions after the new token');
    const [second] = await provided();
    assert.ok(second);
    assert.notEqual(
      second.version,
      first.version,
      'a changed definition: VS Code stops the server it started with the old token',
    );
    const resolved = await provider.resolveMcpServerDefinition(second);
    assert.equal(resolved?.env.TASK_PLATFORM_TOKEN, rotated);
    for (const kept of [first, second]) {
      const text = JSON.stringify(kept);
      assert.ok(!text.includes(erin) && !text.includes(rotated), 'no token in a provided definition');
    }
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await signIn();
  });

  it('sign-out withdraws the server and a definition resolved afterwards gets no token', async () => {
    const [server] = await provided();
    assert.ok(server);
    const before = changes;
    await api.session.signOut();
    await waitFor(() => changes > before || undefined, 'onDidChangeMcpServerDefinitions after sign-out');
    assert.deepEqual(await provided(), []);
    await assert.rejects(Promise.resolve(provider.resolveMcpServerDefinition(server)), /Sign in to Task Platform/);
    assert.equal(server.env.TASK_PLATFORM_TOKEN, undefined);
  });

  it('a stored token counts as signed in before the session is restored, without a request', async () => {
    await signIn();
    // What signing in started ends before the log is cleared: the trees' first reads, and the code
    // links' prefix learning (one task row per workspace), which starts a moment after sign-in.
    await waitFor(
      () => ['ACME', 'SIDE'].every((p) => api.codeLinks.finder.prefixes().prefixes().includes(p)) || undefined,
      'the prefixes learned at sign-in',
    );
    await clientQuiet(api.session, 'the reads signing in started to end');
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    api.session.invalidate();
    assert.equal(api.session.state.kind, 'unknown');
    assert.equal((await provided()).length, 1);
    const sent = await requestLog();
    assert.equal(
      sent.length,
      0,
      `offering the server sent no request: ${JSON.stringify(sent.map((r) => `${r.method} ${r.path} ${r.token_label}`))}`,
    );
  });
});
