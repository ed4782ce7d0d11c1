import * as assert from 'node:assert/strict';
import { describeFilter, isEmptyFilter, toIndexParams } from '../../../../src/core/tasks/filter';
import type { TaskFilter } from '../../../../src/core/tasks/filter';

const names = {
  status: (id: string) => ({ s1: 'Open', s2: 'In Review' })[id],
  member: (id: string) => ({ m1: 'Bob' })[id],
};

describe('task filter → task index filter JSON (docs/api/openapi.yaml#listTasks)', () => {
  const cases: { name: string; filter: TaskFilter; conditions: unknown[]; search?: string; summary: string }[] = [
    { name: 'nothing', filter: {}, conditions: [], summary: '' },
    {
      name: 'status and priority',
      filter: { statusIds: ['s1', 's2'], priorities: ['high', 'critical'] },
      conditions: [
        { field: 'status_id', op: 'in', values: ['s1', 's2'] },
        { field: 'priority', op: 'in', values: ['high', 'critical'] },
      ],
      summary: 'Open, In Review · high, critical',
    },
    {
      name: 'unassigned',
      filter: { assigneeIds: null },
      conditions: [{ field: 'assignee_id', op: 'is_empty', values: [] }],
      summary: 'unassigned',
    },
    {
      name: 'assignee',
      filter: { assigneeIds: ['m1'] },
      conditions: [{ field: 'assignee_id', op: 'in', values: ['m1'] }],
      summary: 'Bob',
    },
    {
      name: 'due preset',
      filter: { due: 'this_week' },
      conditions: [{ field: 'due_date', op: 'in', values: ['this_week'] }],
      summary: 'due this week',
    },
    { name: 'text only', filter: { text: '  login ' }, conditions: [], search: 'login', summary: '"login"' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const params = toIndexParams(c.filter);
      if (c.conditions.length === 0) {
        assert.equal(params.filter, undefined);
      } else {
        assert.deepEqual(JSON.parse(params.filter ?? ''), { match: 'all', conditions: c.conditions });
      }
      assert.equal(params.search, c.search);
      assert.equal(describeFilter(c.filter, names), c.summary);
      assert.equal(isEmptyFilter(c.filter), c.conditions.length === 0 && !c.search);
    });
  }

  it('refuses a search longer than 255 characters before any request', () => {
    assert.doesNotThrow(() => toIndexParams({ text: 'x'.repeat(255) }));
    assert.throws(
      () => toIndexParams({ text: 'x'.repeat(256) }),
      /256 characters long; the most the service accepts is 255/,
    );
  });
});
