import * as assert from 'node:assert/strict';
import type { CustomFieldDefinition, Status } from '../../../../src/core/api/schemas';
import { planBatch, planEdit } from '../../../../src/core/table/edits';
import type { EditContext } from '../../../../src/core/table/edits';
import { fieldColumns, fieldKey } from '../../../../src/core/table/fields';
import { dueMatches, matchesFilter } from '../../../../src/core/table/order';
import type { TableRow } from '../../../../src/shared/table/protocol';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const A = id(1);
const B = id(2);
const status = (n: number, name: string, type: string): Status => ({ id: id(n), name, type, color: '#112233' });
const statuses: Record<string, Status[]> = {
  [A]: [status(10, 'To Do', 'open'), status(11, 'Done', 'closed')],
  [B]: [status(20, 'Backlog', 'open'), status(21, 'Done', 'closed')],
};
const MEMBER = id(30);
const points: CustomFieldDefinition = { id: id(40), name: 'Points', type: 'number', is_required: false };
const stage: CustomFieldDefinition = {
  id: id(41),
  name: 'Stage',
  type: 'dropdown',
  options: [
    { label: 'Alpha', color: '#00ff00' },
    { label: 'Beta', color: 'red' },
  ],
};
const ctx: EditContext = {
  statusesOf: (listId) => statuses[listId],
  statusById: (sid) =>
    Object.values(statuses)
      .flat()
      .find((s) => s.id === sid),
  isMember: (mid) => mid === MEMBER,
  fieldOf: (defId, listId) => (listId === A ? [points, stage].find((d) => d.id === defId) : undefined),
};
let n = 100;
function row(listId: string, statusIndex: number, extra: Partial<TableRow> = {}): TableRow {
  const s = statuses[listId]![statusIndex]!;
  return { id: id(++n), title: `Task ${n}`, listId, statusId: s.id, status: s.name, fields: {}, ...extra };
}

describe('table cell edits and batch edits (core/table/edits.ts)', () => {
  it('a cell edit is a PATCH of the one field, nothing when the row holds the value, refused when invalid', () => {
    const r = row(A, 0, { priority: 'low' });
    assert.deepEqual(planEdit(r, 'priority', 'high', ctx), {
      kind: 'patch',
      body: { priority: 'high' },
      shown: 'high',
    });
    assert.deepEqual(planEdit(r, 'priority', 'low', ctx), { kind: 'unchanged' });
    assert.equal(planEdit(r, 'priority', 'urgent', ctx).kind, 'refused');
    assert.deepEqual(planEdit(r, 'assignee', MEMBER, ctx), {
      kind: 'patch',
      body: { assignee_id: MEMBER },
      shown: MEMBER,
    });
    assert.deepEqual(planEdit(r, 'assignee', '', ctx), { kind: 'unchanged' }, 'already unassigned');
    assert.equal(planEdit(r, 'assignee', id(99), ctx).kind, 'refused', 'not a member');
    assert.deepEqual(planEdit(r, 'due', '2026-12-01', ctx), {
      kind: 'patch',
      body: { due_date: '2026-12-01' },
      shown: '2026-12-01',
    });
    assert.equal(planEdit(r, 'due', '2026-02-30', ctx).kind, 'refused');
    assert.equal(planEdit(r, 'title', 'x', ctx).kind, 'refused', 'the title is not edited in the table');
    assert.equal(planEdit(r, 'list', A, ctx).kind, 'refused');
  });

  it("a status of another list becomes the row's own list's status of that name and type", () => {
    const r = row(B, 0);
    const doneOfA = statuses[A]![1]!.id;
    assert.deepEqual(planEdit(r, 'status', doneOfA, ctx), {
      kind: 'patch',
      body: { status_id: statuses[B]![1]!.id },
      shown: 'Done',
    });
    assert.equal(planEdit(r, 'status', statuses[A]![0]!.id, ctx).kind, 'refused', 'B has no To Do');
  });

  it('custom fields are checked as the task panel checks them', () => {
    const r = row(A, 0, { fields: { [fieldKey(points.id)]: 3 } });
    assert.deepEqual(planEdit(r, fieldKey(points.id), '5', ctx), {
      kind: 'field',
      defId: points.id,
      value: 5,
      shown: '5',
    });
    assert.deepEqual(planEdit(r, fieldKey(points.id), 3, ctx), { kind: 'unchanged' });
    assert.deepEqual(planEdit(r, fieldKey(points.id), -1, ctx), {
      kind: 'refused',
      reason: 'negative',
      field: 'Points',
    });
    assert.equal(planEdit(r, fieldKey(stage.id), 'Gamma', ctx).kind, 'refused');
    assert.deepEqual(planEdit(row(B, 0), fieldKey(points.id), 1, ctx), { kind: 'refused', reason: 'noField' });
  });

  it('a batch lists the rows that change, leaves out those already at the value, says which it cannot set', () => {
    const rows = [row(A, 0), row(A, 1), row(B, 0), row(B, 1), row(B, 0)];
    const plan = planBatch(rows, 'status', statuses[A]![1]!.id, ctx);
    assert.deepEqual(
      plan.changes.map((c) => c.row.id),
      [rows[0]!.id, rows[2]!.id, rows[4]!.id],
    );
    assert.equal(plan.unchanged, 2);
    assert.deepEqual(planBatch(rows, 'status', statuses[A]![0]!.id, ctx).refused.length, 3, "B's rows have no To Do");
  });

  it('custom field columns: one per definition, options with checked colours, attachments read-only', () => {
    const files: CustomFieldDefinition = { id: id(42), name: 'Files', type: 'attachment' };
    const columns = fieldColumns(
      new Map([
        [A, [points, stage, files]],
        [B, [stage]],
      ]),
      (t) => t,
    );
    assert.deepEqual(
      columns.map((c) => [c.key, c.kind, c.editable]),
      [
        [fieldKey(points.id), 'number', true],
        [fieldKey(stage.id), 'dropdown', true],
        [fieldKey(files.id), 'readonly', false],
      ],
    );
    assert.deepEqual(columns[1]!.options, [
      { value: 'Alpha', label: 'Alpha', color: '#00ff00' },
      { value: 'Beta', label: 'Beta' },
    ]);
  });
});

describe("the tree's filter over a view's loaded rows (core/table/order.ts)", () => {
  it('statuses by name, priorities, unassigned, text in title or display id', () => {
    const r = row(A, 1, { priority: 'high', displayId: 'ACME-7', title: 'Fix login' });
    assert.equal(matchesFilter(r, { statusNames: ['Done'], priorities: ['high'] }, '2026-11-24'), true);
    assert.equal(matchesFilter(r, { statusNames: ['To Do'] }, '2026-11-24'), false);
    assert.equal(matchesFilter(r, { assigneeIds: null }, '2026-11-24'), true);
    assert.equal(matchesFilter({ ...r, assigneeId: MEMBER }, { assigneeIds: null }, '2026-11-24'), false);
    assert.equal(matchesFilter(r, { text: 'acme-7' }, '2026-11-24'), true);
    assert.equal(matchesFilter(r, { text: 'logout' }, '2026-11-24'), false);
  });

  it('due presets over days, weeks from Monday', () => {
    const today = '2026-11-25'; // a Wednesday
    assert.equal(dueMatches('2026-11-24', 'overdue', today), true);
    assert.equal(dueMatches('2026-11-25', 'today', today), true);
    assert.equal(dueMatches('2026-11-23', 'this_week', today), true);
    assert.equal(dueMatches('2026-11-29', 'this_week', today), true);
    assert.equal(dueMatches('2026-11-30', 'this_week', today), false);
    assert.equal(dueMatches('2026-11-30', 'next_week', today), true);
    assert.equal(dueMatches(undefined, 'no_due_date', today), true);
    assert.equal(dueMatches(undefined, 'overdue', today), false);
  });
});
