import * as assert from 'node:assert/strict';
import type { ApiClient } from '../../../../src/core/api/client';
import { ExplorerModel } from '../../../../src/core/tree/explorerModel';
import { listGroups } from '../../../../src/core/tree/listGroups';
import type { ListGroupBy } from '../../../../src/core/tree/listGroups';
import type { GroupNode, ListNode, TaskNode, TreeNode } from '../../../../src/core/tree/nodes';
import { useSandbox } from '../api/env';
import { explorerText } from './text';

const text = explorerText;

// A list of the Workspaces tree grouped by status, priority or assignee (docs/api/openapi.yaml#listTasks).
describe('explorer model: a list grouped with the index group_by and group_counts', () => {
  const env = useSandbox({ seed: 'demo' });
  let client: ApiClient;
  let groupBy: ListGroupBy = 'none';

  async function apiList(): Promise<{ m: ExplorerModel; list: ListNode }> {
    client = env.client();
    const user = await client.getUser();
    const m = new ExplorerModel(client, user.workspaces, { text, groupFor: () => groupBy });
    let node: TreeNode | undefined;
    for (const name of ['Acme', 'Engineering', 'Backend', 'API']) {
      node = (await m.children(node)).find((n) => 'name' in n && n.name === name);
      assert.ok(node, name);
    }
    await env.control('DELETE', '/requests');
    return { m, list: node as ListNode };
  }

  const cases: [Exclude<ListGroupBy, 'none'>, (n: TaskNode) => string][] = [
    ['status', (n) => n.row.status?.name ?? '?'],
    ['priority', (n) => n.row.priority ?? 'no priority'],
    ['assignee', (n) => n.row.assignee?.name ?? 'unassigned'],
  ];
  for (const [by, labelOf] of cases) {
    it(`by ${by}: one index call with group_by=${by}; each group has the index's count and its tasks`, async () => {
      groupBy = by;
      const { m, list } = await apiList();
      const groups = (await m.children(list)) as GroupNode[];
      assert.ok(groups.length > 1, 'several groups');
      assert.ok(groups.every((g) => g.kind === 'group' && g.groupBy === by));
      const log = await env.requests();
      assert.equal(log.length, 1, 'one request for the rows and the counts');
      assert.equal(new URLSearchParams(log[0]!.query as never).get('group_by'), by);
      const page = await client.listTasks(env.acme, { scope: { list_id: env.fx.lists.api }, group_by: by });
      const counts = page.group_counts ?? {};
      const seen = (await env.requests()).length; // ours included
      assert.equal(
        groups.reduce((sum, g) => sum + g.count, 0),
        page.data.length,
      );
      assert.deepEqual(groups.map((g) => g.count).sort(), Object.values(counts).sort());
      for (const group of groups) {
        const tasks = (await m.children(group)) as TaskNode[];
        assert.equal(tasks.length, group.count, `${group.label}: rows under the group`);
        assert.ok(
          tasks.every((t) => labelOf(t) === group.label),
          `${group.label}: every row belongs there`,
        );
      }
      assert.equal((await env.requests()).length, seen, 'expanding the groups costs nothing');
      if (by === 'status') {
        const types = groups.map((g) => g.tasks[0]?.status?.type);
        const closedAt = types.findIndex((t) => t === 'done' || t === 'closed');
        assert.ok(closedAt < 0 || types.slice(closedAt).every((t) => t === 'done' || t === 'closed'), 'open first');
      }
    });
  }

  it('not grouped: rows as before, no group_by sent; a poll keeps the grouping and re-renders groups', async () => {
    groupBy = 'none';
    const { m, list } = await apiList();
    const rows = await m.children(list);
    assert.ok(rows.every((n) => n.kind === 'task'));
    assert.equal(new URLSearchParams((await env.requests())[0]!.query as never).get('group_by'), null);
    groupBy = 'priority';
    m.invalidate(list.key);
    const groups = (await m.children(list)) as GroupNode[];
    const high = groups.find((g) => g.label === 'high')!;
    const before = ((await m.children(high)) as TaskNode[]).length;
    const moved = rows.find((n) => n.kind === 'task' && n.row.priority !== 'high') as TaskNode;
    await client.updateTask(env.acme, moved.taskId, { priority: 'high' });
    assert.equal(await m.checkList(list), true);
    const again = (await m.children(list)) as GroupNode[];
    const highAgain = again.find((g) => g.label === 'high')!;
    assert.equal(highAgain.count, high.count + 1);
    assert.equal(((await m.children(highAgain)) as TaskNode[]).length, before + 1, 'the group shows the moved task');
  });

  it('counts keyed by status name are read too; a counted group with no row is shown empty, never twice', () => {
    const row = (id: string, name: string, type: string) => ({ id: `t-${id}`, title: id, status: { id, name, type } });
    const rows = [row('s1', 'Open', 'open'), row('s1', 'Open', 'open'), row('s2', 'Done', 'done')];
    const byName = listGroups(rows, { Open: 2, Done: 1 }, 'status', 'w', 'list:l', explorerText);
    assert.deepEqual(
      byName.map((g) => `${g.label}:${g.count}:${g.tasks.length}`),
      ['Open:2:2', 'Done:1:1'],
    );
    const extra = listGroups(rows, { s1: 2, s2: 1, s3: 4 }, 'status', 'w', 'list:l', explorerText);
    assert.deepEqual(
      extra.map((g) => `${g.label}:${g.count}:${g.tasks.length}`),
      ['Open:2:2', 'Done:1:1', 's3:4:0'],
    );
  });
});
