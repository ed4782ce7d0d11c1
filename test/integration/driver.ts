// How the integration suites drive the extension in the host: its test API, the prompter a test
// scripts, signing in through the real command, and the set-up the command suites share.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import type { TaskChange } from '../../src/extension/tasks/changes';
import type { Prompter } from '../../src/extension/ui/prompter';
import {
  activateExtension,
  requestLog,
  sandboxControl,
  ScriptedPrompter,
  clientQuiet,
  type RequestLogEntry,
} from './helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures and raw state are untyped JSON */
export type Json = any;

/** The extension in the host as a test drives it. Its methods are bound: `const { script } = driver` works. */
export class ExtensionDriver {
  api!: TestApi;
  private restorePrompter: (() => void) | undefined;

  /** Activates the extension (once per host; later calls return the same test API). */
  readonly activate = async (): Promise<TestApi> => {
    this.api = await activateExtension();
    return this.api;
  };

  /** Answers the prompts that follow with `prompter`, in place of the one a previous call installed. */
  readonly install = <P extends Prompter>(prompter: P): P => {
    this.unscript();
    this.restorePrompter = this.api.setPrompter(prompter);
    return prompter;
  };

  /** Input boxes answer from `inputs`, picks and message actions from `choices`, file dialogs from `files`. */
  readonly script = (
    inputs: (string | undefined)[] = [],
    choices: (string | undefined)[] = [],
    files: vscode.Uri[] = [],
  ): ScriptedPrompter => this.install(new ScriptedPrompter(inputs, choices, files));

  /** Puts back the prompter that was there before the last script. */
  readonly unscript = (): void => {
    this.restorePrompter?.();
    this.restorePrompter = undefined;
  };

  /** Signs in through Task Platform: Sign In, typing `token`; the prompter before it is back afterwards. */
  readonly signInAs = async (token: string, what = `signed in with ${token}`): Promise<void> => {
    const restore = this.api.setPrompter(new ScriptedPrompter([token]));
    try {
      assert.equal(await vscode.commands.executeCommand('taskPlatform.signIn'), true, what);
    } finally {
      restore();
    }
  };

  /** Signs out of every account but the primary's (each added account's queue stays stored). */
  readonly signOutOthers = async (): Promise<void> => {
    for (const session of await this.api.services.accounts.all()) {
      if (session !== this.api.session && session.key) await session.signOut();
    }
  };
}

/**
 * A driver for the calling describe(): the extension activated before its first test, and the
 * prompter put back after each test.
 */
export function useExtension(): ExtensionDriver {
  const driver = new ExtensionDriver();
  before(() => driver.activate());
  afterEach(() => driver.unscript());
  return driver;
}

/**
 * Shared set-up of the command suites: alice signed in against the demo seed (reset before each
 * test), fixtures loaded, a scripted prompter per test and the task changes each command announced.
 */
export class CommandsDriver extends ExtensionDriver {
  fx: Json;
  changes: TaskChange[] = [];
  /** Tasks the commands asked to open, when this build has no task panel (another feature). */
  readonly opened: unknown[] = [];
  recordingOpen = false;
  private recorder: vscode.Disposable | undefined;
  private listener: vscode.Disposable | undefined;

  async setUp(): Promise<void> {
    await this.activate();
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('afterCreateTask', 'nothing', vscode.ConfigurationTarget.Global);
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    if (this.api.session.state.kind !== 'signedIn') {
      await this.signInAs('demo-token-alice');
    }
    this.fx = await sandboxControl('GET', '/fixtures');
    this.listener = this.api.changes.onDidChange((c) => this.changes.push(c));
    if (!(await vscode.commands.getCommands(true)).includes('taskPlatform.openTask')) {
      this.recorder = vscode.commands.registerCommand(
        'taskPlatform.openTask',
        (ref: unknown) => void this.opened.push(ref),
      );
      this.recordingOpen = true;
    }
  }

  async tearDown(): Promise<void> {
    this.listener?.dispose();
    this.recorder?.dispose();
    console.log(`[commands] ${this.total} requests in this suite`);
    // Leave the host as the other suites expect it: signed out, the token gone from SecretStorage.
    await this.api.session.signOut();
    await vscode.workspace
      .getConfiguration('taskPlatform')
      .update('afterCreateTask', undefined, vscode.ConfigurationTarget.Global);
  }

  async beforeEach(): Promise<void> {
    // What the last test started (a panel loading its sections, a write waiting for a slot of the
    // budget) finishes before the log is cleared: otherwise it lands in this test's requests.
    await clientQuiet(this.api.session, "the previous test's requests to finish");
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    this.changes = [];
    this.opened.length = 0;
  }

  /** Requests this suite sent (the client's budget is 60 a minute per token, shared by the suites of one user). */
  total = 0;

  async afterEach(): Promise<void> {
    this.total += (await requestLog()).length;
    this.unscript();
  }

  get acme(): string {
    return this.fx.workspaces.acme.id as string;
  }

  /** A TaskRef as the tree passes it: ids plus the row (here the fixture's summary). */
  ref(name: string): { kind: 'task'; workspaceId: string; taskId: string; row: Json } {
    const t = this.fx.tasks[name];
    return {
      kind: 'task',
      workspaceId: t.list_id === this.fx.lists.ideas ? this.fx.workspaces.side.id : this.acme,
      taskId: t.id,
      row: t,
    };
  }

  async task(id: string): Promise<Json> {
    const rows = (await sandboxControl<{ data: Json[] }>('GET', `/state/tasks?id=${id}`)).data;
    assert.equal(rows.length, 1, `task ${id} in the sandbox state`);
    return rows[0];
  }

  async rows(collection: string, query = ''): Promise<Json[]> {
    return (await sandboxControl<{ data: Json[] }>('GET', `/state/${collection}${query}`)).data;
  }

  /**
   * Requests since the last reset that write, or name one of `marks` (an id or a display id) in
   * their path or query, as `METHOD /path`: what a step sent about its own tasks, whatever polls
   * read beside it.
   */
  async requestsAbout(...marks: string[]): Promise<string[]> {
    const names = (r: RequestLogEntry): boolean =>
      marks.some((m) => r.path.includes(m) || Object.values(r.query ?? {}).some((v) => v.includes(m)));
    return (await requestLog()).filter((r) => r.method !== 'GET' || names(r)).map((r) => `${r.method} ${r.path}`);
  }

  /** Requests since the last reset, as `METHOD /path` (the writes a command made, the reads it needed). */
  async requests(filter: (line: string) => boolean = () => true): Promise<string[]> {
    return (await requestLog()).map((r) => `${r.method} ${r.path}`).filter(filter);
  }
}

export const writes = (line: string): boolean => !line.startsWith('GET ');

/**
 * The driver of one command suite, with its mocha hooks registered in the calling describe(). The
 * client keeps to 60 requests a minute per token and every suite signs in as alice: once the whole
 * run has spent that budget, a request waits for a free slot (up to a minute), hence the timeout.
 */
export function useCommandsDriver(suite: Mocha.Suite): CommandsDriver {
  suite.timeout(90_000);
  const driver = new CommandsDriver();
  before(() => driver.setUp());
  after(() => driver.tearDown());
  beforeEach(() => driver.beforeEach());
  afterEach(() => driver.afterEach());
  return driver;
}
