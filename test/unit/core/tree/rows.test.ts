import * as assert from 'node:assert/strict';
import type { TaskRow } from '../../../../src/core/api/schemas';
import { isCompleted, rowDescription, safeColor, statusIconSvg } from '../../../../src/core/tree/rows';
import { dueDisplay, dueLabel } from '../../../../src/core/text/dates';
import type { RowWords } from '../../../../src/core/tree/rows';

const now = new Date('2026-11-22T12:00:00Z');
const row = (extra: Partial<TaskRow>): TaskRow => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  title: 'T',
  ...extra,
});
const words: RowWords = {
  blocked: 'blocked',
  due: (r, at) => {
    const due = dueDisplay(r.due_date, isCompleted(r), at, 'en');
    return due && dueLabel(due, { due: (t) => `due ${t}`, overdue: 'overdue' });
  },
  subtasks: (n) => `↳${n}`,
  attachments: (n) => `📎${n}`,
};
const open = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Open', type: 'open', color: '#87909e' };
const done = { id: 'b0000000-0000-4000-8000-000000000002', name: 'Done', type: 'done', color: '#2ecc71' };

describe('tree rows: description, status icon', () => {
  const cases: { name: string; row: TaskRow; description: string }[] = [
    { name: 'nothing set', row: row({ display_id: 'ACME-1' }), description: 'ACME-1' },
    {
      name: 'everything set, overdue',
      row: row({
        display_id: 'ACME-2',
        is_blocked: true,
        priority: 'high',
        assignee: { id: 'x', name: 'Bob' },
        due_date: '2026-11-20T09:00:00Z',
        status: open,
        subtask_count: 3,
        attachments_count: 2,
      }),
      description: 'ACME-2 · blocked · high · Bob · due 2 days ago, overdue · ↳3 · 📎2',
    },
    {
      name: 'past due but completed is not overdue',
      row: row({ due_date: '2026-11-20T09:00:00Z', status: done }),
      description: 'due 2 days ago',
    },
    {
      name: 'due later today',
      row: row({ due_date: '2026-11-22T18:00:00Z', status: open }),
      description: 'due today',
    },
    {
      name: 'due tomorrow',
      row: row({ due_date: '2026-11-23T08:00:00Z', status: open }),
      description: 'due tomorrow',
    },
    {
      name: 'an assignee from the subtask rows shape',
      row: row({ assignees: [{ id: 'x', name: 'Erin' }] }),
      description: 'Erin',
    },
    {
      name: 'an unparsable date is ignored',
      row: row({ due_date: 'soon' as unknown as string }),
      description: '',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.equal(rowDescription(c.row, now, words), c.description);
    });
  }

  it('My Tasks leaves out the assignee (always the user)', () => {
    const r = row({ display_id: 'ACME-3', priority: 'low', assignee: { id: 'x', name: 'Alice' } });
    assert.equal(rowDescription(r, now, words, { omitAssignee: true }), 'ACME-3 · low');
    assert.equal(rowDescription(r, now, words), 'ACME-3 · low · Alice');
  });

  it('only a plain #rrggbb colour reaches the SVG', () => {
    assert.equal(safeColor('#A1B2C3'), '#a1b2c3');
    for (const hostile of ['red', '#fff', '#123456"/><script>', 'url(javascript:x)', '', null, undefined]) {
      assert.equal(safeColor(hostile), '#8c8c8c');
    }
    const svg = statusIconSvg(row({ status: { ...open, color: '"/><script>alert(1)</script>' } }));
    assert.ok(!svg.includes('script'));
  });

  it('draws open, active and completed statuses differently', () => {
    const shapes = ['open', 'active', 'done'].map((type) => statusIconSvg(row({ status: { ...open, type } })));
    assert.equal(new Set(shapes).size, 3);
    assert.match(shapes[2]!, /<path d="M5\.2/);
  });
});
