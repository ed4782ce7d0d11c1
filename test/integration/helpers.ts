import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { GitApi } from '../../src/extension/codeLinks/git';
import type { TestApi } from '../../src/extension/main';
import type { LiveQuickPick, ProgressReport, ProgressTask, Prompter } from '../../src/extension/ui/prompter';
import type * as OtherWorldModule from './otherWorld';

export const extensionId = 'task-platform.task-platform';

export async function activateExtension(): Promise<TestApi> {
  const ext = vscode.extensions.getExtension<TestApi | undefined>(extensionId);
  assert.ok(ext, `extension ${extensionId} is not loaded`);
  const api = await ext.activate();
  assert.ok(api, 'the extension exports its test API in ExtensionMode.Test');
  return api;
}

/** Writes a file (and its folders) into the test workspace the runner opened. */
export function workspaceFile(name: string, text: string): vscode.Uri {
  const dir = process.env.TASK_PLATFORM_TEST_WORKSPACE;
  assert.ok(dir, 'TASK_PLATFORM_TEST_WORKSPACE is set by the runner');
  const path = join(dir, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return vscode.Uri.file(path);
}

/** The sandbox the runner started (origin without /api), for resets and raw reads. */
export function sandboxOrigin(): string {
  const origin = process.env.TASK_PLATFORM_SANDBOX_ORIGIN;
  assert.ok(origin, 'TASK_PLATFORM_SANDBOX_ORIGIN is set by the integration runner');
  return origin;
}

export function sandboxControl<T>(method: string, path: string, body?: unknown): Promise<T> {
  return controlAt<T>(sandboxOrigin(), method, path, body);
}

async function controlAt<T>(origin: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(res.ok, `sandbox control ${method} ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** A second sandbox serving the other world: its address, sign-in tokens, controls and request log. */
export interface OtherWorld {
  /** http://127.0.0.1:PORT, for raw reads. */
  readonly origin: string;
  /** The address a second account signs in to (with /api). */
  readonly baseUrl: string;
  /** other-token-frank (admin), other-token-grace (Acme Labs member), other-token-heidi (Nimbus). */
  readonly tokens: readonly string[];
  control<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Its own log: what the extension sent to this sandbox only. */
  requestLog(): Promise<RequestLogEntry[]>;
}

/**
 * The other world's sandbox (sandbox/README.md#worlds: other ids, users, tokens; prefixes ACME and
 * NIM), started in this extension host on the first call of the run and shared by later calls; the
 * runner's first sandbox stays the demo world. Runs that never call it do not start it.
 */
export async function otherWorld(): Promise<OtherWorld> {
  const sandbox = await loadOtherWorld().otherWorldSandbox();
  const control = <T>(method: string, path: string, body?: unknown): Promise<T> =>
    controlAt<T>(sandbox.origin, method, path, body);
  return {
    origin: sandbox.origin,
    baseUrl: sandbox.baseUrl,
    tokens: sandbox.tokens.map((t) => t.token),
    control,
    requestLog: async () => (await control<{ data: RequestLogEntry[] }>('GET', '/requests')).data,
  };
}

function loadOtherWorld(): typeof OtherWorldModule {
  // Its own bundle next to this one (scripts/bundles.mjs), loaded by path so no suite carries the sandbox.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(__dirname, 'otherWorld.js')) as typeof OtherWorldModule;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query?: Record<string, string>;
  status: number;
  token_label: string;
}

export async function requestLog(): Promise<RequestLogEntry[]> {
  return (await sandboxControl<{ data: RequestLogEntry[] }>('GET', '/requests')).data;
}

/**
 * The request log once nothing new has arrived for `quietMs`: work started in the background before
 * a test (prefixes learnt after a sign-in, a poll) has ended, so the test's own count starts clean.
 */
export async function quietRequestLog(quietMs = 400, maxMs = 15_000): Promise<RequestLogEntry[]> {
  const deadline = Date.now() + maxMs;
  let log = await requestLog();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const next = await requestLog();
    if (next.length === log.length || Date.now() > deadline) {
      return next;
    }
    log = next;
  }
}

/**
 * A Prompter that answers from a script and records every question, so a test can drive a command
 * end to end and assert what the user was told.
 */
export class ScriptedPrompter implements Prompter {
  readonly asked: string[] = [];
  readonly messages: { level: 'info' | 'warn' | 'error'; text: string }[] = [];
  /** Live quick picks the commands created, newest last; a test drives them (type, accept, buttons). */
  readonly livePicks: ScriptedQuickPick<vscode.QuickPickItem>[] = [];
  /** The options of every quickPick() call, so a test can read what was offered. */
  readonly offered: vscode.QuickPickItem[][] = [];
  /** The prefilled value of every inputBox() call (undefined when empty), in order. */
  readonly prefilled: (string | undefined)[] = [];
  /**
   * Every string this prompter was given to show (messages and their actions, modal details, titles,
   * prompts, placeholders, validation messages, items, live picks' texts, progress and status bar
   * texts), so a test can check that none of them is live.
   */
  readonly shown: string[] = [];

  constructor(
    private readonly inputs: (string | undefined)[] = [],
    private readonly choices: (string | undefined)[] = [],
    /** Answers of the file pickers, in order (open and save share the queue). */
    readonly files: (vscode.Uri | undefined)[] = [],
  ) {}

  private show(...texts: (string | undefined)[]): void {
    this.shown.push(...texts.filter((t): t is string => t !== undefined));
  }

  private showItems(items: readonly vscode.QuickPickItem[]): void {
    for (const item of items) {
      this.show(item.label, item.description, item.detail, ...(item.buttons ?? []).map((b) => b.tooltip));
    }
  }

  openFile(options: vscode.OpenDialogOptions): Thenable<vscode.Uri[] | undefined> {
    this.show(options.title, options.openLabel);
    this.asked.push(options.title ?? options.openLabel ?? '');
    const file = this.files.shift();
    return Promise.resolve(file ? [file] : undefined);
  }

  saveFile(options: vscode.SaveDialogOptions): Thenable<vscode.Uri | undefined> {
    this.show(options.title, options.saveLabel);
    this.asked.push(options.title ?? options.saveLabel ?? '');
    return Promise.resolve(this.files.shift());
  }

  async inputBox(options: vscode.InputBoxOptions): Promise<string | undefined> {
    this.show(options.title, options.prompt, options.placeHolder);
    this.asked.push(options.title ?? options.prompt ?? '');
    this.prefilled.push(options.value);
    const input = this.inputs.shift();
    if (input !== undefined && options.validateInput) {
      // What the box would say under the typed text (the answer is returned either way).
      const problem = await options.validateInput(input);
      this.show(typeof problem === 'string' ? problem : problem?.message);
    }
    return input;
  }

  quickPick<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: vscode.QuickPickOptions,
  ): Thenable<T | undefined> {
    this.show(options.title, options.placeHolder);
    this.showItems(items);
    this.asked.push(options.title ?? options.placeHolder ?? '');
    this.offered.push([...items]);
    const label = this.choices.shift();
    return Promise.resolve(items.find((i) => i.label === label));
  }

  /** The next choice lists the labels to pick, separated by " | " ("" picks none). */
  pickMany<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: vscode.QuickPickOptions,
  ): Thenable<readonly T[] | undefined> {
    this.show(options.title, options.placeHolder);
    this.showItems(items);
    this.asked.push(options.title ?? options.placeHolder ?? '');
    const choice = this.choices.shift();
    if (choice === undefined) {
      return Promise.resolve(undefined);
    }
    const labels = choice === '' ? [] : choice.split(' | ');
    return Promise.resolve(items.filter((i) => labels.includes(i.label)));
  }

  info(text: string, ...actions: string[]): Thenable<string | undefined> {
    return this.message('info', text, actions);
  }

  warn(text: string, ...actions: string[]): Thenable<string | undefined> {
    return this.message('warn', text, actions);
  }

  error(text: string, ...actions: string[]): Thenable<string | undefined> {
    return this.message('error', text, actions);
  }

  confirm(text: string, detail: string, action: string): Thenable<boolean> {
    this.show(detail);
    return this.message('warn', text, [action]).then((choice) => choice === action);
  }

  createQuickPick<T extends vscode.QuickPickItem>(): LiveQuickPick<T> {
    const pick = new ScriptedQuickPick<T>((texts) => this.show(...texts));
    this.livePicks.push(pick as unknown as ScriptedQuickPick<vscode.QuickPickItem>);
    return pick;
  }

  /** The live quick pick number `index` (the first by default), once the command has shown it. */
  async livePick(index = 0): Promise<ScriptedQuickPick<vscode.QuickPickItem>> {
    return waitFor(
      () => (this.livePicks[index]?.visible ? this.livePicks[index] : undefined),
      `live quick pick #${index}`,
    );
  }

  /** Set by a test: the progress is cancelled, as by its Cancel button, once a reported message matches. */
  cancelProgressWhen: ((message: string) => boolean) | undefined;

  /** Progress runs in the real window (a test sees it go by); its texts are recorded. */
  progress<R>(options: vscode.ProgressOptions, task: ProgressTask<R>): Thenable<R> {
    this.show(options.title);
    return vscode.window.withProgress(options, (progress, token) => {
      const cancel = new vscode.CancellationTokenSource();
      token.onCancellationRequested(() => cancel.cancel());
      const report = (value: ProgressReport): void => {
        this.show(value.message);
        progress.report(value);
        if (value.message !== undefined && this.cancelProgressWhen?.(value.message)) cancel.cancel();
      };
      return Promise.resolve(task({ report }, cancel.token)).finally(() => cancel.dispose());
    });
  }

  readonly statusMessages: string[] = [];

  status(text: string, hideAfterMs: number, icon?: string): vscode.Disposable {
    this.show(text);
    this.statusMessages.push(text);
    return vscode.window.setStatusBarMessage(icon ? `$(${icon}) ${text}` : text, hideAfterMs);
  }

  private message(level: 'info' | 'warn' | 'error', text: string, actions: string[]): Thenable<string | undefined> {
    this.show(text, ...actions);
    this.messages.push({ level, text });
    const choice = this.choices[0];
    if (choice !== undefined && actions.includes(choice)) {
      this.choices.shift();
      return Promise.resolve(choice);
    }
    return Promise.resolve(undefined);
  }
}

/**
 * Polls until `probe` gives a value. The default outlasts a request that waits for a slot of the
 * budget: the suites of one user share its 60 requests a minute, so late in a run an effect that
 * needs a request may come after most of a minute. The test's own timeout still bounds the wait.
 */
export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 65_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Stands in for vscode.QuickPick: the command under test sets items and listens to events; the test
 * types (fires onDidChangeValue as the widget does on each keystroke), accepts an item or presses a
 * button. Everything behind it (client, sandbox, extension host) is real.
 */
export class ScriptedQuickPick<T extends vscode.QuickPickItem> implements LiveQuickPick<T> {
  private shownTitle: string | undefined;
  private shownPlaceholder: string | undefined;
  private shownItems: readonly T[] = [];
  value = '';
  activeItems: readonly T[] = [];
  busy = false;
  buttons: readonly vscode.QuickInputButton[] = [];
  matchOnDescription = false;
  matchOnDetail = false;
  keepScrollPosition = false;
  ignoreFocusOut = false;
  visible = false;
  private readonly valueEmitter = new vscode.EventEmitter<string>();
  private readonly acceptEmitter = new vscode.EventEmitter<void>();
  private readonly buttonEmitter = new vscode.EventEmitter<vscode.QuickInputButton>();
  private readonly itemButtonEmitter = new vscode.EventEmitter<vscode.QuickPickItemButtonEvent<T>>();
  private readonly hideEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeValue = this.valueEmitter.event;
  readonly onDidAccept = this.acceptEmitter.event;
  readonly onDidTriggerButton = this.buttonEmitter.event;
  readonly onDidTriggerItemButton = this.itemButtonEmitter.event;
  readonly onDidHide = this.hideEmitter.event;

  /** `record` receives every text the command sets on this pick (title, placeholder, items). */
  constructor(private readonly record: (texts: (string | undefined)[]) => void = () => undefined) {}

  get title(): string | undefined {
    return this.shownTitle;
  }
  set title(title: string | undefined) {
    this.record([title]);
    this.shownTitle = title;
  }
  get placeholder(): string | undefined {
    return this.shownPlaceholder;
  }
  set placeholder(placeholder: string | undefined) {
    this.record([placeholder]);
    this.shownPlaceholder = placeholder;
  }
  get items(): readonly T[] {
    return this.shownItems;
  }
  set items(items: readonly T[]) {
    this.record(items.flatMap((i) => [i.label, i.description, i.detail, ...(i.buttons ?? []).map((b) => b.tooltip)]));
    this.shownItems = items;
  }

  show(): void {
    this.visible = true;
  }

  hide(): void {
    if (this.visible) {
      this.visible = false;
      this.hideEmitter.fire();
    }
  }

  dispose(): void {
    this.hide();
  }

  /** Types `text` one character at a time, `delayMs` apart, as a user would. */
  async type(text: string, delayMs = 40): Promise<void> {
    for (const ch of text) {
      this.value += ch;
      this.valueEmitter.fire(this.value);
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }

  setValue(value: string): void {
    this.value = value;
    this.valueEmitter.fire(value);
  }

  item(label: string | RegExp): T | undefined {
    return this.items.find((i) => (typeof label === 'string' ? i.label === label : label.test(i.label)));
  }

  accept(label: string | RegExp): void {
    const item = this.item(label);
    assert.ok(item, `no item ${String(label)} in ${this.items.map((i) => i.label).join(', ')}`);
    this.activeItems = [item];
    this.acceptEmitter.fire();
  }

  pressButton(tooltip: string): void {
    const button = this.buttons.find((b) => b.tooltip === tooltip);
    assert.ok(button, `no button ${tooltip}`);
    this.buttonEmitter.fire(button);
  }

  pressItemButton(label: string | RegExp, tooltip: string): void {
    const item = this.item(label);
    const button = item?.buttons?.find((b) => b.tooltip === tooltip);
    assert.ok(item && button, `no button ${tooltip} on ${String(label)}`);
    this.itemButtonEmitter.fire({ item, button });
  }
}

/** A temp git repository with one commit, open in the Git extension and in an editor (Start Work needs one). */
export async function openTempGitRepo(): Promise<{ root: string; git: (...args: string[]) => string; api: GitApi }> {
  const root = mkdtempSync(join(tmpdir(), 'tp-git-'));
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
  git('init', '-q', '-b', 'main');
  writeFileSync(join(root, 'main.ts'), '// work\n');
  git('add', '.');
  git('commit', '-q', '-m', 'init');
  // The repository is outside the workspace folder. VS Code 1.105's Git extension treats such a
  // repository as a parent folder's and, by default, only offers to open it; later versions open it.
  await vscode.workspace
    .getConfiguration('git')
    .update('openRepositoryInParentFolders', 'always', vscode.ConfigurationTarget.Global);
  const api = (await vscode.extensions.getExtension<{ getAPI(v: 1): GitApi }>('vscode.git')!.activate()).getAPI(1);
  await api.openRepository?.(vscode.Uri.file(root));
  await vscode.window.showTextDocument(vscode.Uri.file(join(root, 'main.ts')));
  await waitFor(
    () => api.getRepository(vscode.Uri.file(join(root, 'main.ts'))) ?? undefined,
    'the git extension sees the temp repo',
  );
  return { root, git, api };
}

/** An MCP SDK client connected to the server a resolved definition describes (the caller closes it). */
export async function connectMcp(resolved: {
  command: string;
  args: readonly string[];
  env: Record<string, string | number | null>;
}): Promise<Client> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...resolved.env })) {
    if (value !== undefined && value !== null) env[key] = String(value);
  }
  const client = new Client({ name: 'integration', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: resolved.command, args: [...resolved.args], env, stderr: 'ignore' }),
  );
  return client;
}

/**
 * Waits until the client has nothing in flight or queued (signed out: at once), so that what a
 * step started is over before a test clears the sandbox's request log.
 */
export function clientQuiet(session: { readonly state: SessionLike }, what: string): Promise<true> {
  return waitFor(
    () => {
      const state = session.state;
      if (state.kind !== 'signedIn' || !state.client) return true;
      const { inFlight, queued } = state.client.limiter.snapshot();
      return (inFlight === 0 && queued === 0) || undefined;
    },
    what,
    70_000,
  );
}

interface SessionLike {
  readonly kind: string;
  readonly client?: { readonly limiter: { snapshot(): { inFlight: number; queued: number } } };
}
