// An account is one user of one service: the value that every request, every piece of stored state
// and, later, every reference to a task belongs to (docs/decisions/accounts.md). It has one text
// form, its key, used for maps, stored state and whatever travels between windows and pages.
import { parseBaseUrl } from '../api/baseUrl';

export interface Account {
  /** The service's address as parseBaseUrl normalises it (https, host, the API prefix, no slash). */
  readonly baseUrl: string;
  /** The user's id on that service (GET /user). */
  readonly userId: string;
}

declare const accountKeyBrand: unique symbol;

/**
 * `<normalised base URL>#<user id>`. A normalised base URL never holds a `#` (parseBaseUrl refuses
 * fragments), so the last `#` always separates the two parts. It is also the id of the account's
 * session in VS Code's Accounts menu, which therefore stays the same across the upgrade.
 */
export type AccountKey = string & { readonly [accountKeyBrand]: true };

const MAX_USER_ID = 200;

export function accountKey(account: Account): AccountKey {
  return `${account.baseUrl}#${account.userId}` as AccountKey;
}

/** The account of a key, or undefined for anything that is not exactly a key this module made. */
export function parseAccountKey(key: unknown): Account | undefined {
  if (typeof key !== 'string') {
    return undefined;
  }
  const at = key.lastIndexOf('#');
  const baseUrl = key.slice(0, at);
  const userId = key.slice(at + 1);
  if (at <= 0 || !isUserId(userId)) {
    return undefined;
  }
  const parsed = parseBaseUrl(baseUrl);
  return parsed.ok && parsed.url === baseUrl ? { baseUrl, userId } : undefined;
}

export function isAccountKey(key: unknown): key is AccountKey {
  return parseAccountKey(key) !== undefined;
}

export function sameAccount(a: Account | undefined, b: Account | undefined): boolean {
  return a !== undefined && b !== undefined && a.baseUrl === b.baseUrl && a.userId === b.userId;
}

function isUserId(value: string): boolean {
  return value.length > 0 && value.length <= MAX_USER_ID && /^[A-Za-z0-9._:-]+$/.test(value);
}

/**
 * The keys under which the release before accounts kept per-account state: `<url> <user>` in the
 * offline queue and the Inbox, `<url>|<user>` in the saved views. Read when today's key has nothing,
 * removed by the first write under today's key, never written.
 */
export function legacyAccountKeys(account: Account): readonly string[] {
  return [`${account.baseUrl} ${account.userId}`, `${account.baseUrl}|${account.userId}`];
}

/** An account's entry of a record kept per account: under its key, else under a key of the previous release. */
export function entryOf<T>(record: Readonly<Record<string, T>>, account: Account): T | undefined {
  const own = (key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);
  return (
    own(accountKey(account)) ??
    legacyAccountKeys(account)
      .map(own)
      .find((v) => v !== undefined)
  );
}

/**
 * A copy of the record with the account's entry under its key (removed when `value` is undefined)
 * and no entry left under a key of the previous release, so nothing stored is ever read twice.
 */
export function withEntry<T>(
  record: Readonly<Record<string, T>>,
  account: Account,
  value: T | undefined,
): Record<string, T> {
  const legacy = new Set(legacyAccountKeys(account));
  const key = accountKey(account);
  const next = Object.fromEntries(Object.entries(record).filter(([k]) => k !== key && !legacy.has(k)));
  if (value !== undefined) {
    next[key] = value;
  }
  return next;
}
