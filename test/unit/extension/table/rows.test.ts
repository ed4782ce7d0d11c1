import * as assert from 'node:assert/strict';
import type { CustomFieldDefinition, TaskRow } from '../../../../src/core/api/schemas';
import { tableRow } from '../../../../src/extension/table/rows';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const LIST = id(1);
const points: CustomFieldDefinition = { id: id(2), name: 'Points', type: 'number' };
const tags: CustomFieldDefinition = { id: id(3), name: 'Tags', type: 'multi_select', options: [{ label: 'a' }] };
const mock: CustomFieldDefinition = { id: id(4), name: 'Mock', type: 'attachment' };
const names = {
  listName: (listId: string) => (listId === LIST ? 'API\u202e[x](command:evil)' : undefined),
  fieldsOf: (listId: string) => (listId === LIST ? [points, tags, mock] : []),
};

describe("a table row from the index's row (extension/table/rows.ts)", () => {
  it('takes the fields the table shows, colours checked, custom field values by column key', () => {
    const row: TaskRow = {
      id: id(10),
      title: 'Fix login',
      display_id: 'ACME-7',
      list_id: LIST,
      status_id: id(11),
      status: { id: id(11), name: 'Review', type: 'active', color: 'red; background:url(x)' },
      priority: 'high',
      assignee_id: id(12),
      assignee: { id: id(12), name: 'Bob' },
      due_date: '2026-12-01T00:00:00.000Z',
      custom_field_values: [
        { id: id(20), task_id: id(10), custom_field_definition_id: points.id, value_number: '5' },
        { id: id(21), task_id: id(10), custom_field_definition_id: tags.id, value_json: ['a'] },
      ],
    };
    const out = tableRow(row, names, true);
    assert.equal(out.displayId, 'ACME-7');
    assert.equal(out.status, 'Review');
    assert.equal(out.statusColor, undefined, 'not #rrggbb: left out');
    assert.equal(out.assigneeId, id(12));
    assert.equal(out.due, '2026-12-01');
    assert.equal(out.pending, true);
    assert.deepEqual(out.fields, { [`cf:${points.id}`]: 5, [`cf:${tags.id}`]: ['a'] });
  });

  it('service text is made inert: no bidi controls, no live link syntax', () => {
    const out = tableRow(
      { id: id(30), title: 'a\u202eb [x](command:workbench.action.quit)', list_id: LIST },
      names,
      false,
    );
    assert.ok(!out.title.includes('\u202e'));
    assert.ok(!out.title.includes(']('));
    assert.ok(!out.listName?.includes('\u202e') && !out.listName?.includes(']('));
    assert.equal(out.pending, undefined);
  });
});
