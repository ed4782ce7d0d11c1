// Two sandboxes of different worlds (sandbox/README.md#worlds): the demo world and `other` share no
// id and no token, refuse each other's tokens, both serve the prefix ACME with different tasks, and
// keep separate request logs. Tests of several accounts rely on this to see a request sent to the
// wrong service.
import * as assert from 'node:assert/strict';
import { Api, UUID_RE, useSandbox } from './helpers';
import type { Harness, Json } from './helpers';

const COLLECTIONS = ['tasks', 'comments', 'dependencies', 'activity', 'users', 'views', 'sprints'] as const;

/** Every UUID in a JSON document (fixtures and raw store rows name every id a seed has). */
function uuidsIn(node: Json, out: Set<string> = new Set()): Set<string> {
  if (typeof node === 'string') {
    if (UUID_RE.test(node)) out.add(node);
  } else if (node !== null && typeof node === 'object') {
    for (const value of Object.values(node)) uuidsIn(value, out);
  }
  return out;
}

async function everyId(h: Harness): Promise<Set<string>> {
  const docs: Json[] = [await h.ctl.fixtures()];
  for (const collection of COLLECTIONS) docs.push(await h.ctl.state(collection));
  return uuidsIn(docs);
}

async function tokensOf(h: Harness): Promise<string[]> {
  return (await h.ctl.state('users')).map((u: Json) => u.token as string);
}

function client(h: Harness, token: string): Api {
  return new Api(h.sb.baseUrl, `Bearer ${token}`);
}

/** The task with this display id in the world's workspace with the prefix ACME, as its admin sees it. */
async function acmeTask(h: Harness, token: string, displayId: string): Promise<Json> {
  const fx = await h.ctl.fixtures();
  const ws = fx.workspaces.acme;
  assert.equal(ws.prefix, 'ACME');
  const space = Object.values(fx.spaces as Record<string, string>)[0];
  const filter = JSON.stringify({ match: 'all', conditions: [{ field: 'display_id', op: 'is', values: [displayId] }] });
  const res = await client(h, token).get(`/workspaces/${ws.id}/tasks`, { space_id: space, filter });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.data.length, 1, `one ${displayId} in ${ws.name}`);
  return res.body.data[0];
}

describe('Sandbox worlds: demo and other side by side', () => {
  const demo = useSandbox({ rateLimit: 0 });
  const other = useSandbox({ rateLimit: 0, seed: 'other' });

  beforeEach(async () => {
    await demo.ctl.reset();
    await other.ctl.reset();
  });

  it('names its world and that world tokens', () => {
    assert.equal(demo.sb.world, 'demo');
    assert.equal(other.sb.world, 'other');
    assert.deepEqual(
      other.sb.tokens.map((t) => t.token),
      ['other-token-frank', 'other-token-grace', 'other-token-heidi'],
    );
  });

  it('shares no id and no token between the two worlds', async () => {
    const [demoIds, otherIds] = [await everyId(demo), await everyId(other)];
    assert.ok(demoIds.size > 500 && otherIds.size > 50, `${demoIds.size} demo ids, ${otherIds.size} other ids`);
    assert.deepEqual(
      [...otherIds].filter((id) => demoIds.has(id)),
      [],
    );
    const [demoTokens, otherTokens] = [await tokensOf(demo), await tokensOf(other)];
    assert.ok(otherTokens.includes('other-token-frank'));
    assert.deepEqual(
      otherTokens.filter((t) => demoTokens.includes(t)),
      [],
    );
  });

  it('refuses the tokens of the other world with 401, strictly', async () => {
    for (const t of demo.sb.tokens) {
      assert.equal((await client(other, t.token).get('/user')).status, 401, t.token);
      assert.equal((await client(demo, t.token).get('/user')).status, 200, t.token);
    }
    for (const t of other.sb.tokens) {
      assert.equal((await client(demo, t.token).get('/user')).status, 401, t.token);
      assert.equal((await client(other, t.token).get('/user')).status, 200, t.token);
    }
    const refused = (await other.ctl.requests()).filter((r: Json) => r.status === 401);
    assert.deepEqual(new Set(refused.map((r: Json) => r.token_label)), new Set(['unknown']));
  });

  it('answers 404 for the ids of the other world, even with its admin token', async () => {
    const fx = await demo.ctl.fixtures();
    const task = fx.tasks.task_with_comments;
    const res = await client(other, 'other-token-frank').get(`/workspaces/${fx.workspaces.acme.id}/tasks/${task.id}`);
    assert.equal(res.status, 404, res.text);
  });

  it('serves the prefix ACME in both worlds with different workspaces and tasks', async () => {
    const a = await acmeTask(demo, 'demo-token-alice', 'ACME-1');
    const b = await acmeTask(other, 'other-token-frank', 'ACME-1');
    assert.notEqual(a.id, b.id);
    assert.notEqual(a.workspace_id, b.workspace_id);
    assert.notEqual(a.title, b.title);
    assert.equal(b.title, 'Calibrate the spectrometer');
    const me = (await client(other, 'other-token-frank').get('/user')).body;
    assert.deepEqual(me.workspaces.map((w: Json) => w.name).sort(), ['Acme Labs', 'Nimbus']);
  });

  it('has a prefix of its own, NIM, that the demo world does not have', async () => {
    const fx = await other.ctl.fixtures();
    assert.equal(fx.workspaces.nimbus.prefix, 'NIM');
    assert.match(fx.tasks.nimbus_task.display_id, /^NIM-\d+$/);
    const prefixes = Object.values((await demo.ctl.fixtures()).workspaces as Record<string, Json>).map((w) => w.prefix);
    assert.ok(!prefixes.includes('NIM'), prefixes.join());
  });

  it('gives its three users the access their roles say', async () => {
    const fx = await other.ctl.fixtures();
    const names = async (token: string): Promise<string[]> =>
      (await client(other, token).get('/user')).body.workspaces.map((w: Json) => w.name).sort();
    assert.deepEqual(await names('other-token-grace'), ['Acme Labs']);
    assert.deepEqual(await names('other-token-heidi'), ['Nimbus']);
    const spaces = await client(other, 'other-token-grace').get(`/workspaces/${fx.workspaces.acme.id}/spaces`);
    assert.deepEqual(
      spaces.body.map((x: Json) => x.name),
      ['Research'],
    );
    const hidden = `/workspaces/${fx.workspaces.acme.id}/tasks/${fx.tasks.private_task.id}`;
    assert.equal((await client(other, 'other-token-grace').get(hidden)).status, 404);
    assert.equal((await client(other, 'other-token-frank').get(hidden)).status, 200);
  });

  it('keeps one request log per sandbox', async () => {
    await client(other, 'other-token-grace').get('/user');
    await client(other, 'other-token-frank').get('/user');
    await client(demo, 'demo-token-bob').get('/user');
    const otherLog = await other.ctl.requests();
    const demoLog = await demo.ctl.requests();
    assert.deepEqual(
      otherLog.map((r: Json) => r.token_label),
      ['grace', 'frank'],
    );
    assert.deepEqual(
      demoLog.map((r: Json) => r.token_label),
      ['bob'],
    );
  });

  it('keeps its world across resets and refuses a seed of the other world', async () => {
    const res = await fetch(`${other.sb.origin}/__sandbox/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: 'demo' }),
    });
    assert.equal(res.status, 422);
    assert.throws(() => other.sb.reset('empty'), /another world|demo world/);
    assert.throws(() => demo.sb.reset('other'), /other world/);
    other.sb.reset();
    assert.equal((await client(other, 'demo-token-alice').get('/user')).status, 401);
    assert.equal((await client(other, 'other-token-frank').get('/user')).status, 200);
  });
});
