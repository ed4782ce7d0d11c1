// Conformance of the comment operations (docs/api/openapi.yaml#listTaskComments and the rest) and of the
// resolution state machine (docs/api/openapi.yaml#resolveTaskComment), every row of it.
import * as assert from 'node:assert/strict';
import { ISO_RE, UNKNOWN_ID, UUID_RE, fixtureId, useSandbox } from './helpers';
import { allPages, assertError, createTask, upload } from './ops';
import type { Api, Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#resolveTaskComment.
describe('Comments', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api;
  let task: Json;
  const base = (taskId = task.id): string => `/workspaces/${w.acme.id}/tasks/${taskId}/comments`;

  beforeEach(async () => {
    ({ w, a } = await h.reseed());
    task = await createTask(a, w.acme.id, { list_id: w.acmePublicLists[0]!.id, title: 'commented' });
  });

  async function comment(body: Json = { body: 'hi' }, api = a): Promise<Json> {
    const res = await api.post(base(), body);
    assert.equal(res.status, 201, res.text);
    return res.body;
  }

  // docs/api/openapi.yaml#listTaskComments: GET comments (cursor pagination).
  describe('GET comments (cursor pagination)', () => {
    it('the seeded task_with_comments: all pages together equal the raw comments', async () => {
      const id = fixtureId(w.fixtures, 'task_with_comments');
      const raw = (await h.ctl.state('comments')).filter((c: Json) => c.task_id === id);
      assert.ok(raw.length > 0);
      const pages = await allPages(a, base(id));
      const got = pages.flatMap((p) => p.data.map((c: Json) => c.id));
      assert.equal(new Set(got).size, got.length, 'no comment twice');
      assert.deepEqual([...got].sort(), raw.map((c: Json) => c.id).sort());
      const last = pages[pages.length - 1];
      assert.equal(last.has_more, false);
      assert.equal(last.next_cursor, null);
    });

    it('many comments span several pages, each comment exactly once', async () => {
      const made = [];
      for (let i = 0; i < 75; i += 1) made.push((await comment({ body: `c${i}` })).id);
      const pages = await allPages(a, base());
      assert.ok(pages.length >= 2, 'more than one page');
      for (const p of pages.slice(0, -1)) assert.ok(p.has_more && typeof p.next_cursor === 'string');
      const got = pages.flatMap((p) => p.data.map((c: Json) => c.id));
      assert.deepEqual([...got].sort(), [...made].sort());
    });
    it('a cursor stays valid when comments are deleted meanwhile (nothing skipped)', async () => {
      const made: string[] = [];
      for (let i = 0; i < 60; i += 1) made.push((await comment({ body: `d${i}` })).id);
      const p1 = (await a.get(base())).body;
      const gone = p1.data.slice(0, 3).map((c: Json) => c.id);
      for (const id of gone) assert.equal((await a.delete(`${base()}/${id}`)).status, 204);
      const seen = p1.data.map((c: Json) => c.id);
      let cursor = p1.next_cursor as string | null;
      while (cursor) {
        const page = (await a.get(base(), { cursor })).body;
        seen.push(...page.data.map((c: Json) => c.id));
        cursor = page.has_more ? page.next_cursor : null;
      }
      assert.deepEqual([...seen].sort(), [...made].sort(), 'every comment of page 1 and later exactly once');
    });
  });

  // docs/api/openapi.yaml#createTaskComment: POST comments.
  describe('POST comments', () => {
    it('201 with the Comment shape', async () => {
      const c = await comment({ body: 'hello' });
      assert.match(c.id, UUID_RE);
      assert.equal(c.task_id, task.id);
      assert.equal(c.body, 'hello');
      assert.equal(c.parent_id, null);
      assert.equal(c.assignee_id, null);
      assert.equal(c.assignee, null);
      assert.equal(c.resolved_at, null);
      assert.match(c.created_at, ISO_RE);
      assert.deepEqual(
        { id: c.user.id, name: c.user.name, email: c.user.email },
        { id: w.users.alice.id, name: w.users.alice.name, email: w.users.alice.email },
      );
      assert.ok((await h.ctl.state('comments')).some((x: Json) => x.id === c.id));
    });

    it('accepts parent_id (reply), mentions and assignee_id', async () => {
      const parent = await comment({ body: 'root' });
      const reply = await comment({
        body: 'reply',
        parent_id: parent.id,
        mentions: [w.users.bob.id],
        assignee_id: w.users.bob.id,
      });
      assert.equal(reply.parent_id, parent.id);
      assert.equal(reply.assignee_id, w.users.bob.id);
      assert.equal(reply.assignee.id, w.users.bob.id);
      const raw = (await h.ctl.state('comments')).find((x: Json) => x.id === reply.id);
      assert.deepEqual(raw.mentions, [w.users.bob.id]);
    });

    const invalid: [string, Json, string][] = [
      ['body missing', {}, 'body'],
      ['body not a string', { body: 5 }, 'body'],
      ['mentions not an array of uuids', { body: 'x', mentions: ['bob'] }, 'mentions'],
      ['assignee_id not a uuid', { body: 'x', assignee_id: 'bob' }, 'assignee_id'],
    ];
    for (const [label, body, field] of invalid) {
      it(`${label} -> 422 errors.${field}`, async () => {
        assertError(await a.post(base(), body), 422, field);
      });
    }

    it('404 when the task is unknown or not visible', async () => {
      assertError(await a.post(base(UNKNOWN_ID), { body: 'x' }), 404);
      assertError(await h.as('carol').post(base(), { body: 'x' }), 404);
    });
  });

  // docs/api/openapi.yaml#updateTaskComment: PUT comments/{comment}.
  describe('PUT comments/{comment}', () => {
    it('200 updates body and assignee', async () => {
      const c = await comment({ body: 'old' });
      const res = await a.put(`${base()}/${c.id}`, { body: 'new', assignee_id: w.users.bob.id, mentions: [] });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.body, 'new');
      assert.equal(res.body.assignee_id, w.users.bob.id);
      assert.equal((await h.ctl.state('comments')).find((x: Json) => x.id === c.id).body, 'new');
    });

    it('422 when body is missing; 404 for an unknown comment', async () => {
      const c = await comment();
      assertError(await a.put(`${base()}/${c.id}`, {}), 422, 'body');
      assertError(await a.put(`${base()}/${UNKNOWN_ID}`, { body: 'x' }), 404);
    });
  });

  // docs/api/openapi.yaml#deleteTaskComment: DELETE comments/{comment}.
  describe('DELETE comments/{comment}', () => {
    it('204 with no body; removes the comment and its attachments', async () => {
      const c = await comment();
      const up = await upload(a, w.acme.id, task.id, 'note.txt', 'attached', { context: 'comment', comment_id: c.id });
      assert.equal(up.status, 201, up.text);
      const other = await upload(a, w.acme.id, task.id, 'keep.txt', 'task file');
      assert.equal(other.status, 201);
      const res = await a.delete(`${base()}/${c.id}`);
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
      assert.ok(!(await h.ctl.state('comments')).some((x: Json) => x.id === c.id));
      const atts = (await h.ctl.state('attachments')).map((x: Json) => x.id);
      assert.ok(!atts.includes(up.body.id), 'comment attachment deleted');
      assert.ok(atts.includes(other.body.id), 'task attachment kept');
    });

    it('404 for an unknown or already deleted comment', async () => {
      const c = await comment();
      assert.equal((await a.delete(`${base()}/${c.id}`)).status, 204);
      assertError(await a.delete(`${base()}/${c.id}`), 404);
      assertError(await a.delete(`${base()}/${UNKNOWN_ID}`), 404);
    });
  });

  // docs/api/openapi.yaml#resolveTaskComment: Comment resolution state machine.
  describe('Comment resolution state machine', () => {
    const resolve = (c: Json): Promise<Json> => a.put(`${base()}/${c.id}/resolve`);
    const unresolve = (c: Json): Promise<Json> => a.put(`${base()}/${c.id}/unresolve`);
    const rawOf = async (c: Json): Promise<Json> => (await h.ctl.state('comments')).find((x: Json) => x.id === c.id);

    it('unresolved + assignee --resolve--> resolved (200, resolved_at and assignee)', async () => {
      const c = await comment({ body: 'todo', assignee_id: w.users.bob.id });
      const res = await resolve(c);
      assert.equal(res.status, 200, res.text);
      assert.match(res.body.resolved_at, ISO_RE);
      assert.equal(res.body.assignee.id, w.users.bob.id);
      assert.ok((await rawOf(c)).resolved_at);
    });

    it('unresolved without assignee --resolve--> 422, unchanged', async () => {
      const c = await comment({ body: 'no one' });
      assertError(await resolve(c), 422);
      assert.equal((await rawOf(c)).resolved_at, null);
    });

    it('already resolved --resolve--> 422, unchanged', async () => {
      const c = await comment({ body: 'todo', assignee_id: w.users.bob.id });
      const first = await resolve(c);
      assertError(await resolve(c), 422);
      assert.equal((await rawOf(c)).resolved_at, first.body.resolved_at);
    });

    it('resolved --unresolve--> unresolved (200, resolved_at null)', async () => {
      const c = await comment({ body: 'todo', assignee_id: w.users.bob.id });
      await resolve(c);
      const res = await unresolve(c);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.resolved_at, null);
      assert.equal((await rawOf(c)).resolved_at, null);
      assert.equal((await resolve(c)).status, 200, 'can be resolved again');
    });

    it('unresolved --unresolve--> 422, unchanged', async () => {
      const c = await comment({ body: 'todo', assignee_id: w.users.bob.id });
      assertError(await unresolve(c), 422);
      assert.equal((await rawOf(c)).resolved_at, null);
    });

    it('404 for an unknown comment on resolve and unresolve', async () => {
      assertError(await a.put(`${base()}/${UNKNOWN_ID}/resolve`), 404);
      assertError(await a.put(`${base()}/${UNKNOWN_ID}/unresolve`), 404);
    });
  });

  describe('assumption: paging, limits, deletes (docs/api/openapi.yaml#listTaskComments)', () => {
    it('50 per page, oldest first', async () => {
      const made: string[] = [];
      for (let i = 0; i < 55; i += 1) made.push((await comment({ body: `n${i}` })).id);
      const pages = await allPages(a, base());
      assert.equal(pages[0].data.length, 50);
      assert.deepEqual(
        pages.flatMap((p) => p.data.map((c: Json) => c.id)),
        made,
      );
    });

    it('deleting a comment deletes its replies and their files', async () => {
      const root = await comment({ body: 'root' });
      const reply = await comment({ body: 'reply', parent_id: root.id });
      const file = await upload(a, w.acme.id, task.id, 'r.txt', 'r', { context: 'comment', comment_id: reply.id });
      assert.equal(file.status, 201);
      assert.equal((await a.delete(`${base()}/${root.id}`)).status, 204);
      const ids = (await h.ctl.state('comments')).map((c: Json) => c.id);
      assert.ok(!ids.includes(reply.id));
      assert.ok(!(await h.ctl.state('attachments')).some((x: Json) => x.id === file.body.id));
    });

    it('body over 10,000 characters, a non-member mention, a parent of another task -> 422', async () => {
      assertError(await a.post(base(), { body: 'x'.repeat(10_001) }), 422, 'body');
      assertError(await a.post(base(), { body: 'x', mentions: [w.users.carol.id] }), 422, 'mentions');
      const other = await createTask(a, w.acme.id, { list_id: task.list_id, title: 'other' });
      const foreign = (await a.post(base(other.id), { body: 'elsewhere' })).body;
      assertError(await a.post(base(), { body: 'x', parent_id: foreign.id }), 422, 'parent_id');
    });

    it('resolve errors are listed under errors.comment', async () => {
      const c = await comment({ body: 'no assignee' });
      assertError(await a.put(`${base()}/${c.id}/resolve`), 422, 'comment');
    });

    it("any caller who can see the task may edit its comments (bob edits alice's)", async () => {
      const c = await comment({ body: 'alice wrote' });
      const res = await h.as('bob').put(`${base()}/${c.id}`, { body: 'bob edited' });
      assert.equal(res.status, 200);
    });
  });
});
