// The `other` seed: a second world, different from the demo one in every id, user, token and task,
// so a test that runs two sandboxes notices a request sent to the wrong one (a demo token here is a
// 401). Its workspace "Acme Labs" shares the prefix ACME with the demo world's Acme (the same prefix
// on two services is ambiguous); "Nimbus" has a prefix of its own, NIM. Deterministic.
import type { Fixtures } from '../app';
import type { Priority, Status, Task, User } from '../types';
import { DAY_MS, DEFAULT_STATUSES, HOUR_MS, SeedBuilder } from './builder';
import { comment } from './demoExtras';

/** The PRNG seed of this world: no other seed uses it, so none of its UUIDs appear elsewhere. */
const OTHER_PRNG_SEED = 5_550_123;

interface OtherUsers {
  frank: User;
  grace: User;
  heidi: User;
}

/** A task of the seed: list key, title, then what differs from an open, unassigned medium task. */
type Row = [list: string, title: string, extra?: { status?: number; priority?: Priority; who?: keyof OtherUsers }];

// Titles never used by the demo seed, so "ACME-1" names a visibly different task in each world.
const ROWS: readonly Row[] = [
  ['experiments', 'Calibrate the spectrometer', { status: 1, priority: 'high', who: 'frank' }],
  ['experiments', 'Order reagent batch 7', { who: 'grace' }],
  ['experiments', 'Write up trial 12 results', { status: 2, who: 'grace' }],
  ['experiments', 'Replicate the cooling anomaly', { status: 1, priority: 'critical', who: 'frank' }],
  ['experiments', 'Archive raw sensor logs', { status: 3 }],
  ['experiments', 'Review lab safety checklist', { priority: 'low', who: 'grace' }],
  ['equipment', 'Service the centrifuge', { status: 1, who: 'grace' }],
  ['equipment', 'Replace fume hood filter', { priority: 'high' }],
  ['equipment', 'Inventory of spare pipettes', { status: 2, priority: 'low', who: 'frank' }],
  ['grants', 'Draft the 2027 research grant', { status: 1, priority: 'high', who: 'frank' }],
  ['grants', 'Budget for the new microscope', { who: 'frank' }],
  ['incidents', 'Outage in region eu-north', { status: 3, priority: 'critical', who: 'heidi' }],
  ['incidents', 'Disk pressure on build agents', { status: 1, priority: 'high', who: 'heidi' }],
  ['incidents', 'Certificate expiry warning', { who: 'frank' }],
  ['incidents', 'Slow DNS lookups from workers', { status: 2 }],
  ['releases', 'Release 4.2 of the control plane', { status: 1, who: 'heidi' }],
  ['releases', 'Changelog for the storage driver', { priority: 'low' }],
  ['releases', 'Roll back canary 4.1.3', { status: 3, who: 'frank' }],
];

export interface OtherShape {
  users: OtherUsers;
  workspaces: { acme: string; nimbus: string };
  spaces: Record<'research' | 'finance' | 'cloud', string>;
  folders: Record<'lab' | 'budget' | 'platform', string>;
  lists: Record<'experiments' | 'equipment' | 'grants' | 'incidents' | 'releases', string>;
  statuses: Record<'research' | 'finance' | 'cloud', Status[]>;
}

function buildOtherShape(b: SeedBuilder): OtherShape {
  const users = {
    frank: b.user('Frank Founder', 'frank@acmelabs.test', 'other-token-frank', 'frank'),
    grace: b.user('Grace Chemist', 'grace@acmelabs.test', 'other-token-grace', 'grace'),
    heidi: b.user('Heidi Oncall', 'heidi@nimbus.test', 'other-token-heidi', 'heidi'),
  };
  const acme = b.workspace('Acme Labs', 'ACME');
  const nimbus = b.workspace('Nimbus', 'NIM');
  b.member(acme, users.frank, 'admin');
  b.member(acme, users.grace, 'member', false);
  b.member(nimbus, users.frank, 'admin');
  b.member(nimbus, users.heidi, 'member', true);
  const research = b.space(acme, 'Research');
  const finance = b.space(acme, 'Finance', true, [users.frank.id]);
  const cloud = b.space(nimbus, 'Cloud');
  const folders = {
    lab: b.folder(research, 'Lab'),
    budget: b.folder(finance, 'Budget'),
    platform: b.folder(cloud, 'Platform'),
  };
  const lists = {
    experiments: b.list(folders.lab, 'Experiments'),
    equipment: b.list(folders.lab, 'Equipment'),
    grants: b.list(folders.budget, 'Grants'),
    incidents: b.list(folders.platform, 'Incidents'),
    releases: b.list(folders.platform, 'Releases'),
  };
  const statuses = {
    research: b.statuses('space', research.id, [
      ['Proposed', 'open', '#b0b7c3'],
      ['Running', 'active', '#5b8def'],
      ['Analysed', 'active', '#f5a623'],
      ['Concluded', 'closed', '#2ecc71'],
    ]),
    finance: b.statuses('space', finance.id, DEFAULT_STATUSES),
    cloud: b.statuses('space', cloud.id, DEFAULT_STATUSES),
  };
  return {
    users,
    workspaces: { acme: acme.id, nimbus: nimbus.id },
    spaces: { research: research.id, finance: finance.id, cloud: cloud.id },
    folders,
    lists,
    statuses,
  };
}

function makeTask(b: SeedBuilder, s: OtherShape, row: Row, index: number, parent?: Task): Task {
  const [listKey, title, extra = {}] = row;
  const listId = s.lists[listKey as keyof OtherShape['lists']];
  const statuses = b.store.listStatuses(listId).statuses;
  const task = b.task({
    list_id: listId,
    title,
    parent: parent ?? null,
    priority: extra.priority ?? 'medium',
    status: statuses[extra.status ?? 0],
    assignee_id: extra.who ? s.users[extra.who].id : null,
    creator_id: listKey === 'incidents' || listKey === 'releases' ? s.users.heidi.id : s.users.frank.id,
    due_date: index % 3 === 0 ? null : b.iso(((index % 5) - 2) * DAY_MS + 17 * HOUR_MS),
    description: index % 2 === 0 ? `Notes for "${title}".` : null,
    created_at: b.iso(-15 * DAY_MS + index * HOUR_MS),
  });
  const creator = s.users[listKey === 'incidents' || listKey === 'releases' ? 'heidi' : 'frank'];
  b.activity(task, creator, 'created', {}, { display_id: task.display_id, list_id: listId }, task.created_at);
  return task;
}

function fixtureTask(t: Task): Record<string, string> {
  return { id: t.id, display_id: t.display_id, title: t.title, list_id: t.list_id };
}

/** Tasks, subtasks, a comment thread, a dependency and a saved view of the other world. */
function seedOtherData(b: SeedBuilder, s: OtherShape): Record<string, unknown> {
  const tasks = ROWS.map((row, i) => makeTask(b, s, row, i));
  const byTitle = (prefix: string): Task => tasks.find((t) => t.title.startsWith(prefix)) as Task;
  const parent = byTitle('Replicate');
  const child = makeTask(b, s, ['experiments', 'Log the chamber temperature', { who: 'grace' }], 20, parent);
  makeTask(b, s, ['experiments', 'Compare with last winter', { status: 1 }], 21, child);
  makeTask(b, s, ['experiments', 'Ask the vendor about drift'], 22, parent);
  const discussed = byTitle('Disk pressure');
  const first = comment(b, discussed, s.users.heidi, 'Agents 3 and 5 are at 95 %.', -2 * DAY_MS);
  comment(b, discussed, s.users.frank, 'Rotating the build cache tonight.', -1 * DAY_MS);
  const blocker = byTitle('Order reagent');
  const blocked = byTitle('Calibrate');
  const linkId = b.id();
  b.store.addDependency({
    id: linkId,
    workspace_id: blocker.workspace_id,
    blocker_task_id: blocker.id,
    blocked_task_id: blocked.id,
    created_by: s.users.frank.id,
    created_at: b.iso(-3 * DAY_MS),
  });
  const view = b.view(s.workspaces.acme, s.users.frank.id, 'Lab — open work', 'list', s.lists.experiments);
  return {
    tasks: {
      first_acme_task: fixtureTask(tasks[0] as Task),
      task_with_subtasks: fixtureTask(parent),
      task_with_comments: fixtureTask(discussed),
      blocker_task: fixtureTask(blocker),
      blocked_task: fixtureTask(blocked),
      private_task: fixtureTask(byTitle('Draft the 2027')),
      nimbus_task: fixtureTask(byTitle('Outage')),
    },
    comments: { task_id: discussed.id, first_comment_id: first.id },
    dependencies: { open_blocker_link: linkId },
    views: { list_view: view },
  };
}

export function buildOther(nowMs: number): { store: SeedBuilder['store']; fixtures: Fixtures } {
  const b = new SeedBuilder(OTHER_PRNG_SEED, nowMs);
  const s = buildOtherShape(b);
  const data = seedOtherData(b, s);
  const person = (x: User): Record<string, string> => ({ id: x.id, name: x.name, email: x.email, token: x.token });
  const statusMap = Object.fromEntries(
    Object.entries(s.statuses).map(([k, list]) => [k, list.map((x) => ({ id: x.id, name: x.name, type: x.type }))]),
  );
  return {
    store: b.store,
    fixtures: {
      seed: 'other',
      users: { frank: person(s.users.frank), grace: person(s.users.grace), heidi: person(s.users.heidi) },
      workspaces: {
        acme: { id: s.workspaces.acme, name: 'Acme Labs', prefix: 'ACME' },
        nimbus: { id: s.workspaces.nimbus, name: 'Nimbus', prefix: 'NIM' },
      },
      spaces: s.spaces,
      private_space_id: s.spaces.finance,
      folders: s.folders,
      lists: s.lists,
      statuses: statusMap,
      completed_status_types: ['done', 'closed'],
      ...data,
    },
  };
}
