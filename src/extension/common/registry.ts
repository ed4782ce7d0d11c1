import * as vscode from 'vscode';
import type { CommandId } from './commandIds';

/**
 * The one way a feature registers a command: `registerCommand(context, Commands.x, handler)` from its
 * `register<Feature>(context, services)`. What the handler returns is what `executeCommand` returns
 * (the integration tests read results that way).
 */
export function registerCommand(
  context: { readonly subscriptions: vscode.Disposable[] },
  id: CommandId,
  /** VS Code passes whatever the caller gave: each handler checks its own arguments. */
  handler: (...args: never[]) => unknown,
): void {
  context.subscriptions.push(vscode.commands.registerCommand(id, handler));
}
