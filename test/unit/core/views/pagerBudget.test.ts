import * as assert from 'node:assert/strict';
import { ApiClient } from '../../../../src/core/api/client';
import { RateLimiter } from '../../../../src/core/api/rateLimiter';
import { VIEW_BUDGET } from '../../../../src/core/budgets';
import { ViewPager, VIEW_PAGE_SIZE } from '../../../../src/core/views/pager';
import { ENDLESS_MODE, endlessId } from '../../../hostile/endless';
import { startHostileServer } from '../../../hostile/server';
import type { HostileServer } from '../../../hostile/server';

/**
 * A saved view whose every page promises one more (the hostile server's endless mode): "Load more"
 * stops at the view budget (src/core/budgets.ts), says it is capped, and sends nothing after.
 */
describe('saved views: paging stops at its budget on an endless server', () => {
  let server: HostileServer;
  before(async () => {
    server = await startHostileServer({ lifetimeMs: 60_000 });
  });
  after(() => server?.close());

  it(`reads at most ${VIEW_BUDGET.pages} pages, then is capped and sends no more`, async () => {
    const client = new ApiClient({
      baseUrl: server.baseUrl(ENDLESS_MODE),
      token: 'endless-token',
      limiter: new RateLimiter({ limit: 100_000, windowMs: 1000 }),
    });
    const pager = new ViewPager(client, endlessId(6, 1));
    const before = server.count(ENDLESS_MODE);
    // A user pressing Load more for as long as it is offered (bounded here by twice the budget).
    for (let i = 0; i < 2 * VIEW_BUDGET.pages && !pager.capped && !pager.done; i++) {
      await pager.next();
    }
    assert.equal(pager.done, false, 'the view never ends');
    assert.equal(pager.capped, true);
    assert.equal(server.count(ENDLESS_MODE) - before, VIEW_BUDGET.pages);
    assert.equal(pager.rows.length, VIEW_BUDGET.pages * VIEW_PAGE_SIZE);
    assert.ok((pager.counts.filtered ?? 0) > pager.rows.length, 'the counts say more were left');
    assert.deepEqual(await pager.next(), []);
    assert.equal(server.count(ENDLESS_MODE) - before, VIEW_BUDGET.pages, 'nothing sent past the budget');
  });
});
