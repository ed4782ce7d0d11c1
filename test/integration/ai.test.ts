import { existsSync } from 'node:fs';
import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as vscode from 'vscode';
import { confirmationFor } from '../../src/extension/ai/confirm';
import type { McpServerProvider } from '../../src/extension/ai/mcpProvider';
import { LEASE_STALE_MS, LEASE_VAR } from '../../src/core/mcp/lease';
import type { TestApi } from '../../src/extension/main';
import { activateExtension, requestLog, sandboxControl, ScriptedPrompter, waitFor } from './helpers';

// Erin (an Acme member) and Carol: tokens no other suite uses, so this suite takes nothing from
// the 60-a-minute budget of the accounts the later suites work with.
const erin = 'demo-token-erin';
const none = new vscode.CancellationTokenSource().token;

describe('AI: the MCP server definition provider and the chat tools', function () {
  this.timeout(60_000);
  let api: TestApi;
  let provider: McpServerProvider;
  let changes = 0;
  let restore: (() => void) | undefined;
  let listener: vscode.Disposable | undefined;

  async function signIn(): Promise<void> {
    restore = api.setPrompter(new ScriptedPrompter([erin]));
    assert.equal(await vscode.commands.executeCommand('taskPlatform.signIn'), true);
    restore();
  }

  async function provided(): Promise<vscode.McpStdioServerDefinition[]> {
    return (await provider.provideMcpServerDefinitions()) ?? [];
  }

  before(async () => {
    api = await activateExtension();
    assert.ok(api.ai.mcpProvider, 'code-server 1.139 has vscode.lm.registerMcpServerDefinitionProvider');
    provider = api.ai.mcpProvider;
    listener = provider.onDidChangeMcpServerDefinitions(() => changes++);
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await api.session.signOut();
  });

  after(async () => {
    listener?.dispose();
    await api.session.signOut();
  });

  it('offers no server while signed out, and one after sign-in, announcing the change', async () => {
    assert.deepEqual(await provided(), []);
    const before = changes;
    await signIn();
    await waitFor(() => changes > before || undefined, 'onDidChangeMcpServerDefinitions after sign-in');
    const [server, ...rest] = await provided();
    assert.ok(server);
    assert.equal(rest.length, 0);
    assert.equal(server.label, 'Task Platform');
    assert.match(server.args.join(' '), /dist[\\/]mcp-server\.js$/);
    const baseUrl = vscode.workspace.getConfiguration('taskPlatform').get<string>('baseUrl');
    assert.equal(server.env.TASK_PLATFORM_BASE_URL, baseUrl);
    assert.equal(server.env.TASK_PLATFORM_TOKEN, undefined, 'the provided definition carries no token');
    assert.equal(server.env.TASK_PLATFORM_REQUESTS_PER_MINUTE, '20', 'a third of the budget, the extension keeps the rest');
    assert.ok(!JSON.stringify(server).includes(erin));
  });

  it('the resolved definition carries the token in its environment only, and the server it describes works', async () => {
    const [server] = await provided();
    assert.ok(server);
    const resolved = await provider.resolveMcpServerDefinition(server);
    assert.ok(resolved);
    assert.equal(resolved.env.TASK_PLATFORM_TOKEN, erin);
    const state = api.session.state;
    assert.equal(state.kind === 'signedIn' && state.client.limiter.limit, 40, 'two processes, one budget: the editor keeps 60 - 20');
    assert.match(api.budget.text, /\/40/);
    assert.ok(api.stepsDone().includes('mcpStarted'), 'the walkthrough step "Connect Copilot" is done once VS Code starts the server');
    const elsewhere = JSON.stringify({ label: resolved.label, command: resolved.command, args: resolved.args, cwd: resolved.cwd, version: resolved.version });
    assert.ok(!elsewhere.includes(erin), 'not in the command line, label or version');
    const config = JSON.stringify(vscode.workspace.getConfiguration('taskPlatform'));
    assert.ok(!config.includes(erin), 'not in settings');

    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...process.env, ...resolved.env })) {
      if (value !== undefined && value !== null) env[key] = String(value);
    }
    const client = new Client({ name: 'integration', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: resolved.command, args: resolved.args, env, stderr: 'ignore' }));
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.length, 16);
      const me = await client.callTool({ name: 'get_me', arguments: {} });
      const text = (me.content as { type: string; text: string }[])[0]?.text ?? '';
      assert.equal(JSON.parse(text).name, 'Erin Designer');
    } finally {
      await client.close();
    }

    // The server touched its lease while it ran (and on exit): the share stays given until the last
    // touch has left the service's window, then the editor has the whole budget again.
    const lease = resolved.env[LEASE_VAR];
    assert.ok(typeof lease === 'string' && existsSync(lease), 'the server wrote the lease named in its environment');
    assert.equal(await provider.checkLease(), true);
    assert.equal(state.kind === 'signedIn' && state.client.limiter.limit, 40, 'still 40 right after the server stopped');
    assert.equal(await provider.checkLease(Date.now() + LEASE_STALE_MS + 1_000), false);
    assert.equal(state.kind === 'signedIn' && state.client.limiter.limit, 60, 'the whole budget once the lease is stale');
    await waitFor(() => (/\/60/.test(api.budget.text) ? true : undefined), 'the status bar shows /60 again');
  });

  it('switching account re-announces the server, and the resolved token is the new account\'s', async () => {
    const before = changes;
    restore = api.setPrompter(new ScriptedPrompter(['demo-token-carol']));
    assert.equal(await vscode.commands.executeCommand('taskPlatform.signIn'), true);
    restore();
    await waitFor(() => changes > before || undefined, 'onDidChangeMcpServerDefinitions after the account switch');
    const [server] = await provided();
    assert.ok(server);
    assert.equal((await provider.resolveMcpServerDefinition(server))?.env.TASK_PLATFORM_TOKEN, 'demo-token-carol');
    const state = api.session.state;
    assert.equal(state.kind === 'signedIn' && state.client.limiter.limit, 40, 'started again: the share is given again');
    await signIn();
  });

  it('the chat tools answer through the session client, and refuse bad input without a request', async () => {
    const names = vscode.lm.tools.map((t) => t.name);
    for (const name of ['taskPlatform_get_me', 'taskPlatform_list_tasks', 'taskPlatform_create_task', 'taskPlatform_current_task']) {
      assert.ok(names.includes(name), `${name} is registered`);
    }
    const result = await vscode.lm.invokeTool('taskPlatform_get_me', { input: {}, toolInvocationToken: undefined }, none);
    const part = result.content[0];
    assert.ok(part instanceof vscode.LanguageModelTextPart);
    assert.equal(JSON.parse(part.value).name, 'Erin Designer');
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    const fx = await sandboxControl<{ workspaces: { acme: { id: string } } }>('GET', '/fixtures');
    await assert.rejects(
      Promise.resolve(vscode.lm.invokeTool('taskPlatform_list_tasks', { input: { workspace_id: fx.workspaces.acme.id }, toolInvocationToken: undefined }, none)),
      /exactly one scope/,
    );
    assert.equal((await requestLog()).length, 0);
  });

  it('#taskPlatformTask gives the model the task of the focused panel, with comments and dependencies', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.codeLinks.current.set(undefined);
    const invoke = (): Thenable<vscode.LanguageModelToolResult> => vscode.lm.invokeTool('taskPlatform_current_task', { input: {}, toolInvocationToken: undefined }, none);
    await assert.rejects(Promise.resolve(invoke()), /No Task Platform task is open/);
    const fx = await sandboxControl<{ workspaces: { acme: { id: string } }; tasks: { task_with_comments: { id: string } } }>('GET', '/fixtures');
    const task = fx.tasks.task_with_comments;
    await vscode.commands.executeCommand('taskPlatform.openTask', { workspaceId: fx.workspaces.acme.id, taskId: task.id });
    await waitFor(() => api.taskPanels.get(fx.workspaces.acme.id, task.id), 'the panel');
    const part = (await invoke()).content[0];
    assert.ok(part instanceof vscode.LanguageModelTextPart);
    const context = JSON.parse(part.value);
    assert.equal(context.task.id, task.id);
    assert.ok(context.comments.data.length > 0);
    assert.ok(Array.isArray(context.dependencies.blocked_by));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('#taskPlatformTask falls back to the current branch\'s task (Start Work) when no panel is open', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const fx = await sandboxControl<{ workspaces: { acme: { id: string } }; tasks: { blocked_task: { id: string; display_id: string; title: string } } }>('GET', '/fixtures');
    const task = fx.tasks.blocked_task;
    // No git repository is open in this host, so the record stands for the current branch.
    await api.codeLinks.current.set({ workspaceId: fx.workspaces.acme.id, taskId: task.id, displayId: task.display_id, title: task.title, branch: 'work' });
    try {
      const result = await vscode.lm.invokeTool('taskPlatform_current_task', { input: {}, toolInvocationToken: undefined }, none);
      const part = result.content[0];
      assert.ok(part instanceof vscode.LanguageModelTextPart);
      const context = JSON.parse(part.value);
      assert.equal(context.task.id, task.id);
      assert.ok(context.dependencies.blocked_by.length > 0, 'the blocked task lists its blockers');
    } finally {
      await api.codeLinks.current.set(undefined);
    }
  });

  it('writing chat tools ask first, showing what the model sent as text, not markdown', () => {
    const create = confirmationFor('create_task', { workspace_id: 'w', list_id: 'l', title: '[click](https://evil.example) **now**', priority: 'high' });
    assert.ok(create);
    assert.match(create.title, /Create a Task Platform task/);
    const plain = (m: string | vscode.MarkdownString | undefined): string => (typeof m === 'string' ? m : m?.value ?? '').replace(/&nbsp;/g, ' ');
    const text = plain(create.message);
    assert.ok(!text.includes('](https://evil.example)'), 'the link is escaped');
    assert.match(text, /priority: high/);
    assert.ok(!text.includes('workspace_id'));
    const update = confirmationFor('update_task', { workspace_id: 'w', task_id: 't-1', assignee_id: null });
    assert.match(plain(update?.message).replace(/\\/g, ''), /t-1[\s\S]*assignee_id: \(cleared\)/);
    assert.ok(confirmationFor('add_comment', { workspace_id: 'w', task_id: 't', body: 'hi' }));
    assert.equal(confirmationFor('get_task', { workspace_id: 'w', task_id: 't' }), undefined, 'reads do not ask');
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
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    api.session.invalidate();
    assert.equal(api.session.state.kind, 'unknown');
    assert.equal((await provided()).length, 1);
    assert.equal((await requestLog()).length, 0, 'offering the server sent no request');
  });
});
