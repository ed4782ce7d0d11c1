import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/core/tree/nodes';
import type { TestApi } from '../../src/extension/main';
import { ANSWER_ERRORS, HOSTILE_MODES, startHostileServer } from '../hostile/server';
import type { HostileMode, HostileServer } from '../hostile/server';
import { useExtension } from './driver';
import { sandboxControl, sandboxOrigin, ScriptedPrompter, waitFor } from './helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures are untyped JSON */
type Json = any;

/**
 * The extension against a server that turns hostile: signed in through
 * test/hostile/server.ts while it passes requests on to the sandbox, then, mode by mode, the server
 * answers everything badly. Opening a task, the tree, search, Set Status and Add Comment each end
 * within the deadline (requestTimeoutSeconds 3: 9 s per call, the production rule of 3 timeouts)
 * with a clear error, and the extension host stays alive and usable.
 */

const TIMEOUT_SECONDS = 3;
/** One call's deadline (3 x the timeout), plus room for the command's own work on a busy machine. */
const BOUND_MS = 3 * TIMEOUT_SECONDS * 1000 + 5_000;

/** The modes in which each call waits out its deadline: there the time goes, not in the work. */
const SLOW_MODES: ReadonlySet<HostileMode> = new Set(['hang', 'drip', 'storm']);

/**
 * What the error must say, per mode: the client's message after the command's own words, or the
 * extension's own wording of network and rate-limit failures (src/extension/ui/failure.ts).
 */
const said: Record<HostileMode, RegExp> = {
  ...ANSWER_ERRORS,
  hang: /did not answer in time/,
  drip: /did not answer in time/,
  reset: /could not reach 127\.0\.0\.1:\d+ \(ECONNRESET\)|did not answer in time/,
  retryAfter: /asked to wait far longer than its limit of 60 requests a minute explains/,
  storm: /failed \(50\d\)|did not answer in time/,
};

/** How a command ended, and when. */
interface Timed<T> {
  value?: T;
  error?: unknown;
  ms: number;
}

describe('Hostile server: every command ends within its deadline with a clear error; the host lives', function () {
  this.timeout(300_000);
  let api: TestApi;
  let server: HostileServer;
  let fx: Json;
  const driver = useExtension();
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('taskPlatform');
  let previousBaseUrl: unknown;

  before(async () => {
    api = driver.api;
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl('GET', '/fixtures');
    server = await startHostileServer({ lifetimeMs: 290_000 });
    server.setLive({ proxy: sandboxOrigin() });
    api.scaleRateWindowForTests(1_000);
    previousBaseUrl = config().inspect('baseUrl')?.globalValue;
    await config().update('requestTimeoutSeconds', TIMEOUT_SECONDS, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl', server.liveBaseUrl, vscode.ConfigurationTarget.Global);
    await driver.signInAs('demo-token-alice', 'signed in through the hostile server (passing on)');
  });

  after(async () => {
    driver.unscript();
    server?.setLive({ proxy: sandboxOrigin() });
    await api?.session.signOut();
    await config().update('baseUrl', previousBaseUrl, vscode.ConfigurationTarget.Global);
    await config().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    // Back to the runner's short window (TASK_PLATFORM_TEST_RATE_WINDOW_MS), not the real minute:
    // every later suite would wait a whole minute per 60 requests.
    api?.scaleRateWindowForTests(Number(process.env.TASK_PLATFORM_TEST_RATE_WINDOW_MS) || undefined);
    await server?.close();
  });

  const ref = (name: string): Json => ({
    kind: 'task',
    workspaceId: fx.workspaces.acme.id,
    taskId: fx.tasks[name].id,
    row: fx.tasks[name],
  });

  async function timed<T>(run: () => Thenable<T> | Promise<T>): Promise<Timed<T>> {
    const started = Date.now();
    try {
      return { value: await run(), ms: Date.now() - started };
    } catch (error) {
      return { error, ms: Date.now() - started };
    }
  }

  /** Each run timed on its own: side by side when `together`, else one after the other. */
  async function timedAll<T extends readonly (() => Thenable<unknown>)[]>(
    together: boolean,
    runs: T,
  ): Promise<{ [K in keyof T]: Timed<unknown> }> {
    if (together) return (await Promise.all(runs.map((run) => timed(run)))) as { [K in keyof T]: Timed<unknown> };
    const outcomes: Timed<unknown>[] = [];
    for (const run of runs) outcomes.push(await timed(run));
    return outcomes as { [K in keyof T]: Timed<unknown> };
  }

  /** The tree: the Acme workspace's spaces, loaded afresh. */
  async function treeLoad(): Promise<string> {
    // The Refresh command keeps what was shown when the service fails (marked out of date), and whether
    // the view had loaded Acme's spaces before depends on the workbench: start from nothing.
    api.explorer.refresh();
    const roots = await api.explorer.getChildren(undefined);
    const acme = roots.find((n) => n.kind === 'workspace' && String(api.explorer.getTreeItem(n).label) === 'Acme');
    assert.ok(acme, 'the Acme workspace row (from the signed-in user, no request)');
    const rows: TreeNode[] = await api.explorer.getChildren(acme);
    const message = rows.find((n) => n.kind === 'message');
    return message && message.kind === 'message'
      ? `${message.severity}: ${message.text} ${message.detail ?? ''}`
      : `no message among ${rows.length} rows`;
  }

  /** Search Tasks: the failure is shown in the pick itself. */
  async function search(prompter: ScriptedPrompter): Promise<string> {
    const done = vscode.commands.executeCommand('taskPlatform.searchTasks');
    const pick = await prompter.livePick();
    pick.setValue('login');
    const failed = await waitFor(
      () => pick.items.find((i) => i.label.startsWith('Search failed')),
      'the failure in the pick',
      BOUND_MS,
    );
    pick.hide();
    await done;
    return `${failed.label} ${failed.detail ?? ''} ${failed.description ?? ''}`;
  }

  for (const mode of HOSTILE_MODES) {
    it(`${mode}: open a task, the tree, search, Set Status, Add Comment, Assign and Move`, async () => {
      server.setLive(mode);
      // Identical in-flight GETs share one request: none may join a read still passed on to the sandbox.
      await server.passedOn();
      await vscode.commands.executeCommand('taskPlatform.refresh');
      const prompter = new ScriptedPrompter(['A comment'], []);
      driver.install(prompter);
      // Each in turn, so the scripted answers reach the command that asks for them. In the modes
      // where every call waits out its deadline, the four commands that only read before they ask
      // run side by side (each still timed on its own: the bound is per command), so such a mode
      // costs four call deadlines instead of seven. The other modes answer at once, and side by side
      // their big answers would only compete for a loaded machine.
      const open = await timed(() => vscode.commands.executeCommand('taskPlatform.goToTask', 'ACME-91'));
      const tree = await timed(() => treeLoad());
      const found = await timed(() => search(prompter));
      const [status, comment, assign, move] = await timedAll(SLOW_MODES.has(mode), [
        () => vscode.commands.executeCommand('taskPlatform.setStatus', ref('task_with_comments')),
        () => vscode.commands.executeCommand('taskPlatform.addComment', ref('blocker_task')),
        () => vscode.commands.executeCommand('taskPlatform.assign', ref('task_with_comments')),
        () => vscode.commands.executeCommand('taskPlatform.moveTask', ref('blocker_task')),
      ] as const);
      driver.unscript();

      const shown = prompter.messages.map((m) => `${m.level}: ${m.text}`);
      const report = JSON.stringify({ shown, tree: tree.value, search: found.value }, null, 1);
      for (const [name, outcome] of Object.entries({ open, tree, found, status, comment, assign, move })) {
        assert.equal(outcome.error, undefined, `${name} threw: ${String(outcome.error)}`);
        assert.ok(outcome.ms <= BOUND_MS, `${name} took ${outcome.ms} ms (bound ${BOUND_MS} ms)`);
      }
      const error = (prefix: RegExp): boolean =>
        shown.some((m) => m.startsWith('error: ') && prefix.test(m) && said[mode].test(m));
      assert.ok(error(/Could not look up the task/), `open a task: ${report}`);
      assert.ok(error(/Could not load the statuses/), `Set Status: ${report}`);
      assert.ok(error(/Could not load the workspace members/), `Add Comment: ${report}`);
      // Assign reads the members too; Move reads the workspace's lists: each says why it stopped.
      assert.ok(
        shown.filter((m) => /Could not load the workspace members/.test(m) && said[mode].test(m)).length >= 2,
        `Assign: ${report}`,
      );
      // (Move may offer lists read before the server turned hostile: then it asked, and ended.)
      const movedFromCache = prompter.offered
        .flat()
        .some((item) => /Backend|Database|Frontend/.test(String(item.label)));
      assert.ok(
        movedFromCache || shown.some((m) => /Could not load the lists/.test(m) && said[mode].test(m)),
        `Move: ${report}`,
      );
      assert.match(tree.value ?? '', /^error: /, `tree: ${report}`);
      assert.match(`${tree.value}`, said[mode], `tree: ${report}`);
      assert.match(found.value ?? '', said[mode], `search: ${report}`);
    });
  }

  it('afterwards the extension works again through the same address', async () => {
    server.setLive({ proxy: sandboxOrigin() });
    await vscode.commands.executeCommand('taskPlatform.refresh');
    // The Refresh command keeps what was shown when the service fails (marked out of date), and whether
    // the view had loaded Acme's spaces before depends on the workbench: start from nothing.
    api.explorer.refresh();
    const roots = await api.explorer.getChildren(undefined);
    const acme = roots.find((n) => n.kind === 'workspace' && String(api.explorer.getTreeItem(n).label) === 'Acme')!;
    const spaces = await waitFor(
      async () => {
        const rows = await api.explorer.getChildren(acme);
        return rows.some((n) => n.kind === 'space') ? rows : undefined;
      },
      'the spaces of Acme',
      30_000,
    );
    assert.ok(spaces.length > 0);
    assert.equal(api.session.state.kind, 'signedIn');
  });
});
