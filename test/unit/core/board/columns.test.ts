import * as assert from 'node:assert/strict';
import type { Status, TaskRow } from '../../../../src/core/api/schemas';
import { buildColumns, checkMove, columnKey, mergeStatuses, movedRow } from '../../../../src/core/board/columns';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
let n = 0;
function status(name: string, type: string, color = '#112233'): Status {
  n += 1;
  return { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name, type, color };
}
function row(id: string, listId: string, s: Status): TaskRow {
  return {
    id,
    title: `Task ${id}`,
    list_id: listId,
    status_id: s.id,
    status: { id: s.id, name: s.name, type: s.type },
  };
}

describe('board columns (core/board/columns.ts)', () => {
  const aTodo = status('To Do', 'open');
  const aDoing = status('In Progress', 'active');
  const aDone = status('Done', 'closed');
  const bTodo = status('to do ', 'open');
  const bReview = status('Review', 'active');
  const bDone = status('Done', 'closed');
  const bDoneOpen = status('Done', 'open');

  it('one list: one column per status, in the list order, each naming its status id', () => {
    const columns = mergeStatuses([{ listId: A, statuses: [aTodo, aDoing, aDone] }]);
    assert.deepEqual(
      columns.map((c) => [c.name, c.type, c.statusIds[A]]),
      [
        ['To Do', 'open', aTodo.id],
        ['In Progress', 'active', aDoing.id],
        ['Done', 'closed', aDone.id],
      ],
    );
  });

  it('one list: its own order even where types would sort otherwise (Backlog before Ready)', () => {
    const backlog = status('Backlog', 'open');
    const ready = status('Ready', 'not_started');
    const columns = mergeStatuses([{ listId: A, statuses: [backlog, ready, aDoing, aDone] }]);
    assert.deepEqual(
      columns.map((c) => c.name),
      ['Backlog', 'Ready', 'In Progress', 'Done'],
    );
  });

  it('several lists: a status only a later list has goes before that list’s next placed status', () => {
    const ready = status('Ready', 'not_started');
    const columns = mergeStatuses([
      { listId: A, statuses: [aTodo, aDoing, aDone] },
      { listId: B, statuses: [ready, bTodo, bReview, bDone] },
    ]);
    assert.deepEqual(
      columns.map((c) => c.name),
      ['Ready', 'To Do', 'In Progress', 'Review', 'Done'],
    );
  });

  it('several lists: statuses merge by name (case and spaces aside) and type, each list’s order kept', () => {
    const columns = mergeStatuses([
      { listId: A, statuses: [aTodo, aDoing, aDone] },
      { listId: B, statuses: [bTodo, bReview, bDone, bDoneOpen] },
    ]);
    assert.deepEqual(
      columns.map((c) => c.key),
      ['open:to do', 'active:in progress', 'active:review', 'closed:done', 'open:done'],
    );
    const done = columns.find((c) => c.key === 'closed:done')!;
    assert.deepEqual(done.statusIds, { [A]: aDone.id, [B]: bDone.id });
    // Same name, another type: its own column, only in list B.
    assert.deepEqual(columns.find((c) => c.key === 'open:done')!.statusIds, { [B]: bDoneOpen.id });
    assert.equal(columns.find((c) => c.key === 'open:to do')!.statusIds[B], bTodo.id);
  });

  it('rows go to the column of their status name and type; rows of unknown statuses are set apart', () => {
    const columns = mergeStatuses([
      { listId: A, statuses: [aTodo, aDone] },
      { listId: B, statuses: [bTodo, bDone] },
    ]);
    const stray = status('Gone', 'open');
    const built = buildColumns(columns, [
      row('1', A, aTodo),
      row('2', B, bDone),
      row('3', B, bTodo),
      row('4', A, stray),
    ]);
    assert.deepEqual(
      built.columns.map((c) => [c.column.name, c.rows.map((r) => r.id)]),
      [
        ['To Do', ['1', '3']],
        ['Done', ['2']],
      ],
    );
    assert.deepEqual(
      built.unplaced.map((r) => r.id),
      ['4'],
    );
  });

  it('a row with only a status id finds its column by that id', () => {
    const columns = mergeStatuses([{ listId: A, statuses: [aTodo, aDone] }]);
    const bare: TaskRow = { id: '5', title: 't', list_id: A, status_id: aDone.id };
    assert.deepEqual(
      buildColumns(columns, [bare]).columns.map((c) => c.rows.length),
      [0, 1],
    );
  });

  it('a move gets the status of the task’s own list; the same column again sends nothing', () => {
    const columns = mergeStatuses([
      { listId: A, statuses: [aTodo, aDone] },
      { listId: B, statuses: [bTodo, bDone, bReview] },
    ]);
    const a = row('1', A, aTodo);
    const b = row('2', B, bTodo);
    assert.deepEqual(checkMove(a, columns, 'closed:done'), { ok: true, statusId: aDone.id, unchanged: false });
    assert.deepEqual(checkMove(b, columns, 'closed:done'), { ok: true, statusId: bDone.id, unchanged: false });
    assert.deepEqual(checkMove(a, columns, 'open:to do'), { ok: true, statusId: aTodo.id, unchanged: true });
    // Review exists only in list B: a task of list A cannot go there.
    assert.deepEqual(checkMove(a, columns, 'active:review'), { ok: false, reason: 'notInList' });
    assert.deepEqual(checkMove(a, columns, 'open:nowhere'), { ok: false, reason: 'unknownColumn' });
    assert.deepEqual(checkMove(undefined, columns, 'closed:done'), { ok: false, reason: 'unknownTask' });
  });

  it('a moved row carries the column’s status until the service answers', () => {
    const columns = mergeStatuses([{ listId: A, statuses: [aTodo, aDone] }]);
    const moved = movedRow(row('1', A, aTodo), columns[1]!, aDone.id);
    assert.equal(moved.status_id, aDone.id);
    assert.equal(moved.status?.name, 'Done');
    assert.equal(columnKey(moved.status!), 'closed:done');
  });
});
