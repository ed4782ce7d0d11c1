import type * as vscode from 'vscode';

/**
 * The globalState keys that follow the user to another machine through Settings Sync: the saved
 * views each account pinned or ran lately (`savedViews:<service>|<user>`, core/views/known.ts) and
 * the learned task-id prefixes (codeLinks/finder.ts). Never the offline queue (`taskPlatform.outbox`:
 * writes made on this machine, to be sent from it once), the task being worked on (a branch of this
 * clone), recent lists or anything holding a token (tokens live in SecretStorage only).
 * test/unit/repo/syncKeys.test.ts keeps these names in step with the code that writes them.
 */
export const SYNCED_KEYS: readonly string[] = ['taskPlatform.codeLinks.prefixes'];
export const SYNCED_KEY_PREFIXES: readonly string[] = ['savedViews:'];

/** Of the keys stored now, those to sync (the fixed ones always, stored or not). */
export function syncedKeys(stored: readonly string[]): string[] {
  const perAccount = stored.filter((key) => SYNCED_KEY_PREFIXES.some((prefix) => key.startsWith(prefix)));
  return [...SYNCED_KEYS, ...perAccount.sort()];
}

/**
 * Declares the keys to Settings Sync (again: a new account's saved views get a key of their own).
 * Returns what was declared.
 */
export function declareSyncedKeys(globalState: vscode.ExtensionContext['globalState']): string[] {
  const keys = syncedKeys(globalState.keys());
  globalState.setKeysForSync(keys);
  return keys;
}
