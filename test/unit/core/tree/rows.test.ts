import * as assert from 'node:assert/strict';
import type { TaskRow } from '../../../../src/core/api/schemas';
import { dueState, rowDescription, safeColor, statusIconSvg } from '../../../../src/core/tree/rows';
import type { RowWords } from '../../../../src/core/tree/rows';

const now = new Date('2026-11-22T13:00:00Z');
const row = (extra: Partial<TaskRow>): TaskRow => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  title: 'T',
  ...extra,
});
const words: RowWords = {
  blocked: 'blocked',
  due: (s) =>
    s.kind === 'none'
      ? undefined
      : s.kind === 'overdue'
        ? `overdue ${s.days}d`
        : s.kind === 'later'
          ? `due ${s.date.toISOString().slice(0, 10)}`
          : `due ${s.kind}`,
  subtasks: (n) => `↳${n}`,
  attachments: (n) => `📎${n}`,
};
const open = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Open', type: 'open', color: '#87909e' };
const done = { id: 'b0000000-0000-4000-8000-000000000002', name: 'Done', type: 'done', color: '#2ecc71' };

describe('tree rows: description, due state, status icon', () => {
  const cases: { name: string; row: TaskRow; due: string; description: string }[] = [
    { name: 'nothing set', row: row({ display_id: 'ACME-1' }), due: 'none', description: 'ACME-1' },
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
      due: 'overdue',
      description: 'ACME-2 · blocked · high · Bob · overdue 2d · ↳3 · 📎2',
    },
    {
      name: 'past due but completed is not overdue',
      row: row({ due_date: '2026-11-20T09:00:00Z', status: done }),
      due: 'later',
      description: 'due 2026-11-20',
    },
    {
      name: 'due later today',
      row: row({ due_date: '2026-11-22T18:00:00Z', status: open }),
      due: 'today',
      description: 'due today',
    },
    {
      name: 'due tomorrow',
      row: row({ due_date: '2026-11-23T08:00:00Z', status: open }),
      due: 'tomorrow',
      description: 'due tomorrow',
    },
    {
      name: 'an assignee from the subtask rows shape',
      row: row({ assignees: [{ id: 'x', name: 'Erin' }] }),
      due: 'none',
      description: 'Erin',
    },
    {
      name: 'an unparsable date is ignored',
      row: row({ due_date: 'soon' as unknown as string }),
      due: 'none',
      description: '',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.equal(dueState(c.row, now).kind, c.due);
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
