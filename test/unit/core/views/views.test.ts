import * as assert from 'node:assert/strict';
import type { ApiClient } from '../../../../src/core/api/client';
import { KnownViews } from '../../../../src/core/views/known';
import { ViewPager } from '../../../../src/core/views/pager';
import { parseViewReference, viewsFromSidebar } from '../../../../src/core/views/references';
import { useSandbox } from '../api/env';

const base = 'https://tasks.example.com/api';
const id = '0da387fb-4bae-459d-b414-6e1c6a8008ee';

describe('saved views: references, known views, paging against the sandbox (docs/api/openapi.yaml#listViewTasks)', () => {
  const cases: [string, string][] = [
    [id, 'id'],
    [` ${id.toUpperCase()} `, 'id'],
    [`https://tasks.example.com/v/${id}`, 'id'],
    [`https://tasks.example.com/w/x/views/${id}?tab=list`, 'id'],
    [`https://evil.example.net/v/${id}`, 'foreignLink'],
    ['https://tasks.example.com/v/not-a-uuid', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['ACME-12', 'invalid'],
    ['   ', 'empty'],
  ];
  for (const [input, kind] of cases) {
    it(`reads ${JSON.stringify(input)} as ${kind}`, () => {
      const ref = parseViewReference(input, base);
      assert.equal(ref.kind, kind);
      if (ref.kind === 'id') {
        assert.equal(ref.viewId, id);
      }
    });
  }

  it('reads views from a sidebar answer defensively', () => {
    assert.deepEqual(
      viewsFromSidebar({
        data: {
          views: [
            { id, name: 'A', viewable_type: 'list', viewable_id: 'x' },
            { id: 'bad', name: 'B' },
            null,
            { name: 'no id' },
          ],
        },
      }),
      [{ id, name: 'A', scopeType: 'list', scopeId: 'x' }],
    );
    for (const odd of [undefined, null, 'x', { data: {} }, { data: { views: 'x' } }]) {
      assert.deepEqual(viewsFromSidebar(odd), []);
    }
  });

  it('keeps pinned views and the 20 most recent runs, per account', async () => {
    const map = new Map<string, unknown>();
    const kv = {
      get: <T>(k: string) => map.get(k) as T | undefined,
      update: async (k: string, v: unknown) => void map.set(k, v),
    };
    const alice = new KnownViews(kv, { baseUrl: 'https://a/api', userId: 'alice' });
    const bob = new KnownViews(kv, { baseUrl: 'https://a/api', userId: 'bob' });
    await alice.put({ id: 'p', name: 'Pinned', pinned: true });
    for (let i = 0; i < 25; i++) {
      await alice.put({
        id: `r${i}`,
        name: `R${i}`,
        pinned: false,
        lastRunAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      });
    }
    assert.equal(alice.all().length, 21);
    assert.ok(alice.get('p')?.pinned);
    assert.equal(alice.get('r0'), undefined, 'the oldest runs are forgotten');
    assert.deepEqual(bob.all(), [], 'nothing crosses accounts');
    await alice.patch('p', { name: 'Renamed' });
    assert.equal(alice.get('p')?.name, 'Renamed');
  });

  it("reads the previous release's key until the first change moves the views to the account key", async () => {
    const map = new Map<string, unknown>([
      ['savedViews:https://a/api|alice', [{ id: 'p', name: 'Old', pinned: true }]],
    ]);
    const kv = {
      get: <T>(k: string) => map.get(k) as T | undefined,
      update: async (k: string, v: unknown) => void (v === undefined ? map.delete(k) : map.set(k, v)),
    };
    const alice = new KnownViews(kv, { baseUrl: 'https://a/api', userId: 'alice' });
    assert.deepEqual(
      alice.pinned().map((v) => v.name),
      ['Old'],
      'kept across the upgrade',
    );
    await alice.patch('p', { name: 'New' });
    assert.deepEqual([...map.keys()], ['savedViews:https://a/api#alice'], 'moved, not copied');
    assert.equal(alice.get('p')?.name, 'New');
    assert.deepEqual(new KnownViews(kv, { baseUrl: 'https://a/api', userId: 'bob' }).all(), []);
  });

  describe('ViewPager against the sandbox', () => {
    const env = useSandbox({ seed: 'demo', reset: false });
    let client: ApiClient;
    before(async () => {
      client = env.client();
    });

    it('pages a view to its last page; the rows equal the view read at per_page 100', async () => {
      const viewId = env.fx.views.space_view as string;
      const pager = new ViewPager(client, viewId);
      while (!pager.done) {
        await pager.next();
      }
      const expected: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await client.runView(viewId, { per_page: 100, page });
        expected.push(...answer.data.map((r) => r.id));
        if (page >= (answer.last_page ?? page)) {
          break;
        }
      }
      assert.deepEqual(
        pager.rows.map((r) => r.id),
        expected,
      );
      assert.equal(pager.rows.length, pager.counts.filtered);
      assert.equal(await pager.next().then((rows) => rows.length), 0, 'nothing after the last page');
    });

    it('refuses a page size the server would refuse, before any request', () => {
      assert.throws(() => new ViewPager(client, 'x', 0), RangeError);
      assert.throws(() => new ViewPager(client, 'x', 101), RangeError);
    });
  });
});
