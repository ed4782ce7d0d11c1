// Conformance of docs/api/openapi.yaml#searchWorkspace and its limits (query length, per_page).
import * as assert from 'node:assert/strict';
import { useSandbox } from './helpers';
import { assertError, createTask, marker } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#searchWorkspace.
describe('Search > GET /search', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  let m: string;
  let made: Json[];

  before(async () => {
    ({ w, a } = await h.reseed());
    m = marker('sx');
    made = [];
    const priorities = ['low', 'medium', 'high', 'critical'];
    for (let i = 0; i < 25; i += 1) {
      made.push(
        await createTask(a, w.acme.id, {
          list_id: w.acmePublicLists[0]!.id,
          title: `${m} result ${i}`,
          priority: priorities[i % 4],
        }),
      );
    }
  });

  const search = (query: Record<string, string | number>, api = a): Promise<Json> =>
    api.get('/search', { workspace_id: w.acme.id, ...query });

  it('200 { query, page, per_page, tasks: { total, hits } } with defaults page 1, per_page 20', async () => {
    const res = await search({ q: m });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.query, m);
    assert.equal(res.body.page, 1);
    assert.equal(res.body.per_page, 20);
    assert.equal(res.body.tasks.total, 25);
    assert.equal(res.body.tasks.hits.length, 20);
    const ids = new Set(made.map((t) => t.id));
    for (const hit of res.body.tasks.hits) {
      assert.ok(ids.has(hit.id));
      assert.equal(typeof hit.title, 'string');
      assert.ok(hit.title.includes(m));
      assert.ok(['low', 'medium', 'high', 'critical'].includes(hit.priority));
    }
  });

  it('page 2 holds the rest, with no overlap', async () => {
    const p1 = (await search({ q: m })).body.tasks.hits.map((x: Json) => x.id);
    const p2 = (await search({ q: m, page: 2 })).body;
    assert.equal(p2.page, 2);
    assert.equal(p2.tasks.hits.length, 5);
    assert.deepEqual([...p1, ...p2.tasks.hits.map((x: Json) => x.id)].sort(), made.map((t) => t.id).sort());
  });

  it('per_page 1..50', async () => {
    assert.equal((await search({ q: m, per_page: 1 })).body.tasks.hits.length, 1);
    const all = (await search({ q: m, per_page: 50 })).body;
    assert.equal(all.per_page, 50);
    assert.equal(all.tasks.hits.length, 25);
  });

  it('priority narrows the hits', async () => {
    const body = (await search({ q: m, priority: 'critical', per_page: 50 })).body;
    const expected = made
      .filter((t) => t.priority === 'critical')
      .map((t) => t.id)
      .sort();
    assert.deepEqual(body.tasks.hits.map((x: Json) => x.id).sort(), expected);
    assert.equal(body.tasks.total, expected.length);
  });

  it('type=tasks returns task hits; comments and attachments are accepted types', async () => {
    const res = await search({ q: m, type: 'tasks' });
    assert.equal(res.status, 200);
    assert.equal(res.body.tasks.total, 25);
    for (const type of ['comments', 'attachments']) assert.equal((await search({ q: m, type })).status, 200, type);
  });

  it('q of 255 characters is accepted', async () => {
    const res = await search({ q: 'q'.repeat(255) });
    assert.equal(res.status, 200);
    assert.equal(res.body.tasks.total, 0);
  });

  it('never returns tasks the caller may not see', async () => {
    const secret = await createTask(a, w.acme.id, { list_id: w.acmePrivateLists[0]!.id, title: `${m} secret` });
    const asAlice = (await search({ q: `${m} secret` })).body.tasks.hits.map((x: Json) => x.id);
    assert.ok(asAlice.includes(secret.id));
    const asBob = await search({ q: `${m} secret` }, h.as('bob'));
    assert.equal(asBob.status, 200);
    assert.ok(!asBob.body.tasks.hits.some((x: Json) => x.id === secret.id));
    const asCarol = await search({ q: m }, h.as('carol'));
    assert.ok(asCarol.status !== 200 || asCarol.body.tasks.total === 0, 'carol sees nothing of Acme');
  });

  const invalid: [string, () => Record<string, string>, string][] = [
    ['q missing', () => ({ workspace_id: w.acme.id }), 'q'],
    ['q empty', () => ({ workspace_id: w.acme.id, q: '' }), 'q'],
    ['q of 256 characters', () => ({ workspace_id: w.acme.id, q: 'q'.repeat(256) }), 'q'],
    ['workspace_id missing', () => ({ q: 'x' }), 'workspace_id'],
    ['workspace_id not a uuid', () => ({ q: 'x', workspace_id: 'acme' }), 'workspace_id'],
    ['type unknown', () => ({ workspace_id: w.acme.id, q: 'x', type: 'users' }), 'type'],
    ['priority unknown', () => ({ workspace_id: w.acme.id, q: 'x', priority: 'urgent' }), 'priority'],
    ['per_page 0', () => ({ workspace_id: w.acme.id, q: 'x', per_page: '0' }), 'per_page'],
    ['per_page 51', () => ({ workspace_id: w.acme.id, q: 'x', per_page: '51' }), 'per_page'],
    ['page 0', () => ({ workspace_id: w.acme.id, q: 'x', page: '0' }), 'page'],
  ];
  for (const [label, query, field] of invalid) {
    it(`${label} -> 422 errors.${field}`, async () => {
      assertError(await a.get('/search', query()), 422, field);
    });
  }

  describe('assumption: groups and matching (docs/api/openapi.yaml#searchWorkspace)', () => {
    it('without type: tasks, comments and attachments groups; with type: only that group', async () => {
      const all = (await search({ q: m })).body;
      for (const g of ['tasks', 'comments', 'attachments']) assert.equal(typeof all[g].total, 'number', g);
      const only = (await search({ q: m, type: 'comments' })).body;
      assert.ok('comments' in only && !('tasks' in only));
    });

    it('task hits carry display_id, status, list_id, workspace_id, updated_at', async () => {
      const [hit] = (await search({ q: m })).body.tasks.hits;
      for (const k of ['display_id', 'status', 'list_id', 'workspace_id', 'updated_at']) assert.ok(k in hit, k);
    });

    it('matching is case-insensitive; an exact display id comes first', async () => {
      assert.equal((await search({ q: m.toUpperCase() })).body.tasks.total, (await search({ q: m })).body.tasks.total);
      const target = made[7];
      const res = (await search({ q: target.display_id.toLowerCase() })).body;
      assert.equal(res.tasks.hits[0].id, target.id);
    });

    it('q is trimmed: only spaces -> 422 errors.q', async () => {
      assertError(await search({ q: '   ' }), 422, 'q');
    });

    it('a workspace the caller is not a member of -> 422 errors.workspace_id', async () => {
      assertError(await search({ q: m }, h.as('carol')), 422, 'workspace_id');
    });

    it('comments of invisible tasks never match', async () => {
      const secret = await createTask(a, w.acme.id, { list_id: w.acmePrivateLists[0]!.id, title: 'hidden' });
      const word = marker('cm');
      await a.post(`/workspaces/${w.acme.id}/tasks/${secret.id}/comments`, { body: `note ${word}` });
      assert.equal((await search({ q: word, type: 'comments' })).body.comments.total, 1);
      assert.equal((await search({ q: word, type: 'comments' }, h.as('bob'))).body.comments.total, 0);
    });
  });
});
