import { randomUUID } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import * as vscode from 'vscode';
import { markStepDone } from '../walkthrough/progress';
import type { Session, SessionState } from '../auth/session';
import type { TokenStore } from '../auth/tokenStore';
import { onDidChangeSetting, readBaseUrl } from '../config';
import { log } from '../log';
import { accountKey } from '../../core/accounts/account';
import { SERVICE_LIMIT } from '../../core/mcp/budget';
import { BudgetShare, LEASE_VAR, lastTouch } from '../../core/mcp/lease';
import type { RateLimiter } from '../../core/api/rateLimiter';
import { selectionEnv } from '../../core/mcp/offer';
import { TOOLS } from '../../core/mcp/tools';
import { mcpServerEnabled, MCP_SERVER_SETTING, readToolSelection } from './offer';

export const MCP_PROVIDER_ID = 'taskPlatform.mcpServers';
const BASE_URL_VAR = 'TASK_PLATFORM_BASE_URL';
const TOKEN_VAR = 'TASK_PLATFORM_TOKEN';

/**
 * Offers the bundled MCP server (dist/mcp-server.js) to VS Code's chat while the user is signed in
 * and `taskPlatform.ai.mcpServer.enabled` is on (off by default: the chat tools are the same tools,
 * and offering both gives agent mode every tool twice). The server gets the same tool selection as
 * the chat tools (taskPlatform.ai.*, as the standalone server's variables).
 * The token is put in the server's environment only in resolveMcpServerDefinition, when VS Code is
 * about to start the process, on a copy: it is never in the provided definition (which VS Code
 * keeps), a file or a setting. The definition list is re-announced on sign-in, sign-out, account
 * switch, a new token and a base URL change. VS Code stops a running server whose definition
 * changed, and one no longer offered: so every new token or account gets a new `version`, and a
 * server started with an old token (or after sign-out) does not keep running with it.
 */
export class McpServerProvider
  implements vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition>, vscode.Disposable
{
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private lastKey: string | undefined;
  /** Counts the tokens and accounts seen; part of the definition's version, never the token itself. */
  private generation = 0;
  /** Set while the server VS Code started may be running: the two processes share one budget. */
  private share: BudgetShare | undefined;
  private sharedLimiter: RateLimiter | undefined;
  private resolvedAt = 0;
  private leaseTimer: ReturnType<typeof setInterval> | undefined;
  /** The file through which the editor and the server share the budget (core/mcp/lease.ts); one per window. */
  private readonly leaseFile: vscode.Uri;

  constructor(
    private readonly session: Session,
    private readonly tokens: TokenStore,
    private readonly serverScript: vscode.Uri,
    private readonly version: string,
    storage: vscode.Uri,
  ) {
    this.leaseFile = vscode.Uri.joinPath(storage, `mcp-lease-${randomUUID()}`);
    this.subscriptions = [
      this.changed,
      session.onDidChange((state) => this.onSession(state)),
      tokens.onDidChange(() => this.renew()),
      onDidChangeSetting('baseUrl', () => this.changed.fire()),
      onDidChangeSetting(MCP_SERVER_SETTING, () => this.changed.fire()),
      // Another selection is another definition: a new version, so VS Code restarts a running server.
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (
          ['readOnly', 'toolsets', 'includeTools', 'excludeTools'].some((k) =>
            e.affectsConfiguration(`taskPlatform.ai.${k}`),
          )
        ) {
          this.renew();
        }
      }),
    ];
  }

  /**
   * Called eagerly by VS Code: no network and no prompts. A session not restored yet counts as
   * signed in when a token is stored for the configured service (restoring would be a request).
   */
  async provideMcpServerDefinitions(): Promise<vscode.McpStdioServerDefinition[]> {
    if (!mcpServerEnabled()) {
      return [];
    }
    const baseUrl = await this.offeredBaseUrl();
    if (baseUrl === undefined) {
      return [];
    }
    // Electron's binary runs as plain Node with ELECTRON_RUN_AS_NODE; Node itself ignores it.
    // The service allows 60 requests a minute per token in all (docs/api/README.md#limits): the server
    // started here shares them with the editor through the lease (see startShare), lending each other
    // what one does not use, so their sum never exceeds the budget.
    const env = {
      [BASE_URL_VAR]: baseUrl,
      TASK_PLATFORM_REQUESTS_PER_MINUTE: String(SERVICE_LIMIT),
      ...selectionEnv(
        readToolSelection(),
        TOOLS.map((tool) => tool.name),
      ),
      ELECTRON_RUN_AS_NODE: '1',
    };
    const version = this.generation === 0 ? this.version : `${this.version}+${this.generation}`;
    const definition = new vscode.McpStdioServerDefinition(
      'Task Platform',
      process.execPath,
      [this.serverScript.fsPath],
      env,
      version,
    );
    return [definition];
  }

  /** VS Code is starting the server: add the token from SecretStorage, for the address offered. */
  async resolveMcpServerDefinition(
    server: vscode.McpStdioServerDefinition,
  ): Promise<vscode.McpStdioServerDefinition | undefined> {
    if (!mcpServerEnabled()) {
      throw new Error(
        vscode.l10n.t(
          'The Task Platform MCP server is turned off (setting taskPlatform.ai.mcpServer.enabled); its tools are offered as chat tools.',
        ),
      );
    }
    const baseUrl = await this.offeredBaseUrl();
    if (baseUrl === undefined || server.env[BASE_URL_VAR] !== baseUrl) {
      log.warn('MCP server not started: not signed in to Task Platform (or the service address changed).');
      throw new Error(vscode.l10n.t('Sign in to Task Platform to use its tools (command "Task Platform: Sign In").'));
    }
    const token = await this.tokens.tokenAt(baseUrl);
    if (!token) {
      throw new Error(vscode.l10n.t('Sign in to Task Platform to use its tools (command "Task Platform: Sign In").'));
    }
    await this.prepareLeaseDir();
    // A copy: the definition VS Code passed in is the one it keeps between starts.
    const resolved = new vscode.McpStdioServerDefinition(
      server.label,
      server.command,
      [...server.args],
      { ...server.env, [TOKEN_VAR]: token, [LEASE_VAR]: this.leaseFile.fsPath },
      server.version,
    );
    resolved.cwd = server.cwd;
    this.resolvedAt = Date.now();
    this.startShare(this.session.state);
    this.leaseTimer ??= setInterval(() => this.checkLease(), 15_000);
    markStepDone('mcpStarted');
    return resolved;
  }

  /** Creates the storage folder, and forgets the leases of windows that ended without cleaning up. */
  private async prepareLeaseDir(): Promise<void> {
    const dir = vscode.Uri.joinPath(this.leaseFile, '..');
    await vscode.workspace.fs.createDirectory(dir);
    const dayAgo = Date.now() - 24 * 3600_000;
    for (const [name] of await vscode.workspace.fs.readDirectory(dir)) {
      const file = vscode.Uri.joinPath(dir, name);
      if (
        name.startsWith('mcp-lease-') &&
        file.fsPath !== this.leaseFile.fsPath &&
        ((await lastTouch(file.fsPath)) ?? 0) < dayAgo
      ) {
        await Promise.resolve(vscode.workspace.fs.delete(file)).catch(() => undefined);
      }
    }
  }

  /**
   * Gives the extension its whole budget back once the server has stopped and its last requests have
   * left the service's window (its record in the lease is stale). `now` is for tests. Returns whether
   * the budget is still shared.
   */
  checkLease(now = Date.now()): boolean {
    const share = this.share;
    if (!share) {
      return false;
    }
    if (share.other(undefined, now) !== undefined || now - this.resolvedAt < share.staleMs) {
      return true;
    }
    this.stopShare();
    log.info(`The AI tools' server has stopped; the editor has all ${SERVICE_LIMIT} requests a minute again.`);
    return false;
  }

  dispose(): void {
    this.stopShare();
    this.subscriptions.forEach((d) => d.dispose());
    try {
      unlinkSync(this.leaseFile.fsPath);
    } catch {
      // Never written, or already gone.
    }
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
    return baseUrl.kind === 'valid' && (await this.tokens.tokenAt(baseUrl.url)) !== undefined ? baseUrl.url : undefined;
  }

  /**
   * Two processes, one budget: while the server may be running, the editor's limiter takes what the
   * server's record in the lease leaves (core/mcp/lease.ts). VS Code does not report the server's end;
   * its record going stale does (checkLease). Another account's client gets the share from now on.
   */
  private startShare(state: SessionState): void {
    const limiter = state.kind === 'signedIn' ? state.client.limiter : undefined;
    if (this.share && this.sharedLimiter === limiter) {
      return;
    }
    this.stopShare();
    if (limiter) {
      this.share = new BudgetShare({ file: this.leaseFile.fsPath, side: 'editor', limiter });
      this.sharedLimiter = limiter;
      log.info(
        `The AI tools' server and the editor share ${SERVICE_LIMIT} requests a minute, each lending what it does not use.`,
      );
    }
  }

  private stopShare(): void {
    this.share?.stop();
    this.sharedLimiter?.setLimit(SERVICE_LIMIT);
    this.share = undefined;
    this.sharedLimiter = undefined;
    clearInterval(this.leaseTimer);
    this.leaseTimer = undefined;
  }

  /** Only a change of who is signed in, or where, changes the offer; a re-check of the same account does not. */
  private onSession(state: SessionState): void {
    if (this.share && state.kind !== 'unknown') {
      this.startShare(state);
    }
    const key =
      state.kind === 'signedIn'
        ? accountKey({ baseUrl: state.baseUrl, userId: state.user.id })
        : state.kind === 'unknown'
          ? this.lastKey
          : state.kind;
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.renew();
    }
  }

  /** A new token, account or sign-out: a new version, so VS Code stops a server it started before. */
  private renew(): void {
    this.generation++;
    this.changed.fire();
  }
}
