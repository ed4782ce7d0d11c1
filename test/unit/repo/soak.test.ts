import * as assert from 'node:assert/strict';
import { maxInAnyWindow, runSoak } from '../../soak/soak';

describe('soak, shortened: mixed use with polling stays within the request budget', function () {
  this.timeout(60_000);

  it('counts requests in a sliding window', () => {
    assert.equal(maxInAnyWindow([0, 10, 20, 1000, 1005], 1000), 4);
    assert.equal(maxInAnyWindow([0, 999, 1000, 1999], 1000), 2);
    assert.equal(maxInAnyWindow([], 1000), 0);
  });

  it('15 s at 10 requests per 2 s: never more than 10 in any 2 s window, no 429, no error', async () => {
    const result = await runSoak({ durationMs: 15_000, limit: 10, windowMs: 2_000, thinkMs: 60, pollMs: 1_000 });
    assert.deepEqual(result.errors, []);
    assert.ok(result.requests > 40, `the soak kept the budget busy (${result.requests} requests)`);
    assert.ok(result.maxInWindow <= 10, `at most 10 in any window, saw ${result.maxInWindow}`);
    assert.equal(result.rejected429, 0);
    // The open panel's poll runs or yields (under half of the budget left, as PanelPoller does).
    assert.ok(
      (result.actions.panelPoll ?? 0) + (result.actions.panelPollSkipped ?? 0) > 0,
      `panel polling was on: ${JSON.stringify(result.actions)}`,
    );
    for (const action of ['expandList', 'openTask', 'search', 'edit', 'poll']) {
      assert.ok((result.actions[action] ?? 0) > 0, `${action} ran: ${JSON.stringify(result.actions)}`);
    }
  });
});
