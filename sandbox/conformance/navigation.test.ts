// Conformance of the navigation operations (docs/api/openapi.yaml#getCurrentUser, docs/api/openapi.yaml#listSpaces and
// the rest).
import * as assert from 'node:assert/strict';
import { HEX_RE, UUID_RE, useSandbox } from './helpers';
import { statusesOf } from './ops';
import type { Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listSpaces.
describe('Navigation', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap;
  before(async () => {
    w = await h.seedMap();
  });

  // docs/api/openapi.yaml#getCurrentUser: GET /user.
  describe('GET /user', () => {
    // Contract: docs/api/openapi.yaml#getCurrentUser.
    it('returns the User shape with workspaces and pivot', async () => {
      const res = await h.as('alice').get('/user');
      assert.equal(res.status, 200);
      assert.match(res.body.id, UUID_RE);
      assert.equal(typeof res.body.name, 'string');
      assert.equal(typeof res.body.email, 'string');
      assert.ok(Array.isArray(res.body.workspaces));
      for (const ws of res.body.workspaces) {
        assert.match(ws.id, UUID_RE);
        assert.equal(typeof ws.name, 'string');
        assert.match(ws.pivot.role_id, UUID_RE);
        assert.equal(typeof ws.pivot.is_active, 'boolean');
      }
    });

    const memberships: [who: 'alice' | 'bob' | 'carol', names: string[]][] = [
      ['alice', ['Acme', 'Side Project']],
      ['bob', ['Acme']],
      ['carol', ['Side Project']],
    ];
    for (const [who, names] of memberships) {
      it(`${who} sees exactly the workspaces ${names.join(', ')}`, async () => {
        const res = await h.as(who).get('/user');
        assert.deepEqual(res.body.workspaces.map((x: Json) => x.name).sort(), [...names].sort());
      });
    }
  });

  // docs/api/openapi.yaml#listSpaces: GET /workspaces/{workspace}/spaces.
  describe('GET /workspaces/{workspace}/spaces', () => {
    it('returns Space objects of that workspace', async () => {
      const res = await h.as('alice').get(`/workspaces/${w.acme.id}/spaces`);
      assert.equal(res.status, 200);
      assert.ok(Array.isArray(res.body) && res.body.length >= 2);
      for (const s of res.body) {
        assert.match(s.id, UUID_RE);
        assert.equal(typeof s.name, 'string');
        assert.equal(s.workspace_id, w.acme.id);
      }
    });

    it("bob sees a strict subset of alice's spaces (no private space)", async () => {
      const a = (await h.as('alice').get(`/workspaces/${w.acme.id}/spaces`)).body as Json[];
      const b = (await h.as('bob').get(`/workspaces/${w.acme.id}/spaces`)).body as Json[];
      const aIds = new Set(a.map((s) => s.id));
      assert.ok(b.every((s) => aIds.has(s.id)));
      assert.ok(b.length < a.length);
    });
  });

  // docs/api/openapi.yaml#listFolders: GET .../spaces/{space}/folders.
  describe('GET .../spaces/{space}/folders', () => {
    it('returns Folder objects of that space', async () => {
      const res = await h.as('alice').get(`/workspaces/${w.acme.id}/spaces/${w.publicSpace.id}/folders`);
      assert.equal(res.status, 200);
      assert.ok(res.body.length >= 1);
      for (const f of res.body) {
        assert.match(f.id, UUID_RE);
        assert.equal(typeof f.name, 'string');
        assert.equal(f.space_id, w.publicSpace.id);
      }
    });
  });

  // docs/api/openapi.yaml#listLists: GET .../folders/{folder}/lists.
  describe('GET .../folders/{folder}/lists', () => {
    it('returns List objects of that folder', async () => {
      const list = w.acmePublicLists[0]!;
      const res = await h
        .as('alice')
        .get(`/workspaces/${w.acme.id}/spaces/${list.space_id}/folders/${list.folder_id}/lists`);
      assert.equal(res.status, 200);
      assert.ok(res.body.some((l: Json) => l.id === list.id));
      for (const l of res.body) {
        assert.match(l.id, UUID_RE);
        assert.equal(typeof l.name, 'string');
        assert.equal(l.folder_id, list.folder_id);
      }
    });

    it('bob can walk the tree to the lists of a public space', async () => {
      const list = w.acmePublicLists[0]!;
      const res = await h
        .as('bob')
        .get(`/workspaces/${w.acme.id}/spaces/${list.space_id}/folders/${list.folder_id}/lists`);
      assert.equal(res.status, 200);
      assert.ok(res.body.some((l: Json) => l.id === list.id));
    });
  });

  // docs/api/openapi.yaml#listListStatuses: GET /lists/{list}/statuses.
  describe('GET /lists/{list}/statuses', () => {
    it('returns { data: Status[], is_customized, source } for every list', async () => {
      for (const list of w.lists) {
        const res = await h.as('alice').get(`/lists/${list.id}/statuses`);
        assert.equal(res.status, 200);
        assert.equal(typeof res.body.is_customized, 'boolean');
        assert.equal(typeof res.body.source, 'string');
        assert.ok(res.body.data.length >= 1);
        for (const s of res.body.data) {
          assert.match(s.id, UUID_RE);
          assert.equal(typeof s.name, 'string');
          assert.equal(typeof s.type, 'string');
          assert.match(s.color, HEX_RE);
        }
      }
    });

    it('every seeded task uses a status of its own list', async () => {
      const tasks = await h.ctl.state('tasks');
      const byList = new Map<string, Set<string>>();
      for (const list of w.lists) {
        byList.set(list.id, new Set((await statusesOf(h.as('alice'), list.id)).map((s) => s.id)));
      }
      for (const t of tasks) {
        const allowed = byList.get(t.list_id);
        if (allowed) assert.ok(allowed.has(t.status_id), `task ${t.id} status in its list`);
      }
    });
  });

  // docs/api/openapi.yaml#listWorkspaceMembers: GET /workspaces/{workspace}/members.
  describe('GET /workspaces/{workspace}/members', () => {
    it('returns Member objects; ids are usable as assignee_id', async () => {
      const res = await h.as('bob').get(`/workspaces/${w.acme.id}/members`);
      assert.equal(res.status, 200);
      for (const m of res.body) {
        assert.match(m.id, UUID_RE);
        for (const k of ['name', 'email', 'role', 'role_slug']) assert.equal(typeof m[k], 'string', k);
      }
      const ids = res.body.map((m: Json) => m.id);
      assert.ok(ids.includes(w.users.alice.id) && ids.includes(w.users.bob.id));
      assert.ok(!ids.includes(w.users.carol.id), 'carol is not an Acme member');
    });

    it('member ids are accepted as assignee_id', async () => {
      const list = w.acmePublicLists[0]!;
      const res = await h.as('alice').post(`/workspaces/${w.acme.id}/tasks`, {
        list_id: list.id,
        title: 'assign to bob',
        assignee_id: w.users.bob.id,
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.assignee_id, w.users.bob.id);
    });
  });

  describe('assumption: status source and sidebar (docs/api/openapi.yaml#getWorkspaceSidebar)', () => {
    it('a list has its own statuses (true, "list") or inherits its space\'s (false, "space")', async () => {
      const seen = new Set<string>();
      for (const list of w.lists) {
        const body = (await h.as('alice').get(`/lists/${list.id}/statuses`)).body;
        assert.ok(
          (body.is_customized && body.source === 'list') || (!body.is_customized && body.source === 'space'),
          `${list.name}: ${body.is_customized} ${body.source}`,
        );
        seen.add(body.source);
      }
      assert.deepEqual([...seen].sort(), ['list', 'space'], 'the demo seed has both kinds');
    });

    it('GET /workspaces/{id}/sidebar: the tree the caller may see, task_count = live tasks at all depths', async () => {
      const res = await h.as('bob').get(`/workspaces/${w.acme.id}/sidebar`);
      assert.equal(res.status, 200);
      const tree = res.body.data;
      assert.equal(tree.id, w.acme.id);
      assert.ok(!tree.spaces.some((s: Json) => s.id === w.privateSpace.id), 'no private space for bob');
      assert.ok(Array.isArray(tree.sprints));
      const live = (await h.ctl.state('tasks')).filter((t: Json) => !t.deleted_at);
      for (const space of tree.spaces) {
        for (const folder of space.folders) {
          for (const list of folder.lists) {
            assert.equal(list.task_count, live.filter((t: Json) => t.list_id === list.id).length, list.name);
          }
        }
      }
    });
  });
});
