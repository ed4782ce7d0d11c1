import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { TaskRow } from '../../../../src/core/api/schemas';
import { TaskResolver } from '../../../../src/core/codeLinks/resolver';
import { SPACE_ENTRIES, SPACES_PER_PREFIX, SpaceBook } from '../../../../src/core/codeLinks/spaceBook';
import { useSandbox } from '../api/env';

describe('code links: the first look-up asks the space where the prefix was found before (large seed)', function () {
  const env = useSandbox(this, { seed: 'large', timeout: 60_000 });

  function resolver(book: SpaceBook): TaskResolver {
    return new TaskResolver(env.client(), {
      workspacesFor: () => [env.acme],
      knownSpaces: (w, p) => book.spacesFor(w, p),
      foundIn: (w, p, s) => book.found(w, p, s),
      forgetSpace: (w, s) => book.forget(w, s),
    });
  }

  /** Two top-level tasks of the workspace's `index`th space, and how many spaces it has. */
  async function twoTasksOfSpace(index: number): Promise<{ spaceId: string; tasks: TaskRow[]; spaces: number }> {
    const spaces = await env.client().listSpaces(env.acme);
    const spaceId = spaces[index]!.id;
    const page = await env.client().listTasks(env.acme, { scope: { space_id: spaceId }, per_page: 2 });
    assert.equal(page.data.length, 2);
    return { spaceId, tasks: page.data, spaces: spaces.length };
  }

  /** The requests the sandbox logged from now until `act` settles. */
  async function requestsOf(act: () => Promise<unknown>): Promise<{ path: string; spaceId?: string }[]> {
    const before = (await env.requests()).length;
    await act();
    // The log gives the query as an object of its parameters.
    return (await env.requests())
      .slice(before)
      .map((r) => ({ path: r.path, spaceId: (r.query as unknown as { space_id?: string }).space_id }));
  }

  it('a known space: one request for the first hover of an id; an unknown prefix asks every space', async () => {
    const { spaceId, tasks, spaces } = await twoTasksOfSpace(3);
    assert.ok(spaces >= 10, `the large seed's Acme has ${spaces} spaces`);
    const book = new SpaceBook();
    const [first, second] = tasks.map((t) => t.display_id as string) as [string, string];
    const learning = await requestsOf(() => resolver(book).resolve([first], 'user'));
    assert.equal(learning.length, spaces + 1, 'nothing known yet: the spaces, then one call per space');
    assert.deepEqual(book.spacesFor(env.acme, 'ACME'), [spaceId], 'remembered where it was found');

    // A new session (nothing cached), the book persisted: the first hover of another id of the prefix.
    const hover = await requestsOf(async () => {
      const found = (await resolver(book).resolve([second], 'user')).get(second);
      assert.ok(found?.kind === 'found' && found.task.id === tasks[1]!.id);
    });
    assert.equal(hover.length, 1, `one request, not ${spaces + 1}: ${JSON.stringify(hover)}`);
    assert.equal(hover[0]!.spaceId, spaceId);
  });

  it('an id not in the known space: the other spaces are asked (the known one not again), its space comes first', async () => {
    const elsewhere = await twoTasksOfSpace(5);
    const known = await twoTasksOfSpace(1);
    const book = new SpaceBook({ [`${env.acme}/ACME`]: [known.spaceId] });
    const id = elsewhere.tasks[0]!.display_id as string;
    const sent = await requestsOf(async () => {
      assert.equal((await resolver(book).resolve([id], 'user')).get(id)?.kind, 'found');
    });
    const asked = sent.flatMap((r) => (r.spaceId ? [r.spaceId] : []));
    assert.equal(asked.filter((s) => s === known.spaceId).length, 1, 'the known space once');
    assert.equal(new Set(asked).size, asked.length);
    assert.deepEqual(book.spacesFor(env.acme, 'ACME'), [elsewhere.spaceId, known.spaceId]);
  });

  it('a remembered space that is gone is forgotten, and the workspace is searched as before', async () => {
    const { spaceId, tasks } = await twoTasksOfSpace(2);
    const gone = randomUUID();
    const book = new SpaceBook({ [`${env.acme}/ACME`]: [gone] });
    const id = tasks[0]!.display_id as string;
    assert.equal((await resolver(book).resolve([id], 'user')).get(id)?.kind, 'found');
    assert.deepEqual(book.spacesFor(env.acme, 'ACME'), [spaceId]);
  });

  it('when the known space cannot be asked, nothing is said about the id (no stale "missing"), and nothing cached', async () => {
    const { spaceId, tasks } = await twoTasksOfSpace(4);
    const book = new SpaceBook({ [`${env.acme}/ACME`]: [spaceId] });
    await env.fault({ path: '/api/workspaces/*/tasks', query: { space_id: spaceId }, kind: 'status500' });
    const r = resolver(book);
    const id = tasks[0]!.display_id as string;
    assert.equal((await r.resolve([id], 'user')).has(id), false);
    assert.equal(r.peek(id), undefined);
    assert.deepEqual(book.spacesFor(env.acme, 'ACME'), [spaceId], 'a failure is not a sign the space is gone');
  });
});

describe('code links: the space book is bounded and reads back only what it wrote', () => {
  const ws = randomUUID();
  it(`keeps ${SPACES_PER_PREFIX} spaces per prefix, most recent first, and ${SPACE_ENTRIES} pairs`, () => {
    const book = new SpaceBook();
    const spaces = Array.from({ length: 5 }, () => randomUUID());
    spaces.forEach((s) => book.found(ws, 'ACME', s));
    assert.deepEqual(book.spacesFor(ws, 'ACME'), spaces.slice(2).reverse());
    assert.equal(book.found(ws, 'ACME', spaces[4]!), false, 'already first: nothing to save');
    for (let i = 0; i < SPACE_ENTRIES + 5; i++) book.found(randomUUID(), 'ACME', spaces[0]!);
    assert.equal(Object.keys(book.toJSON()).length, SPACE_ENTRIES);
    assert.deepEqual(book.spacesFor(ws, 'ACME'), [], 'the least recent pair went first');
  });

  it('drops what is not a workspace/prefix key with space ids from storage', () => {
    const space = randomUUID();
    const book = new SpaceBook({
      [`${ws}/ACME`]: [space, 'not-a-uuid', 42],
      [`${ws}/bad prefix`]: [space],
      'x/ACME': [space],
      [`${ws}/NIM`]: 'nope',
    });
    assert.deepEqual(book.toJSON(), { [`${ws}/ACME`]: [space] });
    assert.deepEqual(new SpaceBook('junk').toJSON(), {});
    assert.deepEqual(new SpaceBook(null).toJSON(), {});
  });
});
