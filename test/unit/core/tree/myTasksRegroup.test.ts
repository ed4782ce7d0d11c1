import * as assert from 'node:assert/strict';
import type { TaskRow } from '../../../../src/core/api/schemas';
import { updateMovesTask } from '../../../../src/core/tree/myTasksModel';

const me = 'u-me';
const row = (fields: Partial<TaskRow> = {}): TaskRow =>
  ({
    id: 't1',
    title: 'Fix login',
    priority: 'high',
    status: { id: 's-todo', name: 'To Do' },
    assignee: { id: me, name: 'Me' },
    due_date: '2026-12-01T00:00:00Z',
    ...fields,
  }) as TaskRow;

describe('My Tasks: which updates read the groups again', () => {
  it('a new title, description or due date changes the row only', () => {
    assert.equal(updateMovesTask(row(), row({ title: 'Renamed' }), me), false);
    assert.equal(updateMovesTask(row(), row({ due_date: '2027-01-01T00:00:00Z' }), me), false);
  });

  it('a new status, priority or assignee can move it between groups or out of My Tasks', () => {
    assert.equal(updateMovesTask(row(), row({ status: { id: 's-done', name: 'Done' } } as Partial<TaskRow>), me), true);
    assert.equal(updateMovesTask(row(), row({ priority: 'low' }), me), true);
    assert.equal(updateMovesTask(row(), row({ assignee: null } as Partial<TaskRow>), me), true);
  });

  it('a task My Tasks does not hold comes in only when it is now assigned to the user', () => {
    assert.equal(updateMovesTask(undefined, row(), me), true);
    assert.equal(
      updateMovesTask(undefined, row({ assignee: { id: 'u-other', name: 'Other' } } as Partial<TaskRow>), me),
      false,
    );
  });
});
