import * as assert from 'node:assert/strict';
import type { TableColumn, TableModel, TableRow } from '../../../../src/shared/table/protocol';
import {
  hiddenRows,
  itemsOf,
  scrollToShow,
  virtualCount,
  wantsMore,
  windowOf,
} from '../../../../src/webview/table/grid';
import { moveOf, step } from '../../../../src/webview/table/navigate';
import { NONE, prune, select, selectAll, selectedInOrder } from '../../../../src/webview/table/selection';
import { cycleSort } from '../../../../src/webview/table/sort';
import { batchStatusOptions, cellText, cellValue, parseTyped, sameValue } from '../../../../src/webview/table/values';

describe('table virtual window (webview/table/grid.ts)', () => {
  it('keeps only the visible rows and the overscan in the DOM, padding for the rest', () => {
    // 2,500 rows of 28 px, a 560 px viewport scrolled to row 1,000.
    const win = windowOf(28_000, 560, 2500, 2500, 28, 10);
    assert.deepEqual(win, { start: 990, end: 1030, padTop: 990 * 28, padBottom: (2500 - 1030) * 28 });
    assert.equal(win.padTop + (win.end - win.start) * 28 + win.padBottom, 2500 * 28, 'the body keeps its full height');
  });

  it('starts at the top, and never renders rows that are not loaded', () => {
    assert.deepEqual(windowOf(0, 280, 2500, 2500, 28, 5), { start: 0, end: 15, padTop: 0, padBottom: 2485 * 28 });
    // Scrolled past the 100 loaded rows of 2,500: nothing to render, the padding keeps the scrollbar.
    const past = windowOf(28 * 500, 280, 2500, 100, 28, 5);
    assert.equal(past.end - past.start, 0);
    assert.equal(past.padTop + past.padBottom, 2500 * 28 - 0);
    // Half in: rows up to the last loaded one.
    assert.deepEqual(windowOf(28 * 95, 280, 2500, 100, 28, 5), {
      start: 90,
      end: 100,
      padTop: 90 * 28,
      padBottom: 2400 * 28,
    });
    // A negative scrollTop (the header's offset at the top) is the top.
    assert.equal(windowOf(-28, 280, 10, 10, 28, 0).start, 0);
  });

  it('puts each group header before its first row, and counts groups not reached for the scrollbar', () => {
    const groups = [
      { key: 'b', label: 'B', count: 2, start: 2 },
      { key: 'a', label: 'A', count: 2, start: 0 },
      { key: 'c', label: 'C', count: 5, start: 4 },
    ];
    const items = itemsOf(4, groups);
    assert.deepEqual(
      items.map((i) => (i.kind === 'group' ? `g:${i.group.key}` : i.index)),
      ['g:a', 0, 1, 'g:b', 2, 3],
      'group c starts past the loaded rows: not shown yet',
    );
    assert.equal(virtualCount(items.length, 4, 9, groups), 6 + 5 + 1);
    assert.equal(virtualCount(3, 3, 3, undefined), 3);
  });

  it("leaves a collapsed group's rows out, loaded or not, and keeps its header", () => {
    const groups = [
      { key: 'a', label: 'A', count: 2, start: 0 },
      { key: 'b', label: 'B', count: 5, start: 2 },
      { key: 'c', label: 'C', count: 3, start: 7 },
    ];
    // Four rows loaded of ten: all of A, two of B's five.
    const items = itemsOf(4, groups, new Set(['b']));
    assert.deepEqual(
      items.map((i) => (i.kind === 'group' ? `g:${i.group.key}` : i.index)),
      ['g:a', 0, 1, 'g:b'],
    );
    // Shown 4, B's three unloaded rows hidden, A's none: 10 - 4 - 3 = 3 unloaded (C's), and C's header.
    assert.equal(virtualCount(items.length, 4, 10, groups, new Set(['b'])), 4 + 3 + 1);
    assert.equal(hiddenRows(new Set(['b', 'zz']), groups), 5);
    assert.equal(hiddenRows(new Set(), groups), 0);
  });

  it('asks for more rows near the end of the loaded ones, only while some are missing', () => {
    assert.equal(wantsMore(70, 100, false, 40), true);
    assert.equal(wantsMore(50, 100, false, 40), false);
    assert.equal(wantsMore(100, 100, true, 40), false);
  });

  it('scrolls just enough to show a row below the sticky header', () => {
    // Viewport 280 px, header 28: rows 0..8 of the scroll position 0 are in view.
    assert.equal(scrollToShow(3, 0, 280, 28, 28), 0);
    assert.equal(scrollToShow(9, 0, 280, 28, 28), 10 * 28 - 252);
    assert.equal(scrollToShow(2, 28 * 5, 280, 28, 28), 56);
  });
});

describe('table keyboard (webview/table/navigate.ts)', () => {
  it('maps keys to moves, Ctrl+Home/End to the first and last rows', () => {
    assert.equal(moveOf('ArrowDown', false), 'down');
    assert.equal(moveOf('Home', false), 'home');
    assert.equal(moveOf('Home', true), 'first');
    assert.equal(moveOf('End', true), 'last');
    assert.equal(moveOf('PageDown', false), 'pageDown');
    assert.equal(moveOf('a', false), undefined);
  });

  it('moves within the grid and stops at its edges', () => {
    const at = { row: 3, col: 2 };
    assert.deepEqual(step(at, 'up', 10, 5, 4), { row: 2, col: 2 });
    assert.deepEqual(step({ row: 0, col: 2 }, 'up', 10, 5, 4), { row: 0, col: 2 });
    assert.deepEqual(step({ row: 9, col: 2 }, 'down', 10, 5, 4), { row: 9, col: 2 });
    assert.deepEqual(step(at, 'left', 10, 5, 4), { row: 3, col: 1 });
    assert.deepEqual(step({ row: 3, col: 4 }, 'right', 10, 5, 4), { row: 3, col: 4 });
    assert.deepEqual(step(at, 'home', 10, 5, 4), { row: 3, col: 0 });
    assert.deepEqual(step(at, 'end', 10, 5, 4), { row: 3, col: 4 });
    assert.deepEqual(step(at, 'first', 10, 5, 4), { row: 1, col: 2 }, 'the first body row, not the header');
    assert.deepEqual(step(at, 'last', 10, 5, 4), { row: 9, col: 2 });
  });

  it('pages by the rows that fit, Page Up stopping at the first body row', () => {
    assert.deepEqual(step({ row: 1, col: 0 }, 'pageDown', 10, 5, 4), { row: 5, col: 0 });
    assert.deepEqual(step({ row: 8, col: 0 }, 'pageDown', 10, 5, 4), { row: 9, col: 0 });
    assert.deepEqual(step({ row: 3, col: 0 }, 'pageUp', 10, 5, 4), { row: 1, col: 0 });
    assert.deepEqual(step({ row: 1, col: 0 }, 'pageUp', 10, 5, 4), { row: 0, col: 0 });
  });
});

describe('table selection (webview/table/selection.ts)', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];

  it('click selects one, Ctrl+click toggles, Shift+click selects the range from the anchor', () => {
    let s = select(NONE, order, 'b', 'only');
    assert.deepEqual([...s.ids], ['b']);
    s = select(s, order, 'd', 'range');
    assert.deepEqual(selectedInOrder(s, order), ['b', 'c', 'd']);
    s = select(s, order, 'a', 'range');
    assert.deepEqual(selectedInOrder(s, order), ['a', 'b'], 'the range is from the anchor, replaced');
    s = select(s, order, 'e', 'toggle');
    assert.deepEqual(selectedInOrder(s, order), ['a', 'b', 'e']);
    s = select(s, order, 'a', 'toggle');
    assert.deepEqual(selectedInOrder(s, order), ['b', 'e']);
    assert.equal(s.anchor, 'a', 'a toggle moves the anchor');
  });

  it('selects all loaded rows, and forgets rows that are gone', () => {
    const all = selectAll(order);
    assert.equal(all.ids.size, 5);
    const after = prune(all, ['b', 'e', 'x']);
    assert.deepEqual(selectedInOrder(after, ['b', 'e', 'x']), ['b', 'e']);
    assert.equal(after.anchor, undefined);
    assert.equal(prune(after, ['b', 'e']), after, 'unchanged: the same object');
  });
});

describe('table sorting (webview/table/sort.ts)', () => {
  it('a click cycles ascending, descending, off and makes the column the only key', () => {
    let sorts = cycleSort([], 'due', false)!;
    assert.deepEqual(sorts, [{ key: 'due', direction: 'asc' }]);
    sorts = cycleSort(sorts, 'due', false)!;
    assert.deepEqual(sorts, [{ key: 'due', direction: 'desc' }]);
    assert.deepEqual(cycleSort(sorts, 'due', false), []);
    assert.deepEqual(cycleSort(sorts, 'priority', false), [{ key: 'priority', direction: 'asc' }]);
  });

  it('Shift+click adds keys up to three, cycles a key in place and removes it after descending', () => {
    let sorts = cycleSort([{ key: 'due', direction: 'asc' }], 'priority', true)!;
    sorts = cycleSort(sorts, 'title', true)!;
    assert.deepEqual(
      sorts.map((s) => s.key),
      ['due', 'priority', 'title'],
    );
    assert.equal(cycleSort(sorts, 'status', true), undefined, 'a fourth key is refused');
    sorts = cycleSort(sorts, 'priority', true)!;
    assert.deepEqual(sorts[1], { key: 'priority', direction: 'desc' });
    sorts = cycleSort(sorts, 'priority', true)!;
    assert.deepEqual(
      sorts.map((s) => s.key),
      ['due', 'title'],
    );
  });
});

describe('table values (webview/table/values.ts)', () => {
  const row: TableRow = {
    id: 't1',
    title: 'Fix login',
    listId: 'l1',
    listName: 'Backlog',
    statusId: 's1',
    status: 'To do',
    priority: 'high',
    assigneeId: 'u1',
    assignee: 'Ada',
    fields: { 'cf:x': ['a', 'b'], 'cf:n': 3 },
  };
  const col = (key: string, kind: TableColumn['kind'], options?: TableColumn['options']): TableColumn => ({
    key,
    name: key,
    kind,
    editable: true,
    sortable: true,
    options,
  });

  it('reads ids for edits and names for the eye', () => {
    assert.equal(cellValue(row, col('status', 'status')), 's1');
    assert.equal(cellText(row, col('status', 'status')), 'To do');
    assert.equal(cellValue(row, col('assignee', 'assignee')), 'u1');
    assert.equal(cellText(row, col('priority', 'priority', [{ value: 'high', label: 'High' }])), 'High');
    assert.equal(cellValue(row, col('due', 'date')), null);
    assert.equal(cellText(row, col('cf:x', 'multi_select', [{ value: 'a', label: 'Alpha' }])), 'Alpha, b');
    assert.equal(cellText(row, col('cf:n', 'number')), '3');
    assert.equal(cellText(row, col('cf:missing', 'text')), '');
  });

  it('checks typed input as the host will: numbers of 0 or more, web addresses, calendar dates', () => {
    assert.deepEqual(parseTyped('number', ' 2.5 '), { ok: true, value: 2.5 });
    assert.deepEqual(parseTyped('number', 'two'), { ok: false, reason: 'number' });
    assert.deepEqual(parseTyped('number', '-1'), { ok: false, reason: 'negative' });
    assert.deepEqual(parseTyped('url', 'javascript:alert(1)'), { ok: false, reason: 'url' });
    assert.deepEqual(parseTyped('url', 'https://example.com/a'), { ok: true, value: 'https://example.com/a' });
    assert.deepEqual(parseTyped('date', '2026-02-30'), { ok: false, reason: 'date' });
    assert.deepEqual(parseTyped('date', '2026-02-28'), { ok: true, value: '2026-02-28' });
    assert.deepEqual(parseTyped('text', '   '), { ok: true, value: null }, 'empty clears');
    assert.deepEqual(parseTyped('text', 'x'.repeat(5001)), { ok: false, reason: 'tooLong' });
  });

  it('compares lists as sets, and merges the status choices of several lists by name', () => {
    assert.equal(sameValue(['a', 'b'], ['b', 'a']), true);
    assert.equal(sameValue(['a'], ['a', 'b']), false);
    assert.equal(sameValue(null, ''), false);
    const model = {
      statusOptions: {
        l1: [
          { value: 's1', label: 'To do' },
          { value: 's2', label: 'Done', color: '#00ff00' },
        ],
        l2: [
          { value: 's9', label: 'Done' },
          { value: 's8', label: 'Review' },
        ],
      },
    } as unknown as TableModel;
    const options = batchStatusOptions(model, [row, { ...row, id: 't2', listId: 'l2' }]);
    assert.deepEqual(
      options,
      [
        { value: 's1', label: 'To do' },
        { value: 's2', label: 'Done', color: '#00ff00' },
        { value: 's8', label: 'Review' },
      ],
      "one per name, as the first list's id (the host maps it to each row's list)",
    );
  });
});
