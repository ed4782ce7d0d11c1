import * as vscode from 'vscode';
import { markStepDone } from '../walkthrough/progress';
import type { Session, SessionState } from '../auth/session';
import type { TokenStore } from '../auth/tokenStore';
import { onDidChangeSetting, readBaseUrl } from '../config';
import { log } from '../log';

export const MCP_PROVIDER_ID = 'taskPlatform.mcpServers';
const BASE_URL_VAR = 'TASK_PLATFORM_BASE_URL';
const TOKEN_VAR = 'TASK_PLATFORM_TOKEN';
/** The service allows 60 requests a minute per token (Limits), for every client of the token together. */
const SERVICE_LIMIT = 60;
/** The MCP server's share while it runs; the extension keeps the rest, so together they never exceed 60. */
export const MCP_SHARE = 20;

/**
 * Offers the bundled MCP server (dist/mcp-server.js) to VS Code's chat while the user is signed in.
 * The token is put in the server's environment only in resolveMcpServerDefinition, when VS Code is
 * about to start the process: it is never in the provided definition, a file or a setting. The
 * definition list is re-announced on sign-in, sign-out, account switch and base URL change.
 */
export class McpServerProvider implements vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private lastKey: string | undefined;
  /** Set once VS Code started the server: the extension's own client keeps to the rest of the budget. */
  private shareGiven = false;

  constructor(
    private readonly session: Session,
    private readonly tokens: TokenStore,
    private readonly serverScript: vscode.Uri,
    private readonly version: string,
  ) {
    this.subscriptions = [
      this.changed,
      session.onDidChange((state) => this.onSession(state)),
      tokens.onDidChange(() => this.changed.fire()),
      onDidChangeSetting('baseUrl', () => this.changed.fire()),
    ];
  }

  /**
   * Called eagerly by VS Code: no network and no prompts. A session not restored yet counts as
   * signed in when a token is stored for the configured service (restoring would be a request).
   */
  async provideMcpServerDefinitions(): Promise<vscode.McpStdioServerDefinition[]> {
    const baseUrl = await this.offeredBaseUrl();
    if (baseUrl === undefined) {
      return [];
    }
    // Electron's binary runs as plain Node with ELECTRON_RUN_AS_NODE; Node itself ignores it.
    // The service allows 60 requests a minute per token in all (Limits): the server started here takes
    // a third and the extension keeps the rest (see giveShare), so their sum never exceeds the budget.
    const env = { [BASE_URL_VAR]: baseUrl, TASK_PLATFORM_REQUESTS_PER_MINUTE: String(MCP_SHARE), ELECTRON_RUN_AS_NODE: '1' };
    const definition = new vscode.McpStdioServerDefinition('Task Platform', process.execPath, [this.serverScript.fsPath], env, this.version);
    return [definition];
  }

  /** VS Code is starting the server: add the token from SecretStorage, for the address offered. */
  async resolveMcpServerDefinition(server: vscode.McpStdioServerDefinition): Promise<vscode.McpStdioServerDefinition | undefined> {
    const baseUrl = await this.offeredBaseUrl();
    if (baseUrl === undefined || server.env[BASE_URL_VAR] !== baseUrl) {
      log.warn('MCP server not started: not signed in to Task Platform (or the service address changed).');
      throw new Error(vscode.l10n.t('Sign in to Task Platform to use its tools (command "Task Platform: Sign In").'));
    }
    const token = await this.tokens.get(baseUrl);
    if (!token) {
      throw new Error(vscode.l10n.t('Sign in to Task Platform to use its tools (command "Task Platform: Sign In").'));
    }
    server.env = { ...server.env, [TOKEN_VAR]: token };
    this.shareGiven = true;
    this.giveShare(this.session.state);
    markStepDone('mcpStarted');
    return server;
  }

  dispose(): void {
    this.subscriptions.forEach((d) => d.dispose());
  }

  private async offeredBaseUrl(): Promise<string | undefined> {
    const state = this.session.state;
    if (state.kind === 'signedIn') {
      return state.baseUrl;
    }
    if (state.kind !== 'unknown') {
      return undefined;
    }
    const baseUrl = readBaseUrl();
    return baseUrl.kind === 'valid' && (await this.tokens.get(baseUrl.url)) ? baseUrl.url : undefined;
  }

  /** Only a change of who is signed in, or where, changes the offer; a re-check of the same account does not. */
  /**
   * Two processes, one budget: once the server may be running, the extension's limiter keeps to
   * 60 - MCP_SHARE. The server's end is not reported to extensions, so this lasts for the session.
   */
  private giveShare(state: SessionState): void {
    if (this.shareGiven && state.kind === 'signedIn' && state.client.limiter.limit > SERVICE_LIMIT - MCP_SHARE) {
      state.client.limiter.setLimit(SERVICE_LIMIT - MCP_SHARE);
      log.info(`The AI tools' server takes ${MCP_SHARE} of the ${SERVICE_LIMIT} requests a minute; the editor keeps ${SERVICE_LIMIT - MCP_SHARE}.`);
    }
  }

  private onSession(state: SessionState): void {
    this.giveShare(state);
    const key = state.kind === 'signedIn' ? `${state.baseUrl}|${state.user.id}` : state.kind === 'unknown' ? this.lastKey : state.kind;
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.changed.fire();
    }
  }
}
