import { strict as assert } from 'node:assert';
import type { ApiClient } from '../../../../src/core/api/client';
import { WriteQueuedError } from '../../../../src/core/api/errors';
import type { QueuedWrite } from '../../../../src/core/outbox/queuedWrite';
import { fieldsOf, targetOf } from '../../../../src/core/outbox/queuedWrite';
import { orderingTarget, Outbox } from '../../../../src/core/outbox/outbox';
import type { OutboxStore } from '../../../../src/core/outbox/outbox';
import { useSandbox } from '../api/env';
import type { Json } from '../api/env';

/** What globalState does for the extension: a JSON round trip, as a reload would read it back. */
class MemoryStore implements OutboxStore {
  text = '[]';
  writes = 0;
  read(): unknown[] {
    return JSON.parse(this.text) as unknown[];
  }
  async write(entries: readonly QueuedWrite[]): Promise<void> {
    this.writes++;
    this.text = JSON.stringify(entries);
  }
}

async function queued(promise: Promise<unknown>): Promise<WriteQueuedError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(WriteQueuedError.is(error), `expected WriteQueuedError, got ${String(error)}`);
    return error;
  }
  assert.fail('the write was not queued');
}

describe('outbox: writes the service cannot get are kept, replayed once and in order', function () {
  const env = useSandbox(this, { timeout: 60_000 });
  let store: MemoryStore;
  let outbox: Outbox;
  let api: ApiClient;
  const applied: string[] = [];
  const rejected: QueuedWrite[] = [];

  beforeEach(async () => {
    store = new MemoryStore();
    applied.length = 0;
    rejected.length = 0;
    outbox = newOutbox();
    api = env.client('demo-token-alice', { writeQueue: outbox });
  });

  function newOutbox(): Outbox {
    return new Outbox(store, { applied: (w) => applied.push(w.operation), rejected: (w) => rejected.push(w) });
  }

  async function goOffline(): Promise<void> {
    await env.fault({ path: '/api/**', kind: 'reset_before' });
  }
  async function comeBack(): Promise<void> {
    await env.control('DELETE', '/faults');
  }
  async function commentsOn(taskId: string): Promise<string[]> {
    const all = await env.state('comments');
    return all.filter((c: Json) => c.task_id === taskId).map((c: Json) => c.body as string);
  }

  /**
   * Starts a comment whose every try fails with a 500 (3 tries, 150 ms each, then it is queued; the
   * service stays reachable); resolves, with the comment's promise, once its first try is out.
   */
  async function commentRetrying(taskId: string, body: string): Promise<{ done: Promise<unknown> }> {
    const path = `/api/workspaces/${env.acme}/tasks/${taskId}/comments`;
    await env.fault({ method: 'POST', path, kind: 'status500', times: 3 });
    await env.fault({ method: 'POST', path, kind: 'latency', latency_ms: 150, times: 3 });
    await env.control('DELETE', '/requests');
    const done = api.createComment(env.acme, taskId, { body });
    while (!(await env.requests()).some((r) => r.method === 'POST')) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return { done };
  }

  it('keeps a write that fails on the network, and queues later ones without a request', async () => {
    const task = env.fx.tasks.completed_task.id;
    await goOffline();
    const first = await queued(api.createComment(env.acme, task, { body: 'offline 1' }));
    assert.equal(first.cause?.kind, 'network');
    assert.equal(outbox.offline, true);
    await env.control('DELETE', '/requests');
    await queued(api.createComment(env.acme, task, { body: 'offline 2' }));
    assert.equal((await env.requests()).length, 0, 'known offline: no request for the second write');
    assert.deepEqual(
      outbox.pending.map((w) => w.reason),
      ['network', 'offline'],
    );
    assert.equal(store.read().length, 2, 'both are persisted');
    assert.ok(!store.text.includes('demo-token-alice'), 'the token is never stored');
  });

  it('one dropped connection is retried, for reads and writes alike: it does not count as offline', async () => {
    const task = env.fx.tasks.completed_task.id;
    await env.fault({ path: `/api/workspaces/${env.acme}/tasks/${task}`, kind: 'reset_before', times: 1 });
    assert.equal((await api.getTask(env.acme, task)).id, task, 'the read is retried once and answers');
    await env.fault({ path: `/api/workspaces/${env.acme}/tasks/${task}/comments`, kind: 'reset_before', times: 1 });
    const comment = await api.createComment(env.acme, task, { body: 'after one reset' });
    assert.equal(comment.body, 'after one reset', 'the write is retried with its key, not queued');
    assert.equal(outbox.all.length, 0);
  });

  it('replays after a reload, in order, exactly once, with the original keys', async () => {
    const task = env.fx.tasks.completed_task.id;
    await goOffline();
    const keys: string[] = [];
    for (let i = 1; i <= 5; i++) {
      keys.push((await queued(api.createComment(env.acme, task, { body: `ordered ${i}` }))).key);
    }
    await queued(api.updateTask(env.acme, task, { title: 'title A' }));
    await queued(api.updateTask(env.acme, task, { title: 'title B' }));
    // A reload: a new outbox and client, reading only what was stored.
    outbox = newOutbox();
    api = env.client('demo-token-alice', { writeQueue: outbox });
    assert.equal(outbox.pending.length, 7);
    await comeBack();
    await env.control('DELETE', '/requests');
    assert.equal(await api.flushQueuedWrites(), true);
    const bodies = (await commentsOn(task)).filter((b) => b.startsWith('ordered'));
    assert.deepEqual(bodies, ['ordered 1', 'ordered 2', 'ordered 3', 'ordered 4', 'ordered 5']);
    assert.equal((await api.getTask(env.acme, task)).title, 'title B');
    const log = (await env.requests()).filter((r) => r.method !== 'GET');
    assert.deepEqual(
      log.slice(0, 5).map((r) => r.idempotency_key),
      keys,
    );
    assert.equal(outbox.all.length, 0);
    assert.equal(applied.length, 7);
  });

  it('a write whose answer was lost is not applied twice on replay', async () => {
    const task = env.fx.tasks.completed_task.id;
    await env.fault({ method: 'POST', path: '/api/**', kind: 'reset_after' });
    await queued(api.createComment(env.acme, task, { body: 'answer lost' }));
    await comeBack();
    await api.flushQueuedWrites();
    assert.deepEqual(
      (await commentsOn(task)).filter((b) => b === 'answer lost'),
      ['answer lost'],
    );
    const replayed = (await env.requests()).filter((r) => r.method === 'POST' && r.replay);
    assert.ok(replayed.length >= 1, 'the service answered the replay from its idempotency store');
  });

  it('a new write waits for the queued ones, so it never overtakes them', async () => {
    const task = env.fx.tasks.completed_task.id;
    await goOffline();
    await queued(api.updateTask(env.acme, task, { title: 'older' }));
    await comeBack();
    outbox.observe(true);
    const newer = await api.updateTask(env.acme, task, { title: 'newer' });
    assert.equal(newer.title, 'newer');
    assert.equal((await api.getTask(env.acme, task)).title, 'newer');
    assert.equal(outbox.all.length, 0);
  });

  it('a later write to the same task waits while an earlier one is retrying, so it cannot overtake it', async () => {
    const task = env.fx.tasks.completed_task.id;
    const first = await commentRetrying(task, 'made first');
    // The title edit is made while the comment's first try is still out.
    const second = api.updateTask(env.acme, task, { title: 'made second' });
    // An edit to another task does not wait for it.
    const other = await api.updateTask(env.acme, env.fx.tasks.blocker_task.id, { title: 'not kept waiting' });
    assert.equal(other.title, 'not kept waiting');
    const kept = await queued(first.done);
    assert.equal(kept.cause?.kind, 'server');
    // The comment was queued; the edit then replayed it first (the fault is used up), and went after it.
    assert.equal((await second).title, 'made second');
    const applied = (await env.requests()).filter((r) => r.method !== 'GET' && r.status < 300 && r.path.includes(task));
    assert.deepEqual(
      applied.map((r) => r.method),
      ['POST', 'PATCH'],
      'the comment is applied before the edit',
    );
    assert.ok((await commentsOn(task)).includes('made first'));
    assert.equal(outbox.all.length, 0);
  });

  it('a write cancelled while it waits behind an earlier one to the same task is neither sent nor kept', async () => {
    const task = env.fx.tasks.completed_task.id;
    const first = await commentRetrying(task, 'kept after 500s');
    const cancel = new AbortController();
    const second = api.updateTask(env.acme, task, { title: 'cancelled' }, { signal: cancel.signal });
    cancel.abort();
    await assert.rejects(second, (error: Error) => error.name === 'AbortError');
    await queued(first.done);
    assert.deepEqual(
      outbox.all.map((w) => w.operation),
      ['createComment'],
      'only the comment is kept',
    );
    assert.ok(!(await env.requests()).some((r) => r.method === 'PATCH'), 'the cancelled edit was never sent');
  });

  it('two calls with one Idempotency-Key at once both finish (one logical write, applied once)', async () => {
    const task = env.fx.tasks.completed_task.id;
    const opts = { idempotencyKey: `same-key-${Date.now()}` };
    const [a, b] = await Promise.all([
      api.createComment(env.acme, task, { body: 'one logical write' }, opts),
      api.createComment(env.acme, task, { body: 'one logical write' }, opts),
    ]);
    assert.equal(a.id, b.id);
    assert.deepEqual(
      (await commentsOn(task)).filter((c) => c === 'one logical write'),
      ['one logical write'],
    );
    // The task is free again: a later write to it is not left waiting.
    assert.equal((await api.updateTask(env.acme, task, { title: 'after the pair' })).title, 'after the pair');
  });

  it('restoring a task is ordered with other writes to it; writes to other resources are not', () => {
    assert.equal(orderingTarget('/workspaces/w/trash/task/t%2F1/restore'), orderingTarget('/workspaces/w/tasks/t%2F1'));
    assert.equal(orderingTarget('/workspaces/w/tasks/t1/comments'), orderingTarget('/workspaces/w/tasks/t1'));
    assert.notEqual(orderingTarget('/workspaces/w/tasks/t1'), orderingTarget('/workspaces/w/tasks/t2'));
  });

  it('a write refused on replay stays, with its input and the reason, and the rest go on', async () => {
    const task = env.fx.tasks.completed_task.id;
    await goOffline();
    await queued(api.updateTask(env.acme, task, { status_id: '00000000-0000-4000-8000-000000000000' }));
    await queued(api.createComment(env.acme, task, { body: 'after the refused one' }));
    await comeBack();
    assert.equal(await api.flushQueuedWrites(), true);
    assert.equal(rejected.length, 1);
    const [kept] = outbox.all;
    assert.equal(kept?.operation, 'updateTask');
    assert.equal(kept?.rejected?.status, 422);
    assert.match(kept?.body ?? '', /status_id/);
    assert.deepEqual(fieldsOf(kept as QueuedWrite), ['status_id']);
    assert.deepEqual(targetOf(kept as QueuedWrite), { workspaceId: env.acme, taskId: task });
    assert.ok((await commentsOn(task)).includes('after the refused one'));
    // Fixed by the user: a new key, the corrected body, sent in its place.
    const statuses = (await api.listStatuses(env.fx.lists.api)).data;
    await outbox.retry(kept!.key, 'fixed-key-1', JSON.stringify({ status_id: statuses[0]!.id }));
    assert.equal(await api.flushQueuedWrites(), true);
    assert.equal(outbox.all.length, 0);
  });

  it("two windows of the same account, both offline, keep each other's writes in the shared storage", async () => {
    const task = env.fx.tasks.completed_task.id;
    // A second window: its own queue and client over the same storage.
    const other = newOutbox();
    const otherApi = env.client('demo-token-alice', { writeQueue: other });
    await goOffline();
    // A few ms apart, as edits made by hand in two windows are (the stored order is by time made).
    const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 3));
    await queued(api.createComment(env.acme, task, { body: 'window 1, first' }));
    await tick();
    await queued(otherApi.createComment(env.acme, task, { body: 'window 2, first' }));
    await tick();
    await queued(api.createComment(env.acme, task, { body: 'window 1, second' }));
    await tick();
    await queued(otherApi.createComment(env.acme, task, { body: 'window 2, second' }));
    const stored = (): string[] => (store.read() as QueuedWrite[]).map((w) => JSON.parse(w.body!).body as string);
    assert.deepEqual(
      stored(),
      ['window 1, first', 'window 2, first', 'window 1, second', 'window 2, second'],
      "both windows' writes are stored, in the order they were made",
    );
    // Window 1 comes back first and sends its own; window 2's stay stored for it.
    await comeBack();
    assert.equal(await api.flushQueuedWrites(), true);
    assert.deepEqual(stored(), ['window 2, first', 'window 2, second']);
    // A reload of window 2 (or any window of the account) finds them and sends them.
    const reloaded = newOutbox();
    assert.equal(await env.client('demo-token-alice', { writeQueue: reloaded }).flushQueuedWrites(), true);
    assert.deepEqual((await commentsOn(task)).filter((b) => b.startsWith('window')).sort(), [
      'window 1, first',
      'window 1, second',
      'window 2, first',
      'window 2, second',
    ]);
    assert.deepEqual(stored(), []);
  });

  it('reads back only valid entries from storage', () => {
    store.text = JSON.stringify([
      {
        key: 'k',
        operation: 'updateTask',
        method: 'PATCH',
        path: `/workspaces/${env.acme}/tasks/${env.fx.tasks.completed_task.id}`,
        body: '{"title":"x"}',
        heldAt: 1,
        reason: 'offline',
      },
      { nonsense: true },
      'x',
    ]);
    const reloaded = newOutbox();
    assert.equal(reloaded.all.length, 1);
    assert.equal(reloaded.unreadable, 2);
  });
});
