// The `demo` seed: workspace "Acme" (3 spaces, one private) and "Side Project",
// users alice/bob/carol (+ dave, erin as extra assignees). Deterministic.
import type { Fixtures } from '../app';
import type { Store } from '../store';
import type { Status, User, Workspace } from '../types';
import { DAY_MS, DEFAULT_STATUSES, SeedBuilder } from './builder';
import { seedDemoExtras } from './demoExtras';
import { seedDemoTasks } from './demoTasks';

export interface DemoUsers {
  alice: User;
  bob: User;
  carol: User;
  dave: User;
  erin: User;
}

/** Ids of the demo structure, shared by the task and extras builders. */
export interface DemoShape {
  users: DemoUsers;
  acme: Workspace;
  side: Workspace;
  spaces: Record<'engineering' | 'marketing' | 'leadership' | 'garden', string>;
  folders: Record<'backend' | 'frontend' | 'campaigns' | 'planning' | 'main', string>;
  lists: Record<
    'api' | 'database' | 'imports' | 'webapp' | 'design' | 'q4' | 'social' | 'roadmap' | 'hiring' | 'ideas' | 'todo',
    string
  >;
  statuses: Record<'engineering' | 'api' | 'marketing' | 'leadership' | 'garden', Status[]>;
  sprints: Record<'sprint1' | 'sprint2', string>;
}

export function seedUsers(b: SeedBuilder): DemoUsers {
  return {
    alice: b.user('Alice Admin', 'alice@acme.test', 'demo-token-alice', 'alice'),
    bob: b.user('Bob Member', 'bob@acme.test', 'demo-token-bob', 'bob'),
    carol: b.user('Carol Side', 'carol@side.test', 'demo-token-carol', 'carol'),
    dave: b.user('Dave Lead', 'dave@acme.test', 'demo-token-dave', 'dave'),
    erin: b.user('Erin Designer', 'erin@acme.test', 'demo-token-erin', 'erin'),
  };
}

function seedWorkspaces(b: SeedBuilder, users: DemoUsers): { acme: Workspace; side: Workspace } {
  const acme = b.workspace('Acme', 'ACME');
  const side = b.workspace('Side Project', 'SIDE');
  b.member(acme, users.alice, 'admin');
  b.member(acme, users.bob, 'member', false);
  b.member(acme, users.dave, 'member', true);
  b.member(acme, users.erin, 'member', false);
  b.member(side, users.alice, 'admin');
  b.member(side, users.carol, 'member', false);
  return { acme, side };
}

function seedStatuses(b: SeedBuilder, spaces: DemoShape['spaces'], apiList: string): DemoShape['statuses'] {
  return {
    engineering: b.statuses('space', spaces.engineering, DEFAULT_STATUSES),
    api: b.statuses('list', apiList, [
      ['Backlog', 'open', '#b0b7c3'],
      ['Ready', 'not_started', '#87909e'],
      ['In Progress', 'active', '#5b8def'],
      ['Blocked', 'active', '#e74c3c'],
      ['Shipped', 'closed', '#2ecc71'],
    ]),
    marketing: b.statuses('space', spaces.marketing, [
      ['Idea', 'open', '#b0b7c3'],
      ['Drafting', 'active', '#5b8def'],
      ['Scheduled', 'active', '#f5a623'],
      ['Published', 'done', '#2ecc71'],
    ]),
    leadership: b.statuses('space', spaces.leadership, DEFAULT_STATUSES),
    garden: b.statuses('space', spaces.garden, DEFAULT_STATUSES),
  };
}

function seedSprint(b: SeedBuilder, acme: Workspace, spaceId: string, name: string, startDay: number): string {
  const id = b.id();
  b.store.sprints.set(id, {
    id,
    workspace_id: acme.id,
    space_id: spaceId,
    name,
    starts_at: b.iso(startDay * DAY_MS),
    ends_at: b.iso((startDay + 14) * DAY_MS - 1000),
  });
  return id;
}

export function buildShape(b: SeedBuilder): DemoShape {
  const users = seedUsers(b);
  const { acme, side } = seedWorkspaces(b, users);
  const eng = b.space(acme, 'Engineering');
  const mkt = b.space(acme, 'Marketing');
  const lead = b.space(acme, 'Leadership', true, [users.dave.id]);
  const garden = b.space(side, 'Garden');
  const spaces = { engineering: eng.id, marketing: mkt.id, leadership: lead.id, garden: garden.id };
  const folders = {
    backend: b.folder(eng, 'Backend'),
    frontend: b.folder(eng, 'Frontend'),
    campaigns: b.folder(mkt, 'Campaigns'),
    planning: b.folder(lead, 'Planning'),
    main: b.folder(garden, 'Main'),
  };
  const lists = {
    api: b.list(folders.backend, 'API'),
    database: b.list(folders.backend, 'Database'),
    imports: b.list(folders.backend, 'Imports'),
    webapp: b.list(folders.frontend, 'Web App'),
    design: b.list(folders.frontend, 'Design System'),
    q4: b.list(folders.campaigns, 'Q4 Launch'),
    social: b.list(folders.campaigns, 'Social Media'),
    roadmap: b.list(folders.planning, 'Roadmap'),
    hiring: b.list(folders.planning, 'Hiring'),
    ideas: b.list(folders.main, 'Ideas'),
    todo: b.list(folders.main, 'Todo'),
  };
  return {
    users,
    acme,
    side,
    spaces,
    folders,
    lists,
    statuses: seedStatuses(b, spaces, lists.api),
    sprints: {
      sprint1: seedSprint(b, acme, eng.id, 'Sprint 1', -21),
      sprint2: seedSprint(b, acme, eng.id, 'Sprint 2', -7),
    },
  };
}

export function buildDemo(nowMs: number): { store: Store; fixtures: Fixtures } {
  const b = new SeedBuilder(20261122, nowMs);
  const shape = buildShape(b);
  const tasks = seedDemoTasks(b, shape);
  const extras = seedDemoExtras(b, shape, tasks);
  const u = shape.users;
  const person = (x: User): Record<string, string> => ({ id: x.id, name: x.name, email: x.email, token: x.token });
  const statusMap = Object.fromEntries(
    Object.entries(shape.statuses).map(([k, list]) => [k, list.map((s) => ({ id: s.id, name: s.name, type: s.type }))]),
  );
  return {
    store: b.store,
    fixtures: {
      seed: 'demo',
      users: {
        alice: person(u.alice),
        bob: person(u.bob),
        carol: person(u.carol),
        dave: person(u.dave),
        erin: person(u.erin),
      },
      workspaces: {
        acme: { id: shape.acme.id, name: 'Acme', prefix: 'ACME' },
        side: { id: shape.side.id, name: 'Side Project', prefix: 'SIDE' },
      },
      spaces: shape.spaces,
      private_space_id: shape.spaces.leadership,
      folders: shape.folders,
      lists: shape.lists,
      statuses: statusMap,
      completed_status_types: ['done', 'closed'],
      sprints: shape.sprints,
      ...tasks.fixtures,
      ...extras,
    },
  };
}
