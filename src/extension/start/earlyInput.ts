import * as vscode from 'vscode';

/**
 * The input box of a command that begins by asking for text (Go to Task by Id), shown by the entry
 * the moment the command runs, before its feature is loaded or the session restored. Without it the
 * box came 0.6-1 s later and the first keys typed went nowhere. The feature's own `showInputBox`
 * (routed here by lazy/api.ts) then continues in this box: it keeps what was typed, and an Enter
 * pressed early is honoured once the feature can check the text.
 *
 * It shows only the command's own fixed texts: the feature's options, already made inert by the
 * prompter seam, replace them on hand-over (hence this file's exception to the seam's lint rule).
 */
export class EarlyInput implements vscode.Disposable {
  private box: vscode.InputBox | undefined;
  private accepted: string | undefined;
  private dismissed = false;
  private readonly subscriptions: vscode.Disposable[] = [];

  /** Shows an empty box at once; false when one is already waiting for its feature. */
  open(title: string, prompt: string): boolean {
    if (this.box) {
      return false;
    }
    const box = vscode.window.createInputBox();
    box.title = title;
    box.prompt = prompt;
    box.ignoreFocusOut = true;
    this.box = box;
    this.accepted = undefined;
    this.dismissed = false;
    this.subscriptions.push(
      box.onDidAccept(() => {
        // Too early to check the text: keep it and say that the command is getting ready.
        this.accepted = box.value;
        box.busy = true;
      }),
      box.onDidHide(() => (this.dismissed = true)),
    );
    box.show();
    return true;
  }

  /** The feature's showInputBox while a box waits, continued in that box; undefined when none does. */
  adopt(options: vscode.InputBoxOptions, token?: vscode.CancellationToken): Thenable<string | undefined> | undefined {
    const box = this.box;
    if (!box) {
      return undefined;
    }
    const accepted = this.accepted;
    const dismissed = this.dismissed && accepted === undefined;
    this.release();
    if (dismissed) {
      box.dispose();
      return Promise.resolve(undefined);
    }
    return continueIn(box, options, accepted, token);
  }

  /** The command ended without asking (signed out, an argument given): the box goes. */
  close(): void {
    const box = this.box;
    this.release();
    box?.dispose();
  }

  dispose(): void {
    this.close();
  }

  private release(): void {
    this.box = undefined;
    for (const subscription of this.subscriptions.splice(0)) {
      subscription.dispose();
    }
  }
}

type Validation = string | vscode.InputBoxValidationMessage | undefined | null;

function blocks(result: Validation): boolean {
  return typeof result === 'string' ? result !== '' : result?.severity === vscode.InputBoxValidationSeverity.Error;
}

/** showInputBox's behaviour on a box already shown: the options applied, Enter taken when the text is valid. */
function continueIn(
  box: vscode.InputBox,
  options: vscode.InputBoxOptions,
  accepted: string | undefined,
  token?: vscode.CancellationToken,
): Promise<string | undefined> {
  box.title = options.title ?? box.title;
  box.prompt = options.prompt ?? box.prompt;
  box.placeholder = options.placeHolder;
  box.password = options.password ?? false;
  box.ignoreFocusOut = options.ignoreFocusOut ?? false;
  if (box.value === '' && options.value !== undefined) {
    box.value = options.value;
  }
  box.busy = false;
  return new Promise((resolve) => {
    const subscriptions: vscode.Disposable[] = [];
    const finish = (value: string | undefined): void => {
      for (const subscription of subscriptions.splice(0)) {
        subscription.dispose();
      }
      box.dispose();
      resolve(value);
    };
    /** Shows the check's message; true when the value may be taken (and is still the box's value). */
    const check = async (value: string): Promise<boolean> => {
      const result = (await options.validateInput?.(value)) as Validation;
      if (box.value !== value) {
        return false;
      }
      box.validationMessage = result ?? undefined;
      return !blocks(result);
    };
    const accept = async (value: string): Promise<void> => {
      if (await check(value)) {
        finish(value);
      }
    };
    subscriptions.push(
      box.onDidChangeValue((value) => void check(value)),
      box.onDidAccept(() => void accept(box.value)),
      box.onDidHide(() => finish(undefined)),
    );
    if (token) {
      subscriptions.push(token.onCancellationRequested(() => finish(undefined)));
    }
    if (accepted !== undefined && accepted === box.value) {
      void accept(accepted);
    } else {
      void check(box.value);
    }
  });
}
