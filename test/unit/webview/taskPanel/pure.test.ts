import * as assert from 'node:assert/strict';
import type { CustomFieldDefinition } from '../../../../src/core/api/schemas';
import { checkValue, currentValue, isCalendarDate } from '../../../../src/core/tasks/customFields';
import { describeActivity } from '../../../../src/webview/taskPanel/activityText';
import { mentionedIds } from '../../../../src/webview/taskPanel/mentions';
import { parseInbound } from '../../../../src/shared/taskPanel/protocol';
import { placeOfList } from '../../../../src/core/tasks/sidebar';

const id = '3f2b6c1e-8d4a-4e7b-9c0d-1a2b3c4d5e6f';
const def = (type: string, extra: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({
  id,
  name: 'F',
  type,
  options: [{ label: 'A' }, { label: 'B' }],
  ...extra,
});

describe('task panel: custom field values by type', () => {
  const cases: [string, unknown, unknown][] = [
    ['number', '3.5', { ok: true, value: 3.5 }],
    ['number', -1, { ok: false, reason: 'negative' }],
    ['number', 'abc', { ok: false, reason: 'type' }],
    ['url', 'https://x.example/a', { ok: true, value: 'https://x.example/a' }],
    ['url', 'javascript:alert(1)', { ok: false, reason: 'url' }],
    ['date', '2026-02-30', { ok: false, reason: 'date' }],
    ['date', '2026-02-28', { ok: true, value: '2026-02-28' }],
    ['dropdown', 'C', { ok: false, reason: 'option' }],
    ['dropdown', 'A', { ok: true, value: 'A' }],
    ['multi_select', ['A', 'A', 'B'], { ok: true, value: ['A', 'B'] }],
    ['multi_select', ['Z'], { ok: false, reason: 'option' }],
    ['checkbox', true, { ok: true, value: true }],
    ['checkbox', 'yes', { ok: false, reason: 'type' }],
    ['attachment', 'x', { ok: false, reason: 'readOnly' }],
    ['text', '', { ok: true, value: null }],
  ];
  for (const [type, input, expected] of cases) {
    it(`${type} ${JSON.stringify(input)}`, () => assert.deepEqual(checkValue(def(type), input as never), expected));
  }
  it('a required field refuses to be cleared', () => {
    assert.deepEqual(checkValue(def('dropdown', { is_required: true }), null), { ok: false, reason: 'required' });
  });
  it('reads the value from the slot of its type', () => {
    const v = {
      id,
      task_id: id,
      custom_field_definition_id: id,
      value_number: '4',
      value_json: ['A'],
      value_date: '2026-01-02',
      value_text: 't',
      value_boolean: true,
    };
    assert.equal(currentValue(def('number'), [v]), 4);
    assert.deepEqual(currentValue(def('multi_select'), [v]), ['A']);
    assert.equal(currentValue(def('date'), [v]), '2026-01-02');
    assert.equal(currentValue(def('checkbox'), [v]), true);
    assert.equal(currentValue(def('text'), []), null);
    assert.equal(isCalendarDate('2024-02-29'), true);
  });
});

describe('task panel: mentions and activity sentences', () => {
  it('finds @Full Name mentions, longest names first', () => {
    const members = [
      { id: 'a', name: 'Ann' },
      { id: 'b', name: 'Ann Lee' },
      { id: 'c', name: 'Bob' },
    ];
    assert.deepEqual(mentionedIds('Hi @Ann Lee, see this', members), ['b']);
    assert.deepEqual(mentionedIds('@Ann and @Bob', members).sort(), ['a', 'c']);
    assert.deepEqual(mentionedIds('no one', members), []);
  });
  it('reads a status change as who changed what from what to what', () => {
    const s = describeActivity({
      id,
      entity_type: 'task',
      entity_id: id,
      action: 'status_changed',
      actor_name: 'Bob',
      old_value: { status_id: 'x', status_name: 'To Do' },
      new_value: { status_id: 'y', status_name: 'Done' },
      created_at: '',
    });
    assert.equal(s.text, 'Bob changed the status from To Do to Done');
    assert.deepEqual(s.statusIds, ['x', 'y']);
    const unknown = describeActivity({
      id,
      entity_type: 'task',
      entity_id: id,
      action: 'tag_added',
      actor_name: null,
      created_at: '',
    });
    assert.equal(unknown.text, 'Someone: tag added');
  });
});

describe('task panel protocol: the host refuses anything that is not exactly a message', () => {
  const valid = [
    { type: 'ready' },
    { type: 'edit', id: 'r1', change: { field: 'title', value: 'New' } },
    { type: 'edit', id: 'r1', change: { field: 'due_date', value: null } },
    { type: 'setCustomField', id: 'r2', fieldId: id, value: ['A'] },
    { type: 'addComment', id: 'r3', body: 'hi', parent_id: null, mentions: [], assignee_id: null },
    { type: 'openLink', url: 'https://example.com' },
  ];
  const malformed: unknown[] = [
    null,
    42,
    'ready',
    [],
    {},
    { type: 'nope' },
    { type: '__proto__' },
    { type: 'ready', extra: 1 },
    { type: 'edit', change: { field: 'title', value: 'x' } },
    { type: 'edit', id: 'r1', change: { field: 'status', value: id } },
    { type: 'edit', id: 'r1', change: { field: 'priority', value: 'urgent' } },
    { type: 'edit', id: 'r1', change: { field: 'status_id', value: 'not-a-uuid' } },
    { type: 'edit', id: 'r1', change: { field: 'due_date', value: '2026-13-45T00:00' } },
    { type: 'edit', id: 'r1', change: { field: 'title', value: 'x', list_id: id } },
    { type: 'setCustomField', id: 'r2', fieldId: id, value: { $gt: 1 } },
    { type: 'addComment', id: 'r3', body: 'hi', parent_id: null, mentions: ['x'], assignee_id: null },
    { type: 'addComment', id: 'r3', body: 'x'.repeat(20_001), parent_id: null, mentions: [], assignee_id: null },
    { type: 'deleteComment', id: 'r4', commentId: '../../etc' },
    { type: 'openLink', url: 42 },
    { type: 'reveal', level: 'universe' },
    { type: 'loadMore', id: 'x'.repeat(65), section: 'comments' },
  ];
  for (const msg of valid) it(`accepts ${JSON.stringify(msg).slice(0, 60)}`, () => assert.ok(parseInbound(msg)));
  for (const msg of malformed)
    it(`refuses ${JSON.stringify(msg)?.slice(0, 60)}`, () => assert.equal(parseInbound(msg), undefined));
});

describe('task panel: breadcrumb from the sidebar (shape not shown: read defensively)', () => {
  it('names the space, folder and list of a list', () => {
    const data = {
      data: {
        spaces: [{ id: 's', name: 'Eng', folders: [{ id: 'f', name: 'Back', lists: [{ id: 'l', name: 'API' }] }] }],
      },
    };
    assert.deepEqual(
      placeOfList(data, 'l').map((c) => `${c.level}:${c.name}`),
      ['space:Eng', 'folder:Back', 'list:API'],
    );
  });
  for (const odd of [
    null,
    'x',
    { data: null },
    { data: { spaces: 'no' } },
    { data: { spaces: [{ folders: [null, { lists: [1] }] }] } },
  ]) {
    it(`gives no place (the workspace only) for ${JSON.stringify(odd)}`, () => {
      assert.deepEqual(placeOfList(odd, 'l'), []);
    });
  }
});
