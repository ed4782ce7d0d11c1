import { strict as assert } from 'node:assert';
import { parseAccountsVar } from '../../../../src/core/mcp/accountsVar';
import { AccountRouter } from '../../../../src/core/mcp/router';
import { findTool } from '../../../../src/core/mcp/tools';
import type { ToolSpec } from '../../../../src/core/mcp/tools';
import { useOtherWorld, useSandbox } from '../api/env';

const tool = (name: string): ToolSpec => findTool(name)!;

describe('AccountRouter: the account a tool call of the MCP server acts with', function () {
  const demo = useSandbox(this, { reset: false, timeout: 30_000 });
  const other = useOtherWorld({ reset: false });

  beforeEach(async () => {
    await demo.control('DELETE', '/requests');
    await other.control('DELETE', '/requests');
  });

  it('one account: every call goes to it, with no request of its own', async () => {
    const router = new AccountRouter([demo.client('demo-token-alice')]);
    const outcome = await router.call(tool('list_spaces'), { workspace_id: other.fx.workspaces.acme.id });
    assert.equal(outcome.ok, false, 'the service answers a workspace it does not know, as before');
    assert.deepEqual(
      (await demo.requests()).map((r) => r.path),
      [`/api/workspaces/${other.fx.workspaces.acme.id}/spaces`],
      'no GET /user: nothing to choose between',
    );
  });

  it('a workspace two users of one service see goes to the first of them, in order', async () => {
    const router = new AccountRouter([
      other.client('other-token-frank'),
      demo.client('demo-token-bob'),
      demo.client('demo-token-alice'),
    ]);
    const outcome = await router.call(tool('list_spaces'), { workspace_id: demo.acme });
    assert.ok(outcome.ok, outcome.text);
    const spaces = (await demo.requests()).filter((r) => r.path.endsWith('/spaces'));
    assert.deepEqual(
      spaces.map((r) => r.token_label),
      ['bob'],
    );
    assert.deepEqual(
      (await other.requests()).map((r) => r.path),
      ['/api/user'],
      'the other service was asked only who its user is',
    );
  });

  it('bad input is refused without a request to any account, as with one', async () => {
    const router = new AccountRouter([demo.client('demo-token-alice'), other.client('other-token-frank')]);
    const outcome = await router.call(tool('list_tasks'), { workspace_id: demo.acme });
    assert.equal(outcome.ok, false);
    assert.match(outcome.text, /give exactly one scope.*No request was sent/);
    assert.deepEqual(await demo.requests(), []);
    assert.deepEqual(await other.requests(), []);
  });

  it('TASK_PLATFORM_ACCOUNTS: a JSON list of further accounts, read strictly', () => {
    assert.deepEqual(parseAccountsVar(undefined), { ok: true, accounts: [] });
    const read = parseAccountsVar(
      JSON.stringify([{ base_url: `${other.baseUrl}/`, token: ' t ', requests_per_minute: 20 }]),
    );
    assert.deepEqual(read, { ok: true, accounts: [{ base_url: other.baseUrl, token: 't', requests_per_minute: 20 }] });
    const cases: [string, unknown][] = [
      ['is not a list', { base_url: other.baseUrl }],
      ['outside 1 to 60', [{ base_url: other.baseUrl, requests_per_minute: 61 }]],
      ['at most 9', Array.from({ length: 10 }, () => ({ base_url: other.baseUrl }))],
    ];
    for (const [why, value] of cases) {
      const result = parseAccountsVar(JSON.stringify(value));
      assert.ok(!result.ok && result.message.includes(why), `${why}: ${JSON.stringify(result)}`);
    }
  });
});
