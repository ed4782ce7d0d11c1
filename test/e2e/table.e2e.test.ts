import * as assert from 'node:assert/strict';
import type { Frame, FrameLocator } from 'playwright-core';
import { axeViolations } from './axe';
import { closeSession, openSession, sandboxCall as control, storedTask as stored } from './fixtures';
import type { Session } from './fixtures';
import { until } from './steps';
import type { Workbench } from './workbench';

interface Fixtures {
  workspaces: { acme: { id: string } };
  lists: { api: string };
  views: { triage_view: string };
}

/** A task as the service returns it (the fields the table's checks read). */
interface ApiTask {
  id: string;
  display_id: string;
  priority: string | null;
  due_date: string | null;
  status_id: string;
  status?: { name: string };
  assignee?: { id: string; name: string } | null;
}

/** One body row of the grid as the page shows it: a task (its id) or a group header. */
type GridItem = { task: string } | { group: string; count: string };

const VIEW = 'API — triage';
const DUE_THEN_PRIORITY = [
  { field: 'due_date', direction: 'asc' },
  { field: 'priority', direction: 'asc' },
];

/** A GET of the service as alice (the same token the extension signed in with). */
async function api<T>(session: Session, path: string): Promise<T> {
  const res = await fetch(`${session.sandbox.baseUrl}${path}`, {
    headers: { authorization: 'Bearer demo-token-alice' },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** The view's rows as the service evaluates it (one page: the view has 30). */
async function viewRows(session: Session, viewId: string): Promise<ApiTask[]> {
  return (await api<{ data: ApiTask[] }>(session, `/views/${viewId}/tasks?per_page=100`)).data;
}

/** The list's rows in the task index's order for `sorts` (the service's order, ties included). */
async function indexOrder(session: Session, fx: Fixtures, sorts: object[]): Promise<ApiTask[]> {
  const query = `list_id=${fx.lists.api}&per_page=0&sorts=${encodeURIComponent(JSON.stringify(sorts))}`;
  return (await api<{ data: ApiTask[] }>(session, `/workspaces/${fx.workspaces.acme.id}/tasks?${query}`)).data;
}

async function patchesOf(session: Session): Promise<string[]> {
  const log = (await control<{ data: { method: string; path: string }[] }>(session, 'GET', '/requests')).data;
  return log.filter((r) => r.method === 'PATCH').map((r) => r.path);
}

/** Pins the view (Pin Saved View), shows it in the Saved Views tree and opens it as a table from its context menu. */
async function openViewFromTree(wb: Workbench, name: string): Promise<FrameLocator> {
  await wb.runCommand('Task Platform: Pin Saved View');
  await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().click();
  await wb.quickInput().waitFor({ state: 'hidden', timeout: 10_000 });
  for (const pane of ['Workspaces', 'My Tasks']) {
    const header = wb.page.locator('.part.sidebar .pane-header', { hasText: pane });
    if ((await header.getAttribute('aria-expanded')) === 'true') await header.click();
  }
  const header = wb.page.locator('.part.sidebar .pane-header', { hasText: 'Saved Views' });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const root = wb.treeRow(name);
  await root.waitFor({ timeout: 30_000 });
  await (await wb.contextMenuItem(root, 'Open as Table')).click();
  return tableFrame(wb);
}

async function tableFrame(wb: Workbench): Promise<FrameLocator> {
  const frame = wb.webview();
  await frame.locator('[role="grid"] [role="row"][data-task]').first().waitFor({ timeout: 60_000 });
  return frame;
}

/**
 * Every body row of the grid in order, read by scrolling its container from top to bottom (only the
 * rows in view are in the DOM), then back to the top. Checks that no aria-rowindex was skipped.
 */
async function gridItems(frame: Frame): Promise<GridItem[]> {
  const { items, rowCount } = await frame.evaluate(async () => {
    const grid = document.querySelector('[role="grid"]')!;
    let box: HTMLElement | null = grid as HTMLElement;
    while (box && !(box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(box).overflowY))) {
      box = box.parentElement;
    }
    const scroller = box ?? (document.scrollingElement as HTMLElement);
    const seen = new Map<number, { task: string } | { group: string; count: string }>();
    scroller.scrollTop = 0;
    for (;;) {
      // Two frames: the page renders the rows of a new scroll position on the next one.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      for (const row of Array.from(grid.querySelectorAll('[role="row"][aria-rowindex]'))) {
        const index = Number(row.getAttribute('aria-rowindex'));
        if (row.querySelector('[role="columnheader"]')) continue;
        const task = row.getAttribute('data-task');
        seen.set(
          index,
          task
            ? { task }
            : {
                group: row.querySelector('.group-label')?.textContent?.trim() ?? '',
                count: row.querySelector('.group-count')?.textContent?.trim() ?? '',
              },
        );
      }
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
      scroller.scrollTop += Math.max(1, Math.floor(scroller.clientHeight / 2));
    }
    scroller.scrollTop = 0;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const sorted = [...seen.entries()].sort((a, b) => a[0] - b[0]);
    return { items: sorted, rowCount: Number(grid.getAttribute('aria-rowcount')) };
  });
  assert.deepEqual(
    items.map(([i]) => i),
    Array.from({ length: rowCount - 1 }, (_, i) => i + 2),
    'every row of aria-rowcount was shown once, in aria-rowindex order',
  );
  return items.map(([, item]) => item);
}

const taskIds = (items: GridItem[]): string[] => items.flatMap((i) => ('task' in i ? [i.task] : []));

/** The (due date, priority) of each task, as the service stores it: what the sort orders by. */
function sortKeys(ids: string[], byId: Map<string, ApiTask>): string[] {
  return ids.map((id) => {
    const t = byId.get(id)!;
    return `${t.due_date?.slice(0, 10) ?? '(none)'} ${t.priority ?? '(none)'}`;
  });
}

/** Index order of `ids` (a subset of `order`). */
const within = (order: ApiTask[], ids: Set<string>): string[] => order.filter((t) => ids.has(t.id)).map((t) => t.id);

/** A column header of the grid by its name. */
const columnHeader = (frame: FrameLocator, name: RegExp) =>
  frame.locator('[role="columnheader"]', { has: frame.locator('.colname', { hasText: name }) });

/** Click on Due date (ascending), Shift+click on Priority (its second key), as a user sorts. */
async function sortByDueThenPriority(frame: FrameLocator): Promise<void> {
  await columnHeader(frame, /^Due/).click();
  await columnHeader(frame, /^Due/).and(frame.locator('[aria-sort="ascending"]')).waitFor({ timeout: 30_000 });
  await columnHeader(frame, /^Priority/).click({ modifiers: ['Shift'] });
  await columnHeader(frame, /^Priority/)
    .locator('.sort-mark', { hasText: '2' })
    .waitFor({ timeout: 30_000 });
}

async function expectNoSeriousViolations(wb: Workbench, what: string): Promise<void> {
  const violations = await axeViolations(await wb.activeWebviewFrame());
  assert.deepEqual(violations, [], `${what}: ${JSON.stringify(violations, null, 2)}`);
}

describe('e2e: a saved view and a list as a table in a real workbench', function () {
  let session: Session | undefined;

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench.screenshot(`failed-table-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 60)}`);
    }
    await closeSession(session);
    session = undefined;
  });

  it('light theme: a saved view sorted by due date then priority, grouped by assignee, edited inline and in a batch', async () => {
    session = await openSession('table-light');
    const s = session;
    const wb = s.workbench;
    const fx = await control<Fixtures>(s, 'GET', '/fixtures');
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.setSidebarWidth(360);
    const frame = await openViewFromTree(wb, VIEW);
    await wb.page.locator('.tabs-container .tab', { hasText: `Table: ${VIEW}` }).waitFor({ timeout: 30_000 });
    const rows = await viewRows(s, fx.views.triage_view);
    assert.ok(rows.length >= 8, `the view has ${rows.length} rows`);
    const byId = new Map(rows.map((t) => [t.id, t]));
    const inner = await wb.activeWebviewFrame();
    const allShown = async (): Promise<string[]> => [...new Set(taskIds(await gridItems(inner)))].sort();
    await until(async () => (await allShown()).join() === [...byId.keys()].sort().join(), 30_000);
    assert.deepEqual(await allShown(), [...byId.keys()].sort(), "the page shows the view's rows");
    await wb.screenshot('table-01-light-view');

    // Due date, then Shift+click Priority: the page's order is the service's order for those two keys.
    await sortByDueThenPriority(frame);
    const expected = await indexOrder(s, fx, DUE_THEN_PRIORITY);
    // The header marks the sort at once; the rows follow when the service's answer arrives.
    let sorted: string[] = [];
    const inOrder = (): boolean =>
      sortKeys(sorted, byId).join('|') === sortKeys(within(expected, new Set(sorted)), byId).join('|');
    await until(async () => {
      sorted = taskIds(await gridItems(inner));
      return inOrder();
    }, 30_000);
    assert.deepEqual(
      sortKeys(sorted, byId),
      sortKeys(within(expected, new Set(sorted)), byId),
      'rows ordered by due date, then priority, as the service orders them',
    );
    await wb.screenshot('table-02-light-sorted');

    // Group by assignee: one header per assignee, its count, its rows together and still in that order.
    await frame.locator('.group-by select').selectOption('assignee');
    await frame.locator('[role="row"]:not([data-task]) .group-count').first().waitFor({ timeout: 30_000 });
    const grouped = await gridItems(inner);
    const groups: { label: string; count: string; ids: string[] }[] = [];
    for (const item of grouped) {
      if ('group' in item) groups.push({ label: item.group, count: item.count, ids: [] });
      else groups.at(-1)?.ids.push(item.task);
    }
    assert.equal('group' in grouped[0]!, true, 'the grid starts with a group header');
    const assigneeOf = (id: string) => byId.get(id)!.assignee?.name ?? 'Unassigned';
    const expectedGroups = new Map<string, number>();
    for (const t of rows) expectedGroups.set(assigneeOf(t.id), (expectedGroups.get(assigneeOf(t.id)) ?? 0) + 1);
    assert.equal(groups.length, expectedGroups.size, `one group per assignee: ${JSON.stringify(groups)}`);
    for (const g of groups) {
      assert.ok(
        g.ids.every((id) => assigneeOf(id) === g.label),
        `group "${g.label}" holds only its tasks: ${g.ids.map(assigneeOf).join(', ')}`,
      );
      assert.equal(g.ids.length, expectedGroups.get(g.label), `all of ${g.label}'s tasks are in its group`);
      assert.match(g.count, new RegExp(`\\b${g.ids.length}\\b`), `group "${g.label}" shows its count`);
      assert.deepEqual(sortKeys(g.ids, byId), sortKeys(within(expected, new Set(g.ids)), byId), `order in ${g.label}`);
    }
    assert.ok(
      expectedGroups.has('Unassigned') && expectedGroups.size >= 3,
      'the view has unassigned rows and assignees',
    );
    await wb.screenshot('table-03-light-grouped-by-assignee');
    await expectNoSeriousViolations(wb, 'the grouped table');

    // An inline priority change: one PATCH, and the sandbox has it.
    const target = groups[0]!.ids[0]!;
    const before = byId.get(target)!.priority;
    const next = ['low', 'medium', 'high', 'critical'].find((p) => p !== before)!;
    const priorityCell = frame.locator(`[role="row"][data-task="${target}"] [role="gridcell"][data-key="priority"]`);
    await priorityCell.dblclick();
    await priorityCell.locator('select').selectOption(next);
    await stored(s, target, (t) => t.priority === next, 'the inline priority change is in the sandbox');
    await frame.locator('[role="status"]', { hasText: 'Saved' }).waitFor({ timeout: 30_000 });
    const inlinePatches = (await patchesOf(s)).filter((p) => p.endsWith(`/tasks/${target}`));
    assert.equal(inlinePatches.length, 1, `one PATCH for the inline edit: ${JSON.stringify(inlinePatches)}`);
    await wb.screenshot('table-04-light-inline-priority');

    // Five rows selected (click, Shift+click), Batch Edit status: the preview lists five changes, then
    // applying sends one PATCH per task, each once.
    await control(s, 'DELETE', '/requests');
    const five = taskIds(await gridItems(inner))
      .filter((id) => id !== target)
      .slice(0, 5);
    const titleCell = (id: string) =>
      frame.locator(`[role="row"][data-task="${id}"] [role="gridcell"][data-key="title"]`);
    await titleCell(five[0]!).click();
    await titleCell(five[4]!).click({ modifiers: ['Shift'] });
    const selected = frame.locator('[role="row"][aria-selected="true"]');
    await frame.locator('.batch-edit', { hasText: '5' }).waitFor({ timeout: 10_000 });
    assert.deepEqual(
      await selected.evaluateAll((els) => els.map((el) => el.getAttribute('data-task'))),
      five,
      'the five rows from the click to the Shift+click are selected',
    );
    await frame.locator('.batch-edit').click();
    const dialog = frame.locator('dialog.batch');
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.locator('.batch-field').selectOption('status');
    const taken = new Set(five.map((id) => byId.get(id)!.status_id));
    const choices = await dialog
      .locator('select.batch-editor option')
      .evaluateAll((els) =>
        els.map((el) => ({ value: (el as HTMLOptionElement).value, label: el.textContent?.trim() ?? '' })),
      );
    const status = choices.find((c) => c.value !== '' && !taken.has(c.value));
    assert.ok(status, `a status none of the five has: ${JSON.stringify(choices)}`);
    await dialog.locator('select.batch-editor').selectOption(status.value);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const changes = dialog.locator('.batch-list li');
    await changes.nth(4).waitFor({ timeout: 30_000 });
    assert.equal(await changes.count(), 5, 'the preview lists five changes');
    const listed = await changes.allInnerTexts();
    for (const id of five) {
      const t = byId.get(id)!;
      assert.ok(
        listed.some((line) => line.includes(t.display_id) && line.includes(status.label)),
        `${t.display_id} → ${status.label} in the preview: ${listed.join(' | ')}`,
      );
    }
    assert.equal((await patchesOf(s)).length, 0, 'nothing is sent before Apply');
    await wb.screenshot('table-05-light-batch-preview');
    await expectNoSeriousViolations(wb, 'the batch preview');
    await dialog.getByRole('button', { name: /^Apply to 5 tasks/ }).click();
    await dialog.locator('.batch-list li.done').nth(4).waitFor({ timeout: 60_000 });
    for (const id of five) {
      await stored(s, id, (t) => t.status_id === status.value, `${byId.get(id)!.display_id} has the new status`);
    }
    await new Promise((r) => setTimeout(r, 1000));
    const patches = await patchesOf(s);
    assert.deepEqual(
      [...patches].sort(),
      five.map((id) => `/api/workspaces/${fx.workspaces.acme.id}/tasks/${id}`).sort(),
      'exactly one PATCH per task of the batch',
    );
    await wb.screenshot('table-06-light-batch-applied');
  });

  it('dark theme: a list from the palette shows its counts in the title and sorts on the service', async () => {
    session = await openSession('table-dark', { theme: 'Default Dark Modern' });
    const s = session;
    const wb = s.workbench;
    const fx = await control<Fixtures>(s, 'GET', '/fixtures');
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.focusSideBar();
    await wb.runCommand('Task Platform: Open as Table');
    await wb.answerInput('Acme');
    await wb.answerInput('API');
    const frame = await tableFrame(wb);
    const counts = await api<{ total_count: number; completed_count: number }>(
      s,
      `/workspaces/${fx.workspaces.acme.id}/tasks?list_id=${fx.lists.api}&per_page=1`,
    );
    const tab = wb.page.locator('.tabs-container .tab', { hasText: 'Table: API' });
    await tab.filter({ hasText: String(counts.total_count) }).waitFor({ timeout: 30_000 });
    const title = (await tab.innerText()).trim();
    assert.match(
      title,
      new RegExp(`\\b${counts.total_count}\\b.*\\b${counts.completed_count}\\b`),
      `the title "${title}" shows ${counts.total_count} tasks, ${counts.completed_count} completed`,
    );
    await frame.locator('.counts', { hasText: String(counts.total_count) }).waitFor({ timeout: 30_000 });
    await wb.screenshot('table-07-dark-list');

    await sortByDueThenPriority(frame);
    const inner = await wb.activeWebviewFrame();
    // The header marks the sort at once; the rows follow when the service's answer arrives.
    const sortSent = async (): Promise<boolean> =>
      (await control<{ data: { path: string; query: Record<string, string> }[] }>(s, 'GET', '/requests')).data.some(
        (r) => r.path.endsWith('/tasks') && r.query.sorts && JSON.parse(r.query.sorts).length === 2,
      );
    assert.ok(await until(sortSent, 30_000), 'the two sort keys were sent to the service');
    const expected = (await indexOrder(s, fx, DUE_THEN_PRIORITY)).map((t) => t.id);
    let shown: string[] = [];
    await until(async () => {
      shown = taskIds(await gridItems(inner));
      return shown.join() === expected.join();
    }, 30_000);
    assert.deepEqual(shown, expected, "the list's rows in the service's order for due date, then priority");
    await wb.screenshot('table-08-dark-sorted');
    await expectNoSeriousViolations(wb, 'the dark table');
  });

  it('dark theme, hostile titles, member and field names: shown as text in the table, nothing runs', async () => {
    session = await openSession('table-hostile', { theme: 'Default Dark Modern' });
    const wb = session.workbench;
    await control(session, 'POST', '/fixtures/xss');
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await wb.focusSideBar();
    await wb.runCommand('Task Platform: Open as Table');
    await wb.answerInput('Acme');
    await wb.answerInput('Web App');
    const frame = await tableFrame(wb);
    await wb.page.locator('.tabs-container .tab', { hasText: 'Table: Web App' }).waitFor({ timeout: 30_000 });
    // Grouped by assignee: the hostile member's name is a group header too.
    await frame.locator('.group-by select').selectOption('assignee');
    await frame.locator('[role="row"]:not([data-task]) .group-count').first().waitFor({ timeout: 30_000 });
    await wb.screenshot('table-09-dark-hostile');
    const inner = await wb.activeWebviewFrame();
    // Every row passes through the DOM once the grid is scrolled from top to bottom: look at each window.
    const probe = await inner.evaluate(async () => {
      const scroller = document.querySelector('[role="grid"]')!.closest('.scroller') as HTMLElement;
      let injected = 0;
      let handlers = 0;
      let text = '';
      scroller.scrollTop = 0;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        injected += document.querySelectorAll(
          '#root script, #root img, #root iframe, #root style, #root svg, #root a, #root object, #root embed',
        ).length;
        handlers += Array.from(document.querySelectorAll('#root *')).filter((el) =>
          Array.from(el.attributes).some((a) => a.name.startsWith('on')),
        ).length;
        text += document.querySelector('[role="grid"]')?.textContent ?? '';
        if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
        scroller.scrollTop += Math.max(1, Math.floor(scroller.clientHeight / 2));
      }
      return { xss: (window as unknown as { __xss?: unknown }).__xss, injected, handlers, text };
    });
    assert.equal(probe.xss, undefined, 'no payload ran');
    assert.equal(probe.injected, 0, 'no element came from the service');
    assert.equal(probe.handlers, 0, 'no inline handler');
    assert.ok(probe.text.includes('<script>'), 'a title shows its markup as text');
    assert.ok(probe.text.includes('Mallory'), "the hostile member's name is shown as text");
    await expectNoSeriousViolations(wb, 'the hostile table');
  });
});
