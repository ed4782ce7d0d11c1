import { strict as assert } from 'node:assert';
import type { ApiClient } from '../../../src/core/api/client';
import { useSandbox } from '../core/api/env';
import type { Json } from '../core/api/env';
import { fullTask, named, taskLine } from '../../../src/core/mcp/outputs';
import { asJson, buildServer, callError, callJson, callStructured, connect } from './harness';
import type { Connected } from './harness';

const TOOL_NAMES = [
  'get_me',
  'get_sidebar',
  'list_spaces',
  'list_folders',
  'list_lists',
  'list_statuses',
  'list_members',
  'list_tasks',
  'get_task',
  'create_task',
  'update_task',
  'search_tasks',
  'list_comments',
  'add_comment',
  'get_task_activity',
  'get_task_dependencies',
  'run_saved_view',
  'get_task_by_display_id',
];

describe('mcp server: the official SDK client over stdio to dist/mcp-server.js, against the sandbox', function () {
  const env = useSandbox(this, { reset: false, timeout: 60_000 });
  let api: ApiClient;
  let alice: Connected;

  before(async () => {
    buildServer();
    api = env.client();
    alice = await connect(env.baseUrl, 'demo-token-alice');
  });
  after(async () => {
    await alice?.close();
  });

  it('tools/list: the 16 names of the MCP tool map and two more, each with object input and output schemas', async () => {
    const { tools } = await alice.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort());
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', `${tool.name} declares its structured output`);
      assert.ok('data' in (tool.outputSchema?.properties ?? {}), `${tool.name}: its data is under data`);
      assert.ok((tool.description ?? '').length > 20, `${tool.name} has a description an assistant can act on`);
      for (const [key, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        assert.ok(typeof property === 'object' && property !== null, `${tool.name}.${key} is a schema`);
      }
      JSON.parse(JSON.stringify(tool.inputSchema));
    }
    const listTasks = tools.find((t) => t.name === 'list_tasks')!;
    assert.deepEqual(listTasks.inputSchema.required, ['workspace_id']);
    for (const scope of [
      'list_id',
      'folder_id',
      'space_id',
      'sprint_id',
      'filter',
      'sorts',
      'group_by',
      'search',
      'per_page',
    ]) {
      assert.ok(scope in (listTasks.inputSchema.properties ?? {}), `list_tasks takes ${scope}`);
    }
    const create = tools.find((t) => t.name === 'create_task')!;
    assert.deepEqual([...(create.inputSchema.required ?? [])].sort(), ['list_id', 'title', 'workspace_id']);
    assert.equal((create.inputSchema.properties as Json).title.maxLength, 255);
    assert.deepEqual((create.inputSchema.properties as Json).priority.enum, ['low', 'medium', 'high', 'critical']);
    assert.equal(create.annotations?.readOnlyHint, false);
    const perPage = (listTasks.inputSchema.properties as Json).per_page;
    assert.deepEqual([perPage.minimum, perPage.maximum], [1, 50], 'every task at once (per_page 0) is not offered');
    assert.equal(tools.find((t) => t.name === 'get_task')!.annotations?.readOnlyHint, true);
    assert.match(alice.client.getInstructions() ?? '', /never as instructions/, 'the client is told at initialisation');
    // MCP's hints: reads are read-only; update_task changes and clears fields, so it is destructive.
    for (const tool of tools) {
      const write = ['create_task', 'update_task', 'add_comment'].includes(tool.name);
      assert.equal(tool.annotations?.readOnlyHint, !write, tool.name);
      assert.equal(tool.annotations?.destructiveHint, tool.name === 'update_task', tool.name);
    }
  });

  it('every read tool returns compact rows of what the API returns', async () => {
    const acme = env.fx.workspaces.acme.id;
    const task = env.fx.tasks.task_with_comments;
    const reads: [string, Record<string, unknown>, () => Promise<unknown>][] = [
      ['get_sidebar', { workspace_id: acme }, () => api.getSidebar(acme)],
      ['list_spaces', { workspace_id: acme }, async () => named(await api.listSpaces(acme))],
      [
        'list_folders',
        { workspace_id: acme, space_id: env.fx.spaces.engineering },
        async () => named(await api.listFolders(acme, env.fx.spaces.engineering)),
      ],
      [
        'list_lists',
        { workspace_id: acme, space_id: env.fx.spaces.engineering, folder_id: env.fx.folders.backend },
        async () => named(await api.listLists(acme, env.fx.spaces.engineering, env.fx.folders.backend)),
      ],
      ['get_task', { workspace_id: acme, task_id: task.id }, async () => fullTask(await api.getTask(acme, task.id))],
      [
        'get_task_by_display_id',
        { workspace_id: acme, display_id: task.display_id },
        async () => fullTask(await api.getTask(acme, task.id)),
      ],
    ];
    for (const [name, args, direct] of reads) {
      assert.deepEqual(await callJson(alice.client, name, args), asJson(await direct()), name);
    }
    const me = await callJson(alice.client, 'get_me');
    assert.deepEqual(
      me.workspaces.map((w: Json) => w.id),
      (await api.getUser()).workspaces.map((w) => w.id),
    );
    const statuses = await callJson(alice.client, 'list_statuses', { list_id: env.fx.lists.api });
    assert.deepEqual(
      statuses.items.map((s: Json) => s.id),
      (await api.listStatuses(env.fx.lists.api)).data.map((s) => s.id),
    );
    const members = await callJson(alice.client, 'list_members', { workspace_id: acme });
    assert.deepEqual(
      members.items.map((m: Json) => m.id),
      (await api.listMembers(acme)).map((m) => m.id),
    );
    const comments = await callJson(alice.client, 'list_comments', { workspace_id: acme, task_id: task.id });
    const direct = await api.getComments(acme, task.id);
    assert.deepEqual(
      comments.items.map((c: Json) => [c.id, c.body, c.author]),
      direct.data.map((c) => [c.id, c.body, c.user?.name ?? null]),
    );
    const history = env.fx.tasks.task_with_activity.id;
    const activity = await callJson(alice.client, 'get_task_activity', { workspace_id: acme, task_id: history });
    assert.deepEqual(
      activity.items.map((a: Json) => [a.action, a.created_at]),
      (await api.getActivity(acme, history)).data.map((a) => [a.action, a.created_at]),
    );
    const blocked = env.fx.tasks.blocked_task.id;
    const deps = await callJson(alice.client, 'get_task_dependencies', { workspace_id: acme, task_id: blocked });
    assert.deepEqual(
      deps.blocked_by.map((d: Json) => d.id),
      (await api.getDependencies(acme, blocked)).blocked_by.map((d) => d.id),
    );
    const search = await callJson(alice.client, 'search_tasks', { workspace_id: acme, q: 'login' });
    const hits = (await api.search({ q: 'login', workspace_id: acme, type: 'tasks' })).tasks?.hits ?? [];
    assert.ok(hits.length > 0);
    assert.deepEqual(
      search.hits.map((h: Json) => h.id),
      hits.map((h) => h.id),
    );
    const view = env.fx.views.space_view;
    const viewPage = await callJson(alice.client, 'run_saved_view', { view_id: view, per_page: 5 });
    assert.deepEqual(viewPage.tasks, asJson((await api.runView(view, { per_page: 5 })).data.map(taskLine)));
    const second = await callJson(alice.client, 'run_saved_view', { view_id: view, per_page: 5, page: 2 });
    assert.equal(second.page, 2);
    assert.notDeepEqual(second.tasks[0], viewPage.tasks[0]);
  });

  it('list_tasks: scope, filter JSON, sorts, group_by and paging as the API answers them', async () => {
    const acme = env.fx.workspaces.acme.id;
    const filter = {
      match: 'all' as const,
      conditions: [{ field: 'priority', op: 'in', values: ['high', 'critical'] }],
    };
    const sorts = [{ field: 'title', direction: 'asc' as const }];
    const got = (await callJson(alice.client, 'list_tasks', {
      workspace_id: acme,
      folder_id: env.fx.folders.backend,
      filter,
      sorts,
      group_by: 'priority',
      per_page: 5,
    })) as Json;
    const direct = await api.listTasks(acme, {
      scope: { folder_id: env.fx.folders.backend },
      filter,
      sorts,
      group_by: 'priority',
      per_page: 5,
    });
    assert.deepEqual(got.tasks, asJson(direct.data.map(taskLine)));
    assert.deepEqual(got.group_counts, direct.group_counts);
    assert.equal(got.tasks.length, 5);
    assert.ok(got.tasks.every((t: Json) => ['high', 'critical'].includes(t.priority)));
    const compact = ['assignee', 'display_id', 'due_date', 'id', 'list_id', 'priority', 'status', 'title'];
    assert.ok(
      got.tasks.every((t: Json) => Object.keys(t).every((key) => compact.includes(key))),
      'compact rows',
    );
    assert.ok(got.tasks.every((t: Json) => t.id && t.title && t.display_id && t.status && t.list_id));
    const next = await callJson(alice.client, 'list_tasks', {
      workspace_id: acme,
      folder_id: env.fx.folders.backend,
      filter,
      sorts,
      per_page: 5,
      page: got.next_page,
    });
    assert.equal(got.next_page, 2, 'more than 5 match: the answer says which page comes next');
    const direct2 = await api.listTasks(acme, {
      scope: { folder_id: env.fx.folders.backend },
      filter,
      sorts,
      per_page: 5,
      page: 2,
    });
    assert.deepEqual(next.tasks, asJson(direct2.data.map(taskLine)));
    const byDefault = (await callJson(alice.client, 'list_tasks', {
      workspace_id: acme,
      list_id: env.fx.lists.api,
    })) as Json;
    assert.ok(byDefault.tasks.length <= 25, 'an assistant gets 25 rows a page unless it asks for more');
    assert.match(
      await callError(alice.client, 'list_tasks', { workspace_id: acme, list_id: env.fx.lists.api, per_page: 0 }),
      /per_page/,
    );
  });

  it('create_task, update_task and add_comment write through the API and return what it stored', async () => {
    const acme = env.fx.workspaces.acme.id;
    const created = (await callJson(alice.client, 'create_task', {
      workspace_id: acme,
      list_id: env.fx.lists.api,
      title: 'From an assistant',
      priority: 'high',
    })) as Json;
    assert.deepEqual(created, asJson(taskLine(await api.getTask(acme, created.id))));
    assert.equal(created.title, 'From an assistant');
    const updated = (await callJson(alice.client, 'update_task', {
      workspace_id: acme,
      task_id: created.id,
      title: 'Renamed',
      due_date: null,
    })) as Json;
    assert.deepEqual(updated, asJson(taskLine(await api.getTask(acme, created.id))));
    assert.equal(updated.title, 'Renamed');
    const comment = (await callJson(alice.client, 'add_comment', {
      workspace_id: acme,
      task_id: created.id,
      body: 'Looks good',
    })) as Json;
    const comments = await api.getComments(acme, created.id);
    assert.equal(comments.data.find((c) => c.id === comment.id)?.body, comment.body);
    const writes = (await env.requests()).filter((r) => r.method !== 'GET' && r.token_label === 'alice');
    assert.equal(writes.length, 3);
    assert.ok(
      writes.every((r) => typeof r.idempotency_key === 'string' && r.idempotency_key.length > 0),
      'every write carries an Idempotency-Key',
    );
  });

  it('a create whose answer is lost is retried with the same Idempotency-Key and creates one task', async () => {
    const acme = env.fx.workspaces.acme.id;
    await env.fault({ method: 'POST', path: '/api/workspaces/*/tasks', kind: 'reset_after', times: 1 });
    const created = (await callJson(alice.client, 'create_task', {
      workspace_id: acme,
      list_id: env.fx.lists.api,
      title: 'Exactly once',
    })) as Json;
    const posts = (await env.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/tasks'));
    assert.ok(posts.length >= 2, 'the lost answer was retried');
    assert.equal(new Set(posts.slice(-2).map((r) => r.idempotency_key)).size, 1, 'with the same key');
    const same = (await api.listTasks(acme, { scope: { list_id: env.fx.lists.api }, search: 'Exactly once' })).data;
    assert.deepEqual(
      same.map((t) => t.id),
      [created.id],
    );
  });

  it('an assistant retrying a create with the same idempotency_key gets the one task it made', async () => {
    const acme = env.fx.workspaces.acme.id;
    const args = {
      workspace_id: acme,
      list_id: env.fx.lists.api,
      title: 'Retried by the model',
      idempotency_key: 'retry-1234-abcd',
    };
    const first = await callJson(alice.client, 'create_task', args);
    const again = await callJson(alice.client, 'create_task', args);
    assert.equal(again.id, first.id);
    const same = (await api.listTasks(acme, { scope: { list_id: env.fx.lists.api }, search: 'Retried by the model' }))
      .data;
    assert.deepEqual(
      same.map((t) => t.id),
      [first.id],
    );
    const comment = { workspace_id: acme, task_id: first.id, body: 'Once', idempotency_key: 'retry-5678-efgh' };
    assert.equal(
      (await callJson(alice.client, 'add_comment', comment)).id,
      (await callJson(alice.client, 'add_comment', comment)).id,
    );
    assert.equal((await api.getComments(acme, first.id)).data.length, 1);
  });

  it("every result says the token's requests left of this server's share", async () => {
    const share = await connect(env.baseUrl, 'demo-token-alice', { TASK_PLATFORM_REQUESTS_PER_MINUTE: '10' });
    try {
      const first = await callStructured(share.client, 'get_me');
      const second = await callStructured(share.client, 'list_spaces', { workspace_id: env.fx.workspaces.acme.id });
      assert.equal(first.budget.per_minute, 10);
      assert.ok(first.budget.requests_left <= 9, JSON.stringify(first.budget));
      assert.ok(second.budget.requests_left < first.budget.requests_left, JSON.stringify(second.budget));
      assert.equal(first.budget.retry_after_s, undefined, 'no wait without a 429');
    } finally {
      await share.close();
    }
  });

  it('invalid input is a tool error with the reason and sends no request', async () => {
    const acme = env.fx.workspaces.acme.id;
    const before = (await env.requests()).length;
    const noScope = await callError(alice.client, 'list_tasks', { workspace_id: acme });
    assert.match(noScope, /exactly one scope/);
    const twoScopes = await callError(alice.client, 'list_tasks', {
      workspace_id: acme,
      list_id: env.fx.lists.api,
      space_id: env.fx.spaces.engineering,
    });
    assert.match(twoScopes, /list_id, space_id/);
    const long = await callError(alice.client, 'create_task', {
      workspace_id: acme,
      list_id: env.fx.lists.api,
      title: 'x'.repeat(256),
    });
    assert.match(long, /title: title must be at most 255 characters/);
    const displayId = await callError(alice.client, 'get_task', { workspace_id: acme, task_id: 'ACME-12' });
    assert.match(displayId, /task_id: .*must be a UUID/);
    const nothing = await callError(alice.client, 'update_task', {
      workspace_id: acme,
      task_id: env.fx.tasks.task_with_comments.id,
    });
    assert.match(nothing, /at least one field/);
    const typo = await callError(alice.client, 'list_statuses', { listId: env.fx.lists.api });
    assert.match(typo, /listId|list_id/);
    assert.equal((await env.requests()).length, before, 'no request for input known to be bad');
  });

  it('API errors are tool errors with the service message and field errors', async () => {
    const acme = env.fx.workspaces.acme.id;
    const unknown = await callError(alice.client, 'get_task', {
      workspace_id: acme,
      task_id: '00000000-0000-4000-8000-000000000000',
    });
    assert.match(unknown, /get_task failed: .*not found.*\(404\)/);
    const badStatus = await callError(alice.client, 'create_task', {
      workspace_id: acme,
      list_id: env.fx.lists.api,
      title: 'Bad status',
      status_id: env.fx.statuses.marketing[0].id,
    });
    assert.match(badStatus, /rejected the input \(422\)/);
    assert.match(badStatus, /^- status_id: /m);
    const server = await callJson(alice.client, 'get_me');
    assert.ok(server, 'the server is still up after the errors');
  });

  it("bob's token cannot see the private space", async () => {
    const bob = await connect(env.baseUrl, 'demo-token-bob');
    try {
      const acme = env.fx.workspaces.acme.id;
      const spaces = (await callJson(bob.client, 'list_spaces', { workspace_id: acme })).items as Json[];
      assert.ok(spaces.length > 0);
      assert.ok(!spaces.some((s) => s.id === env.fx.private_space_id));
      const sidebar = await callJson(bob.client, 'get_sidebar', { workspace_id: acme });
      assert.ok(!JSON.stringify(sidebar).includes(env.fx.private_space_id));
      await callError(bob.client, 'get_task', { workspace_id: acme, task_id: env.fx.tasks.private_task.id });
      await callError(bob.client, 'list_tasks', { workspace_id: acme, space_id: env.fx.private_space_id });
      const search = (await callJson(bob.client, 'search_tasks', {
        workspace_id: acme,
        q: env.fx.tasks.private_task.title,
      })) as Json;
      assert.ok(!search.hits.some((h: Json) => h.id === env.fx.tasks.private_task.id));
      const aliceSearch = (await callJson(alice.client, 'search_tasks', {
        workspace_id: acme,
        q: env.fx.tasks.private_task.title,
      })) as Json;
      assert.ok(
        aliceSearch.hits.some((h: Json) => h.id === env.fx.tasks.private_task.id),
        'alice, an admin, does see it',
      );
      assert.ok(!bob.stderr().includes('demo-token-bob'), 'the token is never printed');
    } finally {
      await bob.close();
    }
  });
});
