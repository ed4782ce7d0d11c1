import * as assert from 'node:assert/strict';
import { changedFields } from '../../../../src/shared/taskPanel/fields';
import { ParkedEdits } from '../../../../src/webview/taskPanel/parkedEdits';
import type { PanelModel, ChangeNotice } from '../../../../src/shared/taskPanel/protocol';

const task = {
  id: 't',
  title: 'Old title',
  description: 'Old text',
  status_id: 's1',
  priority: 'low',
  assignee_id: null,
  due_date: '2026-01-02T00:00:00Z',
};

function model(patch: Record<string, unknown> = {}, notice?: ChangeNotice): PanelModel {
  return { workspaceId: 'w', task: { ...task, ...patch } as never, complete: true, breadcrumb: [], errors: {}, notice };
}

function notice(id: string, fields: ChangeNotice['fields']): ChangeNotice {
  const entry = (action: string) => ({
    id: action,
    entity_type: 'task',
    entity_id: 't',
    action,
    actor_id: 'b',
    actor_name: 'Bob Smith',
    created_at: '2026-01-01T00:00:00Z',
  });
  return {
    id,
    actors: ['Bob Smith'],
    entries: [entry('title_changed'), entry('status_changed')],
    at: '2026-01-01T00:00:00Z',
    fields,
  };
}

describe('task panel: changes by others never replace what the user is typing', () => {
  it('changedFields compares the editable fields, due dates by day', () => {
    assert.deepEqual(changedFields(task, { ...task, title: 'New', due_date: '2026-01-02T10:00:00Z' }), ['title']);
    assert.deepEqual(changedFields(task, { ...task, assignee_id: undefined }), [], 'null and missing are the same');
    assert.deepEqual(changedFields(task, { ...task, status_id: 's2', priority: 'high' }), ['status_id', 'priority']);
  });

  it('parks the change to a field being edited: it keeps its old value, and applies untouched fields at once', () => {
    const parked = new ParkedEdits();
    const shown = model();
    parked.typing.add('title');
    const next = model({ title: 'Bob title', status_id: 's2' }, notice('n1', ['title', 'status_id']));
    const rendered = parked.apply(next, shown, (f) => parked.typing.has(f));
    assert.equal(rendered.task.title, 'Old title', 'the title being typed keeps its value');
    assert.equal(rendered.task.status_id, 's2', 'the status nobody was editing updates');
    assert.deepEqual([...parked.edits.keys()], ['title']);
    assert.equal(parked.edits.get('title')!.by, 'Bob Smith');
    // Later models (the same notice) keep it parked; a release lets the real value through.
    assert.equal(
      parked.apply(model({ title: 'Bob title' }, next.notice), rendered, () => true).task.title,
      'Old title',
    );
    assert.equal(parked.release('title'), true);
    assert.equal(
      parked.apply(model({ title: 'Bob title' }, next.notice), rendered, () => true).task.title,
      'Bob title',
    );
    assert.equal(parked.typing.has('title'), false);
  });

  it('keeps custom field values while one is typed in, until the field is left', () => {
    const parked = new ParkedEdits();
    const cf = '3f2b6c1e-8d4a-4e7b-9c0d-1a2b3c4d5e6f';
    const shown = model({ custom_field_values: [{ id: 'v', value_text: 'mine' }] });
    parked.typing.add(cf);
    const next = model(
      { custom_field_values: [{ id: 'v', value_text: 'theirs' }], priority: 'high' },
      notice('n2', ['priority']),
    );
    const rendered = parked.apply(next, shown, () => false);
    assert.deepEqual(rendered.task.custom_field_values, [{ id: 'v', value_text: 'mine' }]);
    assert.equal(rendered.task.priority, 'high');
    assert.equal(parked.release(cf), true, 'leaving the field lets the values through');
    assert.deepEqual(parked.apply(next, rendered, () => false).task.custom_field_values, [
      { id: 'v', value_text: 'theirs' },
    ]);
  });

  it('parks nothing when nobody is editing, and looks at each notice once', () => {
    const parked = new ParkedEdits();
    const first = model({ title: 'Bob title' }, notice('n1', ['title']));
    assert.equal(parked.apply(first, model(), () => false).task.title, 'Bob title');
    assert.equal(parked.edits.size, 0);
    // The same notice again (a later model of our own save) does not park anything.
    parked.apply(model({ title: 'Mine' }, first.notice), first, () => true);
    assert.equal(parked.edits.size, 0);
  });
});
