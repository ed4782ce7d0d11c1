// The sandbox's answers, over real HTTP, against the description: one row per operation (and per
// error status we can provoke); the status must be documented for the operation and the body must
// validate against the schema documented for that status.
import * as assert from 'node:assert/strict';
import { UNKNOWN_ID, useSandbox } from '../../../sandbox/conformance/helpers';
import type { Json, RequestOptions, Res, Who } from '../../../sandbox/conformance/helpers';
import { loadSpec, operations, SpecValidator } from './spec';
import type { Operation } from './spec';

/** Ids a row's path, query and body are made from: the seed's fixtures. */
type Fx = Json;

interface Row {
  /** operationId in docs/api/openapi.yaml. */
  op: string;
  /** What the row provokes, when it is not the documented success. */
  case?: string;
  who?: Who | 'none';
  params: (fx: Fx) => Record<string, string>;
  query?: (fx: Fx) => RequestOptions['query'];
  body?: (fx: Fx) => unknown;
  /** A multipart body instead of JSON. */
  form?: () => FormData;
  status: number;
}

const ws = (fx: Fx): string => fx.workspaces.acme.id;
const task = (fx: Fx, key: string) => ({ workspace: ws(fx), task: fx.tasks[key].id as string });
const comment = (fx: Fx, key: string) => ({ ...task(fx, 'task_with_comments'), comment: fx.comments[key] as string });
const attachment = (fx: Fx, key: string) => ({ ...task(fx, 'task_with_attachments'), attachment: fx.attachments[key] });
const textFile = (): FormData => {
  const form = new FormData();
  form.append('file', new Blob([new TextEncoder().encode('contract test\n')]), 'notes.txt');
  return form;
};

/** A write sent with an empty JSON object: its required fields are missing. */
const emptyBody = (op: string, params: Row['params']): Row => ({
  op,
  case: 'empty body',
  params,
  body: () => ({}),
  status: 422,
});

const SUCCESS: Row[] = [
  { op: 'getCurrentUser', params: () => ({}), status: 200 },
  { op: 'listSpaces', params: (fx) => ({ workspace: ws(fx) }), status: 200 },
  { op: 'listFolders', params: (fx) => ({ workspace: ws(fx), space: fx.spaces.engineering }), status: 200 },
  {
    op: 'listLists',
    params: (fx) => ({ workspace: ws(fx), space: fx.spaces.engineering, folder: fx.folders.backend }),
    status: 200,
  },
  { op: 'listListStatuses', params: (fx) => ({ list: fx.lists.api }), status: 200 },
  { op: 'listWorkspaceMembers', params: (fx) => ({ workspace: ws(fx) }), status: 200 },
  { op: 'getWorkspaceSidebar', params: (fx) => ({ workspace: ws(fx) }), status: 200 },
  { op: 'listTasks', params: (fx) => ({ workspace: ws(fx) }), query: (fx) => ({ list_id: fx.lists.api }), status: 200 },
  {
    op: 'listTasks',
    case: 'paged, grouped by assignee',
    params: (fx) => ({ workspace: ws(fx) }),
    query: (fx) => ({ space_id: fx.spaces.engineering, per_page: 5, page: 2, group_by: 'assignee' }),
    status: 200,
  },
  {
    op: 'createTask',
    params: (fx) => ({ workspace: ws(fx) }),
    body: (fx) => ({ list_id: fx.lists.api, title: 'Contract row' }),
    status: 201,
  },
  {
    op: 'createTask',
    case: 'every field',
    params: (fx) => ({ workspace: ws(fx) }),
    body: (fx) => ({
      list_id: fx.lists.api,
      title: 'Contract row, full',
      description: 'All the fields',
      priority: 'high',
      status_id: fx.statuses.api[1].id,
      assignee_id: fx.users.bob.id,
      due_date: '2030-01-02T03:04:05Z',
      parent_task_id: fx.tasks.task_with_comments.id,
    }),
    status: 201,
  },
  {
    op: 'listTaskChildren',
    params: (fx) => ({ workspace: ws(fx) }),
    query: (fx) => ({ parent_ids: `${fx.tasks.task_with_subtasks_3_deep.id},${fx.tasks.task_with_many_subtasks.id}` }),
    status: 200,
  },
  { op: 'getTask', params: (fx) => task(fx, 'task_with_custom_fields'), status: 200 },
  { op: 'updateTask', params: (fx) => task(fx, 'task_with_comments'), body: () => ({ priority: 'low' }), status: 200 },
  { op: 'deleteTask', params: (fx) => task(fx, 'task_with_subtasks_3_deep'), status: 200 },
  { op: 'listSubtasks', params: (fx) => task(fx, 'task_with_subtasks_3_deep'), status: 200 },
  {
    op: 'moveTask',
    params: (fx) => ({ task: fx.tasks.task_with_comments.id }),
    body: (fx) => ({ target_type: 'list', target_id: fx.lists.database }),
    status: 200,
  },
  { op: 'listTaskActivity', params: (fx) => task(fx, 'task_with_activity'), status: 200 },
  { op: 'restoreTask', params: (fx) => ({ workspace: ws(fx), id: fx.trash.trashed_task }), status: 200 },
  { op: 'listViewTasks', params: (fx) => ({ view: fx.views.space_view }), status: 200 },
  {
    op: 'listViewTasks',
    case: 'second page',
    params: (fx) => ({ view: fx.views.space_view }),
    query: () => ({ per_page: 2, page: 2 }),
    status: 200,
  },
  { op: 'listTaskCustomFields', params: (fx) => ({ task: fx.tasks.task_with_custom_fields.id }), status: 200 },
  {
    op: 'setTaskCustomFieldValues',
    params: (fx) => ({ task: fx.tasks.task_with_custom_fields.id }),
    body: (fx) => ({
      values: [
        { custom_field_definition_id: fx.custom_fields.text, value: 'abc' },
        { custom_field_definition_id: fx.custom_fields.number, value: 4 },
        { custom_field_definition_id: fx.custom_fields.checkbox, value: true },
        { custom_field_definition_id: fx.custom_fields.date, value: '2030-01-02' },
      ],
    }),
    status: 200,
  },
  { op: 'listTaskComments', params: (fx) => task(fx, 'task_with_comments'), status: 200 },
  {
    op: 'createTaskComment',
    params: (fx) => task(fx, 'task_with_comments'),
    body: (fx) => ({ body: 'Contract', parent_id: fx.comments.first_comment_id, assignee_id: fx.users.bob.id }),
    status: 201,
  },
  {
    op: 'updateTaskComment',
    params: (fx) => comment(fx, 'first_comment_id'),
    body: () => ({ body: 'Edited' }),
    status: 200,
  },
  { op: 'deleteTaskComment', params: (fx) => comment(fx, 'reply'), status: 204 },
  { op: 'resolveTaskComment', params: (fx) => comment(fx, 'assigned_unresolved'), status: 200 },
  { op: 'unresolveTaskComment', params: (fx) => comment(fx, 'resolved'), status: 200 },
  { op: 'listTaskDependencies', params: (fx) => task(fx, 'blocked_task'), status: 200 },
  {
    op: 'createTaskDependency',
    params: (fx) => task(fx, 'task_with_activity'),
    body: (fx) => ({ blocker_task_id: fx.tasks.blocker_task.id }),
    status: 201,
  },
  {
    op: 'deleteTaskDependency',
    params: (fx) => ({ ...task(fx, 'blocked_task'), dependency: fx.dependencies.open_blocker_link }),
    status: 204,
  },
  { op: 'listTaskAttachments', params: (fx) => task(fx, 'task_with_attachments'), status: 200 },
  {
    op: 'listTaskAttachments',
    case: 'context=description',
    params: (fx) => task(fx, 'task_with_attachments'),
    query: () => ({ context: 'description' }),
    status: 200,
  },
  { op: 'uploadTaskAttachment', params: (fx) => task(fx, 'task_with_attachments'), form: textFile, status: 201 },
  { op: 'downloadTaskAttachment', params: (fx) => attachment(fx, 'txt'), status: 302 },
  {
    op: 'downloadTaskAttachment',
    case: 'preview',
    params: (fx) => attachment(fx, 'png'),
    query: () => ({ preview: 'true' }),
    status: 200,
  },
  { op: 'deleteTaskAttachment', params: (fx) => attachment(fx, 'pdf'), status: 204 },
  {
    op: 'searchWorkspace',
    params: () => ({}),
    query: (fx) => ({ q: 'login', workspace_id: ws(fx), per_page: 5 }),
    status: 200,
  },
  { op: 'getInboundAddress', params: (fx) => ({ list: fx.inbound.list_with_address }), status: 200 },
  {
    op: 'getInboundAddress',
    case: 'no address yet',
    params: (fx) => ({ list: fx.inbound.list_without_address }),
    status: 200,
  },
  { op: 'generateInboundAddress', params: (fx) => ({ list: fx.inbound.list_without_address }), status: 201 },
  {
    op: 'generateInboundAddress',
    case: 'already there',
    params: (fx) => ({ list: fx.inbound.list_with_address }),
    status: 200,
  },
];

/** Errors the seed can provoke per operation (401 and 404 rows are made for every operation below). */
const ERRORS: Row[] = [
  { op: 'listTasks', case: 'no scope', params: (fx) => ({ workspace: ws(fx) }), status: 422 },
  {
    op: 'createTask',
    case: 'no title',
    params: (fx) => ({ workspace: ws(fx) }),
    body: (fx) => ({ list_id: fx.lists.api }),
    status: 422,
  },
  { op: 'listTaskChildren', case: 'no parent_ids', params: (fx) => ({ workspace: ws(fx) }), status: 422 },
  {
    op: 'updateTask',
    case: 'title too long',
    params: (fx) => task(fx, 'task_with_comments'),
    body: () => ({ title: 'x'.repeat(256) }),
    status: 422,
  },
  {
    op: 'moveTask',
    case: 'bad target type',
    params: (fx) => ({ task: fx.tasks.task_with_comments.id }),
    body: (fx) => ({ target_type: 'folder', target_id: fx.lists.database }),
    status: 422,
  },
  {
    op: 'listViewTasks',
    case: 'filter given',
    params: (fx) => ({ view: fx.views.space_view }),
    query: () => ({ filter: '{}' }),
    status: 422,
  },
  {
    op: 'listViewTasks',
    case: 'private view of another member',
    who: 'bob',
    params: (fx) => ({ view: fx.views.private_view_alice }),
    status: 403,
  },
  emptyBody('setTaskCustomFieldValues', (fx) => ({ task: fx.tasks.task_with_custom_fields.id })),
  emptyBody('createTaskComment', (fx) => task(fx, 'task_with_comments')),
  emptyBody('updateTaskComment', (fx) => comment(fx, 'first_comment_id')),
  { op: 'resolveTaskComment', case: 'no assignee', params: (fx) => comment(fx, 'without_assignee'), status: 422 },
  { op: 'unresolveTaskComment', case: 'not resolved', params: (fx) => comment(fx, 'assigned_unresolved'), status: 422 },
  {
    op: 'createTaskDependency',
    case: 'already there',
    params: (fx) => task(fx, 'blocked_task'),
    body: (fx) => ({ blocker_task_id: fx.tasks.blocker_task.id }),
    status: 409,
  },
  emptyBody('createTaskDependency', (fx) => task(fx, 'blocked_task')),
  {
    op: 'uploadTaskAttachment',
    case: 'no file',
    params: (fx) => task(fx, 'task_with_attachments'),
    form: () => new FormData(),
    status: 422,
  },
  { op: 'searchWorkspace', case: 'no q', params: () => ({}), query: (fx) => ({ workspace_id: ws(fx) }), status: 422 },
];

function pathOf(op: Operation, params: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    assert.ok(params[name] !== undefined, `${op.id}: the row gives {${name}}`);
    return encodeURIComponent(params[name]);
  });
}

describe('contract: sandbox responses match docs/api/openapi.yaml', function () {
  const h = useSandbox({ rateLimit: 0 });
  const spec = loadSpec();
  const v = new SpecValidator(spec);
  const byId = new Map(operations(spec).map((o) => [o.id, o]));
  let fx: Fx;

  beforeEach(async () => {
    await h.ctl.reset();
    fx = await h.ctl.fixtures();
  });

  async function send(row: Row): Promise<{ op: Operation; res: Res }> {
    const op = byId.get(row.op);
    assert.ok(op, `operation ${row.op} is documented`);
    const opts: RequestOptions = { query: row.query?.(fx), body: row.body?.(fx), rawBody: row.form?.() };
    const res = await h.as(row.who ?? 'alice').request(op.method, pathOf(op, row.params(fx)), opts);
    return { op, res };
  }

  function assertConforms(op: Operation, res: Res, expected: number): void {
    assert.equal(res.status, expected, `${op.id}: ${res.status} ${res.text.slice(0, 300)}`);
    const json = /json/.test(res.headers.get('content-type') ?? '');
    const body = json ? res.body : undefined;
    assert.deepEqual(v.check(op, res.status, body), [], `${op.id} ${res.status}: ${res.text.slice(0, 300)}`);
  }

  it('has a success row for every documented operation', () => {
    const covered = new Set(SUCCESS.map((r) => r.op));
    assert.deepEqual(
      [...byId.keys()].filter((id) => !covered.has(id)),
      [],
    );
  });

  for (const row of [...SUCCESS, ...ERRORS]) {
    it(`${row.op}${row.case ? ` (${row.case})` : ''}: ${row.status}`, async () => {
      const { op, res } = await send(row);
      assertConforms(op, res, row.status);
    });
  }

  // One success row per operation, sent again without a token and with unknown ids.
  const firsts = SUCCESS.filter((r, i) => SUCCESS.findIndex((s) => s.op === r.op) === i);
  for (const row of firsts) {
    it(`${row.op}: 401 without a token`, async () => {
      const { op, res } = await send({ ...row, who: 'none' });
      assertConforms(op, res, 401);
    });
  }
  for (const row of firsts.filter((r) => byId.get(r.op)?.path.includes('{'))) {
    it(`${row.op}: unknown ids answer a documented 403 or 404`, async () => {
      const params = (f: Fx): Record<string, string> =>
        Object.fromEntries(Object.keys(row.params(f)).map((k) => [k, UNKNOWN_ID]));
      const { op, res } = await send({ ...row, params });
      assert.ok([403, 404].includes(res.status), `${row.op}: ${res.status} ${res.text.slice(0, 200)}`);
      assertConforms(op, res, res.status);
    });
  }

  describe('429 once the token has spent its budget', () => {
    afterEach(() => h.ctl.config({ rateLimit: 0 }));
    for (const id of ['getCurrentUser', 'createTask']) {
      it(`${id}: 429`, async () => {
        const row = SUCCESS.find((r) => r.op === id) as Row;
        await h.ctl.config({ rateLimit: 1 });
        await send(row);
        const { op, res } = await send(row);
        assertConforms(op, res, 429);
      });
    }
  });
});
