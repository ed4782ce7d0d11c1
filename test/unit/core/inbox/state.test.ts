import { strict as assert } from 'node:assert';
import { Inbox } from '../../../../src/core/inbox/inbox';
import type { InboxStore } from '../../../../src/core/inbox/inbox';
import {
  AUTO_FOLLOW_QUIET_DAYS,
  autoFollow,
  autoFollowAll,
  emptyState,
  follow,
  lapseAutoFollows,
  unfollow,
} from '../../../../src/core/inbox/state';
import type { FollowRef, InboxState } from '../../../../src/core/inbox/state';

const ref = (title: string): FollowRef => ({ workspaceId: 'w1', displayId: `ACME-${title}`, title });

/** A store like one globalState key: the same object until a write replaces it (as VS Code's memento). */
class SameObjectStore implements InboxStore {
  value: unknown;
  writes = 0;
  read(): unknown {
    return this.value;
  }
  async write(state: InboxState): Promise<void> {
    this.writes += 1;
    this.value = JSON.parse(JSON.stringify(state));
  }
}

describe('core/inbox state: auto-follows and the parsed state', () => {
  it('autoFollowAll adds the new tasks in one copy and keeps the ref a task was first followed with', () => {
    const known = { a: ref('first') };
    const next = autoFollowAll(known, [
      ['a', ref('renamed')],
      ['b', ref('b')],
      ['c', ref('c')],
    ]);
    assert.deepEqual(Object.keys(next), ['a', 'b', 'c']);
    assert.equal(next.a!.title, 'first');
    assert.deepEqual(known, { a: ref('first') }, 'the input is not changed');
    assert.equal(autoFollowAll(next, [['b', ref('again')]]), next, 'nothing new: the same object');
  });

  it('an id such as "__proto__" is an own key like any other, and changes no prototype', () => {
    const next = autoFollowAll({}, [['__proto__', ref('odd')]]);
    assert.ok(Object.hasOwn(next, '__proto__'));
    assert.equal(Object.getPrototypeOf(next), Object.prototype);
    const state = autoFollow(emptyState(), '__proto__', ref('odd'));
    assert.ok(Object.hasOwn(state.autoFollows, '__proto__'));
    assert.equal(({} as Record<string, unknown>).title, undefined);
  });

  it('a check of thousands of assigned tasks keeps every one of them', () => {
    const found = Array.from({ length: 5000 }, (_, i) => [`t${i}`, ref(String(i))] as const);
    const next = autoFollowAll({ t0: ref('kept') }, found);
    assert.equal(Object.keys(next).length, 5000);
    assert.equal(next.t0!.title, 'kept');
    assert.equal(next.t4999!.title, '4999');
  });

  it('the inbox parses the stored value once per stored object, and again after a write', async () => {
    const store = new SameObjectStore();
    const box = new Inbox(store, 'me', { autoFollow: () => true });
    assert.deepEqual(box.state, emptyState(), 'nothing stored: the empty state');
    await box.created('t1', ref('one'));
    const first = box.state;
    assert.equal(box.state, first, 'the same stored object: the same parsed state');
    assert.ok(box.isFollowed('t1'));
    await box.unfollow('t1');
    assert.notEqual(box.state, first, 'a write stores another object: parsed again');
    assert.equal(box.isFollowed('t1'), false, 'the follow set follows the new state');
    store.value = { ...(store.value as InboxState), follows: { t2: ref('two') } };
    assert.ok(box.isFollowed('t2'), "another window's change is seen");
    const copy = box.follows();
    copy.clear();
    assert.ok(box.isFollowed('t2'), 'follows() hands out a copy');
  });
});

describe("core/inbox state: automatic follows lapse once the task is idle and not the user's", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = Date.parse('2026-11-24T12:00:00Z');
  const daysAgo = (days: number): string => new Date(now - days * DAY).toISOString();
  const quiet = AUTO_FOLLOW_QUIET_DAYS + 1;

  /** Auto-follows a..f (f in another workspace), each with a seen mark of its last change. */
  function state(): InboxState {
    let s = emptyState();
    const marks: Record<string, number> = { a: quiet, b: quiet, c: 2, d: quiet, e: quiet, f: quiet };
    for (const [id, days] of Object.entries(marks)) {
      s = autoFollow(s, id, { ...ref(id), workspaceId: id === 'f' ? 'w2' : 'w1' });
      s = { ...s, seen: { ...s.seen, [id]: { workspaceId: 'w1', updatedAt: daysAgo(days), markId: `m-${id}` } } };
    }
    // The user follows d; e is unfollowed.
    s = follow(s, 'd', ref('d'));
    return unfollow(s, 'e');
  }

  it('ends only idle automatic follows of tasks not assigned now, with their marks and unfollows', () => {
    const checked = {
      workspaces: new Set(['w1']),
      assigned: new Set(['b']),
      // a's answer says it changed long ago; c changed 2 days ago; e is not in any answer (deleted).
      updated: new Map([
        ['a', daysAgo(quiet)],
        ['c', daysAgo(2)],
      ]),
    };
    const next = lapseAutoFollows(state(), checked, now);
    // a: idle, not hers; e: idle by its last mark, and gone. b assigned, c recent, d her own follow, f not read.
    assert.deepEqual(Object.keys(next.autoFollows).sort(), ['b', 'c', 'd', 'f']);
    assert.deepEqual(Object.keys(next.seen).sort(), ['b', 'c', 'd', 'f']);
    assert.deepEqual(next.unfollowed, []);
    assert.ok(Object.hasOwn(next.follows, 'd'));
  });

  it('a change in the answer newer than the mark keeps the follow; no date at all ends it', () => {
    const s = state();
    const recent = { workspaces: new Set(['w1']), assigned: new Set<string>(), updated: new Map([['a', daysAgo(1)]]) };
    assert.ok(Object.hasOwn(lapseAutoFollows(s, recent, now).autoFollows, 'a'));
    const unknown = autoFollow(emptyState(), 'x', ref('x'));
    const none = { workspaces: new Set(['w1']), assigned: new Set<string>(), updated: new Map<string, string>() };
    assert.deepEqual(lapseAutoFollows(unknown, none, now).autoFollows, {});
  });

  it('nothing to end: the same object (no write of an unchanged state)', () => {
    const s = state();
    const all = { workspaces: new Set<string>(), assigned: new Set<string>(), updated: new Map<string, string>() };
    assert.equal(lapseAutoFollows(s, all, now), s);
  });
});
