import * as vscode from 'vscode';

/**
 * The seam between commands and the VS Code input UI. Commands ask through a Prompter, so an
 * integration test can answer with a script while everything else (the sandbox, the client, the
 * real extension host) stays real. Only the test API installs another one.
 */
export interface Prompter {
  inputBox(options: vscode.InputBoxOptions): Thenable<string | undefined>;
  quickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<T | undefined>;
  /** A multi-select pick; items with `picked: true` start selected. */
  pickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<readonly T[] | undefined>;
  info(message: string, ...actions: string[]): Thenable<string | undefined>;
  warn(message: string, ...actions: string[]): Thenable<string | undefined>;
  error(message: string, ...actions: string[]): Thenable<string | undefined>;
  /** A modal question with one action; true when the user chose it. */
  confirm(message: string, detail: string, action: string): Thenable<boolean>;
  /** A QuickPick the caller drives (live search, triage); tests get a scripted one. */
  createQuickPick<T extends vscode.QuickPickItem>(): LiveQuickPick<T>;
  /** File pickers (attachments): scripted in tests, where the host's dialogs throw. */
  openFile(options: vscode.OpenDialogOptions): Thenable<vscode.Uri[] | undefined>;
  saveFile(options: vscode.SaveDialogOptions): Thenable<vscode.Uri | undefined>;
}

/** The part of vscode.QuickPick the commands use, so a test can stand in for it. */
export type LiveQuickPick<T extends vscode.QuickPickItem> = Pick<
  vscode.QuickPick<T>,
  | 'title'
  | 'placeholder'
  | 'value'
  | 'items'
  | 'activeItems'
  | 'busy'
  | 'buttons'
  | 'matchOnDescription'
  | 'matchOnDetail'
  | 'keepScrollPosition'
  | 'ignoreFocusOut'
  | 'onDidChangeValue'
  | 'onDidAccept'
  | 'onDidTriggerButton'
  | 'onDidTriggerItemButton'
  | 'onDidHide'
  | 'show'
  | 'hide'
  | 'dispose'
>;

export const windowPrompter: Prompter = {
  inputBox: (options) => vscode.window.showInputBox(options),
  quickPick: (items, options) => vscode.window.showQuickPick(items, options),
  pickMany: (items, options) => vscode.window.showQuickPick(items, { ...options, canPickMany: true }),
  info: (message, ...actions) => vscode.window.showInformationMessage(message, ...actions),
  warn: (message, ...actions) => vscode.window.showWarningMessage(message, ...actions),
  error: (message, ...actions) => vscode.window.showErrorMessage(message, ...actions),
  confirm: async (message, detail, action) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action,
  createQuickPick: <T extends vscode.QuickPickItem>() => vscode.window.createQuickPick<T>(),
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
