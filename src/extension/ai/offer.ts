import * as vscode from 'vscode';
import { onDidChangeSetting, readGuardedSettings } from '../config';
import { log } from '../log';
import {
  LM_TOOL_PREFIX,
  OFFERED_TOOLS_KEY,
  offeredToolsValue,
  selectionFromSettings,
  toolsFromManifest,
} from '../../core/mcp/offer';
import type { ToolSelection } from '../../core/mcp/toolsets';

/** `taskPlatform.ai.mcpServer.enabled`: whether the MCP server is offered to VS Code at all. */
export const MCP_SERVER_SETTING = 'ai.mcpServer.enabled';

/** On only when the user turned it on and no folder turned it off (config.ts readGuardedSettings). */
export function mcpServerEnabled(): boolean {
  return readGuardedSettings().mcpServerEnabled;
}

let reported = '';
/** The context key's value as last set (the integration tests read it: VS Code gives no way to). */
let offered = '';
/** The chat tools' names (from the manifest, set by registerToolOffer, which lazy/core.ts calls first). */
let toolNames: readonly string[] = [];

/**
 * The tool selection of the `taskPlatform.ai.*` settings, where a folder can only narrow the user's
 * choice (config.ts readGuardedSettings); values naming no toolset or tool are left out (logged once).
 */
export function readToolSelection(): ToolSelection {
  const settings = readGuardedSettings();
  const { selection, problems } = selectionFromSettings(
    {
      readOnly: settings.readOnly,
      toolsets: settings.toolsets,
      include: settings.includeTools,
      exclude: settings.excludeTools,
    },
    toolNames,
  );
  const said = problems.join('; ');
  if (said !== reported) {
    reported = said;
    if (said !== '') {
      log.warn(`AI tool settings: ${said}.`);
    }
  }
  return selection;
}

interface ToolsManifest {
  readonly contributes?: { readonly languageModelTools?: readonly { name?: unknown; tags?: unknown }[] };
}

/**
 * Sets the context key the chat tools' `when` clauses read (core/mcp/offer.ts), now and whenever a
 * `taskPlatform.ai.*` setting changes: VS Code then lists exactly the tools the settings offer.
 * Cheap: the tools are read from the manifest, not the tool table.
 */
export function registerToolOffer(context: vscode.ExtensionContext): void {
  const manifest = context.extension.packageJSON as ToolsManifest;
  const tools = toolsFromManifest(manifest.contributes?.languageModelTools ?? [], LM_TOOL_PREFIX);
  toolNames = tools.map((tool) => tool.name);
  const update = (): void => {
    offered = offeredToolsValue(tools, readToolSelection());
    void vscode.commands.executeCommand('setContext', OFFERED_TOOLS_KEY, offered);
  };
  update();
  context.subscriptions.push(
    onDidChangeSetting('ai', () => {
      update();
      log.info(`AI tool settings changed; the chat tools offered: ${offered.slice(1, -1) || 'none'}.`);
    }),
  );
}

/** The names the chat tools' `when` clauses find offered now, between commas. */
export function offeredToolsNow(): string {
  return offered;
}
