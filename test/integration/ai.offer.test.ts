import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { selectTools } from '../../src/core/mcp/toolsets';
import type { ToolSelection } from '../../src/core/mcp/toolsets';
import { TOOLS } from '../../src/core/mcp/tools';
import type { ChatActionResult } from '../../src/extension/ai/actions';
import type { McpServerProvider } from '../../src/extension/ai/mcpProvider';
import { readGuardedSettings } from '../../src/extension/config';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import { connectMcp, requestLog, sandboxControl, waitFor } from './helpers';

// Dave: a token no other suite signs in with, so its requests take nothing from the others' budget.
const dave = 'demo-token-dave';
const none = new vscode.CancellationTokenSource().token;
const AI_SETTINGS = ['mcpServer.enabled', 'readOnly', 'toolsets', 'includeTools', 'excludeTools'];

async function setAi(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('taskPlatform').update(`ai.${key}`, value, vscode.ConfigurationTarget.Global);
}

/**
 * The chat tools VS Code lists: those whose `when` (package.json) matches the context key the
 * extension sets. VS Code 1.139 does not filter `vscode.lm.tools` by `when` (1.105 does), and neither
 * gives a way to read a context key, so the clause is applied here to the value the extension set
 * (the e2e test sees the real list in the tools picker).
 */
function listed(api: TestApi): string[] {
  const value = api.ai.offeredTools();
  const tools = (vscode.extensions.getExtension('task-platform.task-platform')?.packageJSON as Manifest).contributes
    .languageModelTools;
  return tools
    .filter((t) => t.name !== 'taskPlatform_current_task')
    .filter((t) => new RegExp(/=~ \/(.+)\/$/.exec(t.when)?.[1] ?? '^$').test(value))
    .map((t) => t.name.slice('taskPlatform_'.length))
    .sort();
}

interface Manifest {
  contributes: { languageModelTools: { name: string; when: string }[] };
}

const expected = (selection: ToolSelection): string[] =>
  selectTools(TOOLS, selection)
    .map((t) => t.name)
    .sort();

/** Waits until exactly the tools `selection` offers are listed. */
async function listedAs(api: TestApi, selection: ToolSelection, what: string): Promise<void> {
  const want = expected(selection).join(',');
  await waitFor(
    () => listed(api).join(',') === want || undefined,
    `${what}: ${want} (listed: ${listed(api).join(',')})`,
  );
}

describe('AI: the taskPlatform.ai settings decide the tools offered, on both surfaces', function () {
  this.timeout(60_000);
  let api: TestApi;
  let provider: McpServerProvider;
  const driver = useExtension();

  before(async () => {
    api = driver.api;
    assert.ok(api.ai.mcpProvider);
    provider = api.ai.mcpProvider;
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await driver.signInAs(dave);
  });

  after(async () => {
    await clearFolder();
    for (const key of AI_SETTINGS) {
      await setAi(key, undefined);
    }
    await vscode.workspace
      .getConfiguration('chat')
      .update('disableAIFeatures', undefined, vscode.ConfigurationTarget.Global);
  });

  it('lists every tool once by default, and the MCP server is not offered', async () => {
    await listedAs(api, { readOnly: false }, 'every tool by default');
    assert.equal(listed(api).length, TOOLS.length, 'each tool once');
    assert.deepEqual(await provider.provideMcpServerDefinitions(), [], 'the chat tools are the one surface');
  });

  it('read-only mode hides every write tool, and a call to one is refused without a request', async () => {
    await setAi('readOnly', true);
    await listedAs(api, { readOnly: true }, 'read-only');
    assert.ok(listed(api).includes('get_task'));
    for (const write of TOOLS.filter((t) => t.write)) {
      assert.ok(!listed(api).includes(write.name), `${write.name} is not listed`);
    }
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await assert.rejects(
      Promise.resolve(
        vscode.lm.invokeTool('taskPlatform_add_comment', { input: {}, toolInvocationToken: undefined }, none),
      ),
      /turned off by the user/,
    );
    // Nothing of the call: no write, no read of comments (the trees may refresh in the background).
    assert.deepEqual(
      (await requestLog()).filter((r) => r.method !== 'GET' || r.path.includes('/comments')),
      [],
      'nothing was sent',
    );
    await setAi('readOnly', undefined);
    await listedAs(api, { readOnly: false }, 'read-only off again');
  });

  it('toolsets, included and excluded tools change the list as the one rule says', async () => {
    await setAi('toolsets', ['comments']);
    await setAi('includeTools', ['get_me', 'no_such_tool']);
    await setAi('excludeTools', ['add_comment']);
    await listedAs(
      api,
      { readOnly: false, toolsets: ['comments'], include: ['get_me'], exclude: ['add_comment'] },
      'comments, plus get_me, minus add_comment',
    );
    assert.ok(!listed(api).includes('list_tasks'));
  });

  it('turning the MCP setting on offers the server with the same selection in its environment, and off withdraws it', async () => {
    let changes = 0;
    const listener = provider.onDidChangeMcpServerDefinitions(() => changes++);
    try {
      await setAi('readOnly', true);
      await setAi('mcpServer.enabled', true);
      await waitFor(() => changes > 0 || undefined, 'onDidChangeMcpServerDefinitions after turning it on');
      const [server, ...rest] = await provider.provideMcpServerDefinitions();
      assert.ok(server);
      assert.equal(rest.length, 0);
      assert.equal(server.env.TASK_PLATFORM_READ_ONLY, 'true');
      assert.equal(server.env.TASK_PLATFORM_TOOLSETS, 'comments');
      assert.equal(server.env.TASK_PLATFORM_TOOLS, 'get_me', 'an unknown name is not passed on');
      assert.equal(server.env.TASK_PLATFORM_EXCLUDE_TOOLS, 'add_comment');
      // The server itself lists exactly what the chat tools list.
      const resolved = await provider.resolveMcpServerDefinition(server);
      assert.ok(resolved);
      const client = await connectMcp(resolved);
      try {
        const names = (await client.listTools()).tools.map((t) => t.name).sort();
        assert.deepEqual(names, listed(api));
        assert.deepEqual(
          names,
          expected({ readOnly: true, toolsets: ['comments'], include: ['get_me'], exclude: ['add_comment'] }),
        );
      } finally {
        await client.close();
      }
      const version = server.version;
      const before = changes;
      await setAi('toolsets', ['comments', 'tasks']);
      await waitFor(() => changes > before || undefined, 'a new selection is announced');
      const [again] = await provider.provideMcpServerDefinitions();
      assert.equal(again?.env.TASK_PLATFORM_TOOLSETS, 'comments,tasks');
      assert.notEqual(again?.version, version, 'a new version: VS Code restarts a running server');
      const beforeOff = changes;
      await setAi('mcpServer.enabled', false);
      await waitFor(() => changes > beforeOff || undefined, 'onDidChangeMcpServerDefinitions after turning it off');
      assert.deepEqual(await provider.provideMcpServerDefinitions(), []);
      await assert.rejects(Promise.resolve(provider.resolveMcpServerDefinition(server)), /turned off/);
    } finally {
      listener.dispose();
      for (const key of AI_SETTINGS) {
        await setAi(key, undefined);
      }
    }
  });

  const actions: [string, string][] = [
    ['Summarise Task', 'taskPlatform.ai.summarizeTask'],
    ['Start Work with Copilot', 'taskPlatform.ai.startWorkWithChat'],
    ['Draft Reply', 'taskPlatform.ai.draftReply'],
  ];
  for (const [label, command] of actions) {
    it(`${label} says why where chat is not available, and changes nothing`, async () => {
      const fx = await sandboxControl<{
        workspaces: { acme: { id: string } };
        tasks: { task_with_comments: { id: string } };
      }>('GET', '/fixtures');
      const task = fx.tasks.task_with_comments;
      const arg = { workspaceId: fx.workspaces.acme.id, taskId: task.id, commentId: task.id };
      // The test host turns AI features off (chat.disableAIFeatures), as a user without AI does.
      const cases: [boolean, RegExp][] = [[true, /chat\.disableAIFeatures/]];
      for (const [disabled, reason] of cases) {
        await vscode.workspace
          .getConfiguration('chat')
          .update('disableAIFeatures', disabled, vscode.ConfigurationTarget.Global);
        const prompts = driver.script([], [undefined]);
        await sandboxControl('POST', '/reset', { seed: 'demo' });
        const result = await vscode.commands.executeCommand<ChatActionResult | undefined>(command, arg);
        assert.equal(result?.opened, false);
        assert.match(result?.unavailable ?? '', reason);
        assert.deepEqual(
          prompts.messages.map((m) => m.level),
          ['warn'],
        );
        assert.match(prompts.messages[0]?.text ?? '', new RegExp(`^${label}`));
        assert.match(prompts.messages[0]?.text ?? '', reason);
        assert.equal((await requestLog()).length, 0, 'no request: nothing was read or written');
      }
    });
  }

  it('Summarise Task and Draft Reply open chat in ask mode with read tools only', async () => {
    const fx = await sandboxControl<{
      workspaces: { acme: { id: string } };
      tasks: { task_with_comments: { id: string } };
    }>('GET', '/fixtures');
    const task = fx.tasks.task_with_comments;
    const arg = { workspaceId: fx.workspaces.acme.id, taskId: task.id, commentId: task.id };
    // A command of the test's stands in for the Chat view: it receives exactly what chat would.
    const received: unknown[] = [];
    const capture = vscode.commands.registerCommand('taskPlatformTest.chatOpen', (options: unknown) => {
      received.push(options);
    });
    api.ai.setChatCommand('taskPlatformTest.chatOpen');
    try {
      for (const command of ['taskPlatform.ai.summarizeTask', 'taskPlatform.ai.draftReply']) {
        received.length = 0;
        const result = await vscode.commands.executeCommand<ChatActionResult | undefined>(command, arg);
        assert.equal(result?.opened, true, command);
        assert.equal(received.length, 1, `${command} opened chat once`);
        const options = received[0] as { mode?: unknown; isPartialQuery?: unknown; toolIds?: unknown };
        assert.equal(options.mode, 'ask', `${command} runs in ask mode, not agent mode`);
        assert.equal(options.isPartialQuery, false);
        assert.ok(Array.isArray(options.toolIds) && options.toolIds.length > 0, `${command} names its tools`);
        for (const id of options.toolIds as string[]) {
          const spec = TOOLS.find((t) => `taskPlatform_${t.name}` === id);
          assert.ok(spec, `${id} is one of the extension's tools`);
          assert.equal(spec.write, false, `${command} is given no tool that writes (${id})`);
        }
      }
    } finally {
      api.ai.setChatCommand(undefined);
      capture.dispose();
    }
  });

  const folderKeys = ['ai.readOnly', 'ai.toolsets', 'ai.includeTools', 'ai.mcpServer.enabled', 'startWork.updateTask'];
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('taskPlatform');
  const clearFolder = async (): Promise<void> => {
    for (const key of folderKeys.filter((k) => config().inspect(k)?.workspaceValue !== undefined)) {
      await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
    }
    await config().update('startWork.updateTask', undefined, vscode.ConfigurationTarget.Global);
  };

  it("a folder's settings cannot loosen the user's: read-only, toolsets, the MCP server and Start Work's task update", async function () {
    // Each write saves the folder's settings.json: slow on a loaded machine.
    this.timeout(180_000);
    const user = (key: string, value: unknown): Thenable<void> =>
      config().update(key, value, vscode.ConfigurationTarget.Global);
    const folder = (key: string, value: unknown): Thenable<void> =>
      config().update(key, value, vscode.ConfigurationTarget.Workspace);
    try {
      await user('ai.readOnly', true);
      await user('ai.toolsets', ['comments']);
      await user('ai.excludeTools', ['get_me']);
      await user('startWork.updateTask', 'never');
      await folder('ai.readOnly', false);
      await folder('ai.toolsets', ['comments', 'tasks', 'views']);
      await folder('ai.includeTools', ['update_task']);
      await folder('ai.mcpServer.enabled', true);
      await folder('startWork.updateTask', 'always');
      assert.equal(config().get('ai.readOnly'), false, "VS Code's own reading lets the folder win");
      await listedAs(
        api,
        { readOnly: true, toolsets: ['comments'], exclude: ['get_me'] },
        "the user's read-only mode and toolset, whatever the folder says",
      );
      assert.ok(!listed(api).includes('update_task'), 'the folder cannot include a tool');
      assert.deepEqual(await provider.provideMcpServerDefinitions(), [], 'the folder cannot turn the MCP server on');
      assert.equal(readGuardedSettings().startWorkUpdateTask, 'never');
      // The other way round, the folder tightens what the user allowed.
      await user('ai.readOnly', false);
      await folder('ai.readOnly', true);
      await user('ai.toolsets', undefined);
      await folder('ai.toolsets', ['views']);
      await user('startWork.updateTask', 'always');
      await folder('startWork.updateTask', 'ask');
      await listedAs(api, { readOnly: true, toolsets: ['views'], exclude: ['get_me'] }, "the folder's narrower choice");
      assert.equal(readGuardedSettings().startWorkUpdateTask, 'ask');
    } finally {
      await clearFolder();
    }
  });
});
