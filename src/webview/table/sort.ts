// Sorting by column headers, as a pure function (unit-tested): a click cycles ascending, descending,
// off; Shift+click adds the column as another key (up to the index's three).
import type { TableSort } from '../../shared/table/protocol';

/** The index takes three sort keys (the protocol's MAX_SORTS; only types are imported from it here). */
export const SORT_KEYS = 3;

/**
 * The sorts after a click on `key`'s header. Without Shift the column becomes the only key (asc, then
 * desc, then none); with Shift it is added, or its direction cycles in place (desc removes it).
 * Undefined when Shift+click would add a key past the limit.
 */
export function cycleSort(sorts: readonly TableSort[], key: string, add: boolean): TableSort[] | undefined {
  const at = sorts.findIndex((s) => s.key === key);
  const current = at >= 0 ? sorts[at]!.direction : undefined;
  if (!add) {
    if (current === undefined) return [{ key, direction: 'asc' }];
    return current === 'asc' ? [{ key, direction: 'desc' }] : [];
  }
  if (current === undefined) {
    return sorts.length >= SORT_KEYS ? undefined : [...sorts, { key, direction: 'asc' }];
  }
  return current === 'asc'
    ? sorts.map((s, i) => (i === at ? { key, direction: 'desc' as const } : s))
    : sorts.filter((_, i) => i !== at);
}
