import type * as vscode from 'vscode';

/**
 * What the entry (dist/extension.js, start/) and the lazily loaded code (dist/lazy/*.mjs, lazy/)
 * hand each other. Types only: the two sides are separate bundles and share no module at run time
 * (test/unit/repo/bundleSplit.test.ts), so every singleton lives on the lazy side, once.
 */

/** The features loaded on first use; `core` (session, services, status bars) comes first. */
export type Feature =
  | 'core'
  | 'trees'
  | 'commands'
  | 'taskPanel'
  | 'savedViews'
  | 'codeLinks'
  | 'ai'
  | 'outbox'
  | 'inbox'
  | 'board'
  | 'table';

/**
 * The entry's stand-ins, registered at activation: a feature that registers a command, a tree view,
 * the uri handler, a panel serializer, a chat tool, the MCP provider or the Accounts menu's
 * authentication provider the entry already stands in for hands its real one over here (lazy/api.ts routes those `vscode` calls). Each returns undefined
 * when the entry has no stand-in, and the feature registers with VS Code itself.
 */
export interface Adoption {
  command(id: string, handler: (...args: never[]) => unknown): vscode.Disposable | undefined;
  treeView<T>(id: string, options: vscode.TreeViewOptions<T>): vscode.TreeView<T> | undefined;
  uriHandler(handler: vscode.UriHandler): vscode.Disposable | undefined;
  serializer(viewType: string, serializer: vscode.WebviewPanelSerializer): vscode.Disposable | undefined;
  tool(name: string, tool: vscode.LanguageModelTool<object>): vscode.Disposable | undefined;
  mcpProvider(id: string, provider: vscode.McpServerDefinitionProvider): vscode.Disposable | undefined;
  authProvider(id: string, provider: vscode.AuthenticationProvider): vscode.Disposable | undefined;
}

/** What the entry gives the lazy side when it is first loaded. */
export interface LazyHost {
  readonly context: vscode.ExtensionContext;
  readonly adoption: Adoption;
  /** The one "Task Platform" log channel, created by the entry (it logs the activation time). */
  readonly logChannel: vscode.LogOutputChannel;
  readonly activationMs: number;
  /** Declares the globalState keys for Settings Sync again (start/sync.ts) and returns them. */
  syncKeys(): readonly string[];
}

/** dist/lazy/core.mjs. */
export interface LazyCore {
  /** Loads a feature (and what it needs) once; later calls return the same promise. */
  load(feature: Feature): Promise<unknown>;
  /** Every feature loaded, then the integration tests' API (ExtensionMode.Test only). */
  testApi(): Promise<unknown>;
}
