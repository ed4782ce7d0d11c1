import { strict as assert } from 'node:assert';
import type { ApiClient } from '../../../../src/core/api/client';
import type { TaskRow } from '../../../../src/core/api/schemas';
import { INBOX_BUDGET } from '../../../../src/core/budgets';
import { Inbox } from '../../../../src/core/inbox/inbox';
import type { InboxStore } from '../../../../src/core/inbox/inbox';
import { AUTO_FOLLOW_QUIET_DAYS } from '../../../../src/core/inbox/state';
import type { InboxState } from '../../../../src/core/inbox/state';
import { useSandbox } from '../api/env';

/** A store like one globalState key: JSON in, JSON out, shared by the inboxes given it. */
class MemoryStore implements InboxStore {
  value: unknown;
  read(): unknown {
    return this.value === undefined ? undefined : JSON.parse(JSON.stringify(this.value));
  }
  async write(state: InboxState): Promise<void> {
    this.value = JSON.parse(JSON.stringify(state));
  }
}

/**
 * The inbox's check against the sandbox over HTTP: bob (his own token) assigns a task to alice,
 * comments on her task mentioning her, and moves a task she follows; alice's next check finds
 * exactly those three, and costs one index request per space when nothing changed.
 */
describe('core/inbox (sandbox over HTTP)', function () {
  const env = useSandbox(this, { timeout: 30_000 });
  let alice: ApiClient;
  let bob: ApiClient;
  let me: string;
  let ws: string;
  let spaces: { workspaceId: string; spaceIds: string[] }[];
  let store: MemoryStore;
  let autoFollow: boolean;
  let rows: TaskRow[];

  const inbox = () => new Inbox(store, me, { autoFollow: () => autoFollow });
  const check = (box = inbox()) => box.check(alice, { spaces });

  beforeEach(async () => {
    alice = env.client('demo-token-alice');
    bob = env.client('demo-token-bob');
    me = env.fx.users.alice.id;
    ws = env.acme;
    const user = await alice.getUser();
    spaces = [];
    for (const w of user.workspaces) {
      spaces.push({ workspaceId: w.id, spaceIds: (await alice.listSpaces(w.id)).map((s) => s.id) });
    }
    store = new MemoryStore();
    autoFollow = true;
    rows = (await alice.listTasks(ws, { scope: { space_id: env.fx.spaces.engineering } })).data;
  });

  /** Three top-level tasks of Engineering: one not alice's, one of hers, one to follow. */
  function pick(): { toAssign: TaskRow; hers: TaskRow; followed: TaskRow } {
    const others = rows.filter((r) => r.assignee_id !== me && !r.parent_task_id);
    const hers = rows.find((r) => r.assignee_id === me && !r.parent_task_id);
    assert.ok(others.length >= 2 && hers, 'the demo seed has tasks of alice and of others in Engineering');
    return { toAssign: others[0]!, hers, followed: others[1]! };
  }

  /** Another status of the task's list. */
  async function otherStatus(row: TaskRow): Promise<{ id: string; name: string }> {
    const statuses = (await alice.listStatuses(row.list_id!)).data;
    return statuses.find((s) => s.id !== row.status_id)!;
  }

  async function bobActs(t: ReturnType<typeof pick>): Promise<string> {
    await bob.updateTask(ws, t.toAssign.id, { assignee_id: me });
    const comment = await bob.createComment(ws, t.hers.id, { body: 'Can you look, Alice?', mentions: [me] });
    await bob.updateTask(ws, t.followed.id, { status_id: (await otherStatus(t.followed)).id });
    return comment.id;
  }

  /** Alice follows a task and checks; bob acts; alice checks again. */
  async function afterBob(): Promise<{ t: ReturnType<typeof pick>; box: Inbox }> {
    const t = pick();
    const box = inbox();
    await box.follow(t.followed.id, { workspaceId: ws, displayId: t.followed.display_id, title: t.followed.title });
    await check(box);
    await bobActs(t);
    await check(box);
    return { t, box };
  }

  it('finds an assignment, a mention and a status change in one check, with who and what', async () => {
    const t = pick();
    const box = inbox();
    await box.follow(t.followed.id, { workspaceId: ws, displayId: t.followed.display_id, title: t.followed.title });
    const first = await check(box);
    assert.deepEqual(first.entries, [], 'the first check only remembers');
    const commentId = await bobActs(t);

    const second = await check(box);
    const byKind = new Map(second.entries.map((e) => [e.kind, e]));
    assert.deepEqual([...byKind.keys()].sort(), ['assigned', 'mention', 'status']);
    assert.equal(second.entries.length, 3);
    assert.equal(byKind.get('assigned')!.taskId, t.toAssign.id);
    assert.equal(byKind.get('mention')!.taskId, t.hers.id);
    assert.equal(byKind.get('mention')!.commentId, commentId);
    assert.equal(byKind.get('status')!.taskId, t.followed.id);
    assert.equal(byKind.get('status')!.detail, (await otherStatus(t.followed)).name);
    for (const e of second.entries) assert.equal(e.actor, 'Bob Member');
    assert.equal(box.unread, 3);
  });

  it('costs one index request per space when nothing changed, and reports nothing twice', async () => {
    const { box } = await afterBob();
    const spaceCount = spaces.reduce((n, s) => n + s.spaceIds.length, 0);
    await env.control('DELETE', '/requests');
    const quiet = await check(box);
    assert.deepEqual(quiet.entries, []);
    assert.equal(quiet.requests, spaceCount);
    const log = (await env.requests()).filter((r) => r.token_label.includes('alice'));
    assert.equal(log.length, spaceCount, 'the sandbox saw only the index requests');
    assert.ok(log.every((r) => r.path.endsWith('/tasks')));
    assert.equal(box.entries.length, 3, 'nothing was added twice');
  });

  it("ignores alice's own changes and tasks nobody follows", async () => {
    const t = pick();
    await check();
    await alice.updateTask(ws, t.hers.id, { title: `${t.hers.title} (edited)` });
    await bob.updateTask(ws, t.followed.id, { status_id: (await otherStatus(t.followed)).id }); // not followed
    const after = await check();
    assert.deepEqual(after.entries, []);
  });

  it('a task of hers given to someone else is reported by the check after next, one request per space', async () => {
    const t = pick();
    const box = inbox();
    await check(box);
    await bob.updateTask(ws, t.hers.id, { assignee_id: env.fx.users.bob.id });
    const spaceCount = spaces.reduce((n, s) => n + s.spaceIds.length, 0);
    await env.control('DELETE', '/requests');
    const next = await check(box);
    assert.deepEqual(next.entries, [], 'no longer assigned: not in this answer');
    assert.equal(next.requests, spaceCount, 'her own tasks need no display-id condition');
    const after = await check(box);
    assert.deepEqual(
      after.entries.map((e) => [e.kind, e.taskId, e.detail]),
      [['assignee', t.hers.id, 'Bob Member']],
    );
  });

  it('a task given away stops being followed once quiet for the auto-follow period: no condition for it after', async () => {
    const t = pick();
    await check();
    await bob.updateTask(ws, t.hers.id, { assignee_id: env.fx.users.bob.id });
    await check(); // not hers in this answer: from the next check on it is read by its display id
    assert.ok(inbox().isFollowed(t.hers.id), 'still followed: it changed just now');
    const filters = async (): Promise<string> =>
      (await env.requests())
        .filter((r) => r.token_label.includes('alice') && r.path.endsWith('/tasks'))
        .map((r) => new URLSearchParams(r.query).get('filter') ?? '')
        .join('\n');
    const monthLater = Date.now() + (AUTO_FOLLOW_QUIET_DAYS + 1) * 24 * 60 * 60 * 1000;
    await env.control('DELETE', '/requests');
    await new Inbox(store, me, { autoFollow: () => autoFollow, now: () => monthLater }).check(alice, { spaces });
    assert.ok((await filters()).includes(t.hers.display_id!), 'that check asked for it by its display id');
    assert.equal(inbox().isFollowed(t.hers.id), false, 'quiet for the period and not hers: no longer followed');
    assert.equal(inbox().state.seen[t.hers.id], undefined, 'its seen mark went with it');
    await env.control('DELETE', '/requests');
    await check();
    assert.ok(!(await filters()).includes(t.hers.display_id!), 'the next check does not ask for it');
  });

  it('with auto-follow off, her own task reports only new assignments', async () => {
    autoFollow = false;
    const t = pick();
    await check();
    await bob.createComment(ws, t.hers.id, { body: 'ping', mentions: [me] });
    await bob.updateTask(ws, t.toAssign.id, { assignee_id: me });
    const after = await check();
    assert.deepEqual(
      after.entries.map((e) => e.kind),
      ['assigned'],
    );
  });

  it('keeps entries, read state and follows in the store: another inbox over it sees the same', async () => {
    const { t, box } = await afterBob();
    const other = inbox(); // a reload, or another window
    assert.equal(other.unread, 3);
    assert.ok(other.isFollowed(t.followed.id));
    await other.markRead([other.entries[0]!.id]);
    assert.equal(box.unread, 2);
    // Both windows check: the entries stay three.
    await bob.updateTask(ws, t.followed.id, { title: 'Renamed by bob' });
    await Promise.all([check(box), check(other)]);
    assert.equal(inbox().entries.filter((e) => e.kind === 'title').length, 1);
    await other.markAllRead();
    assert.equal(inbox().unread, 0);
    await box.unfollow(t.followed.id);
    assert.equal(inbox().isFollowed(t.followed.id), false);
  });

  it('stops at its request budget, says how many tasks wait, and the next check continues from them', async () => {
    await check();
    const extra = 5;
    const list = pick().hers.list_id!;
    for (let i = 0; i < INBOX_BUDGET.requests + extra; i++) {
      await bob.createTask(ws, { list_id: list, title: `Assigned by bob ${i}`, assignee_id: me });
    }
    const first = await check();
    const assigned = (r: typeof first) => r.entries.filter((e) => e.kind === 'assigned').length;
    // One index read per space, then one activity page per new task up to the budget.
    const spaceReads = spaces.reduce((n, w) => n + w.spaceIds.length, 0);
    assert.ok(first.requests - spaceReads <= INBOX_BUDGET.requests, `${first.requests} requests`);
    assert.equal(assigned(first), INBOX_BUDGET.requests);
    assert.equal(first.deferred, extra);
    const next = await check();
    assert.equal(assigned(next), extra, 'the next check reports the ones left');
    assert.equal(next.deferred, 0);
    assert.equal(inbox().entries.filter((e) => e.kind === 'assigned').length, INBOX_BUDGET.requests + extra);
  });
});
