import * as assert from 'node:assert/strict';
import { MAX_BATCH, parseTableInbound } from '../../../src/shared/table/protocol';

const T = '00000000-0000-4000-8000-000000000001';
const CF = '00000000-0000-4000-8000-0000000000cf';

describe('the table page messages the host accepts (shared/table/protocol.ts)', () => {
  it('accepts each message of the protocol', () => {
    const good: unknown[] = [
      { type: 'ready' },
      { type: 'refresh' },
      { type: 'more' },
      { type: 'sort', sorts: [] },
      {
        type: 'sort',
        sorts: [
          { key: 'due', direction: 'asc' },
          { key: 'priority', direction: 'desc' },
          { key: `cf:${CF}`, direction: 'asc' },
        ],
      },
      { type: 'group', by: 'assignee' },
      { type: 'group' },
      { type: 'filter' },
      { type: 'open', taskId: T },
      { type: 'edit', id: 'e1', taskId: T, key: 'priority', value: 'high' },
      { type: 'edit', id: 'e2', taskId: T, key: `cf:${CF}`, value: 3.5 },
      { type: 'edit', id: 'e3', taskId: T, key: `cf:${CF}`, value: true },
      { type: 'edit', id: 'e4', taskId: T, key: `cf:${CF}`, value: ['a', 'b'] },
      { type: 'edit', id: 'e5', taskId: T, key: 'due', value: null },
      { type: 'batchPreview', id: 'b1', taskIds: [T], key: 'status', value: 'Done' },
      { type: 'batchApply', id: 'b1' },
      { type: 'switchToBoard' },
    ];
    for (const message of good) assert.deepEqual(parseTableInbound(message), message, JSON.stringify(message));
  });

  it('refuses extra keys, bad ids, unknown keys and types', () => {
    const bad: unknown[] = [
      undefined,
      null,
      'ready',
      { type: 'nope' },
      { type: 'ready', extra: 1 },
      { type: 'open', taskId: 'ACME-12' },
      { type: 'open', taskId: `${T}x` },
      { type: 'open', taskId: T, command: 'workbench.action.quit' },
      { type: 'sort', sorts: [{ key: 'title', direction: 'up' }] },
      { type: 'sort', sorts: [{ key: 'constructor', direction: 'asc' }] },
      { type: 'sort', sorts: [{ key: 'title', direction: 'asc', extra: true }] },
      { type: 'group', by: 'due' },
      { type: 'edit', id: '', taskId: T, key: 'priority', value: 'high' },
      { type: 'edit', id: 'x'.repeat(65), taskId: T, key: 'priority', value: 'high' },
      { type: 'edit', id: 'e', taskId: T, key: 'cf:not-a-uuid', value: 'x' },
      { type: 'edit', id: 'e', taskId: T, key: 'priority' },
      { type: 'edit', id: 'e', taskId: T, key: 'priority', value: { $set: 1 } },
      { type: 'edit', id: 'e', taskId: T, key: 'title', value: 'x'.repeat(10_001) },
      { type: 'edit', id: 'e', taskId: T, key: 'title', value: [1] },
      { type: 'batchPreview', id: 'b', taskIds: [], key: 'status', value: 'Done' },
      { type: 'batchPreview', id: 'b', taskIds: ['nope'], key: 'status', value: 'Done' },
      { type: 'batchApply', id: 'b', taskIds: [T] },
    ];
    for (const message of bad) assert.equal(parseTableInbound(message), undefined, JSON.stringify(message));
  });

  it('refuses a fourth sort key and a batch over its bound', () => {
    const sort = { key: 'title', direction: 'asc' };
    assert.equal(parseTableInbound({ type: 'sort', sorts: [sort, sort, sort, sort] }), undefined);
    const many = Array.from({ length: MAX_BATCH + 1 }, () => T);
    assert.equal(
      parseTableInbound({ type: 'batchPreview', id: 'b', taskIds: many, key: 'status', value: 'x' }),
      undefined,
    );
    assert.ok(parseTableInbound({ type: 'batchPreview', id: 'b', taskIds: many.slice(1), key: 'status', value: 'x' }));
  });
});
