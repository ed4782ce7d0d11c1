import { strict as assert } from 'node:assert';
import { NotFoundError } from '../../../../src/core/api/errors';
import type { ApiClient } from '../../../../src/core/api/client';
import { byOthers, markFromLoaded, readNewActivity, staleParts } from '../../../../src/core/tasks/changeFeed';
import type { FeedMark } from '../../../../src/core/tasks/changeFeed';
import { useSandbox } from '../api/env';

/**
 * The change feed against the sandbox over HTTP: another user (bob, his own token) edits a task,
 * and the feed read by alice returns exactly those entries, newest first, in one request.
 */
describe('core/tasks/changeFeed (sandbox over HTTP)', function () {
  const env = useSandbox(this, { timeout: 30_000 });
  let alice: ApiClient;
  let bob: ApiClient;
  let ws: string;
  let taskId: string;

  const feed = (mark: FeedMark, maxPages?: number) =>
    readNewActivity((cursor) => alice.getActivity(ws, taskId, cursor), mark, { maxPages });

  /** Activity requests alice made since the log was cleared. */
  async function activityRequests(): Promise<number> {
    return (await env.requests()).filter(
      (r) => r.path.endsWith(`/tasks/${taskId}/activity`) && r.token_label.includes('alice'),
    ).length;
  }

  beforeEach(async () => {
    ws = env.acme;
    taskId = env.fx.tasks.task_with_activity.id;
    alice = env.client('demo-token-alice');
    bob = env.client('demo-token-bob');
  });

  async function currentMark(): Promise<FeedMark> {
    return markFromLoaded((await alice.getActivity(ws, taskId)).data);
  }

  it('costs exactly one request and returns nothing when nothing changed', async () => {
    const mark = await currentMark();
    await env.control('DELETE', '/requests');
    const result = await feed(mark);
    assert.deepEqual(result.entries, []);
    assert.equal(result.gap, false);
    assert.equal(result.requests, 1);
    assert.deepEqual(result.mark, mark, 'the mark stays');
    assert.equal(await activityRequests(), 1, 'the sandbox saw one activity request');
  });

  it('returns exactly the entries another user wrote, newest first, in one request', async () => {
    const mark = await currentMark();
    const task = await alice.getTask(ws, taskId);
    const done = (await alice.listStatuses(task.list_id)).data.find((s) => s.id !== task.status_id)!;
    await bob.updateTask(ws, taskId, { status_id: done.id });
    await bob.updateTask(ws, taskId, { priority: 'critical' });
    await env.control('DELETE', '/requests');
    const result = await feed(mark);
    assert.deepEqual(
      result.entries.map((e) => e.action),
      ['priority_changed', 'status_changed'],
    );
    assert.ok(
      result.entries.every((e) => e.actor_id === env.fx.users.bob.id && e.actor_name === env.fx.users.bob.name),
    );
    assert.equal(result.entries[1]!.new_value?.status_id, done.id);
    assert.equal(result.gap, false);
    assert.equal(await activityRequests(), 1);
    assert.deepEqual(result.mark, { newestId: result.entries[0]!.id });
    assert.deepEqual(byOthers(result.entries, env.fx.users.alice.id).length, 2);
    assert.deepEqual(staleParts(result.entries), {
      task: true,
      comments: false,
      dependencies: false,
      attachments: false,
      deleted: false,
    });
    const again = await feed(result.mark);
    assert.deepEqual(again.entries, [], 'the next poll starts from the new mark');
  });

  it('keeps our own writes out of byOthers, and marks comments stale for a comment', async () => {
    const mark = await currentMark();
    await alice.updateTask(ws, taskId, { title: 'Renamed by alice' });
    await bob.createComment(ws, taskId, { body: 'Bob was here', mentions: [], assignee_id: null, parent_id: null });
    const result = await feed(mark);
    assert.deepEqual(
      result.entries.map((e) => e.action),
      ['comment_added', 'title_changed'],
    );
    const others = byOthers(result.entries, env.fx.users.alice.id);
    assert.deepEqual(
      others.map((e) => e.action),
      ['comment_added'],
    );
    assert.deepEqual(staleParts(others), {
      task: false,
      comments: true,
      dependencies: false,
      attachments: false,
      deleted: false,
    });
  });

  it('reports a gap when more happened than it reads (the caller reloads the task)', async () => {
    const mark = await currentMark();
    for (let i = 0; i < 61; i++) {
      await bob.updateTask(ws, taskId, { title: `Edit ${i}` });
    }
    await env.control('DELETE', '/requests');
    const result = await feed(mark, 2);
    assert.equal(result.gap, true);
    assert.equal(result.requests, 2);
    assert.equal(result.entries.length, 60, 'two pages of 30');
    assert.equal(await activityRequests(), 2);
    const wider = await feed(mark, 3);
    assert.equal(wider.gap, false);
    assert.equal(wider.entries.length, 61);
  });

  it('with an empty mark every entry is new; a task in Trash answers 404 (the caller shows it gone)', async () => {
    const list = env.fx.lists.api;
    const task = await alice.createTask(ws, { list_id: list, title: 'Fresh task' });
    taskId = task.id;
    const first = await feed({ newestId: null });
    assert.deepEqual(
      first.entries.map((e) => e.action),
      ['created'],
    );
    assert.equal(first.gap, false);
    await bob.deleteTask(ws, taskId);
    await assert.rejects(feed(first.mark), (e: Error) => NotFoundError.is(e));
    assert.equal(staleParts([{ ...first.entries[0]!, action: 'deleted' }]).deleted, true);
  });
});
