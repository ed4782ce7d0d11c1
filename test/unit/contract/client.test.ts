// The client against the description: each response schema the client parses with (zod) accepts
// every spec-valid instance we make from the description, names only documented fields, and the
// client's write routes are documented operations.
import * as assert from 'node:assert/strict';
import * as z from 'zod/mini';
import * as E from '../../../src/core/api/envelopes';
import { WRITE_ROUTES } from '../../../src/core/api/routes';
import { BEYOND_THE_MAP, TOOLS } from '../../../src/core/mcp/tools';
import * as S from '../../../src/core/api/schemas';
import { flatten, instance, VARIANTS } from './instances';
import { loadSpec, operations, SpecValidator } from './spec';
import type { Json } from './spec';

interface Row {
  op: string;
  status: number;
  schema: z.ZodMiniType;
  /** What of the body the client parses (the inbound address may come wrapped in `data`). */
  inner?: (body: Json) => unknown;
  /** Optional fields the client's schema shares with another operation, and why. */
  sharedFields?: { fields: string[]; why: string };
}

const ROWS: Row[] = [
  { op: 'getCurrentUser', status: 200, schema: S.UserSchema },
  { op: 'listSpaces', status: 200, schema: z.array(S.SpaceSchema) },
  { op: 'listFolders', status: 200, schema: z.array(S.FolderSchema) },
  { op: 'listLists', status: 200, schema: z.array(S.ListSchema) },
  { op: 'listListStatuses', status: 200, schema: E.StatusListSchema },
  { op: 'listWorkspaceMembers', status: 200, schema: z.array(S.MemberSchema) },
  { op: 'getWorkspaceSidebar', status: 200, schema: E.SidebarSchema },
  {
    op: 'listTasks',
    status: 200,
    schema: E.TaskPageSchema,
    sharedFields: { fields: ['listTasks.filtered_count'], why: 'one envelope with listViewTasks' },
  },
  { op: 'createTask', status: 201, schema: S.TaskSchema },
  { op: 'listTaskChildren', status: 200, schema: E.ChildrenSchema },
  { op: 'getTask', status: 200, schema: S.TaskSchema },
  { op: 'updateTask', status: 200, schema: S.TaskSchema },
  { op: 'deleteTask', status: 200, schema: S.TrashReceiptSchema },
  { op: 'listSubtasks', status: 200, schema: E.SubtasksSchema },
  { op: 'moveTask', status: 200, schema: S.TaskSchema },
  { op: 'listTaskActivity', status: 200, schema: E.ActivityPageSchema },
  { op: 'restoreTask', status: 200, schema: E.RestoreResultSchema },
  { op: 'listViewTasks', status: 200, schema: E.TaskPageSchema },
  { op: 'listTaskCustomFields', status: 200, schema: E.CustomFieldsSchema },
  { op: 'setTaskCustomFieldValues', status: 200, schema: z.array(S.CustomFieldValueSchema) },
  { op: 'listTaskComments', status: 200, schema: E.CommentPageSchema },
  { op: 'createTaskComment', status: 201, schema: S.CommentSchema },
  { op: 'updateTaskComment', status: 200, schema: S.CommentSchema },
  { op: 'resolveTaskComment', status: 200, schema: S.CommentSchema },
  { op: 'unresolveTaskComment', status: 200, schema: S.CommentSchema },
  { op: 'listTaskDependencies', status: 200, schema: E.DependenciesSchema },
  { op: 'createTaskDependency', status: 201, schema: S.DependencyLinkSchema },
  { op: 'listTaskAttachments', status: 200, schema: E.AttachmentListSchema },
  { op: 'uploadTaskAttachment', status: 201, schema: S.AttachmentSchema },
  { op: 'searchWorkspace', status: 200, schema: E.SearchResultSchema },
  { op: 'getInboundAddress', status: 200, schema: E.InboundAddressEnvelopeSchema },
  ...[200, 201].map((status) => ({
    op: 'generateInboundAddress',
    status,
    schema: S.InboundAddressSchema,
    inner: (body: Json): unknown => (body && typeof body === 'object' && 'data' in body ? body.data : body),
  })),
];

/** The zod definition behind a schema (zod/mini keeps it on `_zod.def`). */
type Def = { type: string; [k: string]: Json };
const def = (schema: Json): Def => schema._zod.def as Def;

/** Strips optional/nullable wrappers. */
function core(schema: Json): Json {
  let s = schema;
  while (['optional', 'nullable', 'default', 'readonly'].includes(def(s).type)) s = def(s).innerType;
  return s;
}

/**
 * Fields the client's schema names that the description does not document, at any depth it can
 * follow (objects, arrays, records); `at` says where.
 */
function undocumented(spec: Json, client: Json, specSchema: Json, at: string, out: string[]): void {
  const c = def(core(client));
  const s = flatten(spec, specSchema);
  const branches: Json[] | undefined = s.oneOf ?? s.anyOf;
  if (branches) {
    const usable = branches.map((b) => flatten(spec, b)).filter((b) => b.type !== 'null');
    if (usable.length === 1) return undocumented(spec, client, usable[0], at, out);
    return;
  }
  if (c.type === 'object') {
    const props = s.properties ?? {};
    for (const [key, sub] of Object.entries<Json>(c.shape)) {
      if (!(key in props)) out.push(`${at}.${key}`);
      else undocumented(spec, sub, props[key], `${at}.${key}`, out);
    }
  } else if (c.type === 'array' && s.items) {
    undocumented(spec, c.element, s.items, `${at}[]`, out);
  } else if (c.type === 'record' && s.additionalProperties && typeof s.additionalProperties === 'object') {
    undocumented(spec, c.valueType, s.additionalProperties, `${at}{}`, out);
  }
}

describe('contract: the client agrees with docs/api/openapi.yaml', () => {
  const spec = loadSpec();
  const v = new SpecValidator(spec);
  const byId = new Map(operations(spec).map((o) => [o.id, o]));

  it('parses the answer of every documented operation that has a JSON body', () => {
    const missing: string[] = [];
    for (const o of operations(spec)) {
      for (const status of Object.keys(o.op.responses ?? {}).filter((s) => /^2\d\d$/.test(s))) {
        const schema = v.responseSchema(o, Number(status));
        if (schema && !ROWS.some((r) => r.op === o.id && r.status === Number(status))) {
          missing.push(`${o.id} ${status}`);
        }
      }
    }
    assert.deepEqual(missing, []);
  });

  for (const row of ROWS) {
    describe(`${row.op} ${row.status}`, () => {
      const schemaOf = (): Json => {
        const o = byId.get(row.op);
        assert.ok(o, `${row.op} is documented`);
        const schema = v.responseSchema(o, row.status);
        assert.ok(schema, `${row.op} documents a JSON ${row.status} body`);
        return { o, schema };
      };

      for (const [name, variant] of Object.entries(VARIANTS)) {
        it(`accepts a spec-valid ${name} instance`, () => {
          const { o, schema } = schemaOf();
          const body = instance(spec, schema, variant);
          assert.deepEqual(v.check(o, row.status, body), [], `made instance is spec-valid: ${JSON.stringify(body)}`);
          const parsed = z.safeParse(row.schema, row.inner ? row.inner(body) : body);
          assert.ok(parsed.success, `${JSON.stringify(body)}\n${parsed.error?.message}`);
        });
      }

      it('names only documented fields', () => {
        const { schema } = schemaOf();
        const out: string[] = [];
        const target = row.inner ? (flatten(spec, schema).properties?.data ?? schema) : schema;
        undocumented(spec, row.schema, target, row.op, out);
        assert.deepEqual(
          out.filter((f) => !row.sharedFields?.fields.includes(f)),
          [],
        );
      });
    });
  }

  it('offers exactly the assistant tools the description names (x-mcp-tool), and the two beyond', () => {
    const named = operations(spec)
      .map((o) => o.op['x-mcp-tool'])
      .filter((t): t is string => typeof t === 'string');
    assert.ok(named.length > 0, 'the description names MCP tools');
    assert.deepEqual(TOOLS.map((t) => t.name).sort(), [...named, ...BEYOND_THE_MAP].sort());
  });

  it('writes only through documented operations (routes.ts)', () => {
    const shape = (p: string): string => p.replace(/\{\w+\}/g, '{}');
    const problems = Object.entries(WRITE_ROUTES)
      .filter(([, r]) => !operations(spec).some((o) => o.method === r.method && shape(o.path) === shape(r.path)))
      .map(([name, r]) => `${name}: ${r.method} ${r.path}`);
    assert.deepEqual(problems, []);
  });
});
