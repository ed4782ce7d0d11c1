import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import type { Prompter } from '../../src/extension/ui/prompter';

export const extensionId = 'task-platform.task-platform';

export async function activateExtension(): Promise<TestApi> {
  const ext = vscode.extensions.getExtension<TestApi | undefined>(extensionId);
  assert.ok(ext, `extension ${extensionId} is not loaded`);
  const api = await ext.activate();
  assert.ok(api, 'the extension exports its test API in ExtensionMode.Test');
  return api;
}

/** The sandbox the runner started (origin without /api), for resets and raw reads. */
export function sandboxOrigin(): string {
  const origin = process.env.TASK_PLATFORM_SANDBOX_ORIGIN;
  assert.ok(origin, 'TASK_PLATFORM_SANDBOX_ORIGIN is set by the integration runner');
  return origin;
}

export async function sandboxControl<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandboxOrigin()}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(res.ok, `sandbox control ${method} ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  token_label: string;
}

export async function requestLog(): Promise<RequestLogEntry[]> {
  return (await sandboxControl<{ data: RequestLogEntry[] }>('GET', '/requests')).data;
}

/**
 * A Prompter that answers from a script and records every question, so a test can drive a command
 * end to end and assert what the user was told.
 */
export class ScriptedPrompter implements Prompter {
  readonly asked: string[] = [];
  readonly messages: { level: 'info' | 'warn' | 'error'; text: string }[] = [];

  constructor(
    private readonly inputs: (string | undefined)[] = [],
    private readonly choices: (string | undefined)[] = [],
    /** Answers of the file pickers, in order (open and save share the queue). */
    readonly files: (vscode.Uri | undefined)[] = [],
  ) {}

  openFile(options: vscode.OpenDialogOptions): Thenable<vscode.Uri[] | undefined> {
    this.asked.push(options.title ?? options.openLabel ?? '');
    const file = this.files.shift();
    return Promise.resolve(file ? [file] : undefined);
  }

  saveFile(options: vscode.SaveDialogOptions): Thenable<vscode.Uri | undefined> {
    this.asked.push(options.title ?? options.saveLabel ?? '');
    return Promise.resolve(this.files.shift());
  }

  inputBox(options: vscode.InputBoxOptions): Thenable<string | undefined> {
    this.asked.push(options.title ?? options.prompt ?? '');
    return Promise.resolve(this.inputs.shift());
  }

  quickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<T | undefined> {
    this.asked.push(options.title ?? options.placeHolder ?? '');
    const label = this.choices.shift();
    return Promise.resolve(items.find((i) => i.label === label));
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

  private message(level: 'info' | 'warn' | 'error', text: string, actions: string[]): Thenable<string | undefined> {
    this.messages.push({ level, text });
    const choice = this.choices[0];
    if (choice !== undefined && actions.includes(choice)) {
      this.choices.shift();
      return Promise.resolve(choice);
    }
    return Promise.resolve(undefined);
  }
}

export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
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
