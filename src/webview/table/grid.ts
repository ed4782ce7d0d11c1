// The table's virtual window, as pure functions (unit-tested in Node): which of the grid's rows are in
// the DOM for a scroll position, and the list of rows the grid shows (group headers between task rows).
import type { TableGroup } from '../../shared/table/protocol';

/** Every row of the grid has this height (px); media/table.css says the same (--row-height). */
export const ROW_HEIGHT = 28;
/** Rows kept in the DOM above and below the visible ones, so a quick scroll shows no gap. */
export const OVERSCAN = 10;
/** `more` is asked for when the window comes this close to the last loaded row. */
export const MORE_THRESHOLD = 40;

/** One row of the grid's body: a group's header, or the task at `index` of the model's rows. */
export type Item =
  { readonly kind: 'group'; readonly group: TableGroup } | { readonly kind: 'row'; readonly index: number };

/**
 * The body's rows for the loaded task rows: each group's header goes right before its first row (a
 * group whose first row is not loaded yet is left out until it is); a collapsed group's rows are left
 * out.
 */
export function itemsOf(
  rowCount: number,
  groups: readonly TableGroup[] | undefined,
  collapsed: ReadonlySet<string> = new Set(),
): Item[] {
  const starts = [...(groups ?? [])]
    .filter((g) => g.start >= 0 && g.start < rowCount)
    .sort((a, b) => a.start - b.start);
  const items: Item[] = [];
  let next = 0;
  let hidden = false;
  for (let index = 0; index < rowCount; index++) {
    while (next < starts.length && starts[next]!.start === index) {
      const group = starts[next++]!;
      items.push({ kind: 'group', group });
      hidden = collapsed.has(group.key);
    }
    if (!hidden) items.push({ kind: 'row', index });
  }
  return items;
}

/**
 * How many rows the body has for the scrollbar: the rows shown, plus the task rows that match but
 * are not loaded yet (but those of collapsed groups) and the headers of groups not reached yet.
 */
export function virtualCount(
  items: number,
  loadedRows: number,
  total: number,
  groups: readonly TableGroup[] | undefined,
  collapsed: ReadonlySet<string> = new Set(),
): number {
  const unseenGroups = (groups ?? []).filter((g) => g.start >= loadedRows).length;
  return items + Math.max(0, total - loadedRows - unloadedIn(collapsed, loadedRows, groups)) + unseenGroups;
}

/** Task rows of the collapsed groups, loaded or not: the grid does not show them. */
export function hiddenRows(collapsed: ReadonlySet<string>, groups: readonly TableGroup[] | undefined): number {
  return (groups ?? []).filter((g) => collapsed.has(g.key)).reduce((n, g) => n + g.count, 0);
}

/** The rows of collapsed groups that are not loaded yet (a group's count is all its rows). */
function unloadedIn(
  collapsed: ReadonlySet<string>,
  loadedRows: number,
  groups: readonly TableGroup[] | undefined,
): number {
  const sorted = [...(groups ?? [])].sort((a, b) => a.start - b.start);
  let n = 0;
  sorted.forEach((g, i) => {
    if (!collapsed.has(g.key) || g.start >= loadedRows) return;
    const end = Math.min(sorted[i + 1]?.start ?? loadedRows, loadedRows);
    n += Math.max(0, g.count - (end - g.start));
  });
  return n;
}

/** The rows in the DOM, [start, end) of the loaded items, and the space above and below them (px). */
export interface Window {
  readonly start: number;
  readonly end: number;
  readonly padTop: number;
  readonly padBottom: number;
}

/**
 * The window for a scroll position: the visible rows and `overscan` on each side, cut to what is
 * loaded (`loaded` items); the padding keeps the body `count` rows tall, so the scrollbar is right.
 */
export function windowOf(
  scrollTop: number,
  viewport: number,
  count: number,
  loaded: number,
  rowHeight = ROW_HEIGHT,
  overscan = OVERSCAN,
): Window {
  const first = Math.max(0, Math.floor(Math.max(0, scrollTop) / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewport)) / rowHeight) + overscan);
  const start = Math.min(first, loaded);
  const end = Math.max(start, Math.min(last, loaded));
  return { start, end, padTop: start * rowHeight, padBottom: Math.max(0, count - end) * rowHeight };
}

/** Whether to ask for the rest of the rows: more match than are loaded and the view is near the end of them. */
export function wantsMore(
  visibleEnd: number,
  loadedItems: number,
  loadedAll: boolean,
  threshold = MORE_THRESHOLD,
): boolean {
  return !loadedAll && visibleEnd + threshold >= loadedItems;
}

/** The scrollTop that shows body row `index` whole (unchanged when it is already in view). */
export function scrollToShow(
  index: number,
  scrollTop: number,
  viewport: number,
  header: number,
  rowHeight = ROW_HEIGHT,
): number {
  const top = index * rowHeight;
  // The sticky header row covers the top of the viewport: a row is in view below it.
  const visible = Math.max(rowHeight, viewport - header);
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + visible) return top + rowHeight - visible;
  return scrollTop;
}
