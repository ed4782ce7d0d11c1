import * as vscode from 'vscode';

/**
 * Whether someone is at this window, for every poll (panel, tree, Inbox, board and table refresh):
 * focused **and** used recently. Focus alone stays true in a browser tab that was closed (code-server)
 * or a remote window whose client went away, and polls ran on for nobody. VS Code's `WindowState.active`
 * ("the user interacted with the window recently") goes false after a while without input; where a
 * host does not report it, focus is all there is (docs/decisions/change-detection.md).
 */
export interface WindowSignal {
  readonly focused: boolean;
  readonly active?: boolean;
}

let override: WindowSignal | undefined;
const changed = new vscode.EventEmitter<boolean>();
let last: boolean | undefined;

/** Someone is at the window now. */
export function userPresent(): boolean {
  return presentIn(override ?? vscode.window.state);
}

/** Focused, and active where the host says whether it is. */
export function presentIn(state: WindowSignal): boolean {
  return state.focused && state.active !== false;
}

/** Fires with the new value when someone comes to the window or leaves it (not on every window event). */
export const onDidChangePresence: vscode.Event<boolean> = changed.event;

/** Follows VS Code's window state; start() of lazy/core.ts calls it once and owns the result. */
export function watchPresence(): vscode.Disposable {
  last = userPresent();
  const listener = vscode.window.onDidChangeWindowState(() => announce());
  return vscode.Disposable.from(listener, changed);
}

/**
 * Test hook (TestApi only): stands in for VS Code's window state until called with undefined, so an
 * integration test can make the user absent in a focused window. The real signal comes back after.
 */
export function simulateWindowState(state: WindowSignal | undefined): void {
  override = state;
  announce();
}

function announce(): void {
  const now = userPresent();
  if (now === last) return;
  last = now;
  changed.fire(now);
}
