import * as assert from 'node:assert/strict';
import { Directory } from '../../../../src/core/api/directory';
import { useSandbox } from './env';

describe('Directory: one shared cache of statuses, members and the sidebar per session', () => {
  const env = useSandbox({ seed: 'demo', reset: false });

  it('reads each once, keeps it for 5 minutes, and does not keep a failure', async () => {
    let now = 0;
    const directory = new Directory(env.client(), () => now);
    await env.control('DELETE', '/requests');
    const listId = env.fx.lists.api as string;
    const workspaceId = env.fx.workspaces.acme.id as string;
    await Promise.all([
      directory.statusesOf(listId),
      directory.statusesOf(listId),
      directory.membersOf(workspaceId),
      directory.sidebar(workspaceId),
    ]);
    await directory.statusesOf(listId);
    assert.equal((await env.requests()).length, 3, 'statuses, members and sidebar, once each');
    now += 5 * 60_000;
    await directory.statusesOf(listId);
    assert.equal((await env.requests()).length, 4, 'read again after 5 minutes');
    const unknown = '00000000-0000-4000-8000-000000000000';
    await assert.rejects(directory.membersOf(unknown));
    await assert.rejects(directory.membersOf(unknown));
    assert.equal((await env.requests()).filter((r) => r.path.includes(unknown)).length, 2, 'a failure is asked again');
    assert.deepEqual(
      await directory.listIdsFor(listId, ['Shipped']),
      (await directory.statusesOf(listId)).filter((s) => s.name === 'Shipped').map((s) => s.id),
    );
  });

  it('offline, serves the last good answer of an old entry and asks again next time; remembers task names', async () => {
    let now = 0;
    const directory = new Directory(env.client('demo-token-alice', { retry: { transientRetries: 0 } }), () => now);
    const listId = env.fx.lists.api as string;
    const statuses = await directory.statusesOf(listId);
    now += 5 * 60_000;
    await env.fault({ path: '/api/**', kind: 'reset_before' });
    try {
      assert.deepEqual(await directory.statusesOf(listId), statuses, 'the last good answer, offline');
      await env.control('DELETE', '/requests');
      await directory.statusesOf(listId).catch(() => undefined);
    } finally {
      await env.control('DELETE', '/faults');
    }
    assert.equal((await env.requests()).length, 1, 'the next caller asks again');
    assert.equal(directory.taskName('nope'), undefined);
    directory.noteRows([{ id: 't1', title: 'Seen', display_id: 'ACME-1' } as never]);
    assert.deepEqual(directory.taskName('t1'), { id: 't1', title: 'Seen', display_id: 'ACME-1' });
  });
});
