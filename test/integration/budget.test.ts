import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { useExtension } from './driver';
import { sandboxControl, waitFor } from './helpers';

describe('Request budget in the status bar', function () {
  const driver = useExtension();
  const setting = (value: string | undefined): Thenable<void> =>
    vscode.workspace
      .getConfiguration('taskPlatform')
      .update('statusBar.requestBudget', value, vscode.ConfigurationTarget.Global);
  const shown = (want: boolean, why: string): Promise<true> =>
    waitFor(() => (driver.api.budget.visible === want ? true : undefined), why);

  after(() => setting(undefined));

  it('shows only when it matters (or always, by the setting); the account tooltip always has it', async () => {
    const api = driver.api;
    await setting('auto');
    // Erin's token: one the other suites hardly spend, so most of the minute's budget is left.
    await driver.signInAs('demo-token-erin');
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    // Signing in spends some (the user, prefixes); the runner's short rate window gives it back.
    await waitFor(() => {
      const { remaining, limit } = state.client.limiter.snapshot();
      return remaining * 2 >= limit ? true : undefined;
    }, 'half the budget or more left');
    await shown(false, 'auto: hidden while plenty is left');
    assert.match(api.account.tooltip, /signed in as Erin/);
    // Of 60, or of the share the MCP server leaves the editor while it runs (it lends and borrows).
    assert.match(api.account.tooltip, /Task Platform requests: \d+ of \d+ left in the current minute\./);

    await setting('always');
    await shown(true, 'always: shown');
    await setting('auto');
    await shown(false, 'auto again: hidden');

    // A 429: the service pauses requests for a second; the item comes and stays for a minute.
    await sandboxControl('POST', '/faults', { method: 'GET', path: '/api/user', kind: 'status429', times: 1 });
    await state.client.getUser();
    assert.equal(state.client.limiter.snapshot().paused, false, 'the pause is over');
    await shown(true, 'shown after a 429');
    assert.match(api.account.tooltip, /Task Platform requests: \d+ of \d+ left/);
  });
});
