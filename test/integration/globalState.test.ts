import * as assert from 'node:assert/strict';
import type { TestApi } from '../../src/extension/main';
import type { SerialMemento } from '../../src/extension/state/globalState';
import { activateExtension } from './helpers';

// The workbench echoes every globalState write back to the extension host; a write made before the
// echo of the previous one arrives used to be lost (a pinned view's new name, once in CI). Here the
// real host takes bursts of writes through services.globalState, with no await between them.
describe('Global state in the real host: no write is lost', function () {
  this.timeout(60_000);
  let api: TestApi;
  const keys = ['test.a', 'test.b', 'test.c', 'test.d'];

  before(async () => {
    api = await activateExtension();
  });

  after(async () => {
    await Promise.all(keys.map((key) => api.services.globalState.update(key, undefined)));
  });

  it('bursts of 25 writes to 4 keys, some spaced by the echo round trip: every key ends with its last value', async () => {
    const state = api.services.globalState as SerialMemento;
    for (let round = 0; round < 8; round++) {
      const last = new Map<string, unknown>();
      const writes: Promise<void>[] = [];
      for (let i = 0; i < 25; i++) {
        const key = keys[(i * 7 + round) % keys.length]!; // an index modulo the length is always in range
        const value = { round, i };
        writes.push(Promise.resolve(state.update(key, value)));
        last.set(key, value);
        assert.deepEqual(state.get(key), value, 'read back at once');
        if (i % 6 === round % 6) {
          // Roughly the time an echo takes to come back through the workbench.
          await new Promise((resolve) => setTimeout(resolve, 2 + round * 3));
        }
      }
      await Promise.all(writes);
      await state.flushed();
      // With the queue empty, reads come from VS Code's own memento: what it keeps is what was written.
      for (const [key, value] of last) {
        assert.deepEqual(state.get(key), value, `${key} in round ${round}`);
      }
    }
  });
});
