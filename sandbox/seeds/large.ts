// The `large` seed for benchmarks: Acme with 10 spaces / 100 lists and 20,000+
// tasks (three lists of 2,500), subtask chains 4 levels deep, one task with
// 1,200 comments and 3,200 activity entries. Built in well under a second.
import type { Fixtures } from '../app';
import type { Store } from '../store';
import type { Priority, Status, Task, User, View } from '../types';
import { PRIORITIES } from '../types';
import { DAY_MS, DEFAULT_STATUSES, HOUR_MS, SeedBuilder } from './builder';
import { seedUsers } from './demo';

const BIG_LISTS = 3;
const BIG_LIST_SIZE = 2500;
const SMALL_LIST_SIZE = 130;

interface LargeShape {
  listIds: string[];
  statuses: Map<string, Status[]>;
}

function structure(
  b: SeedBuilder,
  users: ReturnType<typeof seedUsers>,
): LargeShape & { acmeId: string; sideId: string; privateSpaceId: string } {
  const acme = b.workspace('Acme', 'ACME');
  const side = b.workspace('Side Project', 'SIDE');
  b.member(acme, users.alice, 'admin');
  b.member(acme, users.bob, 'member', false);
  b.member(acme, users.dave, 'member', true);
  b.member(acme, users.erin, 'member', false);
  b.member(side, users.alice, 'admin');
  b.member(side, users.carol, 'member', false);
  const listIds: string[] = [];
  const statuses = new Map<string, Status[]>();
  let privateSpaceId = '';
  for (let s = 0; s < 10; s += 1) {
    const isPrivate = s === 9;
    const space = b.space(
      acme,
      isPrivate ? 'Space 10 (private)' : `Space ${s + 1}`,
      isPrivate,
      isPrivate ? [users.dave.id] : [],
    );
    if (isPrivate) privateSpaceId = space.id;
    const spaceStatuses = b.statuses('space', space.id, DEFAULT_STATUSES);
    for (let f = 0; f < 2; f += 1) {
      const folder = b.folder(space, `Folder ${s + 1}.${f + 1}`);
      for (let l = 0; l < 5; l += 1) {
        const id = b.list(folder, `List ${s + 1}.${f + 1}.${l + 1}`);
        listIds.push(id);
        statuses.set(id, spaceStatuses);
      }
    }
  }
  const garden = b.space(side, 'Garden');
  const sideList = b.list(b.folder(garden, 'Main'), 'Ideas');
  statuses.set(sideList, b.statuses('space', garden.id, DEFAULT_STATUSES));
  return { listIds: [...listIds, sideList], statuses, acmeId: acme.id, sideId: side.id, privateSpaceId };
}

function makeTask(
  b: SeedBuilder,
  shape: LargeShape,
  listId: string,
  i: number,
  creator: User,
  people: User[],
  parent: Task | null = null,
): Task {
  const statuses = shape.statuses.get(listId) as Status[];
  const person = people[i % (people.length + 1)];
  const task = b.task({
    list_id: listId,
    title: `Task ${i} ${['alpha', 'beta', 'gamma', 'delta', 'omega'][i % 5]}`,
    parent,
    priority: PRIORITIES[i % 4] as Priority,
    status: statuses[i % statuses.length],
    assignee_id: person?.id ?? null,
    creator_id: creator.id,
    due_date: i % 3 === 0 ? null : b.iso(((i % 40) - 20) * DAY_MS + 17 * HOUR_MS),
    description: i % 4 === 0 ? null : `Generated description ${i}.`,
    created_at: b.iso(-60 * DAY_MS + i * 60_000),
  });
  b.activity(task, creator, 'created', {}, { display_id: task.display_id, list_id: listId }, task.created_at);
  return task;
}

/** One task with 1,200 comments and 3,200 activity entries. */
function heavyHistory(b: SeedBuilder, task: Task, people: User[], statuses: Status[]): void {
  for (let i = 0; i < 1200; i += 1) {
    const user = people[i % people.length] as User;
    const at = b.iso(-30 * DAY_MS + i * 60_000);
    b.store.addComment({
      id: b.id(),
      task_id: task.id,
      workspace_id: task.workspace_id,
      body: `Long thread comment ${i + 1}`,
      parent_id: null,
      assignee_id: null,
      resolved_at: null,
      user_id: user.id,
      mentions: [],
      created_at: at,
      updated_at: at,
      seq: b.store.nextSeq(),
    });
  }
  for (let i = 0; i < 3200; i += 1) {
    const from = statuses[i % statuses.length] as Status;
    const to = statuses[(i + 1) % statuses.length] as Status;
    b.activity(
      task,
      people[i % people.length] as User,
      'status_changed',
      { status_id: from.id, status_name: from.name },
      { status_id: to.id, status_name: to.name },
      b.iso(-30 * DAY_MS + i * 30_000),
    );
  }
}

/** Views over a 2,500-task list and its space, for view-execution benchmarks. */
function largeViews(b: SeedBuilder, workspaceId: string, bigList: string, ownerId: string): Record<string, string> {
  const make = (name: string, type: View['viewable_type'], id: string, extra: Partial<View>): string =>
    b.view(workspaceId, ownerId, name, type, id, extra);
  const spaceId = b.store.listMeta.get(bigList)?.space.id ?? '';
  return {
    big_list_view: make('Big list by due date', 'list', bigList, { sorts: [{ field: 'due_date', direction: 'asc' }] }),
    big_space_view: make('Space 1, high priority', 'space', spaceId, {
      filters: { match: 'all', conditions: [{ field: 'priority', op: 'in', values: ['high', 'critical'] }] },
      subtask_mode: 'expanded',
    }),
  };
}

export function buildLarge(nowMs: number): { store: Store; fixtures: Fixtures } {
  const b = new SeedBuilder(777, nowMs);
  const users = seedUsers(b);
  const shape = structure(b, users);
  const people = [users.alice, users.bob, users.dave, users.erin];
  let n = 0;
  const acmeLists = shape.listIds.slice(0, 100);
  for (const [idx, listId] of acmeLists.entries()) {
    const size = idx < BIG_LISTS ? BIG_LIST_SIZE : SMALL_LIST_SIZE;
    for (let k = 0; k < size; k += 1) makeTask(b, shape, listId, (n += 1), users.alice, people);
  }
  const chainList = acmeLists[3] as string;
  const chainRoots: Task[] = [];
  for (let c = 0; c < 50; c += 1) {
    let parent = makeTask(b, shape, chainList, (n += 1), users.alice, people);
    chainRoots.push(parent);
    for (let depth = 1; depth <= 4; depth += 1) {
      for (let w = 0; w < 2; w += 1) makeTask(b, shape, chainList, (n += 1), users.alice, people, parent);
      parent = makeTask(b, shape, chainList, (n += 1), users.alice, people, parent);
    }
  }
  const sideList = shape.listIds[100] as string;
  for (let k = 0; k < 20; k += 1) makeTask(b, shape, sideList, (n += 1), users.carol, [users.alice, users.carol]);
  const heavy = makeTask(b, shape, acmeLists[4] as string, n + 1, users.alice, people);
  heavy.title = 'Heavy history task';
  heavyHistory(b, heavy, people, shape.statuses.get(heavy.list_id) as Status[]);
  const views = largeViews(b, shape.acmeId, acmeLists[0] as string, users.alice.id);
  const person = (x: User): Record<string, string> => ({ id: x.id, name: x.name, email: x.email, token: x.token });
  return {
    store: b.store,
    fixtures: {
      seed: 'large',
      users: {
        alice: person(users.alice),
        bob: person(users.bob),
        carol: person(users.carol),
        dave: person(users.dave),
        erin: person(users.erin),
      },
      workspaces: {
        acme: { id: shape.acmeId, name: 'Acme', prefix: 'ACME' },
        side: { id: shape.sideId, name: 'Side Project', prefix: 'SIDE' },
      },
      private_space_id: shape.privateSpaceId,
      spaces: { first: b.store.listMeta.get(acmeLists[0] as string)?.space.id, private: shape.privateSpaceId },
      lists: {
        big_1: acmeLists[0],
        big_2: acmeLists[1],
        big_3: acmeLists[2],
        chain: chainList,
        heavy: heavy.list_id,
        side: sideList,
      },
      tasks: {
        task_with_1000_comments: { id: heavy.id, display_id: heavy.display_id },
        deep_chain_root: { id: chainRoots[0]?.id, display_id: chainRoots[0]?.display_id },
      },
      big_list_ids: acmeLists.slice(0, BIG_LISTS),
      big_list_size: BIG_LIST_SIZE,
      chain_list_id: chainList,
      deep_chain_root: chainRoots[0]?.id,
      task_with_1000_comments: heavy.id,
      task_with_3000_activity: heavy.id,
      views,
      task_count: b.store.tasks.size,
    },
  };
}
