import type * as vscode from 'vscode';
import type { Adoption } from '../start/contract';

/**
 * The `vscode` module the lazily loaded code imports (esbuild maps `vscode` here for dist/lazy,
 * scripts/bundles.mjs). It is the extension's own API object (required through the chunk's own
 * path, so VS Code knows which extension asks), with the registrations the entry already stands
 * in for routed to it: `commands.registerCommand` for a contributed command, `window.createTreeView`
 * for a contributed view, the uri handler, the panel serializer, the chat tools, the MCP
 * provider and the authentication provider. The features call `vscode` as usual and need not know they were loaded late.
 */
let adoption: Adoption | undefined;

/** Set once by lazy/core.ts, before any feature registers. */
export function setAdoption(next: Adoption): void {
  adoption = next;
}

type Api = typeof vscode;
type Overrides = Record<string, unknown>;

/** An object that reads every property of `target` live (getters included), some replaced. */
function routed<T extends object>(target: T, overrides: Overrides): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(target).filter((k) => !(k in overrides))) {
    Object.defineProperty(out, key, { enumerable: true, get: () => (target as Record<string, unknown>)[key] });
  }
  for (const [key, value] of Object.entries(overrides)) {
    Object.defineProperty(out, key, { enumerable: true, value });
  }
  return out as T;
}

export function routedApi(api: Api): Api {
  const { window, commands } = api;
  const lm = api.lm as Partial<Api['lm']> | undefined;
  const lmOverrides: Overrides = {};
  if (lm && typeof lm.registerTool === 'function') {
    const registerTool = lm.registerTool.bind(lm);
    lmOverrides.registerTool = (name: string, tool: vscode.LanguageModelTool<object>) =>
      adoption?.tool(name, tool) ?? registerTool(name, tool);
  }
  if (lm && typeof lm.registerMcpServerDefinitionProvider === 'function') {
    const register = lm.registerMcpServerDefinitionProvider.bind(lm);
    lmOverrides.registerMcpServerDefinitionProvider = (id: string, provider: vscode.McpServerDefinitionProvider) =>
      adoption?.mcpProvider(id, provider) ?? register(id, provider);
  }
  const overrides: Overrides = {
    window: routed(window, {
      createTreeView: <T>(id: string, options: vscode.TreeViewOptions<T>) =>
        adoption?.treeView(id, options) ?? window.createTreeView(id, options),
      registerUriHandler: (handler: vscode.UriHandler) =>
        adoption?.uriHandler(handler) ?? window.registerUriHandler(handler),
      registerWebviewPanelSerializer: (viewType: string, serializer: vscode.WebviewPanelSerializer) =>
        adoption?.serializer(viewType, serializer) ?? window.registerWebviewPanelSerializer(viewType, serializer),
    }) as never,
    commands: routed(commands, {
      registerCommand: (id: string, handler: (...args: never[]) => unknown) =>
        adoption?.command(id, handler) ?? commands.registerCommand(id, handler),
    }) as never,
  };
  if (lm) {
    overrides.lm = routed(lm, lmOverrides) as never;
  }
  const { authentication } = api;
  overrides.authentication = routed(authentication, {
    registerAuthenticationProvider: (
      id: string,
      label: string,
      provider: vscode.AuthenticationProvider,
      options?: vscode.AuthenticationProviderOptions,
    ) =>
      adoption?.authProvider(id, provider) ??
      authentication.registerAuthenticationProvider(id, label, provider, options),
  }) as never;
  return routed(api, overrides);
}
