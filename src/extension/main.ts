import * as vscode from 'vscode';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Feature, LazyCore, LazyHost } from './start/contract';
import { commandOwners } from './start/owners';
import { Stubs } from './start/stubs';
import { declareSyncedKeys } from './start/sync';
import type { Manifest } from './start/stubs';

export type { TestApi } from './testApi';

/** dist/lazy/core.mjs as the entry sees it (lazy/core.ts). */
interface CoreModule {
  start(host: LazyHost): LazyCore;
  flushed(): Promise<void> | undefined;
}

let coreModule: CoreModule | undefined;

/**
 * The entry, dist/extension.js: registers a stand-in for everything VS Code must find once the
 * extension is active (start/stubs.ts) and returns. No feature code is loaded here: the first use
 * of anything (a command, a visible view, an editor for code links, a chat tool, a restored panel)
 * imports dist/lazy/core.mjs and the feature's own chunk (docs/decisions/lazy-bundles.md).
 * In ExtensionMode.Test every feature is loaded first and the integration tests' API returned.
 */
export function activate(context: vscode.ExtensionContext): unknown {
  const started = performance.now();
  const logChannel = vscode.window.createOutputChannel('Task Platform', { log: true });
  context.subscriptions.push(logChannel);
  // Settings Sync: declared at once, whether or not a feature is ever loaded in this window.
  const syncKeys = (): string[] => declareSyncedKeys(context.globalState);
  syncKeys();
  let core: Promise<LazyCore> | undefined;
  const load = async (feature: Feature): Promise<unknown> => {
    if (!core) {
      core = import(pathToFileURL(join(__dirname, 'lazy', 'core.mjs')).href).then((module: CoreModule) => {
        coreModule = module;
        return module.start({ context, adoption: stubs, logChannel, activationMs, syncKeys });
      });
      core.catch((error: unknown) => logChannel.error(`Could not load the extension: ${String(error)}`));
    }
    return (await core).load(feature);
  };
  const stubs = new Stubs(load, commandOwners, context.secrets, context.globalState);
  context.subscriptions.push(...stubs.register(context.extension.packageJSON as Manifest));
  // Code links (links, hovers, diagnostics) are used as soon as an editor shows a document.
  const codeLinks = (): void => void load('codeLinks').catch(() => undefined);
  if (vscode.window.visibleTextEditors.length > 0) {
    setTimeout(codeLinks, 0);
  } else {
    const once = vscode.window.onDidChangeVisibleTextEditors((editors) => {
      if (editors.length > 0) {
        once.dispose();
        codeLinks();
      }
    });
    context.subscriptions.push(once);
  }
  const activationMs = performance.now() - started;
  logChannel.info(`Activated in ${activationMs.toFixed(1)} ms`);
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    return load('core').then(async () => (await core)?.testApi());
  }
  return undefined;
}

/** Everything activate() created is in context.subscriptions; only queued state writes are awaited. */
export function deactivate(): Promise<void> | undefined {
  return coreModule?.flushed();
}
