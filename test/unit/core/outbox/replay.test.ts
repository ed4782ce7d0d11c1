import { strict as assert } from 'node:assert';
import { WRITE_ROUTES } from '../../../../src/core/api/routes';
import type { QueuedWrite } from '../../../../src/core/outbox/queuedWrite';
import { queuedWriteProblem, MAX_QUEUED_BODY } from '../../../../src/core/outbox/queuedWrite';
import { Outbox } from '../../../../src/core/outbox/outbox';
import type { OutboxStore } from '../../../../src/core/outbox/outbox';
import { useSandbox } from '../api/env';

/** globalState as a reload reads it back: JSON text (what another window or a tampered profile wrote). */
class TextStore implements OutboxStore {
  constructor(public text: string) {}
  read(): unknown[] {
    const parsed: unknown = JSON.parse(this.text);
    return Array.isArray(parsed) ? parsed : [];
  }
  async write(entries: readonly QueuedWrite[]): Promise<void> {
    this.text = JSON.stringify(entries);
  }
}

const base = { heldAt: 1, reason: 'offline' };

describe("outbox replay: only the client's own write routes are sent again (sandbox request log)", function () {
  const env = useSandbox(this, { timeout: 60_000 });
  let task: string;
  let comment: string;
  let taskPath: string;
  beforeEach(async () => {
    task = env.fx.tasks.task_with_comments.id;
    comment = env.fx.comments.assigned_unresolved;
    taskPath = `/workspaces/${env.acme}/tasks/${task}`;
  });

  /** Entries no window of this client could have written; each would do harm if sent. */
  function hostile(): Array<{ name: string; entry: unknown }> {
    const patch = JSON.stringify({ title: 'hijacked' });
    const write = (name: string, fields: Record<string, unknown>): { name: string; entry: unknown } => ({
      name,
      entry: {
        key: `hostile-${name.replace(/[^a-z0-9]+/gi, '-')}`,
        operation: 'updateTask',
        method: 'PATCH',
        path: taskPath,
        body: patch,
        ...base,
        ...fields,
      },
    });
    const deep = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
    return [
      write('wrong method (DELETE on the update route)', { method: 'DELETE', body: undefined }),
      write('wrong method for the operation', { operation: 'deleteTask', method: 'PATCH' }),
      write('operation of another route', { operation: 'createComment', method: 'POST' }),
      write('lower-case method', { method: 'patch' }),
      write('GET', { method: 'GET', body: undefined }),
      write('dot-dot segments', { path: `${taskPath}/../../../../user` }),
      write('dot-dot as the id', { path: `/workspaces/${env.acme}/tasks/..` }),
      write('encoded dot-dot', { path: `/workspaces/${env.acme}/tasks/%2e%2e` }),
      write('encoded slashes', { path: `/workspaces/${env.acme}/tasks/${task}%2F..%2F..%2Fspaces` }),
      write('backslashes', { path: `/workspaces/${env.acme}/tasks/${task}\\..\\..` }),
      write('absolute URL', { path: `https://evil.example/api${taskPath}` }),
      write('another origin', { path: `@evil.example${taskPath}` }),
      write('protocol-relative', { path: `//evil.example/api${taskPath}` }),
      write('double slash inside', { path: `/workspaces/${env.acme}//tasks/${task}` }),
      write('query in the path', { path: `${taskPath}?_method=DELETE` }),
      write('fragment in the path', { path: `${taskPath}#x` }),
      write('query field', { query: { _method: 'DELETE' } }),
      write('display id where a UUID goes', { path: `/workspaces/${env.acme}/tasks/ACME-1` }),
      write('id with a newline', { path: `/workspaces/${env.acme}/tasks/${task}%0A` }),
      write('trailing slash', { path: `${taskPath}/` }),
      write('unknown route', {
        operation: 'deleteWorkspace',
        method: 'DELETE',
        path: `/workspaces/${env.acme}`,
        body: undefined,
      }),
      write('unknown operation on a known path', { operation: 'adminUpdateTask' }),
      write('operation __proto__', { operation: '__proto__' }),
      write('operation constructor', { operation: 'constructor' }),
      write('operation toString', { operation: 'toString' }),
      write('huge body', { body: JSON.stringify({ title: 'x', description: 'A'.repeat(MAX_QUEUED_BODY + 10) }) }),
      write('__proto__ key in the body', { body: '{"__proto__":{"is_admin":true},"title":"x"}' }),
      write('nested constructor key', { body: '{"title":"x","custom":{"constructor":{"prototype":{"x":1}}}}' }),
      write('deeply nested body', { body: deep }),
      write('body not JSON', { body: 'title=x' }),
      write('body an array', { body: '[{"title":"x"}]' }),
      write('body missing', { body: undefined }),
      write('body on a route that takes none', {
        operation: 'deleteComment',
        method: 'DELETE',
        path: `${taskPath}/comments/${comment}`,
      }),
      write('key with a header break', { key: 'k\r\nX-Evil: 1' }),
      write('key too long', { key: 'k'.repeat(300) }),
      write('no time', { heldAt: 'yesterday' }),
      write('unknown reason', { reason: 'because' }),
      write('malformed refusal', { rejected: { message: { toString: 'x' } } }),
      { name: 'not an object', entry: 'PATCH /workspaces' },
      { name: 'null', entry: null },
      { name: 'array', entry: [taskPath] },
    ];
  }

  function valid(): QueuedWrite[] {
    return [
      {
        key: 'valid-update',
        operation: 'updateTask',
        method: 'PATCH',
        path: taskPath,
        body: JSON.stringify({ title: 'Replayed title' }),
        heldAt: 2,
        reason: 'offline',
      },
      {
        key: 'valid-comment',
        operation: 'createComment',
        method: 'POST',
        path: `${taskPath}/comments`,
        body: JSON.stringify({ body: 'Replayed comment' }),
        heldAt: 3,
        reason: 'network',
      },
      {
        key: 'valid-resolve',
        operation: 'resolveComment',
        method: 'PUT',
        path: `${taskPath}/comments/${comment}/resolve`,
        heldAt: 4,
        reason: 'server',
      },
    ];
  }

  it('drops every hostile stored entry, logs why in a fixed phrase, and sends only the valid ones', async () => {
    const entries = hostile();
    // Written as text, the way a tampered profile stores it: an entry-level "__proto__" key included.
    const text = `[${[...entries.map((e) => JSON.stringify(e.entry)), '{"__proto__":{"method":"DELETE"},"key":"proto-entry","operation":"deleteTask","path":"x","heldAt":1,"reason":"offline"}', ...valid().map((v) => JSON.stringify(v))].join(',')}]`;
    const store = new TextStore(text);
    const dropped: string[] = [];
    const outbox = new Outbox(store, { dropped: (reason) => dropped.push(reason) });
    assert.deepEqual(
      outbox.all.map((w) => w.key),
      ['valid-update', 'valid-comment', 'valid-resolve'],
    );
    assert.equal(dropped.length, entries.length + 1);
    for (const reason of dropped) {
      assert.ok(
        reason.length < 80 && !reason.includes('evil') && !reason.includes(env.acme),
        `a fixed phrase: ${reason}`,
      );
    }

    await env.control('DELETE', '/requests');
    const api = env.client('demo-token-alice', { writeQueue: outbox });
    assert.equal(await api.flushQueuedWrites(), true);
    const log = await env.requests();
    assert.deepEqual(
      log.map((r) => `${r.method} ${r.path}`),
      [`PATCH /api${taskPath}`, `POST /api${taskPath}/comments`, `PUT /api${taskPath}/comments/${comment}/resolve`],
      'only the valid writes reached the service',
    );
    assert.deepEqual(
      log.map((r) => r.idempotency_key),
      ['valid-update', 'valid-comment', 'valid-resolve'],
    );
    const [stored] = await env.state('tasks', `?id=${task}`);
    assert.equal(stored.title, 'Replayed title');
    assert.deepEqual(store.read(), [], 'nothing hostile is kept in storage either');
  });

  it('a hostile entry stored by another window is not kept when this window saves', async () => {
    const store = new TextStore('[]');
    const outbox = new Outbox(store);
    store.text = JSON.stringify([hostile()[0]!.entry, hostile()[5]!.entry]);
    await outbox.enqueue(valid()[0]!);
    assert.deepEqual(
      store.read().map((w) => (w as QueuedWrite).key),
      ['valid-update'],
    );
  });

  it('an entry that reaches the queue in memory is checked again just before it would be sent, and dropped', async () => {
    const store = new TextStore('[]');
    const dropped: string[] = [];
    const outbox = new Outbox(store, { dropped: (reason) => dropped.push(reason) });
    // enqueue() is given writes the requester built: objects, not marked refused (nothing else gets there).
    const objects = hostile().filter(
      ({ entry }) => typeof entry === 'object' && entry !== null && !Array.isArray(entry) && !('rejected' in entry),
    );
    for (const { entry } of objects) {
      await outbox.enqueue(entry as QueuedWrite);
    }
    assert.equal(outbox.pending.length, objects.length);
    await env.control('DELETE', '/requests');
    assert.equal(await env.client('demo-token-alice', { writeQueue: outbox }).flushQueuedWrites(), true);
    assert.equal(dropped.length, objects.length);
    assert.deepEqual(await env.requests(), []);
  });

  it('every write the client queues while offline passes the same check after a reload, and is replayed', async () => {
    const store = new TextStore('[]');
    const api = env.client('demo-token-alice', { writeQueue: new Outbox(store) });
    await env.fault({ path: '/api/**', kind: 'reset_before' });
    const list = env.fx.lists.webapp;
    const writes: Array<Promise<unknown>> = [
      api.createTask(env.acme, { list_id: list, title: 'Made offline' }),
      api.updateTask(env.acme, task, { title: 'Renamed offline' }),
      api.createComment(env.acme, task, { body: 'Said offline' }),
      api.resolveComment(env.acme, task, comment),
      api.unresolveComment(env.acme, task, comment),
      api.addDependency(env.acme, task, env.fx.tasks.completed_task.id),
      api.moveTask(task, { target_type: 'list', target_id: list }),
      api.createInboundAddress(list),
    ];
    const outcomes = await Promise.allSettled(writes);
    assert.deepEqual(
      outcomes.map((o) => o.status),
      writes.map(() => 'rejected'),
      'queued while offline',
    );
    const queued = store.read() as QueuedWrite[];
    assert.equal(queued.length, writes.length);
    for (const write of queued) {
      assert.equal(queuedWriteProblem(write), undefined, write.operation);
      assert.ok(Object.prototype.hasOwnProperty.call(WRITE_ROUTES, write.operation));
    }
    await env.control('DELETE', '/faults');
    const dropped: string[] = [];
    const reloaded = new Outbox(store, { dropped: (reason) => dropped.push(reason) });
    assert.equal(reloaded.all.length, writes.length);
    assert.equal(await env.client('demo-token-alice', { writeQueue: reloaded }).flushQueuedWrites(), true);
    assert.deepEqual(dropped, []);
    assert.deepEqual(
      reloaded.rejected.map((w) => `${w.operation}: ${w.rejected?.message}`),
      [],
    );
  });
});
