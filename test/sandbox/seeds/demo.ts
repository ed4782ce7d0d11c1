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
  lists: Record<'api' | 'database' | 'imports' | 'webapp' | 'design' | 'q4' | 'social' | 'roadmap' | 'hiring'
    | 'ideas' | 'todo', string>;
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

export function buildShape(b: SeedBuilder): DemoShape {
  const users = seedUsers(b);
  const acme = b.workspace('Acme', 'ACME');
  const side = b.workspace('Side Project', 'SIDE');
  b.member(acme, users.alice, 'admin');
  b.member(acme, users.bob, 'member', false);
  b.member(acme, users.dave, 'member', true);
  b.member(acme, users.erin, 'member', false);
  b.member(side, users.alice, 'admin');
  b.member(side, users.carol, 'member', false);
  const eng = b.space(acme, 'Engineering');
  const mkt = b.space(acme, 'Marketing');
  const lead = b.space(acme, 'Leadership', true, [users.dave.id]);
  const garden = b.space(side, 'Garden');
  const backend = b.folder(eng, 'Backend');
  const frontend = b.folder(eng, 'Frontend');
  const campaigns = b.folder(mkt, 'Campaigns');
  const planning = b.folder(lead, 'Planning');
  const main = b.folder(garden, 'Main');
  const lists = {
    api: b.list(backend, 'API'), database: b.list(backend, 'Database'), imports: b.list(backend, 'Imports'),
    webapp: b.list(frontend, 'Web App'), design: b.list(frontend, 'Design System'),
    q4: b.list(campaigns, 'Q4 Launch'), social: b.list(campaigns, 'Social Media'),
    roadmap: b.list(planning, 'Roadmap'), hiring: b.list(planning, 'Hiring'),
    ideas: b.list(main, 'Ideas'), todo: b.list(main, 'Todo'),
  };
  const statuses = {
    engineering: b.statuses('space', eng.id, DEFAULT_STATUSES),
    api: b.statuses('list', lists.api, [
      ['Backlog', 'open', '#b0b7c3'], ['Ready', 'not_started', '#87909e'], ['In Progress', 'active', '#5b8def'],
      ['Blocked', 'active', '#e74c3c'], ['Shipped', 'closed', '#2ecc71'],
    ]),
    marketing: b.statuses('space', mkt.id, [
      ['Idea', 'open', '#b0b7c3'], ['Drafting', 'active', '#5b8def'], ['Scheduled', 'active', '#f5a623'],
      ['Published', 'done', '#2ecc71'],
    ]),
    leadership: b.statuses('space', lead.id, DEFAULT_STATUSES),
    garden: b.statuses('space', garden.id, DEFAULT_STATUSES),
  };
  const sprint = (name: string, startDay: number): string => {
    const id = b.id();
    b.store.sprints.set(id, {
      id, workspace_id: acme.id, space_id: eng.id, name,
      starts_at: b.iso(startDay * DAY_MS), ends_at: b.iso((startDay + 14) * DAY_MS - 1000),
    });
    return id;
  };
  return {
    users, acme, side, lists, statuses,
    spaces: { engineering: eng.id, marketing: mkt.id, leadership: lead.id, garden: garden.id },
    folders: { backend, frontend, campaigns, planning, main },
    sprints: { sprint1: sprint('Sprint 1', -21), sprint2: sprint('Sprint 2', -7) },
  };
}

export function buildDemo(nowMs: number): { store: Store; fixtures: Fixtures } {
  const b = new SeedBuilder(20261122, nowMs);
  const shape = buildShape(b);
  const tasks = seedDemoTasks(b, shape);
  const extras = seedDemoExtras(b, shape, tasks);
  const u = shape.users;
  const person = (x: User): Record<string, string> => ({ id: x.id, name: x.name, email: x.email, token: x.token });
  const statusMap = Object.fromEntries(Object.entries(shape.statuses).map(([k, list]) => [k,
    list.map((s) => ({ id: s.id, name: s.name, type: s.type }))]));
  return {
    store: b.store,
    fixtures: {
      seed: 'demo',
      users: { alice: person(u.alice), bob: person(u.bob), carol: person(u.carol), dave: person(u.dave), erin: person(u.erin) },
      workspaces: { acme: { id: shape.acme.id, name: 'Acme', prefix: 'ACME' }, side: { id: shape.side.id, name: 'Side Project', prefix: 'SIDE' } },
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
