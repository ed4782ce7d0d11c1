import * as assert from 'node:assert/strict';
import { changedFields } from '../../../src/webview/taskPanel/fields';
import { Holds } from '../../../src/webview/taskPanel/parkedEdits';
import type { PanelModel, RemoteNotice } from '../../../src/webview/taskPanel/protocol';

const task = {
  id: 't',
  title: 'Old title',
  description: 'Old text',
  status_id: 's1',
  priority: 'low',
  assignee_id: null,
  due_date: '2026-01-02T00:00:00Z',
};

function model(patch: Record<string, unknown> = {}, notice?: RemoteNotice): PanelModel {
  return { workspaceId: 'w', task: { ...task, ...patch } as never, complete: true, breadcrumb: [], errors: {}, notice };
}

function notice(id: string, fields: RemoteNotice['fields']): RemoteNotice {
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

describe('task panel: remote changes never replace what the user is typing (issue 11)', () => {
  it('changedFields compares the editable fields, due dates by day', () => {
    assert.deepEqual(changedFields(task, { ...task, title: 'New', due_date: '2026-01-02T10:00:00Z' }), ['title']);
    assert.deepEqual(changedFields(task, { ...task, assignee_id: undefined }), [], 'null and missing are the same');
    assert.deepEqual(changedFields(task, { ...task, status_id: 's2', priority: 'high' }), ['status_id', 'priority']);
  });

  it('holds a field being edited at its old value, and applies untouched fields at once', () => {
    const holds = new Holds();
    const shown = model();
    holds.typing.add('title');
    const next = model({ title: 'Bob title', status_id: 's2' }, notice('n1', ['title', 'status_id']));
    const rendered = holds.apply(next, shown, (f) => holds.typing.has(f));
    assert.equal(rendered.task.title, 'Old title', 'the title being typed keeps its value');
    assert.equal(rendered.task.status_id, 's2', 'the status nobody was editing updates');
    assert.deepEqual([...holds.held.keys()], ['title']);
    assert.equal(holds.held.get('title')!.by, 'Bob Smith');
    // Later models (the same notice) keep holding; a release lets the real value through.
    assert.equal(holds.apply(model({ title: 'Bob title' }, next.notice), rendered, () => true).task.title, 'Old title');
    assert.equal(holds.release('title'), true);
    assert.equal(holds.apply(model({ title: 'Bob title' }, next.notice), rendered, () => true).task.title, 'Bob title');
    assert.equal(holds.typing.has('title'), false);
  });

  it('keeps custom field values while one is typed in, until the field is left', () => {
    const holds = new Holds();
    const cf = '3f2b6c1e-8d4a-4e7b-9c0d-1a2b3c4d5e6f';
    const shown = model({ custom_field_values: [{ id: 'v', value_text: 'mine' }] });
    holds.typing.add(cf);
    const next = model(
      { custom_field_values: [{ id: 'v', value_text: 'theirs' }], priority: 'high' },
      notice('n2', ['priority']),
    );
    const rendered = holds.apply(next, shown, () => false);
    assert.deepEqual(rendered.task.custom_field_values, [{ id: 'v', value_text: 'mine' }]);
    assert.equal(rendered.task.priority, 'high');
    assert.equal(holds.release(cf), true, 'leaving the field lets the values through');
    assert.deepEqual(holds.apply(next, rendered, () => false).task.custom_field_values, [
      { id: 'v', value_text: 'theirs' },
    ]);
  });

  it('holds nothing when nobody is editing, and looks at each notice once', () => {
    const holds = new Holds();
    const first = model({ title: 'Bob title' }, notice('n1', ['title']));
    assert.equal(holds.apply(first, model(), () => false).task.title, 'Bob title');
    assert.equal(holds.held.size, 0);
    // The same notice again (a later model of our own save) does not start a hold.
    holds.apply(model({ title: 'Mine' }, first.notice), first, () => true);
    assert.equal(holds.held.size, 0);
  });
});
