import { isAbsolute } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ApiClient } from '../core/api/client';
import { RateLimiter } from '../core/api/rateLimiter';
import { parseBaseUrl } from '../core/api/baseUrl';
import { MCP_CALL_DEADLINE_MS, MCP_REQUEST_TIMEOUT_MS } from '../core/api/limits';
import { envProxyFor } from '../core/api/envProxy';
import { NodeHttpTransport } from '../core/api/transport';
import { BudgetShare, LEASE_VAR } from '../core/mcp/lease';
import { TOOLS } from '../core/mcp/tools';
import { selectionFromEnv, selectTools } from '../core/mcp/toolsets';
import type { ToolSelection } from '../core/mcp/toolsets';
import { ACCOUNTS_VAR, parseAccountsVar } from '../core/mcp/accountsVar';
import type { AccountEntry } from '../core/mcp/accountsVar';
import { AccountRouter } from '../core/mcp/router';
import { createMcpServer } from './server';
import { errorText } from '../core/util/errorText';

/**
 * `node dist/mcp-server.js`: the Task Platform MCP server on stdio. Configuration comes only from
 * the environment (TASK_PLATFORM_BASE_URL, TASK_PLATFORM_TOKEN, and TASK_PLATFORM_ACCOUNTS for more
 * accounts); stdout carries the protocol, so every message for people goes to stderr, and no token
 * is ever printed.
 */
declare const __VERSION__: string | undefined;
const version = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0';

export interface ServerConfig {
  baseUrl: string;
  token: string;
  /** This process's share of the token's 60 requests a minute (docs/api/README.md#rate-limit). */
  requestsPerMinute: number;
  /** Which tools are offered: TASK_PLATFORM_READ_ONLY, _TOOLSETS, _TOOLS, _EXCLUDE_TOOLS (toolsets.ts). */
  selection: ToolSelection;
  /** The accounts beside the first (TASK_PLATFORM_ACCOUNTS, core/mcp/accountsVar.ts), each with its token. */
  more: AccountEntry[];
}

/**
 * TASK_PLATFORM_REQUESTS_PER_MINUTE (optional, 1 to 60, default 60): the service counts 60 a minute
 * per token, across every program using it, so a server started next to the extension takes a share.
 */
function readBudget(value: string | undefined): number | string {
  if (value === undefined || value.trim() === '') {
    return 60;
  }
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 60
    ? n
    : `TASK_PLATFORM_REQUESTS_PER_MINUTE must be a whole number from 1 to 60 (got "${value}").`;
}

/** The configuration, or the sentence that says what is missing. */
export function readConfig(
  env: NodeJS.ProcessEnv,
): { ok: true; config: ServerConfig } | { ok: false; message: string } {
  const baseUrl = env.TASK_PLATFORM_BASE_URL?.trim() ?? '';
  const token = env.TASK_PLATFORM_TOKEN?.trim() ?? '';
  const missing = [baseUrl ? undefined : 'TASK_PLATFORM_BASE_URL', token ? undefined : 'TASK_PLATFORM_TOKEN'].filter(
    Boolean,
  );
  if (missing.length > 0) {
    return {
      ok: false,
      message:
        `task-platform MCP server: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set. ` +
        'Set TASK_PLATFORM_BASE_URL to the service address including /api (e.g. https://tasks.example.com/api) ' +
        'and TASK_PLATFORM_TOKEN to a personal access token (profile settings, API token).',
    };
  }
  const parsed = parseBaseUrl(baseUrl);
  if (!parsed.ok) {
    return { ok: false, message: `task-platform MCP server: TASK_PLATFORM_BASE_URL is not usable: ${parsed.message}` };
  }
  try {
    // A proxy it cannot use stops the server at once, with the reason, rather than at every call.
    envProxyFor(new URL(parsed.url), env);
  } catch (error) {
    return { ok: false, message: `task-platform MCP server: ${errorText(error)}` };
  }
  const budget = readBudget(env.TASK_PLATFORM_REQUESTS_PER_MINUTE);
  if (typeof budget === 'string') {
    return { ok: false, message: `task-platform MCP server: ${budget}` };
  }
  const selection = selectionFromEnv(
    env,
    TOOLS.map((t) => t.name),
  );
  if (!selection.ok) {
    return { ok: false, message: `task-platform MCP server: ${selection.message}` };
  }
  const more = parseAccountsVar(env[ACCOUNTS_VAR]);
  if (!more.ok) {
    return { ok: false, message: `task-platform MCP server: ${more.message}` };
  }
  try {
    more.accounts.forEach((a) => envProxyFor(new URL(a.base_url), env));
  } catch (error) {
    return { ok: false, message: `task-platform MCP server: ${errorText(error)}` };
  }
  const tokenless = more.accounts.findIndex((a) => a.token === undefined);
  if (tokenless >= 0) {
    return {
      ok: false,
      message: `task-platform MCP server: ${ACCOUNTS_VAR} entry ${tokenless + 1} has no token.`,
    };
  }
  return {
    ok: true,
    config: {
      baseUrl: parsed.url,
      token,
      requestsPerMinute: budget,
      selection: selection.selection,
      more: more.accounts,
    },
  };
}

/** Whether the editor named a lease for this token (core/mcp/lease.ts): only an absolute path is used. */
function leaseOf(path: string | undefined): string | undefined {
  return path !== undefined && isAbsolute(path) ? path : undefined;
}

/**
 * One account's client, with its own limiter: the service counts 60 a minute per token. Started by
 * the extension, the token's budget is shared with the editor through the lease it names, this
 * process's part capped by `requestsPerMinute`; alone, that many a minute.
 */
function accountClient(
  baseUrl: string,
  token: string,
  requestsPerMinute: number,
  lease: string | undefined,
): ApiClient {
  const limiter = new RateLimiter({ limit: lease ? 0 : requestsPerMinute });
  const client = new ApiClient({
    baseUrl,
    token,
    limiter,
    // A tool call answers within a minute: every call of it ends by then, whatever the service does.
    timeoutMs: MCP_REQUEST_TIMEOUT_MS,
    callDeadlineMs: MCP_CALL_DEADLINE_MS,
    userAgent: `task-platform-mcp/${version}`,
    // Not in VS Code's extension host: nothing patches http/https here, so HTTPS_PROXY is read by us.
    transport: new NodeHttpTransport({ proxyEnv: process.env }),
    // One line per request on stderr, never the token (the client never logs it).
    log: process.env.TASK_PLATFORM_MCP_DEBUG
      ? (level, message) => process.stderr.write(`[${level}] ${message}\n`)
      : undefined,
  });
  if (lease) {
    const share = new BudgetShare({ file: lease, side: 'server', limiter, cap: requestsPerMinute });
    // The record keeps what this process still occupies; the editor counts it until it is stale.
    process.on('exit', () => share.stop());
  }
  return client;
}

async function main(): Promise<void> {
  const read = readConfig(process.env);
  if (!read.ok) {
    process.stderr.write(`${read.message}\n`);
    process.exit(2);
  }
  const { baseUrl, token, requestsPerMinute, selection, more } = read.config;
  const lease = leaseOf(process.env[LEASE_VAR]);
  const clients = [
    accountClient(baseUrl, token, requestsPerMinute, lease),
    ...more.map((a) => accountClient(a.base_url, a.token ?? '', a.requests_per_minute ?? 60, leaseOf(a.lease))),
  ];
  const router = new AccountRouter(clients);
  if (router.several) {
    // Which account sees which workspace: one GET /user per account, now, in the background.
    void router.learn();
  }
  const server = createMcpServer(router, version, selection);
  await server.connect(new StdioServerTransport());
  const count = selectTools(TOOLS, selection).length;
  const mode = selection.readOnly ? ', read-only' : '';
  const accounts = router.several ? `, ${clients.length} accounts` : '';
  process.stderr.write(
    `task-platform MCP server ready (${baseUrl}${accounts}, ${count} tools${mode}, ${lease ? 'sharing the editor budget, at most ' : ''}${requestsPerMinute} requests a minute)\n`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`task-platform MCP server failed: ${errorText(error)}\n`);
    process.exit(1);
  });
}
