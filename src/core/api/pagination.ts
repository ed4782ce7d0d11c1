import { throwIfAborted } from '../util/abort';
import { BadResponseError } from './errors';

export interface CursorPage<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

/**
 * Cursor iteration (docs/api/README.md#pagination): follow `next_cursor` until `has_more` is false.
 * A page that says "more" without a new cursor would loop forever; it is a BadResponseError instead.
 */
export async function* iterateCursor<T>(
  operation: string,
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
  signal?: AbortSignal,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    throwIfAborted(signal);
    const page = await fetchPage(cursor);
    yield* page.data;
    if (!page.has_more) {
      return;
    }
    if (!page.next_cursor || seen.has(page.next_cursor)) {
      throw new BadResponseError({
        operation,
        field: 'next_cursor',
        message: `${operation}: the service said there are more items but sent no new cursor.`,
      });
    }
    seen.add(page.next_cursor);
    cursor = page.next_cursor;
  }
}

export interface NumberedPage<T> {
  items: T[];
  /** From `last_page` when the envelope has it. */
  lastPage?: number;
  /** Total item count when the envelope has it (search). */
  total?: number;
  perPage: number;
}

/** Page iteration (docs/api/README.md#pagination): pages 1, 2, ... until the last page, a short page or the total. */
export async function* iteratePages<T>(
  fetchPage: (page: number) => Promise<NumberedPage<T>>,
  signal?: AbortSignal,
  maxPages = 10_000,
): AsyncGenerator<T, void, undefined> {
  let seen = 0;
  for (let page = 1; page <= maxPages; page++) {
    throwIfAborted(signal);
    const result = await fetchPage(page);
    yield* result.items;
    seen += result.items.length;
    const lastByCount = result.lastPage !== undefined && page >= result.lastPage;
    const lastByTotal = result.total !== undefined && seen >= result.total;
    if (result.items.length === 0 || result.items.length < result.perPage || lastByCount || lastByTotal) {
      return;
    }
  }
}
