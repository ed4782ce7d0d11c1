import * as assert from 'node:assert/strict';
import { LatestOnly } from '../../../../src/core/util/latest';
import { AbortError, sleep } from '../../../../src/core/util/abort';
import { useSandbox } from '../api/env';

describe('core/util: LatestOnly (debounce + cancel stale queries)', () => {
  it('a burst of updates runs only the last query, once', async () => {
    const runs: string[] = [];
    const results: string[] = [];
    const latest = new LatestOnly<string, string>(
      40,
      async (q) => (runs.push(q), q.toUpperCase()),
      (_q, r) => results.push(r),
      () => undefined,
    );
    for (const q of ['f', 'fl', 'fla', 'flak', 'flaky']) {
      latest.update(q);
      await sleep(5);
    }
    await sleep(80);
    assert.deepEqual(runs, ['flaky']);
    assert.deepEqual(results, ['FLAKY']);
  });

  it('a newer query aborts the running one, whose answer is never delivered', async () => {
    const aborted: string[] = [];
    const results: string[] = [];
    const errors: unknown[] = [];
    const run = async (q: string, signal: AbortSignal): Promise<string> => {
      signal.addEventListener('abort', () => aborted.push(q));
      await sleep(q === 'slow' ? 100 : 1, signal);
      return q;
    };
    const latest = new LatestOnly<string, string>(
      0,
      run,
      (_q, r) => results.push(r),
      (_q, e) => errors.push(e),
    );
    latest.update('slow', true);
    await sleep(10);
    latest.update('fast', true);
    await sleep(150);
    assert.deepEqual(aborted, ['slow']);
    assert.deepEqual(results, ['fast']);
    assert.deepEqual(errors, [], 'an abort is not an error');
  });

  it('reports real errors, and nothing after dispose', async () => {
    const errors: unknown[] = [];
    const results: unknown[] = [];
    const latest = new LatestOnly<string, string>(
      0,
      async (q) => {
        if (q === 'bad') throw new Error('boom');
        return q;
      },
      (_q, r) => results.push(r),
      (_q, e) => errors.push(e),
    );
    latest.update('bad', true);
    await sleep(5);
    assert.equal((errors[0] as Error).message, 'boom');
    latest.update('later');
    latest.dispose();
    await sleep(20);
    assert.deepEqual(results, []);
    assert.ok(!AbortError.is(errors[0]));
  });

  describe('against the sandbox over HTTP', () => {
    const env = useSandbox({ reset: false });

    it('typing 10 characters 30 ms apart sends one /search request', async () => {
      const client = env.client();
      const workspaceId = env.fx.workspaces.acme.id as string;
      const results: number[] = [];
      const latest = new LatestOnly<string, number>(
        300,
        async (q, signal) =>
          (await client.search({ q, workspace_id: workspaceId, type: 'tasks' }, { signal })).tasks?.total ?? 0,
        (_q, total) => results.push(total),
        () => undefined,
      );
      const seqBefore = (await env.control('GET', '/requests')).data.length;
      let typed = '';
      for (const ch of 'flaky logi') {
        typed += ch;
        latest.update(typed);
        await sleep(30);
      }
      await sleep(600);
      const searches = (await env.control('GET', '/requests')).data
        .slice(seqBefore)
        .filter((r: { path: string }) => r.path === '/api/search');
      assert.equal(searches.length, 1);
      assert.equal(results.length, 1);
      assert.ok((results[0] as number) >= 1);
    });
  });
});
