import * as assert from 'node:assert/strict';
import { PrefixBook } from '../../../../src/core/codeLinks/prefixes';
import { REFERENCES_BUDGET } from '../../../../src/core/budgets';
import { TaskResolver } from '../../../../src/core/codeLinks/resolver';
import { useSandbox } from '../api/env';
import type { Json } from '../api/env';

describe('code links: resolving display ids against the sandbox (docs/api/openapi.yaml#listTasks)', () => {
  const env = useSandbox({ seed: 'demo' });

  function resolver(now = (): number => 0): TaskResolver {
    const book = new PrefixBook();
    book.learn(env.fx.workspaces.acme.id, 'ACME-1');
    book.learn(env.fx.workspaces.side.id, 'SIDE-1');
    const all = [env.fx.workspaces.acme.id, env.fx.workspaces.side.id];
    return new TaskResolver(env.client(), { workspacesFor: (p) => book.workspacesFor(p, all), now, maxFallback: 2 });
  }
  const taskIndexCalls = async (): Promise<Json[]> => (await env.requests()).filter((r) => /\/tasks$/.test(r.path));

  it('ids asked for in the same tick share one index call per space; the cache answers after', async () => {
    const r = resolver();
    const fx = env.fx.tasks;
    const ids = [
      fx.completed_task.display_id,
      fx.blocked_task.display_id,
      fx.task_with_comments.display_id,
      'ACME-99999',
    ];
    const [a, b] = await Promise.all([r.resolve(ids.slice(0, 2)), r.resolve(ids.slice(2))]);
    assert.equal(a.get(fx.completed_task.display_id)?.kind, 'found');
    assert.equal(b.get(fx.task_with_comments.display_id)?.kind, 'found');
    assert.equal(b.get('ACME-99999')?.kind, 'missing');
    const spaces = (await env.client().listSpaces(env.fx.workspaces.acme.id)).length;
    assert.equal((await taskIndexCalls()).length, spaces, 'one index call per Acme space for four ids');
    const before = (await env.requests()).length;
    const again = await r.resolve(ids);
    assert.equal(again.size, 4);
    assert.equal((await env.requests()).length, before, 'cache hits send nothing');
  });

  it('the row carries what the hover shows; a trashed task is missing; a subtask is found through search', async () => {
    const r = resolver();
    const fx = env.fx.tasks;
    const sub = (await env.state('tasks', `?parent_task_id=${fx.task_with_subtasks_3_deep.id}`))[0];
    const out = await r.resolve([fx.blocked_task.display_id, fx.trashed_task.display_id, sub.display_id], 'user');
    const blocked = out.get(fx.blocked_task.display_id);
    assert.ok(blocked?.kind === 'found' && blocked.task.is_blocked === true && blocked.task.status?.name);
    assert.equal(out.get(fx.trashed_task.display_id)?.kind, 'missing');
    const found = out.get(sub.display_id);
    assert.ok(found?.kind === 'found' && found.task.id === sub.id);
  });

  it('a task trashed from the extension reads as trashed; entries expire after the TTL', async () => {
    let clock = 0;
    const r = resolver(() => clock);
    const id = env.fx.tasks.completed_task.display_id;
    await r.resolve([id]);
    r.noteTrashed(env.fx.workspaces.acme.id, env.fx.tasks.completed_task.id);
    assert.equal(r.peek(id)?.kind, 'trashed');
    assert.ok(r.isFresh(id));
    clock += 10 * 60_000;
    assert.ok(!r.isFresh(id));
  });

  it('ids beyond the search budget are left unresolved, not guessed', async () => {
    const r = resolver();
    const out = await r.resolve(['ACME-90001', 'ACME-90002', 'ACME-90003', 'ACME-90004']);
    assert.equal([...out.values()].filter((x) => x.kind === 'missing').length, 2);
    assert.equal(out.size, 2);
  });

  it('two workspaces with one prefix: the id is ambiguous, with both tasks, never the last answer alone', async () => {
    const acme = env.fx.workspaces.acme.id;
    const side = env.fx.workspaces.side.id;
    await env.control('POST', '/workspaces/prefix', { workspace_id: side, prefix: 'ACME' });
    const book = new PrefixBook();
    book.learn(acme, 'ACME-1');
    book.learn(side, 'ACME-1');
    const r = new TaskResolver(env.client(), { workspacesFor: (p) => book.workspacesFor(p, [acme, side]) });
    // A row seen in one workspace does not settle an id its prefix shares with another.
    const row = (await env.client().search({ q: 'ACME-1', workspace_id: acme, type: 'tasks', per_page: 1 })).tasks
      ?.hits[0];
    assert.ok(row);
    r.note(acme, { id: row.id, title: row.title, display_id: 'ACME-1' });
    assert.equal(r.peek('ACME-1'), undefined);
    const out = (await r.resolve(['ACME-1'], 'user')).get('ACME-1');
    assert.ok(out?.kind === 'ambiguous', JSON.stringify(out).slice(0, 200));
    assert.deepEqual(out.candidates.map((c) => c.workspaceId).sort(), [acme, side].sort());
    assert.ok(out.candidates.every((c) => c.task.display_id === 'ACME-1'));
    assert.equal(r.peek('ACME-1')?.kind, 'ambiguous', 'cached as ambiguous');
  });

  it('one pass keeps to the references budget; ids it could not check are not called missing', async () => {
    const book = new PrefixBook();
    book.learn(env.fx.workspaces.acme.id, 'ACME-1');
    // One id per index call: 8 ids over Acme's spaces need more calls than one pass may send.
    const r = new TaskResolver(env.client(), {
      workspacesFor: (p) => book.workspacesFor(p, [env.fx.workspaces.acme.id]),
      chunkSize: 1,
      maxFallback: 8,
    });
    const spaces = (await env.client().listSpaces(env.fx.workspaces.acme.id)).length;
    const ids = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `ACME-9900${n}`);
    assert.ok(ids.length * spaces > REFERENCES_BUDGET.requests, 'the pass needs more than its budget');
    const first = await r.resolve(ids);
    assert.equal((await taskIndexCalls()).length, REFERENCES_BUDGET.requests);
    assert.equal(first.size, 0, 'no id is called missing before every space was read');
    assert.equal(r.peek(ids[0]!), undefined, 'nothing cached: a later pass asks again');
  });
});
