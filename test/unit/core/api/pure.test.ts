import { strict as assert } from 'node:assert';
import * as z from 'zod/mini';
import { BadResponseError } from '../../../../src/core/api/errors';
import { iterateCursor, iteratePages } from '../../../../src/core/api/pagination';
import { formatPath, parseBody } from '../../../../src/core/api/parse';
import { parseRetryAfter } from '../../../../src/core/api/responses';
import { TaskSchema, UserSchema } from '../../../../src/core/api/schemas';
import { collect } from './env';

describe('api pure helpers', () => {
  it('parseRetryAfter reads seconds and HTTP dates', () => {
    assert.equal(parseRetryAfter('3'), 3000);
    assert.equal(parseRetryAfter(['7']), 7000);
    const now = Date.parse('2026-11-22T10:00:00Z');
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now), 5000);
    assert.equal(parseRetryAfter(undefined), undefined);
    assert.equal(parseRetryAfter('soon'), undefined);
  });

  it('iterateCursor refuses a page that says "more" without a new cursor', async () => {
    const pages = [
      { data: [1, 2], next_cursor: 'a', has_more: true },
      { data: [3], next_cursor: 'a', has_more: true },
    ];
    let i = 0;
    await assert.rejects(
      collect(iterateCursor('getComments', async () => pages[i++] as (typeof pages)[number])),
      (e: unknown) => BadResponseError.is(e) && e.field === 'next_cursor',
    );
  });

  it('iteratePages stops at last_page, at a short page, or at the total', async () => {
    const byLast = await collect(iteratePages(async (page) => ({ items: [page], lastPage: 3, perPage: 1 })));
    assert.deepEqual(byLast, [1, 2, 3]);
    const byTotal = await collect(
      iteratePages(async (page) => ({ items: [page * 10, page * 10 + 1], total: 5, perPage: 2 })),
    );
    assert.deepEqual(byTotal, [10, 11, 20, 21, 30, 31]);
    const byShort = await collect(iteratePages(async (page) => ({ items: page < 2 ? [1, 2] : [3], perPage: 2 })));
    assert.deepEqual(byShort, [1, 2, 3]);
  });

  it('schemas keep unknown fields and name the broken documented field', () => {
    const user = parseBody(UserSchema, { id: 'u', name: 'A', email: 'a@x', workspaces: [], beta_flag: 1 }, 'getUser');
    assert.equal((user as Record<string, unknown>).beta_flag, 1);
    assert.throws(
      () => parseBody(TaskSchema, { title: 'no id' }, 'getTask'),
      (e: unknown) => BadResponseError.is(e) && e.field === 'id' && e.operation === 'getTask',
    );
    assert.throws(
      () =>
        parseBody(z.array(UserSchema), [{ id: 'u', name: 'A', email: 'a@x', workspaces: [{ id: 1, name: 'W' }] }], 'x'),
      (e: unknown) => BadResponseError.is(e) && e.field === '[0].workspaces[0].id',
    );
    assert.equal(formatPath(['data', 3, 'id']), 'data[3].id');
  });
});
