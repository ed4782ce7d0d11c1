import * as vscode from 'vscode';
import { markStepDone } from '../walkthrough/progress';
import type { AccountSessions } from '../auth/accountSessions';
import type { Session } from '../auth/session';
import type { TokenStore } from '../auth/tokenStore';
import { onDidChangeSetting, readBaseUrl } from '../config';
import { log } from '../log';
import { accountKey } from '../../core/accounts/account';
import type { Account } from '../../core/accounts/account';
import { ACCOUNTS_VAR } from '../../core/mcp/accountsVar';
import type { AccountEntry } from '../../core/mcp/accountsVar';
import { SERVICE_LIMIT } from '../../core/mcp/budget';
import { LEASE_VAR } from '../../core/mcp/lease';
import { selectionEnv } from '../../core/mcp/offer';
import { TOOLS } from '../../core/mcp/tools';
import { EditorShares, LeaseFiles } from './mcpShares';
import type { LeasePair } from './mcpShares';
import { mcpServerEnabled, MCP_SERVER_SETTING, readToolSelection } from './offer';

export const MCP_PROVIDER_ID = 'taskPlatform.mcpServers';
const BASE_URL_VAR = 'TASK_PLATFORM_BASE_URL';
const TOKEN_VAR = 'TASK_PLATFORM_TOKEN';

/**
 * An account the server is offered for: its address, the stored account (undefined only for the
 * primary's token of the release before accounts) and its session.
 */
interface Offered {
  readonly baseUrl: string;
  readonly account: Account | undefined;
  readonly session: Session;
}

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
 * With several accounts signed in, the one server gets them all (docs/decisions/accounts.md,
 * "Assistants"): the first in TASK_PLATFORM_BASE_URL and TASK_PLATFORM_TOKEN as ever, the others in
 * TASK_PLATFORM_ACCOUNTS (core/mcp/accountsVar.ts), each token with its own lease. An account signed
 * in or out is another definition, so another version.
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
  /** Held while the server VS Code started may be running: each token's two processes share one budget. */
  private readonly shares = new EditorShares();
  private resolvedAt = 0;
  private leaseTimer: ReturnType<typeof setInterval> | undefined;
  /** The files through which the editor and the server share each token's budget (core/mcp/lease.ts). */
  private readonly leases: LeaseFiles;

  constructor(
    private readonly accounts: AccountSessions,
    private readonly tokens: TokenStore,
    private readonly serverScript: vscode.Uri,
    private readonly version: string,
    storage: vscode.Uri,
  ) {
    this.leases = new LeaseFiles(storage);
    this.subscriptions = [
      this.changed,
      accounts.onDidChange(() => this.onSession()),
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
    const [first, ...more] = await this.offeredAccounts();
    if (first === undefined) {
      return [];
    }
    // Electron's binary runs as plain Node with ELECTRON_RUN_AS_NODE; Node itself ignores it.
    // The service allows 60 requests a minute per token in all (docs/api/README.md#limits): the server
    // started here shares them with the editor through each token's lease (mcpShares.ts), lending each other
    // what one does not use, so their sum never exceeds the budget.
    const env = {
      [BASE_URL_VAR]: first.baseUrl,
      ...(more.length > 0 ? { [ACCOUNTS_VAR]: accountsVar(more) } : {}),
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
    const [first, ...more] = await this.offeredAccounts();
    const signIn = vscode.l10n.t('Sign in to Task Platform to use its tools (command "Task Platform: Sign In").');
    if (
      first === undefined ||
      server.env[BASE_URL_VAR] !== first.baseUrl ||
      (server.env[ACCOUNTS_VAR] ?? undefined) !== (more.length > 0 ? accountsVar(more) : undefined)
    ) {
      log.warn('MCP server not started: not signed in to Task Platform (or the accounts or the address changed).');
      throw new Error(signIn);
    }
    const env = await this.resolvedEnv(server.env, [first, ...more]);
    if (!env) {
      throw new Error(signIn);
    }
    // A copy: the definition VS Code passed in is the one it keeps between starts.
    const resolved = new vscode.McpStdioServerDefinition(
      server.label,
      server.command,
      [...server.args],
      env,
      server.version,
    );
    resolved.cwd = server.cwd;
    this.resolvedAt = Date.now();
    this.shares.follow(this.leasePairs([first, ...more]));
    this.leaseTimer ??= setInterval(() => this.checkLease(), 15_000);
    markStepDone('mcpStarted');
    return resolved;
  }

  /**
   * The environment of the process VS Code starts: each offered account's token (none missing) and
   * its lease; undefined when a token is gone.
   */
  private async resolvedEnv(
    env: Readonly<Record<string, string | number | null>>,
    offered: readonly Offered[],
  ): Promise<Record<string, string | number | null> | undefined> {
    const tokens = await Promise.all(offered.map((o) => this.tokenOf(o)));
    if (tokens.some((t) => !t)) {
      return undefined;
    }
    await this.leases.prepare();
    const [lease, ...leases] = offered.map((o) => this.leaseOf(o));
    const more = offered.slice(1).map((o, i) => ({
      ...entryOf(o),
      token: tokens[i + 1],
      lease: leases[i],
      requests_per_minute: SERVICE_LIMIT,
    }));
    return {
      ...env,
      [TOKEN_VAR]: tokens[0] as string,
      [LEASE_VAR]: lease as string,
      ...(more.length > 0 ? { [ACCOUNTS_VAR]: JSON.stringify(more) } : {}),
    };
  }

  /**
   * Gives the extension its whole budget back once the server has stopped and its last requests have
   * left the service's window (its record in the lease is stale). `now` is for tests. Returns whether
   * the budget is still shared.
   */
  checkLease(now = Date.now()): boolean {
    const shared = this.shares.check(now, this.resolvedAt);
    if (!shared) {
      clearInterval(this.leaseTimer);
      this.leaseTimer = undefined;
    }
    return shared;
  }

  dispose(): void {
    this.stopShare();
    this.subscriptions.forEach((d) => d.dispose());
    this.leases.removeAll();
  }

  /**
   * The accounts the server is offered for, the primary first: each signed in, or stored and not
   * restored yet (restoring would be a request). The primary counts as today: signed in, or a token
   * stored for the configured address.
   */
  private async offeredAccounts(): Promise<Offered[]> {
    const [primary, ...others] = this.accounts.current();
    const offered: Offered[] = [];
    const state = primary!.state;
    if (state.kind === 'signedIn') {
      offered.push({
        baseUrl: state.baseUrl,
        account: { baseUrl: state.baseUrl, userId: state.user.id },
        session: primary!,
      });
    } else if (state.kind === 'unknown') {
      const baseUrl = readBaseUrl();
      if (baseUrl.kind === 'valid' && (await this.tokens.tokenAt(baseUrl.url)) !== undefined) {
        offered.push({ baseUrl: baseUrl.url, account: this.tokens.accountAt(baseUrl.url), session: primary! });
      }
    }
    for (const session of others) {
      const account = othersAccount(session);
      if (account) offered.push({ baseUrl: account.baseUrl, account, session });
    }
    return offered;
  }

  /** The token of an offered account: the primary's as its session restores it, another's under its key. */
  private async tokenOf(offered: Offered): Promise<string | undefined> {
    return offered.session === this.accounts.primary
      ? this.tokens.tokenAt(offered.baseUrl)
      : offered.account && this.tokens.get(offered.account);
  }

  /** The lease of an account's token: the window's file for the primary, one of its own for each other. */
  private leaseOf(offered: Offered): string {
    return this.leases.of(offered.session === this.accounts.primary ? undefined : offered.account);
  }

  /** Each signed-in offered account's lease and its client's limiter (one not restored yet joins when it is). */
  private leasePairs(offered: readonly Offered[]): LeasePair[] {
    return offered.flatMap((o) =>
      o.session.state.kind === 'signedIn' ? [{ file: this.leaseOf(o), limiter: o.session.state.client.limiter }] : [],
    );
  }

  private stopShare(): void {
    this.shares.stopAll();
    clearInterval(this.leaseTimer);
    this.leaseTimer = undefined;
  }

  /**
   * Only a change of who is signed in, or where, changes the offer; a re-check of the same account
   * does not. While the server may run, a client that changed (a new sign-in, an account restored
   * after the server started) takes its share.
   */
  private onSession(): void {
    const [primary, ...others] = this.accounts.current();
    const state = primary!.state;
    if (this.leaseTimer !== undefined && state.kind !== 'unknown') {
      void this.offeredAccounts().then((offered) => this.shares.follow(this.leasePairs(offered)));
    }
    const first =
      state.kind === 'signedIn'
        ? accountKey({ baseUrl: state.baseUrl, userId: state.user.id })
        : state.kind === 'unknown'
          ? this.lastKey?.split('\n')[0]
          : state.kind;
    const key = [first, ...others.flatMap((s) => othersAccount(s) ?? []).map(accountKey)].join('\n');
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

/** Another account's, when it is signed in or stored and not restored yet; none while refused or signed out. */
function othersAccount(session: Session): Account | undefined {
  const state = session.state;
  if (state.kind === 'signedIn') return { baseUrl: state.baseUrl, userId: state.user.id };
  return state.kind === 'unknown' ? session.pinned : undefined;
}

/** What the definition says of an account beside the first: where, and whose (never a token). */
function entryOf(offered: Offered): AccountEntry {
  return { base_url: offered.baseUrl, ...(offered.account ? { user_id: offered.account.userId } : {}) };
}

function accountsVar(more: readonly Offered[]): string {
  return JSON.stringify(more.map(entryOf));
}
