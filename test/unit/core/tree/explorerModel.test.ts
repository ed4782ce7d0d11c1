import * as assert from 'node:assert/strict';
import type { ApiClient } from '../../../../src/core/api/client';
import { ExplorerModel } from '../../../../src/core/tree/explorerModel';
import { accountKey } from '../../../../src/core/accounts/account';
import { accountScope, rootKey } from '../../../../src/core/tree/nodes';
import type { TaskNode, TreeNode } from '../../../../src/core/tree/nodes';
import { useSandbox } from '../api/env';
import { explorerText } from './text';

const text = explorerText;

const named = (nodes: readonly TreeNode[], name: string): TreeNode => {
  const node = nodes.find((n) => ('name' in n && n.name === name) || (n.kind === 'task' && n.row.title === name));
  assert.ok(
    node,
    `no node named ${name} in ${nodes.map((n) => ('name' in n ? n.name : n.kind === 'task' ? n.row.title : n.kind)).join(', ')}`,
  );
  return node;
};

describe('explorer model: lazy hierarchy against the sandbox (docs/api/openapi.yaml#listSpaces)', () => {
  const env = useSandbox({ seed: 'demo' });
  let client: ApiClient;
  beforeEach(async () => {
    await env.control('DELETE', '/requests');
    client = env.client();
  });

  async function model(token = 'demo-token-alice'): Promise<ExplorerModel> {
    client = env.client(token);
    const user = await client.getUser();
    await env.control('DELETE', '/requests');
    return new ExplorerModel(client, user.workspaces, { text });
  }

  async function pathTo(m: ExplorerModel, ...names: string[]): Promise<TreeNode> {
    let node: TreeNode | undefined;
    for (const name of names) {
      node = named(await m.children(node), name);
    }
    return node!;
  }

  it('walks workspace -> space -> folder -> list -> task -> 3 levels of subtasks, one request per expanded node', async () => {
    const m = await model();
    const deep = env.fx.tasks.task_with_subtasks_3_deep;
    const list = await pathTo(m, 'Acme', 'Engineering', 'Backend', 'API');
    assert.equal(list.kind, 'list');
    const tasks = await m.children(list);
    const parent = tasks.find((n) => n.kind === 'task' && n.taskId === deep.id) as TaskNode;
    assert.ok(parent, 'the 3-deep task is a row of its list');
    let level: TaskNode = parent;
    for (let depth = 1; depth <= 3; depth++) {
      const kids = (await m.children(level)).filter((n): n is TaskNode => n.kind === 'task');
      assert.ok(kids.length > 0, `level ${depth} has children`);
      level = kids.find((k) => (k.row.subtask_count ?? 0) > 0) ?? kids[0]!;
    }
    const log = await env.requests();
    const paths = log.map((r) => r.path.replace(/[0-9a-f-]{36}/g, ':id'));
    assert.deepEqual(paths.slice(0, 4), [
      '/api/workspaces/:id/spaces',
      '/api/workspaces/:id/spaces/:id/folders',
      '/api/workspaces/:id/spaces/:id/folders/:id/lists',
      '/api/workspaces/:id/tasks',
    ]);
    assert.ok(
      paths.slice(4).every((p) => p === '/api/workspaces/:id/tasks/children'),
      'subtasks only through /tasks/children',
    );
    assert.ok(log.length <= 7, `at most 7 requests, got ${log.length}`);
    // Cached: walking the same path again costs nothing.
    await pathTo(m, 'Acme', 'Engineering', 'Backend', 'API');
    await m.children(parent);
    assert.equal((await env.requests()).length, log.length);
  });

  it("expanding one task fetches its siblings' children in the same call", async () => {
    const m = await model();
    const list = await pathTo(m, 'Acme', 'Engineering', 'Backend', 'API');
    const parents = (await m.children(list)).filter(
      (n): n is TaskNode => n.kind === 'task' && (n.row.subtask_count ?? 0) > 0,
    );
    assert.ok(parents.length >= 2, 'the API list has at least two tasks with subtasks');
    await env.control('DELETE', '/requests');
    for (const p of parents) {
      const kids = await m.children(p);
      assert.equal(kids.filter((k) => k.kind === 'task').length, p.row.subtask_count);
    }
    assert.equal((await env.requests()).length, 1, 'one /tasks/children call for every sibling');
  });

  it('a task cut by the caps shows "more…" and /subtasks loads the rest', async () => {
    const m = await model();
    const big = env.fx.tasks.task_with_many_subtasks;
    const list = await pathTo(m, 'Acme', 'Engineering', 'Backend', 'Imports');
    const parent = (await m.children(list)).find((n) => n.kind === 'task' && n.taskId === big.id) as TaskNode;
    const kids = await m.children(parent);
    const more = kids.at(-1)!;
    assert.equal(more?.kind, 'more');
    assert.equal(more.kind === 'more' && more.action, 'loadSubtasks');
    assert.equal(kids.length - 1, 200);
    assert.equal(more.kind, 'more');
    await m.more(more as never);
    const after = await m.children(parent);
    assert.equal(after.filter((n) => n.kind === 'task').length, 200);
    assert.equal(after.at(-1)?.kind, 'message', 'says the API lists at most 200 subtasks');
  });

  it('bob never sees the private space and gets no error for it', async () => {
    const m = await model('demo-token-bob');
    const spaces = await m.children(named(await m.children(), 'Acme'));
    assert.deepEqual(spaces.map((s) => ('name' in s ? s.name : s.kind)).sort(), ['Engineering', 'Marketing']);
    assert.ok((await env.requests()).every((r) => r.status === 200));
  });

  it('one load in flight per node; a refresh during a load waits and loads again', async () => {
    const m = await model();
    const acme = named(await m.children(), 'Acme');
    const first = m.children(acme);
    const second = m.children(acme);
    assert.equal(first, second, 'the same promise');
    m.invalidate(acme.key);
    const third = m.children(acme);
    await Promise.all([first, third]);
    const spaceCalls = (await env.requests()).filter((r) => r.path.endsWith('/spaces'));
    assert.equal(spaceCalls.length, 2, 'the second load started after the first finished');
    assert.ok(spaceCalls[1]!.seq > spaceCalls[0]!.seq);
  });

  it('a filter that can match nothing in a list sends no request', async () => {
    client = env.client();
    const user = await client.getUser();
    const m = new ExplorerModel(client, user.workspaces, { text, queryFor: async () => null });
    const list = await pathTo(m, 'Acme', 'Engineering', 'Backend', 'API');
    await env.control('DELETE', '/requests');
    const rows = await m.children(list);
    assert.equal(rows[0]?.kind, 'message');
    assert.equal((await env.requests()).length, 0);
  });
});

describe('explorer model scoped to an account (several accounts side by side)', () => {
  const env = useSandbox({ seed: 'demo' });

  it('prefixes every key with the account once, sets the account on every node, and reads as before', async () => {
    const client = env.client('demo-token-alice');
    const user = await client.getUser();
    const account = accountKey({ baseUrl: env.baseUrl, userId: user.id });
    const scope = accountScope(account);
    const scoped = new ExplorerModel(client, user.workspaces, { text, scope });
    const plain = new ExplorerModel(client, user.workspaces, { text });
    const walk = async (m: ExplorerModel): Promise<TreeNode[]> => {
      const seen: TreeNode[] = [];
      let node: TreeNode | undefined;
      for (const name of ['Acme', 'Engineering', 'Backend', 'API']) {
        const children = await m.children(node);
        seen.push(...children);
        node = named(children, name);
      }
      seen.push(...(await m.children(node)));
      return seen;
    };
    const [a, b] = [await walk(scoped), await walk(plain)];
    assert.equal(a.length, b.length);
    a.forEach((node, i) => {
      assert.equal(node.key, `${account}/${b[i]!.key}`, 'one prefix, on the key it had before');
      assert.equal('account' in node && node.account, account);
      assert.equal(b[i]!.account, undefined, 'unscoped nodes carry no account');
      if ('parentKey' in node && 'parentKey' in b[i]!) assert.equal(node.parentKey, `${account}/${b[i]!.parentKey}`);
    });
    assert.equal(scoped.cache.rootKey, rootKey(scope));
    assert.ok(scoped.cache.loadedKeys().includes(rootKey(scope)), 'its top level is kept under the root key');
  });
});
