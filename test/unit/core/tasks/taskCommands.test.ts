import * as assert from 'node:assert/strict';
import { chartColorFor } from '../../../../src/core/tasks/colors';
import { checkDate, dayOf, presetDate } from '../../../../src/core/tasks/dates';
import { isOpenableLink, parseTaskReference, taskIdFromUriPath, taskWebLink } from '../../../../src/core/tasks/links';
import { targetsFromSidebar } from '../../../../src/core/tasks/sidebar';
import { checkTitle } from '../../../../src/core/tasks/title';

const base = 'https://tasks.example.com/api';
const uuid = '0c59bdda-c52a-44be-8145-9769347e0324';

describe('core/tasks: the title rule', () => {
  const cases: [string, ReturnType<typeof checkTitle>][] = [
    ['  Fix login  ', { ok: true, title: 'Fix login' }],
    ['', { ok: false, reason: 'empty' }],
    ['   \t ', { ok: false, reason: 'empty' }],
    ['x'.repeat(255), { ok: true, title: 'x'.repeat(255) }],
    ['x'.repeat(256), { ok: false, reason: 'tooLong', length: 256 }],
    // 255 emoji are 510 UTF-16 units but 255 characters: accepted.
    ['😀'.repeat(255), { ok: true, title: '😀'.repeat(255) }],
    ['😀'.repeat(256), { ok: false, reason: 'tooLong', length: 256 }],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input.slice(0, 12))}${input.length > 12 ? '…' : ''} (${input.length} units)`, () =>
      assert.deepEqual(checkTitle(input), expected));
  }
});

describe('core/tasks: due dates', () => {
  // Wednesday 18 November 2026, local time.
  const wednesday = new Date(2026, 10, 18, 15, 30);
  const monday = new Date(2026, 10, 23, 9, 0);
  const sunday = new Date(2026, 10, 22, 23, 59);
  it('presets from a Wednesday', () => {
    assert.equal(presetDate('today', wednesday), '2026-11-18');
    assert.equal(presetDate('tomorrow', wednesday), '2026-11-19');
    assert.equal(presetDate('nextMonday', wednesday), '2026-11-23');
    assert.equal(presetDate('inAWeek', wednesday), '2026-11-25');
  });
  it('next Monday from a Monday is a week away, from a Sunday the day after', () => {
    assert.equal(presetDate('nextMonday', monday), '2026-11-30');
    assert.equal(presetDate('nextMonday', sunday), '2026-11-23');
  });
  it('crosses month and year ends', () => {
    assert.equal(presetDate('tomorrow', new Date(2026, 11, 31)), '2027-01-01');
    assert.equal(presetDate('inAWeek', new Date(2028, 1, 25)), '2028-03-03');
  });
  const typed: [string, ReturnType<typeof checkDate>][] = [
    ['2027-01-15', { ok: true, date: '2027-01-15' }],
    [' 2028-02-29 ', { ok: true, date: '2028-02-29' }],
    ['2027-02-29', { ok: false, reason: 'notADay' }],
    ['2027-13-01', { ok: false, reason: 'notADay' }],
    ['2027-1-5', { ok: false, reason: 'format' }],
    ['15/01/2027', { ok: false, reason: 'format' }],
    ['tomorrow', { ok: false, reason: 'format' }],
    ['', { ok: false, reason: 'format' }],
  ];
  for (const [input, expected] of typed) {
    it(`typed ${JSON.stringify(input)}`, () => assert.deepEqual(checkDate(input), expected));
  }
  it('shows the day of a stored due date', () => {
    assert.equal(dayOf('2026-11-30T00:00:00.000Z'), '2026-11-30');
    assert.equal(dayOf(null), undefined);
  });
});

describe('core/tasks: links and references', () => {
  it('builds the web link from the origin of the base URL', () => {
    assert.equal(taskWebLink(base, 'ACME-12'), 'https://tasks.example.com/t/ACME-12');
    assert.equal(taskWebLink('http://127.0.0.1:4010/api', 'SIDE-1'), 'http://127.0.0.1:4010/t/SIDE-1');
  });
  const refs: [string, ReturnType<typeof parseTaskReference>][] = [
    ['ACME-12', { kind: 'displayId', displayId: 'ACME-12' }],
    ['  acme-12 ', { kind: 'displayId', displayId: 'acme-12' }],
    [uuid.toUpperCase(), { kind: 'id', taskId: uuid }],
    ['https://tasks.example.com/t/ACME-12', { kind: 'displayId', displayId: 'ACME-12' }],
    [`https://tasks.example.com/t/${uuid}/`, { kind: 'id', taskId: uuid }],
    ['https://evil.example.net/t/ACME-12', { kind: 'foreignLink', origin: 'https://evil.example.net' }],
    ['https://tasks.example.com/settings', { kind: 'invalid' }],
    ['https://tasks.example.com/t/%E0%A4%A', { kind: 'invalid' }],
    ['', { kind: 'empty' }],
    ['fix the login', { kind: 'invalid' }],
    ['ACME-', { kind: 'invalid' }],
    ['12', { kind: 'invalid' }],
  ];
  for (const [input, expected] of refs) {
    it(`reads ${JSON.stringify(input)}`, () => assert.deepEqual(parseTaskReference(input, base), expected));
  }
  it('round-trips: a built link parses back to its display id', () => {
    assert.deepEqual(parseTaskReference(taskWebLink(base, 'SIDE-7'), base), { kind: 'displayId', displayId: 'SIDE-7' });
  });
  it('reads the URI handler path', () => {
    assert.deepEqual(taskIdFromUriPath(`/task/${uuid}`), { kind: 'id', taskId: uuid });
    assert.deepEqual(taskIdFromUriPath('/task/ACME-3'), { kind: 'displayId', displayId: 'ACME-3' });
    assert.deepEqual(taskIdFromUriPath('/tasks/ACME-3'), { kind: 'invalid' });
    assert.deepEqual(taskIdFromUriPath('/task/../../etc'), { kind: 'invalid' });
  });
  it('opens only http, https and mailto links', () => {
    assert.ok(isOpenableLink('https://x.test/a'));
    assert.ok(isOpenableLink('mailto:a@b.test'));
    for (const bad of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'command:workbench.action.quit',
      'vscode://x',
      'not a url',
    ]) {
      assert.ok(!isOpenableLink(bad), bad);
    }
  });
});

describe('core/tasks: move and create targets from the sidebar', () => {
  const sidebar = {
    data: {
      id: 'w',
      spaces: [
        {
          id: 's1',
          name: 'Engineering',
          folders: [
            {
              id: 'f1',
              name: 'Backend',
              lists: [
                { id: 'l1', name: 'API' },
                { id: 'l2', name: 'Database' },
              ],
            },
          ],
        },
        { id: 's2', name: 'Marketing', folders: [] },
      ],
      sprints: [{ id: 'sp1', name: 'Sprint 1', space_id: 's1' }, { name: 'no id' }],
    },
  };
  it('reads lists with their path, and sprints', () => {
    assert.deepEqual(targetsFromSidebar(sidebar), {
      lists: [
        { id: 'l1', name: 'API', path: 'Engineering / Backend', spaceId: 's1' },
        { id: 'l2', name: 'Database', path: 'Engineering / Backend', spaceId: 's1' },
      ],
      sprints: [{ id: 'sp1', name: 'Sprint 1', spaceId: 's1' }],
    });
  });
  it('accepts the tree without the data envelope', () => {
    assert.equal(targetsFromSidebar(sidebar.data)?.lists.length, 2);
  });
  it('gives up on another shape, so the caller walks the documented routes', () => {
    for (const other of [
      null,
      [],
      'x',
      { data: { tree: [] } },
      { spaces: [{ folders: [{ lists: [{ name: 'no id' }] }] }] },
    ]) {
      assert.equal(targetsFromSidebar(other), undefined, JSON.stringify(other));
    }
  });
});

describe('core/tasks: status colours through the theme', () => {
  const cases: [string | undefined, string][] = [
    ['#e74c3c', 'charts.red'],
    ['#2ecc71', 'charts.green'],
    ['#5b8def', 'charts.blue'],
    ['#f1c40f', 'charts.yellow'],
    ['#e67e22', 'charts.orange'],
    ['#9b59b6', 'charts.purple'],
    ['#b0b7c3', 'charts.foreground'],
    ['#000000', 'charts.foreground'],
    ['red', 'charts.foreground'],
    [undefined, 'charts.foreground'],
  ];
  for (const [hex, expected] of cases) {
    it(`${hex} -> ${expected}`, () => assert.equal(chartColorFor(hex), expected));
  }
});
