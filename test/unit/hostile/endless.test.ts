import { strict as assert } from 'node:assert';
import { ApiClient } from '../../../src/core/api/client';
import { RateLimiter } from '../../../src/core/api/rateLimiter';
import { INBOX_BUDGET } from '../../../src/core/budgets';
import { runCheck } from '../../../src/core/inbox/check';
import { emptyState } from '../../../src/core/inbox/state';
import { ENDLESS_ASSIGNED, endlessId } from '../../hostile/endless';
import { startHostileServer } from '../../hostile/server';
import type { HostileServer } from '../../hostile/server';

/**
 * The hostile server's "endless but valid" mode (test/hostile/endless.ts): every answer passes the
 * client's schemas, and no whole operation ever runs out; an Inbox check over it still ends within
 * its budget.
 */
describe('hostile server: endless but valid', function () {
  this.timeout(60_000);
  let server: HostileServer;
  let client: ApiClient;
  const ws = endlessId(9, 1);
  const me = endlessId(8, 1);

  before(async () => {
    server = await startHostileServer({ lifetimeMs: 55_000 });
    client = new ApiClient({
      baseUrl: server.baseUrl('endless'),
      token: 'endless-token',
      limiter: new RateLimiter({ limit: 1_000, windowMs: 1_000 }),
    });
  });
  after(() => server.close());

  it('answers valid pages whose last_page grows, each with lists never seen before', async () => {
    const lists = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      const answer = await client.listTasks(ws, { scope: { space_id: ws }, per_page: 100, page });
      assert.equal(answer.data.length, 100);
      assert.equal(answer.last_page, page + 1, 'always one more page');
      const fresh = new Set(answer.data.map((r) => r.list_id));
      assert.ok(
        [...fresh].every((id) => id && !lists.has(id)),
        'new list ids on every page',
      );
      fresh.forEach((id) => lists.add(id!));
    }
    const statuses = await client.listStatuses([...lists][0]!);
    assert.equal(statuses.data.length, 3);
  });

  it('answers a finite space of 300 lists, one task each, in three pages, when asked to', async () => {
    server.setEndlessLists(300);
    try {
      const lists = new Set<string>();
      for (let page = 1; page <= 3; page++) {
        const answer = await client.listTasks(ws, { scope: { space_id: ws }, per_page: 100, page });
        assert.equal(answer.last_page, 3);
        answer.data.forEach((r) => lists.add(r.list_id!));
      }
      assert.equal(lists.size, 300);
      const past = await client.listTasks(ws, { scope: { space_id: ws }, per_page: 100, page: 4 });
      assert.equal(past.data.length, 0);
    } finally {
      server.setEndlessLists(undefined);
    }
  });

  it('answers thousands of assigned tasks, and activity with a fresh cursor every time', async () => {
    const all = await client.listTasks(ws, {
      scope: { space_id: ws },
      filter: { match: 'any', conditions: [{ field: 'assignee_id', op: 'in', values: [me] }] },
    });
    assert.equal(all.data.length, ENDLESS_ASSIGNED);
    assert.ok(all.data.every((r) => r.assignee_id === me));
    const a = await client.getActivity(ws, all.data[0]!.id);
    const b = await client.getActivity(ws, all.data[0]!.id, a.next_cursor!);
    assert.ok(a.has_more && b.has_more && a.next_cursor !== b.next_cursor);
  });

  it('an Inbox check of thousands of changed assigned tasks ends within its budget and defers the rest', async () => {
    const input = { me, spaces: [{ workspaceId: ws, spaceIds: [endlessId(7, 1)] }], autoFollow: true };
    const first = await runCheck(client, emptyState(), input);
    const state = first.apply(emptyState(), Date.now());
    const before = server.count('endless');
    const second = await runCheck(client, state, input);
    const sent = server.count('endless') - before;
    assert.equal(sent, second.requests, 'the check counts what the server saw');
    assert.ok(sent <= 1 + INBOX_BUDGET.requests, `${sent} requests: one index read and the budget`);
    assert.ok(second.deferred >= ENDLESS_ASSIGNED - INBOX_BUDGET.requests, `${second.deferred} deferred`);
  });
});
