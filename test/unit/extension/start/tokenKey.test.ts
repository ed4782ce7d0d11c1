import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { parseBaseUrl } from '../../../../src/core/api/baseUrl';
import * as core from '../../../../src/extension/auth/tokenStore';
import { TokenStore } from '../../../../src/extension/auth/tokenStore';
import * as entry from '../../../../src/extension/start/tokenKey';
import { tokenKeyFor } from '../../../../src/extension/start/tokenKey';

/** The key TokenStore reads for the previous release's token of `baseUrl` (a SecretStorage that only records the key asked for). */
async function storeKey(baseUrl: string): Promise<string> {
  let asked = '';
  const secrets = { get: async (key: string) => void (asked = key) } as unknown as vscode.SecretStorage;
  const state = { get: () => undefined } as unknown as vscode.Memento;
  await new TokenStore(secrets, state).legacy(baseUrl);
  return asked;
}

describe("the entry's token key: the SecretStorage key TokenStore uses for the previous release's token", () => {
  const settings = [
    'https://tasks.example.com/api',
    '  https://tasks.example.com/api/  ',
    'https://tasks.example.com/api///',
    'HTTPS://Tasks.Example.COM/api',
    'https://tasks.example.com:8443/api/v1',
    'https://tasks.example.com:443/api',
    'http://127.0.0.1:4010/api',
    'http://localhost/api/',
    'http://[::1]:4010/api',
    'https://tasks.example.com/a%20pi',
    'https://tâches.example.com/api',
    'https://tasks.example.com/./api/../api',
  ];
  for (const setting of settings) {
    it(JSON.stringify(setting), async () => {
      const parsed = parseBaseUrl(setting);
      assert.ok(parsed.ok, setting);
      assert.equal(tokenKeyFor(setting), await storeKey(parsed.url));
    });
  }

  it('the same prefix and account list key in the entry and in core', () => {
    assert.equal(entry.TOKEN_KEY_PREFIX, core.TOKEN_KEY_PREFIX);
    assert.equal(entry.ACCOUNT_LIST_KEY, core.ACCOUNT_LIST_KEY);
  });

  it('no key where no token can be stored: unset, empty, not a URL, not a string', () => {
    for (const setting of [undefined, null, 42, '', '   ', 'tasks.example.com/api', 'not a url']) {
      assert.equal(tokenKeyFor(setting), undefined, String(setting));
    }
  });
});
