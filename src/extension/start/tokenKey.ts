/** SecretStorage keys of tokens: this prefix, then an account key (or, before accounts, an address). */
export const TOKEN_KEY_PREFIX = 'taskPlatform.token:';

/** The global state key of the list of signed-in accounts (auth/tokenStore.ts): keys, never tokens. */
export const ACCOUNT_LIST_KEY = 'taskPlatform.accounts';

/**
 * The SecretStorage key the release before accounts stored the token for a `taskPlatform.baseUrl`
 * setting under, made as auth/tokenStore.ts (legacy) and core/api/baseUrl.ts (the address,
 * normalised) make it: the entry cannot import them (it holds only start/).
 * test/unit/extension/start/tokenKey.test.ts keeps the three in step. Undefined when the setting is
 * unset or not a URL: no token can be stored for it.
 */
export function tokenKeyFor(setting: unknown): string | undefined {
  if (typeof setting !== 'string' || setting.trim() === '') {
    return undefined;
  }
  try {
    const url = new URL(setting.trim());
    return `${TOKEN_KEY_PREFIX}${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}
