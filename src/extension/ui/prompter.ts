import * as vscode from 'vscode';
import { inert, inertLines } from '../../core/text/inert';

/**
 * The seam between commands and the VS Code UI that shows text: messages, modal questions, input
 * boxes, pickers, progress and status bar messages. Commands ask through `prompter()`, which makes
 * every string inert (no link, icon or invisible character from data: README, "Security and
 * privacy") in front of the installed Prompter, so the window's one and an integration test's
 * scripted one both receive plain text only. Only the test API installs another one. Nothing else
 * calls these `vscode.window` functions (a lint rule in eslint.config.mjs).
 */
export interface Prompter {
  inputBox(options: vscode.InputBoxOptions): Thenable<string | undefined>;
  quickPick<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: vscode.QuickPickOptions,
  ): Thenable<T | undefined>;
  /** A multi-select pick; items with `picked: true` start selected. */
  pickMany<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: vscode.QuickPickOptions,
  ): Thenable<readonly T[] | undefined>;
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
  /** `vscode.window.withProgress`: the title and every reported message are inert text. */
  progress<R>(options: vscode.ProgressOptions, task: ProgressTask<R>): Thenable<R>;
  /**
   * A status bar message for `hideAfterMs`: `text` is inert; `icon` is the extension's own codicon
   * name (never data), shown before it.
   */
  status(text: string, hideAfterMs: number, icon?: string): vscode.Disposable;
}

export type ProgressReport = { message?: string; increment?: number };
export type ProgressTask<R> = (
  progress: vscode.Progress<ProgressReport>,
  token: vscode.CancellationToken,
) => Thenable<R>;

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
  confirm: async (message, detail, action) =>
    (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action,
  createQuickPick: <T extends vscode.QuickPickItem>() => vscode.window.createQuickPick<T>(),
  openFile: (options) => vscode.window.showOpenDialog(options),
  saveFile: (options) => vscode.window.showSaveDialog(options),
  progress: (options, task) => vscode.window.withProgress(options, task),
  status: (text, hideAfterMs, icon) =>
    vscode.window.setStatusBarMessage(icon ? `$(${icon}) ${text}` : text, hideAfterMs),
};

let current: Prompter = windowPrompter;

/** The prompter commands use: the installed one, behind the seam that makes its text inert. */
export function prompter(): Prompter {
  return seam;
}

/** Test hook: replaces the prompter; returns a function that puts the previous one back. */
export function setPrompter(next: Prompter): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}

/** The longest value put in an input box's edit field (shown as typed text, never rendered). */
const MAX_VALUE = 100_000;
/** A codicon name as the extension writes it: `sync`, `loading~spin`. */
const ICON = /^[a-z0-9-]{1,64}(~spin)?$/;

const optional = (text: string | undefined): string | undefined => (text === undefined ? undefined : inert(text));

/** An edit field's value: kept as typed text, cut to MAX_VALUE without splitting a surrogate pair. */
function capped(value: string): string {
  if (value.length <= MAX_VALUE) {
    return value;
  }
  const end = /[\ud800-\udbff]/.test(value.charAt(MAX_VALUE - 1)) ? MAX_VALUE - 1 : MAX_VALUE;
  return value.slice(0, end);
}

/** Shows `actions` inert and maps the chosen one back to the caller's label. */
async function choose(
  ask: (message: string, actions: string[]) => Thenable<string | undefined>,
  message: string,
  actions: string[],
): Promise<string | undefined> {
  const shown = actions.map((a) => inert(a));
  const choice = await ask(inert(message), shown);
  const index = choice === undefined ? -1 : shown.indexOf(choice);
  return index < 0 ? undefined : actions[index];
}

function inertButtons<B extends vscode.QuickInputButton>(buttons: readonly B[] | undefined): B[] | undefined {
  return buttons?.map((b) => (b.tooltip === undefined ? b : { ...b, tooltip: inert(b.tooltip) }));
}

/** Inert copies of the caller's items, and the way back from a copy to the caller's item. */
class InertItems<T extends vscode.QuickPickItem> {
  private readonly originals = new Map<T, T>();
  private readonly copies = new Map<T, T>();
  readonly shown: readonly T[];

  constructor(items: readonly T[]) {
    this.shown = items.map((item) => {
      const copy: T = {
        ...item,
        label: inert(item.label),
        description: optional(item.description),
        detail: optional(item.detail),
        buttons: inertButtons(item.buttons),
      };
      this.originals.set(copy, item);
      this.copies.set(item, copy);
      return copy;
    });
  }

  original(copy: T): T;
  original(copy: T | undefined): T | undefined;
  original(copy: T | undefined): T | undefined {
    return copy === undefined ? undefined : (this.originals.get(copy) ?? copy);
  }

  copy(item: T): T | undefined {
    return this.copies.get(item) ?? (this.originals.has(item) ? item : undefined);
  }
}

function inertPickOptions<T extends vscode.QuickPickItem>(
  options: vscode.QuickPickOptions,
  items: InertItems<T>,
): vscode.QuickPickOptions {
  const onDidSelectItem = options.onDidSelectItem;
  return {
    ...options,
    title: optional(options.title),
    placeHolder: optional(options.placeHolder),
    onDidSelectItem:
      onDidSelectItem && ((item) => onDidSelectItem(typeof item === 'string' ? item : items.original(item as T))),
  };
}

function inertValidation(
  message: string | vscode.InputBoxValidationMessage | undefined | null,
): string | vscode.InputBoxValidationMessage | undefined | null {
  if (typeof message === 'string') {
    return inert(message);
  }
  return message ? { ...message, message: inert(message.message) } : message;
}

function inertInputBox(options: vscode.InputBoxOptions): vscode.InputBoxOptions {
  const validate = options.validateInput;
  return {
    ...options,
    title: optional(options.title),
    prompt: optional(options.prompt),
    placeHolder: optional(options.placeHolder),
    // The value sits in the edit field as text the user can change: kept as is, only capped.
    value: options.value === undefined ? undefined : capped(options.value),
    validateInput:
      validate &&
      ((value) => {
        const result = validate(value);
        return result !== null && typeof result === 'object' && 'then' in result
          ? Promise.resolve(result).then(inertValidation)
          : inertValidation(result);
      }),
  };
}

/**
 * The live QuickPick behind the seam: items, title, placeholder and buttons set at any time reach
 * the installed one inert; items read back, the active items and item-button events are the
 * caller's own objects.
 */
class InertQuickPick<T extends vscode.QuickPickItem> implements LiveQuickPick<T> {
  private current = new InertItems<T>([]);
  readonly onDidChangeValue: vscode.Event<string>;
  readonly onDidAccept: vscode.Event<void>;
  readonly onDidTriggerButton: vscode.Event<vscode.QuickInputButton>;
  readonly onDidHide: vscode.Event<void>;

  constructor(private readonly inner: LiveQuickPick<T>) {
    this.onDidChangeValue = inner.onDidChangeValue;
    this.onDidAccept = inner.onDidAccept;
    this.onDidTriggerButton = inner.onDidTriggerButton;
    this.onDidHide = inner.onDidHide;
  }

  readonly onDidTriggerItemButton: vscode.Event<vscode.QuickPickItemButtonEvent<T>> = (
    listener,
    thisArgs,
    disposables,
  ) =>
    this.inner.onDidTriggerItemButton(
      (e) => listener.call(thisArgs, { button: e.button, item: this.current.original(e.item) }),
      undefined,
      disposables,
    );

  get title(): string | undefined {
    return this.inner.title;
  }
  set title(title: string | undefined) {
    this.inner.title = optional(title);
  }
  get placeholder(): string | undefined {
    return this.inner.placeholder;
  }
  set placeholder(placeholder: string | undefined) {
    this.inner.placeholder = optional(placeholder);
  }
  get value(): string {
    return this.inner.value;
  }
  set value(value: string) {
    this.inner.value = capped(value);
  }
  get items(): readonly T[] {
    return this.inner.items.map((item) => this.current.original(item));
  }
  set items(items: readonly T[]) {
    this.current = new InertItems(items);
    this.inner.items = this.current.shown;
  }
  get activeItems(): readonly T[] {
    return this.inner.activeItems.map((item) => this.current.original(item));
  }
  set activeItems(items: readonly T[]) {
    this.inner.activeItems = items.flatMap((item) => this.current.copy(item) ?? []);
  }
  get buttons(): readonly vscode.QuickInputButton[] {
    return this.inner.buttons;
  }
  set buttons(buttons: readonly vscode.QuickInputButton[]) {
    this.inner.buttons = inertButtons(buttons) ?? [];
  }
  get busy(): boolean {
    return this.inner.busy;
  }
  set busy(busy: boolean) {
    this.inner.busy = busy;
  }
  get matchOnDescription(): boolean {
    return this.inner.matchOnDescription;
  }
  set matchOnDescription(on: boolean) {
    this.inner.matchOnDescription = on;
  }
  get matchOnDetail(): boolean {
    return this.inner.matchOnDetail;
  }
  set matchOnDetail(on: boolean) {
    this.inner.matchOnDetail = on;
  }
  get keepScrollPosition(): boolean | undefined {
    return this.inner.keepScrollPosition;
  }
  set keepScrollPosition(keep: boolean | undefined) {
    this.inner.keepScrollPosition = keep;
  }
  get ignoreFocusOut(): boolean {
    return this.inner.ignoreFocusOut;
  }
  set ignoreFocusOut(ignore: boolean) {
    this.inner.ignoreFocusOut = ignore;
  }
  show(): void {
    this.inner.show();
  }
  hide(): void {
    this.inner.hide();
  }
  dispose(): void {
    this.inner.dispose();
  }
}

const seam: Prompter = {
  inputBox: (options) => current.inputBox(inertInputBox(options)),
  quickPick: async <T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions) => {
    const shown = new InertItems(items);
    return shown.original(await current.quickPick(shown.shown, inertPickOptions(options, shown)));
  },
  pickMany: async <T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions) => {
    const shown = new InertItems(items);
    return (await current.pickMany(shown.shown, inertPickOptions(options, shown)))?.map((item) => shown.original(item));
  },
  info: (message, ...actions) => choose((m, a) => current.info(m, ...a), message, actions),
  warn: (message, ...actions) => choose((m, a) => current.warn(m, ...a), message, actions),
  error: (message, ...actions) => choose((m, a) => current.error(m, ...a), message, actions),
  confirm: (message, detail, action) => current.confirm(inert(message), inertLines(detail), inert(action)),
  createQuickPick: <T extends vscode.QuickPickItem>() => new InertQuickPick<T>(current.createQuickPick<T>()),
  openFile: (options) =>
    current.openFile({ ...options, title: optional(options.title), openLabel: optional(options.openLabel) }),
  saveFile: (options) =>
    current.saveFile({ ...options, title: optional(options.title), saveLabel: optional(options.saveLabel) }),
  progress: (options, task) =>
    current.progress({ ...options, title: optional(options.title) }, (progress, token) =>
      task({ report: (value) => progress.report({ ...value, message: optional(value.message) }) }, token),
    ),
  status: (text, hideAfterMs, icon) =>
    current.status(inert(text), hideAfterMs, icon !== undefined && ICON.test(icon) ? icon : undefined),
};
