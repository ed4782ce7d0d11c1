import * as vscode from 'vscode';

/**
 * The seam between commands and the VS Code input UI. Commands ask through a Prompter, so an
 * integration test can answer with a script while everything else (the sandbox, the client, the
 * real extension host) stays real. Only the test API installs another one.
 */
export interface Prompter {
  inputBox(options: vscode.InputBoxOptions): Thenable<string | undefined>;
  quickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<T | undefined>;
  info(message: string, ...actions: string[]): Thenable<string | undefined>;
  warn(message: string, ...actions: string[]): Thenable<string | undefined>;
  error(message: string, ...actions: string[]): Thenable<string | undefined>;
  /** File pickers (attachments): scripted in tests, where the host's dialogs throw. */
  openFile(options: vscode.OpenDialogOptions): Thenable<vscode.Uri[] | undefined>;
  saveFile(options: vscode.SaveDialogOptions): Thenable<vscode.Uri | undefined>;
}

export const windowPrompter: Prompter = {
  inputBox: (options) => vscode.window.showInputBox(options),
  quickPick: (items, options) => vscode.window.showQuickPick(items, options),
  info: (message, ...actions) => vscode.window.showInformationMessage(message, ...actions),
  warn: (message, ...actions) => vscode.window.showWarningMessage(message, ...actions),
  error: (message, ...actions) => vscode.window.showErrorMessage(message, ...actions),
  openFile: (options) => vscode.window.showOpenDialog(options),
  saveFile: (options) => vscode.window.showSaveDialog(options),
};

let current: Prompter = windowPrompter;

export function prompter(): Prompter {
  return current;
}

/** Test hook: replaces the prompter; returns a function that puts the previous one back. */
export function setPrompter(next: Prompter): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}
