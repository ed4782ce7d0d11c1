import type * as vscode from 'vscode';

/** Bridges VS Code's CancellationToken to the AbortSignal the core client takes. */
export function abortSignalFor(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) {
    controller.abort();
  } else {
    token.onCancellationRequested(() => controller.abort());
  }
  return controller.signal;
}
