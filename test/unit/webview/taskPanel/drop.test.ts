import * as assert from 'node:assert/strict';
import { droppedTaskIds } from '../../../../src/webview/taskPanel/drop';
import { parseInbound } from '../../../../src/shared/taskPanel/protocol';

const A = '3f2b6c1e-8d4a-4e7b-9c0d-1a2b3c4d5e6f';
const B = '00000000-1111-4222-8333-444444444444';

describe('task panel: tasks dropped on a comment box', () => {
  const cases: [string, string, string[]][] = [
    ['one task row', `taskplatform-task:/${A}?overdue`, [A]],
    [
      'several, once each, CRLF',
      `taskplatform-task:/${A}\r\ntaskplatform-task:/${B}?\r\ntaskplatform-task:/${A}`,
      [A, B],
    ],
    ['upper case id', `taskplatform-task:/${A.toUpperCase()}`, [A]],
    ['a file', 'file:///home/me/notes.md', []],
    ['another scheme', `command:/${A}`, []],
    ['a path after the id', `taskplatform-task:/${A}/../x`, []],
    ['a query that is not flags', `taskplatform-task:/${A}?cmd=rm`, []],
    ['nothing', '', []],
  ];
  for (const [label, list, ids] of cases) {
    it(label, () => assert.deepEqual(droppedTaskIds(list), ids));
  }

  it('at most 50 tasks', () => {
    const list = Array.from(
      { length: 80 },
      (_, i) => `taskplatform-task:/${A.slice(0, -2)}${String(i).padStart(2, '0')}`,
    );
    assert.equal(droppedTaskIds(list.join('\n')).length, 50);
  });

  it('the host takes task ids only', () => {
    assert.ok(parseInbound({ type: 'dropTasks', id: 'r1', taskIds: [A] }));
    assert.equal(parseInbound({ type: 'dropTasks', id: 'r1', taskIds: ['ACME-1'] }), undefined);
    assert.equal(parseInbound({ type: 'dropTasks', id: 'r1', taskIds: Array(51).fill(A) }), undefined);
  });
});
