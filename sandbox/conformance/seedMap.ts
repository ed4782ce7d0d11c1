// A map of a seed as the API shows it to alice (workspaces, spaces, lists,
// members, users), discovered through the API itself rather than hard-coded ids.
import * as assert from 'node:assert/strict';
import type { Api, Harness, Json, Who } from './helpers';

export interface WList {
  id: string;
  name: string;
  folder_id: string;
  space_id: string;
  workspace_id: string;
}

export interface SeedMap {
  fixtures: Json;
  acme: { id: string; name: string };
  side: { id: string; name: string };
  /** Acme space bob cannot see (visible to alice). */
  privateSpace: Json;
  /** Acme space bob can see. */
  publicSpace: Json;
  /** Lists by workspace, as alice sees them. */
  lists: WList[];
  acmePublicLists: WList[];
  acmePrivateLists: WList[];
  sideLists: WList[];
  members: Record<'acme' | 'side', Json[]>;
  users: Record<Who, Json>;
}

async function listsOf(api: Api, workspaceId: string, spaces: Json[]): Promise<WList[]> {
  const out: WList[] = [];
  for (const space of spaces) {
    const folders = await api.get(`/workspaces/${workspaceId}/spaces/${space.id}/folders`);
    assert.equal(folders.status, 200, folders.text);
    for (const folder of folders.body as Json[]) {
      const lists = await api.get(`/workspaces/${workspaceId}/spaces/${space.id}/folders/${folder.id}/lists`);
      assert.equal(lists.status, 200, lists.text);
      for (const l of lists.body as Json[]) {
        out.push({ id: l.id, name: l.name, folder_id: folder.id, space_id: space.id, workspace_id: workspaceId });
      }
    }
  }
  return out;
}

export async function discoverSeedMap(h: Harness): Promise<SeedMap> {
  const alice = h.as('alice');
  const bob = h.as('bob');
  const me = await alice.get('/user');
  assert.equal(me.status, 200, me.text);
  const ws = me.body.workspaces as Json[];
  const acme = ws.find((w) => w.name === 'Acme');
  const side = ws.find((w) => w.name === 'Side Project');
  assert.ok(acme && side, 'alice belongs to Acme and Side Project');
  const aliceSpaces = (await alice.get(`/workspaces/${acme.id}/spaces`)).body as Json[];
  const bobSpaces = (await bob.get(`/workspaces/${acme.id}/spaces`)).body as Json[];
  const bobIds = new Set(bobSpaces.map((s) => s.id));
  const privateSpace = aliceSpaces.find((s) => !bobIds.has(s.id));
  const publicSpace = aliceSpaces.find((s) => bobIds.has(s.id));
  assert.ok(privateSpace && publicSpace, 'Acme has a space bob cannot see and one he can');
  const acmeLists = await listsOf(alice, acme.id, aliceSpaces);
  const sideSpaces = (await alice.get(`/workspaces/${side.id}/spaces`)).body as Json[];
  const sideLists = await listsOf(alice, side.id, sideSpaces);
  const users = {} as Record<Who, Json>;
  for (const who of ['alice', 'bob', 'carol'] as Who[]) {
    users[who] = (await h.as(who).get('/user')).body;
  }
  return {
    fixtures: await h.ctl.fixtures(),
    acme,
    side,
    privateSpace,
    publicSpace,
    lists: [...acmeLists, ...sideLists],
    acmePublicLists: acmeLists.filter((l) => l.space_id !== privateSpace.id),
    acmePrivateLists: acmeLists.filter((l) => l.space_id === privateSpace.id),
    sideLists,
    members: {
      acme: (await alice.get(`/workspaces/${acme.id}/members`)).body,
      side: (await alice.get(`/workspaces/${side.id}/members`)).body,
    },
    users,
  };
}
