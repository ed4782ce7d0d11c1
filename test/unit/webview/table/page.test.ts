import * as assert from 'node:assert/strict';
import type { TableModel, TableRow, TableWebviewMessage } from '../../../../src/shared/table/protocol';
import { TablePage } from '../../../../src/webview/table/page';

/** The page's state machine without a DOM: what it posts for the user's actions and how it takes answers. */
describe('table page state (webview/table/page.ts)', () => {
  let posted: TableWebviewMessage[];
  let page: TablePage;

  const row = (n: number, extra: Partial<TableRow> = {}): TableRow => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    displayId: `ACME-${n}`,
    title: `Task ${n}`,
    listId: 'l1',
    statusId: 's1',
    status: 'To do',
    priority: 'low',
    fields: {},
    ...extra,
  });

  const model = (rows: TableRow[], extra: Partial<TableModel> = {}): TableModel => ({
    title: 'Backlog',
    scope: 'list',
    columns: [
      { key: 'title', name: 'Title', kind: 'title', editable: false, sortable: true },
      { key: 'status', name: 'Status', kind: 'status', editable: true, sortable: true },
      {
        key: 'priority',
        name: 'Priority',
        kind: 'priority',
        editable: true,
        sortable: true,
        options: [
          { value: 'low', label: 'Low' },
          { value: 'high', label: 'High' },
        ],
      },
      {
        key: 'cf:00000000-0000-4000-8000-00000000000f',
        name: 'Flag',
        kind: 'checkbox',
        editable: true,
        sortable: false,
      },
    ],
    statusOptions: { l1: [{ value: 's1', label: 'To do' }] },
    rows,
    total: rows.length,
    loadedAll: true,
    counts: { total: rows.length },
    sorts: [],
    loading: false,
    ...extra,
  });

  beforeEach(() => {
    posted = [];
    page = new TablePage((m) => void posted.push(m));
  });

  it('posts one edit per change, shows it pending, and reverts with the reason when refused', () => {
    const rows = [row(1), row(2)];
    page.receive({ type: 'model', model: model(rows) });
    page.focusOn({ row: 1, col: 2 });
    page.activate();
    assert.deepEqual(page.editing, { taskId: rows[0]!.id, key: 'priority' });
    page.commit(rows[0]!.id, 'priority', 'low', 'Low');
    assert.deepEqual(posted, [], 'the value it already has is not sent');
    page.activate();
    page.commit(rows[0]!.id, 'priority', 'high', 'High');
    assert.deepEqual(posted, [{ type: 'edit', id: 'e1', taskId: rows[0]!.id, key: 'priority', value: 'high' }]);
    assert.equal(page.pendingFor(rows[0]!.id, 'priority')?.text, 'High');
    page.receive({ type: 'result', id: 'e1', ok: false, error: 'Priority is locked.' });
    assert.equal(page.pendingFor(rows[0]!.id, 'priority'), undefined, 'the cell shows the model again');
    assert.equal(page.notice?.error, true);
    assert.match(page.notice!.text, /Task 1.*Priority is locked\./);
  });

  it('flips a checkbox at once, opens the task from its title, and leaves read-only cells alone', () => {
    const rows = [row(1, { fields: { 'cf:00000000-0000-4000-8000-00000000000f': true } })];
    page.receive({ type: 'model', model: model(rows) });
    page.focusOn({ row: 1, col: 3 });
    page.activate();
    page.focusOn({ row: 1, col: 0 });
    page.activate();
    assert.deepEqual(posted, [
      { type: 'edit', id: 'e1', taskId: rows[0]!.id, key: 'cf:00000000-0000-4000-8000-00000000000f', value: false },
      { type: 'open', taskId: rows[0]!.id },
    ]);
    assert.equal(page.editing, undefined);
  });

  it('sorts from the header: Enter on it cycles, a fourth Shift key is refused in words', () => {
    page.receive({
      type: 'model',
      model: model([row(1)], {
        sorts: [
          { key: 'status', direction: 'asc' },
          { key: 'priority', direction: 'asc' },
          { key: 'due', direction: 'desc' },
        ],
      }),
    });
    page.focusOn({ row: 0, col: 0 });
    page.activate(true);
    assert.deepEqual(posted, [], 'no fourth key');
    assert.equal(page.notice?.error, true);
    page.activate(false);
    assert.deepEqual(posted, [{ type: 'sort', sorts: [{ key: 'title', direction: 'asc' }] }]);
  });

  it('asks for the rest of the rows once, near the end of what is loaded', () => {
    const rows = Array.from({ length: 100 }, (_, i) => row(i + 1));
    page.receive({ type: 'model', model: model(rows, { total: 2500, loadedAll: false }) });
    page.reached(30);
    assert.deepEqual(posted, []);
    page.reached(70);
    page.reached(90);
    assert.deepEqual(posted, [{ type: 'more' }], 'once');
    // The load it started failed (or a refresh came in its place): the same rows, loading, then not.
    page.receive({ type: 'model', model: model(rows, { total: 2500, loadedAll: false, loading: true }) });
    page.reached(90);
    assert.equal(posted.length, 1, 'not while the host loads');
    page.receive({ type: 'model', model: model(rows, { total: 2500, loadedAll: false, error: 'Offline' }) });
    page.reached(90);
    assert.deepEqual(posted, [{ type: 'more' }, { type: 'more' }], 'asked again once that load ended');
    page.receive({ type: 'model', model: model(rows, { total: 2500, loadedAll: true }) });
    page.reached(100);
    assert.equal(posted.length, 2, 'all are loaded');
  });

  it('moves focus through group headers and extends the selection with Shift', () => {
    const rows = [row(1), row(2), row(3)];
    const groups = [
      { key: 'a', label: 'A', count: 2, start: 0 },
      { key: 'b', label: 'B', count: 1, start: 2 },
    ];
    page.receive({ type: 'model', model: model(rows, { groups, groupBy: 'status' }) });
    assert.equal(page.rowCount, 6, 'header, 2 group rows, 3 tasks');
    page.focusOn({ row: 2, col: 1 });
    page.toggleFocused();
    page.move('down', 10, true);
    page.move('down', 10, true);
    page.move('down', 10, true);
    assert.deepEqual(page.focusCell, { row: 5, col: 1 });
    assert.deepEqual(page.selected, [rows[0]!.id, rows[1]!.id, rows[2]!.id]);
    page.clearSelection();
    assert.deepEqual(page.selected, [], 'Escape');
    page.selectAll();
    assert.equal(page.selected.length, 3);
    // Enter on a group's header folds it: its rows are no longer shown, nor selected.
    page.focusOn({ row: 1, col: 0 });
    page.activate();
    assert.deepEqual(page.collapsed, new Set(['a']));
    assert.equal(page.rowCount, 4, 'header, 2 group rows, 1 task');
    assert.deepEqual(page.selected, [rows[2]!.id]);
    page.activate();
    assert.equal(page.rowCount, 6, 'unfolded');
    page.receive({ type: 'model', model: model(rows, { groups, groupBy: 'status' }) });
    page.activate();
    page.receive({ type: 'model', model: model(rows, { groups, groupBy: 'priority' }) });
    assert.equal(page.collapsed.size, 0, 'another grouping starts unfolded');
    page.focusOn({ row: 5, col: 1 });
    // The focus follows its row when the rows change order.
    page.receive({ type: 'model', model: model([rows[2]!, rows[0]!, rows[1]!]) });
    assert.deepEqual(page.focusCell, { row: 1, col: 1 });
  });

  it('takes back its selection and focus after a reload, for the rows that are still there', () => {
    const rows = [row(1), row(2), row(3)];
    page.receive({ type: 'model', model: model(rows) });
    page.click(2, 1, 'only');
    page.click(3, 1, 'toggle');
    const kept = JSON.parse(JSON.stringify(page.kept)) as unknown;
    const again = new TablePage(() => undefined);
    again.receive({ type: 'model', model: model([rows[2]!, rows[0]!]) });
    again.restore(kept);
    assert.deepEqual(again.selected, [rows[2]!.id], 'task 2 is gone');
    assert.deepEqual(again.focusCell, { row: 1, col: 1 }, "the focus stays on task 3's row");
    again.restore({ selected: 'x' });
    again.restore(null);
    assert.deepEqual(again.selected, [rows[2]!.id], 'anything else is ignored');
  });

  it('previews a batch edit, applies the preview it was shown, and reports each row', () => {
    const rows = [row(1), row(2), row(3)];
    page.receive({ type: 'model', model: model(rows) });
    page.click(1, 0, 'only');
    page.click(3, 0, 'range');
    page.openBatch();
    assert.equal(page.batch?.key, 'status', 'the first editable field but the title');
    assert.deepEqual(page.batchField?.options, [{ value: 's1', label: 'To do' }], "the selected rows' list's statuses");
    page.chooseBatchField('priority');
    page.previewBatch('high');
    assert.deepEqual(posted, [
      { type: 'batchPreview', id: 'b1', taskIds: rows.map((r) => r.id), key: 'priority', value: 'high' },
    ]);
    page.applyBatch();
    assert.equal(posted.length, 1, 'nothing to apply before the preview is back');
    page.receive({ type: 'batchPreview', id: 'other', changes: [], unchanged: 0, refused: [] });
    assert.equal(page.batch?.step, 'previewing', 'an answer to another preview is ignored');
    page.receive({
      type: 'batchPreview',
      id: 'b1',
      changes: [
        { taskId: rows[0]!.id, title: 'Task 1', from: 'Low', to: 'High' },
        { taskId: rows[1]!.id, title: 'Task 2', from: 'Low', to: 'High' },
      ],
      unchanged: 1,
      refused: [{ taskId: rows[2]!.id, title: 'Task 3', reason: 'Not a priority.' }],
    });
    assert.deepEqual(
      page.batch?.refused?.map((r) => r.reason),
      ['Not a priority.'],
      'rows left out are kept with their reason',
    );
    page.applyBatch();
    page.applyBatch();
    assert.deepEqual(posted.slice(1), [{ type: 'batchApply', id: 'b1' }], 'applied once');
    page.receive({
      type: 'batchResult',
      id: 'b1',
      results: [
        { taskId: rows[0]!.id, ok: true },
        { taskId: rows[1]!.id, ok: false, error: 'Gone' },
      ],
    });
    assert.equal(page.batch?.step, 'done');
    assert.equal(page.notice?.error, true);
    assert.match(page.notice!.text, /1 changed, 1 failed/);
  });
});
