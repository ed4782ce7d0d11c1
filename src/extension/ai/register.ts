import * as vscode from 'vscode';
import { log } from '../log';
import type { Services } from '../services';
import type { CommandContext } from '../common/commandContext';
import { registerChatActions, setChatCommandForTests } from './actions';
import { offeredToolsNow } from './offer';
import { registerChatTools } from './chatTools';
import { AiConfirmations } from './confirm';
import { registerCurrentTaskTool } from './currentTaskTool';
import { MCP_PROVIDER_ID, McpServerProvider } from './mcpProvider';

export interface AiFeature {
  /** Undefined when this VS Code has no MCP provider API (before 1.101). */
  readonly mcpProvider: McpServerProvider | undefined;
  readonly chatTools: boolean;
  /** What the chat tools ask before they write (undefined without the chat tools API). */
  readonly confirmations: AiConfirmations | undefined;
  /** The context key the chat tools' `when` clauses read (`,get_me,list_tasks,`). */
  offeredTools(): string;
  /** Test hook: the chat actions run this command in place of the Chat view (actions.ts). */
  setChatCommand(command: string | undefined): void;
}

/**
 * AI assistants: the same tools as in-process chat tools, the bundled MCP server offered to VS Code
 * while signed in when the user turns it on, and the actions that hand a task to chat. Registration only: nothing here reads secrets or the network.
 * The APIs are checked at run time, so an editor without them still activates the extension.
 */
export function registerAi(
  context: vscode.ExtensionContext,
  services: Services,
  commandContext: CommandContext,
): AiFeature {
  registerChatActions(context, commandContext);
  const lm = vscode.lm as Partial<typeof vscode.lm> | undefined;
  let mcpProvider: McpServerProvider | undefined;
  if (
    typeof lm?.registerMcpServerDefinitionProvider === 'function' &&
    typeof vscode.McpStdioServerDefinition === 'function'
  ) {
    const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'mcp-server.js');
    const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
    mcpProvider = new McpServerProvider(services.accounts, services.tokens, script, version, context.globalStorageUri);
    context.subscriptions.push(mcpProvider, lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, mcpProvider));
  } else {
    log.info('This editor has no MCP server provider API; the Task Platform MCP server is not offered.');
  }
  const chatTools = typeof lm?.registerTool === 'function';
  let confirmations: AiConfirmations | undefined;
  if (chatTools) {
    confirmations = new AiConfirmations(services.accounts);
    context.subscriptions.push(
      confirmations,
      ...registerChatTools(services.accounts, confirmations),
      registerCurrentTaskTool(services.accounts, context.workspaceState),
    );
  }
  return {
    mcpProvider,
    chatTools,
    confirmations,
    offeredTools: offeredToolsNow,
    setChatCommand: setChatCommandForTests,
  };
}
