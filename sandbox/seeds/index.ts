// Seed selection.
import type { Fixtures, SeedName } from '../app';
import type { Store } from '../store';
import { SeedBuilder } from './builder';
import { buildDemo, buildShape } from './demo';
import { buildLarge } from './large';
import { buildOther } from './other';
import { worldOf } from '../worlds';

export interface BuiltSeed {
  store: Store;
  fixtures: Fixtures;
}

/** `empty`: the demo users, workspaces, spaces, lists and statuses, but no tasks. */
function buildEmpty(nowMs: number): BuiltSeed {
  const b = new SeedBuilder(20261122, nowMs);
  const shape = buildShape(b);
  const u = shape.users;
  return {
    store: b.store,
    fixtures: {
      seed: 'empty',
      users: Object.fromEntries(
        Object.entries(u).map(([k, x]) => [k, { id: x.id, name: x.name, email: x.email, token: x.token }]),
      ),
      workspaces: {
        acme: { id: shape.acme.id, name: 'Acme', prefix: 'ACME' },
        side: { id: shape.side.id, name: 'Side Project', prefix: 'SIDE' },
      },
      spaces: shape.spaces,
      folders: shape.folders,
      lists: shape.lists,
      sprints: shape.sprints,
      private_space_id: shape.spaces.leadership,
    },
  };
}

/** The seed's store and fixtures; the fixtures name the seed's world (`world`). */
export function buildSeed(seed: SeedName, nowMs: number): BuiltSeed {
  const built = buildSeedOnly(seed, nowMs);
  return { store: built.store, fixtures: { ...built.fixtures, world: worldOf(seed) } };
}

function buildSeedOnly(seed: SeedName, nowMs: number): BuiltSeed {
  switch (seed) {
    case 'demo':
      return buildDemo(nowMs);
    case 'large':
      return buildLarge(nowMs);
    case 'empty':
      return buildEmpty(nowMs);
    case 'other':
      return buildOther(nowMs);
  }
}
