import * as assert from 'node:assert/strict';
import type { ApiClient } from '../../../../src/core/api/client';
import type { TaskRow } from '../../../../src/core/api/schemas';
import { groupsOf, sortRows } from '../../../../src/core/table/order';
import { indexQuery, orderedOnHost, serverSorts, sortField } from '../../../../src/core/table/query';
import type { TableRow } from '../../../../src/shared/table/protocol';
import { useSandbox } from '../api/env';

const CF = '00000000-0000-4000-8000-0000000000cf';

/** Enough of a table row for ordering (the extension's mapping adds the rest). */
function rowOf(task: TaskRow): TableRow {
  return {
    id: task.id,
    title: task.title,
    listId: task.list_id ?? '',
    statusId: task.status_id ?? '',
    status: task.status?.name ?? '',
    priority: task.priority ?? undefined,
    assigneeId: task.assignee_id ?? undefined,
    assignee: task.assignee?.name,
    due: task.due_date?.slice(0, 10),
    fields: {},
  };
}

describe("the table's task index query (core/table/query.ts)", () => {
  it('maps column keys to the index sort fields; the list column has none', () => {
    assert.equal(sortField('due'), 'due_date');
    assert.equal(sortField('title'), 'title');
    assert.equal(sortField(`cf:${CF}`), `cf_${CF}`);
    assert.equal(sortField('list'), undefined);
  });

  it('a grouping puts its field first; at most three keys, none twice', () => {
    assert.deepEqual(
      serverSorts(
        [
          { key: 'due', direction: 'asc' },
          { key: 'priority', direction: 'desc' },
          { key: 'title', direction: 'asc' },
        ],
        'assignee',
      ),
      [
        { field: 'assignee', direction: 'asc' },
        { field: 'due_date', direction: 'asc' },
        { field: 'priority', direction: 'desc' },
      ],
    );
    assert.deepEqual(serverSorts([{ key: 'priority', direction: 'desc' }], 'priority'), [
      { field: 'priority', direction: 'asc' },
    ]);
    assert.deepEqual(serverSorts([], 'list'), [], 'the index has no list sort');
    assert.equal(orderedOnHost([], 'list'), true);
    assert.equal(orderedOnHost([{ key: 'list', direction: 'asc' }], undefined), true);
    assert.equal(orderedOnHost([{ key: 'due', direction: 'asc' }], 'status'), false);
  });

  it('the first page is page 1 of 100; every row is per_page 0 with no page', () => {
    const scope = { list_id: CF };
    assert.deepEqual(indexQuery({ scope, sorts: [], perPage: 100 }), { scope, per_page: 100, page: 1 });
    const all = indexQuery({
      scope,
      sorts: [{ key: 'title', direction: 'asc' }],
      groupBy: 'status',
      filter: { filter: { match: 'all', conditions: [{ field: 'priority', op: 'in', values: ['high'] }] } },
      perPage: 0,
    });
    assert.equal(all.page, undefined);
    assert.equal(all.per_page, 0);
    assert.equal(all.group_by, 'status');
    assert.deepEqual(all.sorts?.[0], { field: 'status', direction: 'asc' });
    assert.ok(all.filter);
  });
});

describe('the table against the sandbox: the index orders as the host would (core/table)', function () {
  const env = useSandbox(this, { timeout: 30_000 });
  let api: ApiClient;
  beforeEach(() => {
    api = env.client();
  });

  it('a sort sent as the index sorts gives the order the host makes of the same rows', async () => {
    const scope = { list_id: env.fx.lists.api as string };
    const plain = await api.listTasks(env.acme, indexQuery({ scope, sorts: [], perPage: 0 }));
    for (const sorts of [
      [{ key: 'due', direction: 'asc' as const }],
      [
        { key: 'priority', direction: 'desc' as const },
        { key: 'title', direction: 'asc' as const },
      ],
    ]) {
      const served = await api.listTasks(env.acme, indexQuery({ scope, sorts, perPage: 0 }));
      const here = sortRows(plain.data.map(rowOf), sorts, undefined, () => 0);
      assert.deepEqual(
        here.map((r) => r.id),
        served.data.map((r) => r.id),
        JSON.stringify(sorts),
      );
    }
  });

  it('grouped by priority: each group one run of rows, counted by group_counts', async () => {
    const scope = { list_id: env.fx.lists.api as string };
    const answer = await api.listTasks(
      env.acme,
      indexQuery({ scope, sorts: [{ key: 'title', direction: 'asc' }], groupBy: 'priority', perPage: 0 }),
    );
    const rows = answer.data.map(rowOf);
    const groups = groupsOf(rows, 'priority', answer.group_counts, 'none');
    assert.ok(groups.length > 1);
    assert.equal(
      groups.reduce((n, g) => n + g.count, 0),
      rows.length,
    );
    for (const [i, group] of groups.entries()) {
      const end = groups[i + 1]?.start ?? rows.length;
      assert.equal(end - group.start, group.count, group.key);
      assert.ok(rows.slice(group.start, end).every((r) => (r.priority ?? 'none') === group.key));
    }
  });
});
