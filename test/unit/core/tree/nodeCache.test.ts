import { strict as assert } from 'node:assert';
import { NetworkError, ServerError } from '../../../../src/core/api/errors';
import { NodeCache } from '../../../../src/core/tree/nodeCache';
import type { TreeNode } from '../../../../src/core/tree/nodes';

const node = (key: string): TreeNode => ({ kind: 'message', key, tone: 'info', label: key }) as unknown as TreeNode;
const offline = (): Promise<TreeNode[]> =>
  Promise.reject(new NetworkError({ operation: 'listTasks', message: 'offline', host: '127.0.0.1', timeout: false }));

describe('tree/NodeCache: what it shows when a reload fails', () => {
  it('keeps the last children, marked stale, when a reload fails on the network; a later success clears the mark', async () => {
    const cache = new NodeCache();
    assert.deepEqual(
      (await cache.get('list:1', async () => [node('a')])).map((n) => n.key),
      ['a'],
    );
    cache.invalidate('list:1');
    assert.deepEqual(
      (await cache.get('list:1', offline)).map((n) => n.key),
      ['a'],
    );
    assert.ok(cache.stale.has('list:1'));
    cache.invalidate('list:1');
    assert.deepEqual(
      (await cache.get('list:1', async () => [node('b')])).map((n) => n.key),
      ['b'],
    );
    assert.equal(cache.stale.size, 0);
  });

  it('reports a failure that is not the network, and a network failure of a node never loaded', async () => {
    const cache = new NodeCache();
    await cache.get('list:1', async () => [node('a')]);
    cache.invalidate('list:1');
    await assert.rejects(
      cache.get('list:1', () => Promise.reject(new ServerError({ operation: 'listTasks', message: '500' }))),
      /500/,
    );
    await assert.rejects(cache.get('list:2', offline), /offline/);
    assert.equal(cache.stale.size, 0);
  });
});
