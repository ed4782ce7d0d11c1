import * as vscode from 'vscode';

/** The value last set for each of our context keys in this window. */
const values = new Map<string, unknown>();

/**
 * Sets a context key (read by `when` and `enablement` clauses) and remembers its value: VS Code has
 * no way to read one back, and the integration tests check what the menus would see.
 */
export function setContextKey(key: string, value: unknown): void {
  values.set(key, value);
  void vscode.commands.executeCommand('setContext', key, value);
}

/** The value last set for `key` in this window (undefined when never set). */
export function contextKey(key: string): unknown {
  return values.get(key);
}
