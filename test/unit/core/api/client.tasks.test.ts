import { strict as assert } from 'node:assert';
import type { ApiClient } from '../../../../src/core/api/client';
import { useSandbox } from './env';
import type { Json } from './env';

describe('api/client navigation and tasks (sandbox over HTTP)', function () {
  const env = useSandbox(this, { timeout: 30_000 });
  let api: ApiClient;

  beforeEach(async () => {
    api = env.client();
  });

  it('getUser returns the caller and its workspaces', async () => {
    const user = await api.getUser();
    assert.equal(user.id, env.fx.users.alice.id);
    assert.deepEqual(user.workspaces.map((w) => w.name).sort(), ['Acme', 'Side Project']);
  });

  it('walks spaces -> folders -> lists, statuses and members', async () => {
    const spaces = await api.listSpaces(env.acme);
    assert.ok(spaces.some((s) => s.id === env.fx.spaces.engineering && s.workspace_id === env.acme));
    const folders = await api.listFolders(env.acme, env.fx.spaces.engineering);
    assert.ok(folders.some((f) => f.id === env.fx.folders.backend));
    const lists = await api.listLists(env.acme, env.fx.spaces.engineering, env.fx.folders.backend);
    assert.ok(lists.some((l) => l.id === env.fx.lists.api && l.folder_id === env.fx.folders.backend));
    const statuses = await api.listStatuses(env.fx.lists.api);
    assert.deepEqual(
      statuses.data.map((s) => s.name),
      env.fx.statuses.api.map((s: Json) => s.name),
    );
    assert.equal(typeof statuses.is_customized, 'boolean');
    const members = await api.listMembers(env.acme);
    assert.ok(members.some((m) => m.id === env.fx.users.bob.id));
  });

  it('getSidebar returns the JSON tree as is', async () => {
    const sidebar = (await api.getSidebar(env.acme)) as Json;
    assert.ok(JSON.stringify(sidebar).includes(env.fx.lists.api));
  });

  it('listTasks: scope, filter, sorts, group_by, search, per_page', async () => {
    const all = await api.listTasks(env.acme, { scope: { list_id: env.fx.lists.api } });
    assert.ok(all.data.length > 0);
    assert.equal(all.current_page, undefined, 'per_page omitted returns every task unpaginated');
    const page = await api.listTasks(env.acme, {
      scope: { list_id: env.fx.lists.api },
      filter: { match: 'all', conditions: [{ field: 'priority', op: 'in', values: ['high', 'critical'] }] },
      sorts: [{ field: 'title', direction: 'asc' }],
      group_by: 'priority',
      per_page: 5,
      page: 1,
    });
    assert.ok(page.data.length <= 5);
    assert.ok(page.data.every((t) => t.priority === 'high' || t.priority === 'critical'));
    const titles = page.data.map((t) => t.title);
    assert.deepEqual(
      titles,
      [...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    assert.equal(page.per_page, 5);
    assert.ok(page.group_counts);
    const found = await api.listTasks(env.acme, {
      scope: { space_id: env.fx.spaces.engineering },
      search: 'Payment service',
    });
    assert.ok(found.data.some((t) => t.id === env.fx.tasks.task_with_subtasks_3_deep.id));
  });

  it('create, get, update, move, delete and restore a task', async () => {
    const created = await api.createTask(env.acme, {
      list_id: env.fx.lists.api,
      title: 'Write the client',
      priority: 'high',
      due_date: '2026-12-01',
    });
    assert.equal(created.title, 'Write the client');
    assert.equal(created.list_id, env.fx.lists.api);
    const got = await api.getTask(env.acme, created.id);
    assert.equal(got.id, created.id);
    const updated = await api.updateTask(env.acme, created.id, {
      title: 'Write the API client',
      priority: 'low',
      assignee_id: env.fx.users.bob.id,
    });
    assert.equal(updated.title, 'Write the API client');
    assert.equal(updated.assignee_id, env.fx.users.bob.id);
    const moved = await api.moveTask(created.id, { target_type: 'list', target_id: env.fx.lists.database });
    assert.equal(moved.list_id, env.fx.lists.database);
    const inSprint = await api.moveTask(created.id, { target_type: 'sprint', target_id: env.fx.sprints.sprint1 });
    assert.equal((inSprint as Json).sprint_id, env.fx.sprints.sprint1);
    const receipt = await api.deleteTask(env.acme, created.id);
    assert.equal(receipt.id, created.id);
    assert.equal(receipt.subtasks_deleted, 0);
    const restored = await api.restoreTask(env.acme, created.id);
    assert.equal(restored.data?.id, created.id);
    assert.equal((await api.getTask(env.acme, created.id)).id, created.id);
  });

  it('getSubtasks by uuid and by display id', async () => {
    const parent = env.fx.tasks.task_with_subtasks_3_deep;
    const byId = await api.getSubtasks(env.acme, parent.id);
    assert.ok(byId.length > 0);
    assert.ok(byId.every((t) => t.parent_task_id === parent.id));
    const byDisplay = await api.getSubtasks(env.acme, parent.display_id);
    assert.deepEqual(
      byDisplay.map((t) => t.id),
      byId.map((t) => t.id),
    );
  });

  it('getTaskChildren: one call, every parent a key; refuses more than 50 parents before sending', async () => {
    const parent = env.fx.tasks.task_with_subtasks_3_deep.id;
    const answer = await api.getTaskChildren(env.acme, [parent, env.fx.tasks.completed_task.id]);
    assert.ok((answer.data[parent] ?? []).length > 0);
    assert.deepEqual(answer.data[env.fx.tasks.completed_task.id], []);
    const ids = Array.from({ length: 51 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const before = (await env.requests()).length;
    await assert.rejects(api.getTaskChildren(env.acme, ids), /1 to 50 parent ids/);
    assert.equal((await env.requests()).length, before);
  });

  it('dependencies: add, list both sides, remove', async () => {
    const a = await api.createTask(env.acme, { list_id: env.fx.lists.api, title: 'A' });
    const b = await api.createTask(env.acme, { list_id: env.fx.lists.api, title: 'B' });
    const link = await api.addDependency(env.acme, a.id, b.id);
    assert.equal(link.blocker_task_id, b.id);
    assert.equal(link.blocked_task_id, a.id);
    const deps = await api.getDependencies(env.acme, a.id);
    assert.deepEqual(
      deps.blocked_by.map((d) => d.id),
      [b.id],
    );
    assert.equal(deps.blocked_by[0]?.dependency_id, link.id);
    assert.deepEqual(
      (await api.getDependencies(env.acme, b.id)).blocking.map((d) => d.id),
      [a.id],
    );
    await api.removeDependency(env.acme, a.id, link.id);
    assert.deepEqual((await api.getDependencies(env.acme, a.id)).blocked_by, []);
  });

  it('custom fields: definitions and values', async () => {
    const task = env.fx.tasks.task_with_custom_fields.id;
    const defs = await api.getCustomFields(task);
    assert.ok(defs.some((d) => d.id === env.fx.custom_fields.number && d.type === 'number'));
    const values = await api.setCustomFieldValues(task, [
      { custom_field_definition_id: env.fx.custom_fields.number, value: 42 },
      { custom_field_definition_id: env.fx.custom_fields.checkbox, value: true },
      { custom_field_definition_id: env.fx.custom_fields.text, value: null },
    ]);
    assert.equal(values.length, 3);
    const number = values.find((v) => v.custom_field_definition_id === env.fx.custom_fields.number);
    assert.equal(Number(number?.value_number), 42);
    const reread = await api.getTask(env.acme, task);
    assert.ok(
      reread.custom_field_values?.some(
        (v) => v.custom_field_definition_id === env.fx.custom_fields.checkbox && v.value_boolean === true,
      ),
    );
  });

  it('inbound address: read null, create (201, created) then again (200, not created)', async () => {
    const list = env.fx.inbound.list_without_address;
    assert.equal(await api.getInboundAddress(list), null);
    const first = await api.createInboundAddress(list);
    assert.equal(first.created, true);
    assert.equal(first.address.list_id, list);
    const second = await api.createInboundAddress(list);
    assert.equal(second.created, false);
    assert.equal(second.address.id, first.address.id);
    assert.equal((await api.getInboundAddress(list))?.email_address, first.address.email_address);
  });

  it('search and iterateSearch to the end', async () => {
    const result = await api.search({ q: 'test', workspace_id: env.acme, type: 'tasks', per_page: 2 });
    assert.ok(result.tasks);
    const total = result.tasks.total;
    assert.ok(total > 2, `need several pages, got ${total}`);
    const hits = [];
    for await (const hit of api.iterateSearch({ q: 'test', workspace_id: env.acme, type: 'tasks', per_page: 2 })) {
      hits.push(hit.id);
    }
    assert.equal(hits.length, total);
    assert.equal(new Set(hits).size, total);
  });
});
