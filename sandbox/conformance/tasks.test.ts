// Conformance of docs/api/openapi.yaml#createTask, docs/api/openapi.yaml#getTask, docs/api/openapi.yaml#updateTask and
// docs/api/openapi.yaml#deleteTask,
// with the task's shape.
import * as assert from 'node:assert/strict';
import { DAY_MS, HEX_RE, ISO_RE, UNKNOWN_ID, UUID_RE, useSandbox } from './helpers';
import { assertError, createTask, liveTasks, marker, statusesOf } from './ops';
import type { Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#listTasks.
describe('Tasks > create, get, update, delete', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, listId: string;
  const base = (): string => `/workspaces/${w.acme.id}/tasks`;

  beforeEach(async () => {
    ({ w, listId } = await h.reseed());
  });

  /** Two lists whose status sets differ, so a status of one is foreign to the other. */
  async function foreignStatus(): Promise<Json> {
    const mine = new Set((await statusesOf(h.as('alice'), listId)).map((s) => s.id));
    for (const l of w.acmePublicLists) {
      const other = (await statusesOf(h.as('alice'), l.id)).find((s) => !mine.has(s.id));
      if (other) return other;
    }
    assert.fail('demo seed has two Acme lists with different statuses');
  }

  // docs/api/openapi.yaml#createTask.
  describe('POST /workspaces/{workspace}/tasks', () => {
    it('201 with the Task shape; defaults when only list_id and title are given', async () => {
      const title = marker('new');
      const res = await h.as('alice').post(base(), { list_id: listId, title });
      assert.equal(res.status, 201, res.text);
      const t = res.body;
      assert.match(t.id, UUID_RE);
      assert.equal(typeof t.display_id, 'string');
      assert.equal(t.workspace_id, w.acme.id);
      assert.equal(t.list_id, listId);
      assert.equal(t.parent_task_id, null);
      assert.equal(t.title, title);
      assert.equal(t.description, null);
      assert.ok(['low', 'medium', 'high', 'critical'].includes(t.priority));
      const statuses = await statusesOf(h.as('alice'), listId);
      const st = statuses.find((s) => s.id === t.status_id);
      assert.ok(st, 'default status belongs to the list');
      assert.deepEqual(
        { id: t.status.id, name: t.status.name, type: t.status.type, color: t.status.color },
        { id: st.id, name: st.name, type: st.type, color: st.color },
      );
      assert.match(t.status.color, HEX_RE);
      assert.equal(t.assignee_id, null);
      assert.equal(t.assignee, null);
      assert.equal(t.due_date, null);
      assert.match(t.created_at, ISO_RE);
      assert.match(t.updated_at, ISO_RE);
      assert.deepEqual(
        { id: t.creator.id, name: t.creator.name, email: t.creator.email },
        { id: w.users.alice.id, name: w.users.alice.name, email: w.users.alice.email },
      );
      assert.ok(Array.isArray(t.custom_field_values));
      assert.equal(t.subtask_count, 0);
      assert.equal(t.attachments_count, 0);
      assert.equal(t.is_blocked, false);
      const raw = (await h.ctl.state('tasks')).find((x: Json) => x.id === t.id);
      assert.equal(raw.title, title);
    });

    it('accepts every documented field and echoes it', async () => {
      const statuses = await statusesOf(h.as('alice'), listId);
      const parent = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: 'parent' });
      const due = new Date(Date.now() + 3 * DAY_MS).toISOString();
      const t = await createTask(h.as('alice'), w.acme.id, {
        list_id: listId,
        title: 'full',
        description: 'desc',
        priority: 'critical',
        status_id: statuses[statuses.length - 1].id,
        assignee_id: w.users.bob.id,
        due_date: due,
        parent_task_id: parent.id,
      });
      assert.equal(t.description, 'desc');
      assert.equal(t.priority, 'critical');
      assert.equal(t.status_id, statuses[statuses.length - 1].id);
      assert.equal(t.assignee_id, w.users.bob.id);
      assert.equal(t.assignee.id, w.users.bob.id);
      assert.equal(Date.parse(t.due_date), Date.parse(due));
      assert.equal(t.parent_task_id, parent.id);
      const p = (await h.as('alice').get(`${base()}/${parent.id}`)).body;
      assert.equal(p.subtask_count, 1);
    });

    it('ids and display ids stay unique under 30 parallel creates', async () => {
      const made = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          createTask(h.as(i % 2 ? 'alice' : 'bob'), w.acme.id, { list_id: listId, title: `par ${i}` }),
        ),
      );
      assert.equal(new Set(made.map((t) => t.id)).size, 30);
      assert.equal(new Set(made.map((t) => t.display_id)).size, 30);
      const all = (await h.ctl.state('tasks')).filter((t: Json) => t.workspace_id === w.acme.id);
      assert.equal(new Set(all.map((t: Json) => t.display_id)).size, all.length, 'unique in the workspace');
    });

    it('title of 255 characters is accepted', async () => {
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: 'x'.repeat(255) });
      assert.equal(t.title.length, 255);
    });

    // Contract: docs/api/openapi.yaml#listTasks.
    const invalid: [string, () => Json, string][] = [
      ['title missing', () => ({ list_id: listId }), 'title'],
      ['list_id missing', () => ({ title: 'x' }), 'list_id'],
      ['title of 256 characters', () => ({ list_id: listId, title: 'x'.repeat(256) }), 'title'],
      ['priority not in the enum', () => ({ list_id: listId, title: 'x', priority: 'urgent' }), 'priority'],
      ['title not a string', () => ({ list_id: listId, title: 42 }), 'title'],
      ['due_date not a date', () => ({ list_id: listId, title: 'x', due_date: 'tomorrow' }), 'due_date'],
      ['assignee_id not a uuid', () => ({ list_id: listId, title: 'x', assignee_id: 'bob' }), 'assignee_id'],
    ];
    for (const [label, body, field] of invalid) {
      it(`${label} -> 422 with errors.${field}`, async () => {
        const before = (await h.ctl.state('tasks')).length;
        const res = await h.as('alice').post(base(), body());
        assertError(res, 422, field);
        assert.equal((await h.ctl.state('tasks')).length, before, 'nothing created');
      });
    }

    it('a missing field is reported as required', async () => {
      const res = await h.as('alice').post(base(), { list_id: listId });
      assertError(res, 422, 'title');
      assert.match(res.body.errors.title[0], /required/i);
    });

    it('status_id of another list -> 422 errors.status_id', async () => {
      const other = await foreignStatus();
      assertError(
        await h.as('alice').post(base(), { list_id: listId, title: 'x', status_id: other.id }),
        422,
        'status_id',
      );
    });

    it('bob cannot create in a private list (nothing created)', async () => {
      const before = (await h.ctl.state('tasks')).length;
      const res = await h.as('bob').post(base(), { list_id: w.acmePrivateLists[0]!.id, title: 'x' });
      assert.ok(res.status === 404 || res.status === 422 || res.status === 403, `${res.status}`);
      assert.equal((await h.ctl.state('tasks')).length, before);
    });
  });

  // docs/api/openapi.yaml#getTask.
  describe('GET /workspaces/{workspace}/tasks/{task}', () => {
    it('200 returns the same task as create', async () => {
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: marker('g') });
      const res = await h.as('bob').get(`${base()}/${t.id}`);
      assert.equal(res.status, 200);
      for (const k of ['id', 'display_id', 'title', 'status_id', 'priority', 'list_id', 'created_at']) {
        assert.deepEqual(res.body[k], t[k], k);
      }
    });

    it('404 for an unknown task', async () => {
      assertError(await h.as('alice').get(`${base()}/${UNKNOWN_ID}`), 404);
    });

    it('404 for a task of another workspace addressed through this one', async () => {
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: 'x' });
      assertError(await h.as('alice').get(`/workspaces/${w.side.id}/tasks/${t.id}`), 404);
    });
  });

  // docs/api/openapi.yaml#updateTask.
  describe('PATCH /workspaces/{workspace}/tasks/{task}', () => {
    it('updates only the given fields', async () => {
      const t = await createTask(h.as('alice'), w.acme.id, {
        list_id: listId,
        title: 'before',
        description: 'keep',
        priority: 'low',
        assignee_id: w.users.bob.id,
      });
      const statuses = await statusesOf(h.as('alice'), listId);
      const next = statuses.find((s) => s.id !== t.status_id)!;
      const res = await h.as('alice').patch(`${base()}/${t.id}`, {
        title: 'after',
        priority: 'high',
        status_id: next.id,
        assignee_id: null,
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.title, 'after');
      assert.equal(res.body.priority, 'high');
      assert.equal(res.body.status_id, next.id);
      assert.equal(res.body.status.id, next.id);
      assert.equal(res.body.assignee_id, null);
      assert.equal(res.body.description, 'keep');
      assert.ok(Date.parse(res.body.updated_at) >= Date.parse(t.updated_at));
      assert.equal(res.body.created_at, t.created_at, 'created_at never moves');
      const raw = (await h.ctl.state('tasks')).find((x: Json) => x.id === t.id);
      assert.equal(raw.title, 'after');
    });

    it('updated_at moves with the (sandbox) clock on a change', async () => {
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: 'tick' });
      await h.ctl.advance(60_000);
      const res = await h.as('alice').patch(`${base()}/${t.id}`, { title: 'tock' });
      assert.ok(Date.parse(res.body.updated_at) - Date.parse(t.updated_at) >= 60_000);
    });

    it('sets and clears description and due_date', async () => {
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: 'd' });
      const due = new Date(Date.now() + DAY_MS).toISOString();
      const set = await h.as('alice').patch(`${base()}/${t.id}`, { description: 'x', due_date: due });
      assert.equal(set.body.description, 'x');
      assert.equal(Date.parse(set.body.due_date), Date.parse(due));
      const clear = await h.as('alice').patch(`${base()}/${t.id}`, { description: null, due_date: null });
      assert.equal(clear.body.description, null);
      assert.equal(clear.body.due_date, null);
    });

    const invalid: [string, Json, string][] = [
      ['title of 256 characters', { title: 'y'.repeat(256) }, 'title'],
      ['empty title', { title: '' }, 'title'],
      ['bad priority', { priority: 'p0' }, 'priority'],
    ];
    for (const [label, body, field] of invalid) {
      it(`${label} -> 422 errors.${field}, task unchanged`, async () => {
        const t = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: 'keep' });
        assertError(await h.as('alice').patch(`${base()}/${t.id}`, body), 422, field);
        assert.equal((await h.as('alice').get(`${base()}/${t.id}`)).body.title, 'keep');
      });
    }

    it('255-character title is accepted on update', async () => {
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: 'short' });
      const res = await h.as('alice').patch(`${base()}/${t.id}`, { title: 'z'.repeat(255) });
      assert.equal(res.status, 200);
      assert.equal(res.body.title.length, 255);
    });

    it('status_id of another list -> 422 errors.status_id', async () => {
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: 'x' });
      const other = await foreignStatus();
      assertError(await h.as('alice').patch(`${base()}/${t.id}`, { status_id: other.id }), 422, 'status_id');
    });

    it('404 for an unknown task', async () => {
      assertError(await h.as('alice').patch(`${base()}/${UNKNOWN_ID}`, { title: 'x' }), 404);
    });
  });

  // docs/api/openapi.yaml#deleteTask.
  describe('DELETE /workspaces/{workspace}/tasks/{task}', () => {
    it('200 { id, display_id, deleted_at, trash_expires_at = +30 days, subtasks_deleted }', async () => {
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: 'del' });
      const res = await h.as('alice').delete(`${base()}/${t.id}`);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.id, t.id);
      assert.equal(res.body.display_id, t.display_id);
      assert.match(res.body.deleted_at, ISO_RE);
      assert.equal(Date.parse(res.body.trash_expires_at) - Date.parse(res.body.deleted_at), 30 * DAY_MS);
      assert.equal(res.body.subtasks_deleted, 0);
      assertError(await h.as('alice').get(`${base()}/${t.id}`), 404);
      const raw = (await h.ctl.state('tasks')).find((x: Json) => x.id === t.id);
      assert.ok(raw.deleted_at, 'still in raw state, in Trash');
    });

    it('subtasks at any depth go with it; subtasks_deleted counts only this sweep', async () => {
      const a = h.as('alice');
      const p = await createTask(a, w.acme.id, { list_id: listId, title: 'P' });
      const c1 = await createTask(a, w.acme.id, { list_id: listId, title: 'C1', parent_task_id: p.id });
      await createTask(a, w.acme.id, { list_id: listId, title: 'G', parent_task_id: c1.id });
      const c2 = await createTask(a, w.acme.id, { list_id: listId, title: 'C2', parent_task_id: p.id });
      assert.equal((await a.delete(`${base()}/${c2.id}`)).body.subtasks_deleted, 0);
      const res = await a.delete(`${base()}/${p.id}`);
      assert.equal(res.body.subtasks_deleted, 2, 'C1 and G, not the earlier-trashed C2');
      const live = new Set((await liveTasks(h.ctl)).map((x) => x.id));
      for (const x of [p, c1, c2]) assert.ok(!live.has(x.id));
    });

    it('404 for an unknown task and for a task already in Trash', async () => {
      assertError(await h.as('alice').delete(`${base()}/${UNKNOWN_ID}`), 404);
      const t = await createTask(h.as('alice'), w.acme.id, { list_id: listId, title: 'twice' });
      assert.equal((await h.as('alice').delete(`${base()}/${t.id}`)).status, 200);
      assertError(await h.as('alice').delete(`${base()}/${t.id}`), 404);
    });
  });
});
