import { parseBaseUrl } from '../api/baseUrl';

/**
 * Several accounts in one MCP server (docs/decisions/accounts.md, "Assistants"): the first account
 * is TASK_PLATFORM_BASE_URL and TASK_PLATFORM_TOKEN, as ever; this variable, when set, lists the
 * others as JSON, `[{"base_url": "...", "token": "...", "lease": "...", "requests_per_minute": 60}]`.
 * The editor offers it without tokens (`user_id` names whose account each is) and adds `token` and
 * `lease` only to the environment of the process VS Code starts. A server configured by hand with
 * the two variables alone is the one-account server it always was.
 */
export const ACCOUNTS_VAR = 'TASK_PLATFORM_ACCOUNTS';

/** Accounts beside the first, at most: each costs a GET /user at start and a client. */
export const MAX_MORE_ACCOUNTS = 9;

export interface AccountEntry {
  readonly base_url: string;
  /** Whose account it is (the definition names it without a request); the server does not need it. */
  readonly user_id?: string;
  readonly token?: string;
  /** The budget lease shared with the editor for this token (core/mcp/lease.ts). */
  readonly lease?: string;
  /** This process's share of the token's 60 a minute (1 to 60); default 60. */
  readonly requests_per_minute?: number;
}

const KEYS = new Set(['base_url', 'user_id', 'token', 'lease', 'requests_per_minute']);

/** The further accounts of `text` (none when unset), or the sentence that says what is wrong; never echoes a token. */
export function parseAccountsVar(
  text: string | undefined,
): { ok: true; accounts: AccountEntry[] } | { ok: false; message: string } {
  if (text === undefined || text.trim() === '') {
    return { ok: true, accounts: [] };
  }
  const fail = (why: string): { ok: false; message: string } => ({
    ok: false,
    message: `${ACCOUNTS_VAR} ${why}. It is a JSON list of further accounts: [{"base_url": "https://…/api", "token": "…"}].`,
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail('is not JSON');
  }
  if (!Array.isArray(parsed)) {
    return fail('is not a list');
  }
  if (parsed.length > MAX_MORE_ACCOUNTS) {
    return fail(`names ${parsed.length} accounts; at most ${MAX_MORE_ACCOUNTS} are read`);
  }
  const accounts: AccountEntry[] = [];
  for (const [i, item] of parsed.entries()) {
    const entry = entryProblem(item);
    if (typeof entry === 'string') {
      return fail(`entry ${i + 1} ${entry}`);
    }
    accounts.push(entry);
  }
  return { ok: true, accounts };
}

function entryProblem(item: unknown): AccountEntry | string {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return 'is not an object';
  }
  const record = item as Record<string, unknown>;
  const unknown = Object.keys(record).find((key) => !KEYS.has(key));
  if (unknown !== undefined) {
    return `has a key it does not know (${unknown.slice(0, 40)})`;
  }
  const { base_url, user_id, token, lease, requests_per_minute } = record;
  const parsed = typeof base_url === 'string' ? parseBaseUrl(base_url.trim()) : undefined;
  if (!parsed?.ok) {
    return `has no usable base_url${parsed && !parsed.ok ? `: ${parsed.message}` : ''}`;
  }
  if (token !== undefined && (typeof token !== 'string' || token.trim() === '')) {
    return 'has an empty token';
  }
  if (user_id !== undefined && typeof user_id !== 'string') {
    return 'has a user_id that is not text';
  }
  if (lease !== undefined && typeof lease !== 'string') {
    return 'has a lease that is not a path';
  }
  if (
    requests_per_minute !== undefined &&
    !(
      Number.isInteger(requests_per_minute) &&
      (requests_per_minute as number) >= 1 &&
      (requests_per_minute as number) <= 60
    )
  ) {
    return 'has requests_per_minute outside 1 to 60';
  }
  return {
    base_url: parsed.url,
    ...(user_id !== undefined ? { user_id } : {}),
    ...(token !== undefined ? { token: token.trim() } : {}),
    ...(lease !== undefined ? { lease } : {}),
    ...(requests_per_minute !== undefined ? { requests_per_minute: requests_per_minute as number } : {}),
  };
}
