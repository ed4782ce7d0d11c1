import { strict as assert } from 'node:assert';
import { toolTokens } from '../../../bench/figures/mcp';
import { ACCOUNTS_VAR } from '../../../src/core/mcp/accountsVar';
import { useOtherWorld, useSandbox } from '../core/api/env';
import type { Env, Json, LoggedRequest } from '../core/api/env';
import { buildServer, callError, callJson, connect, runBare } from './harness';
import type { Connected } from './harness';

/** The bench's target for tools/list (bench/figures/mcp.ts): about 3,000 tokens, 10% over at most. */
const TOOL_LIST_TOKENS = 3_300;

/** One server for two accounts: `first` on the demo sandbox, `second` on the other world's. */
function connectBoth(demo: Env, other: Env, first: string, second: string): Promise<Connected> {
  return connect(demo.baseUrl, first, {
    [ACCOUNTS_VAR]: JSON.stringify([{ base_url: other.baseUrl, token: second }]),
  });
}

/** Every request of a token to one sandbox. */
async function everything(env: Env, token: string): Promise<LoggedRequest[]> {
  return (await env.requests()).filter((r) => r.token_label === token);
}

/** What a token sent to one sandbox, outside GET /user (the server's own look-up of each account's workspaces). */
async function sent(env: Env, token: string): Promise<LoggedRequest[]> {
  return (await env.requests()).filter((r) => r.token_label === token && r.path !== '/api/user');
}

describe('mcp server: several accounts, one server, each call sent to the account of its workspace', function () {
  // Both sandboxes count 60 requests a minute per token, as the service does.
  const demo = useSandbox(this, { rateLimit: 60, reset: false, timeout: 120_000 });
  const other = useOtherWorld({ rateLimit: 60, reset: false });
  let both: Connected;
  let demoAcme: string;
  let labs: string;

  before(async () => {
    buildServer();
    demoAcme = demo.fx.workspaces.acme.id;
    labs = other.fx.workspaces.acme.id;
    both = await connectBoth(demo, other, 'demo-token-alice', 'other-token-frank');
  });
  after(async () => {
    await both?.close();
  });

  it("list_tasks on a workspace of one account reaches only that account's service", async () => {
    await demo.control('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    const own = await callJson(both.client, 'list_tasks', { workspace_id: demoAcme, list_id: demo.fx.lists.api });
    assert.ok(own.tasks.length > 0);
    assert.deepEqual(
      (await sent(demo, 'alice')).map((r) => `${r.method} ${r.path}`),
      [`GET /api/workspaces/${demoAcme}/tasks`],
    );
    assert.deepEqual(await sent(other, 'frank'), [], 'nothing of it reached the other service');

    const theirs = await callJson(both.client, 'list_tasks', {
      workspace_id: labs,
      list_id: other.fx.lists.experiments,
    });
    assert.ok(theirs.tasks.length > 0);
    assert.deepEqual(
      (await sent(other, 'frank')).map((r) => `${r.method} ${r.path}`),
      [`GET /api/workspaces/${labs}/tasks`],
    );
    assert.equal((await sent(demo, 'alice')).length, 1, 'nothing more reached the first service');
    const stray = (await demo.requests()).filter((r) => r.path.includes(labs));
    assert.deepEqual(stray, [], "the other world's workspace id never reached the first service");
  });

  it('tools/list is the same as with one account: same tools, same schemas, within the size target', async () => {
    const alone = await connect(demo.baseUrl, 'demo-token-alice');
    try {
      const { tools: one } = await alone.client.listTools();
      const { tools: two } = await both.client.listTools();
      assert.deepEqual(two, one);
      assert.ok(toolTokens(two) <= TOOL_LIST_TOKENS, `tools/list: ${toolTokens(two)} tokens`);
      assert.match(both.client.getInstructions() ?? '', /several accounts/);
      assert.doesNotMatch(alone.client.getInstructions() ?? '', /several accounts/);
    } finally {
      await alone.close();
    }
  });

  it("get_me lists every account's workspaces, each naming its account and the user's id there", async () => {
    const me = await callJson(both.client, 'get_me');
    assert.equal(me.name, 'Alice Admin', 'the first account on top');
    const rows = me.workspaces.map((w: Json) => [w.name, w.account.split(' (')[0], w.user_id]);
    assert.deepEqual(rows, [
      ['Acme', 'Alice Admin', demo.fx.users.alice.id],
      ['Side Project', 'Alice Admin', demo.fx.users.alice.id],
      ['Acme Labs', 'Frank Founder', other.fx.users.frank.id],
      ['Nimbus', 'Frank Founder', other.fx.users.frank.id],
    ]);
    assert.match(me.workspaces[2].account, new RegExp(`\\(${new URL(other.baseUrl).host.replace('.', '\\.')}\\)$`));
  });

  it('an id that cannot be placed is refused, saying what to pass, with nothing sent; once shown, it routes', async () => {
    await demo.control('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    const unknown = await callError(both.client, 'list_spaces', {
      workspace_id: '00000000-0000-4000-8000-000000000000',
    });
    assert.match(unknown, /No account of this server sees workspace 00000000-.*Pass a workspace_id that get_me lists/);
    const incidents = other.fx.lists.incidents;
    const unplaced = await callError(both.client, 'list_statuses', { list_id: incidents });
    assert.match(unplaced, /which one list_id .* belongs to is not known yet\. Call get_sidebar with the workspace_id/);
    assert.deepEqual(await sent(demo, 'alice'), [], 'nothing sent to the first service');
    assert.deepEqual(await sent(other, 'frank'), [], 'nor to the other');

    await callJson(both.client, 'get_sidebar', { workspace_id: other.fx.workspaces.nimbus.id });
    const statuses = await callJson(both.client, 'list_statuses', { list_id: incidents });
    assert.ok(statuses.items.length > 0);
    assert.deepEqual(
      (await sent(other, 'frank')).map((r) => r.path),
      [`/api/workspaces/${other.fx.workspaces.nimbus.id}/sidebar`, `/api/lists/${incidents}/statuses`],
    );
    assert.deepEqual(await sent(demo, 'alice'), []);
  });

  it('a burst across both accounts: each token stays within its 60 a minute, no 429', async () => {
    // Two tokens this suite has not used: each starts with its whole minute.
    const burst = await connectBoth(demo, other, 'demo-token-dave', 'other-token-heidi');
    const calls = 70;
    const answered = { dave: 0, heidi: 0 };
    const failed: string[] = [];
    let enough: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (enough = resolve));
    const fire = (who: 'dave' | 'heidi', i: number): void => {
      const args =
        who === 'dave'
          ? { workspace_id: demoAcme, list_id: demo.fx.lists.api, search: `burst ${i}` }
          : { workspace_id: other.fx.workspaces.nimbus.id, list_id: other.fx.lists.incidents, search: `burst ${i}` };
      // Each search differs: the client shares identical reads in flight, which would send fewer.
      burst.client.callTool({ name: 'list_tasks', arguments: args }).then(
        (result) => {
          if (result.isError) failed.push(JSON.stringify(result.content).slice(0, 300));
          answered[who]++;
          if (answered.dave >= 55 && answered.heidi >= 55) enough();
        },
        () => undefined, // the ones still waiting for a slot end with the server, below
      );
    };
    try {
      for (let i = 0; i < calls; i++) {
        fire('dave', i);
        fire('heidi', i);
      }
      await reached;
      assert.ok(answered.dave < calls && answered.heidi < calls, "the rest wait for their token's next minute");
    } finally {
      // Ends the server: the calls still waiting for a slot are never sent.
      await burst.close();
    }
    for (const [env, token] of [
      [demo, 'dave'],
      [other, 'heidi'],
    ] as const) {
      const log = await everything(env, token);
      assert.equal(log.filter((r) => r.status === 429).length, 0, `${token}: no 429`);
      assert.ok(log.length >= 56 && log.length <= 60, `${token}: ${log.length} requests in its minute`);
    }
    assert.deepEqual(failed, [], 'every answered call succeeded');
  });

  it('refuses a further account without a token, or in a form it does not read, never echoing a token', () => {
    const base = { TASK_PLATFORM_BASE_URL: demo.baseUrl, TASK_PLATFORM_TOKEN: 'secret-token-1234' };
    const cases: [string, string, RegExp][] = [
      ['no token', JSON.stringify([{ base_url: other.baseUrl }]), /entry 1 has no token/],
      ['not JSON', '[{', /TASK_PLATFORM_ACCOUNTS is not JSON/],
      [
        'a bad address',
        JSON.stringify([{ base_url: 'http://x.example/api', token: 'secret-2' }]),
        /no usable base_url/,
      ],
      [
        'an unknown key',
        JSON.stringify([{ base_url: other.baseUrl, token: 'secret-2', tokn: 1 }]),
        /key it does not know/,
      ],
    ];
    for (const [label, value, expected] of cases) {
      const result = runBare({ ...base, [ACCOUNTS_VAR]: value });
      assert.notEqual(result.status, 0, label);
      assert.match(result.stderr, expected, label);
      assert.ok(!result.stderr.includes('secret-'), `${label}: no token printed`);
    }
  });
});
