// The OpenAPI description itself: it parses, its references resolve and its schemas compile.
import * as assert from 'node:assert/strict';
import { deref, jsonSchemaOf, loadSpec, operations, pointer, refs, SpecValidator } from './spec';
import type { Json } from './spec';

describe('contract: docs/api/openapi.yaml is a sound OpenAPI 3.1 description', () => {
  const spec = loadSpec();

  it('parses as OpenAPI 3.1 with paths', () => {
    assert.match(String(spec.openapi), /^3\.1\./);
    assert.ok(Object.keys(spec.paths ?? {}).length > 0, 'paths');
  });

  it('names every operation with a unique operationId', () => {
    const ids = operations(spec).map((o) => o.id);
    assert.ok(
      ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id)),
      ids.join(', '),
    );
    assert.deepEqual(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      [],
      'duplicate operationIds',
    );
  });

  it('resolves every $ref', () => {
    const broken = refs(spec).filter(({ ref }) => pointer(spec, ref) === undefined);
    assert.deepEqual(broken, []);
  });

  it('declares every path parameter of each path template', () => {
    const problems: string[] = [];
    for (const o of operations(spec)) {
      const inPath = [...o.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const params = [...(spec.paths[o.path].parameters ?? []), ...(o.op.parameters ?? [])].map((p: Json) =>
        deref(spec, p),
      );
      const declared = params.filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
      if ([...inPath].sort().join() !== [...new Set(declared)].sort().join()) {
        problems.push(`${o.id}: template {${inPath.join('},{')}} but declared ${declared.join(',') || 'none'}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('compiles every schema (components, parameters, request and response bodies)', () => {
    const v = new SpecValidator(spec);
    const failures: string[] = [];
    const tryCompile = (schema: Json, where: string): void => {
      if (schema === undefined) return;
      try {
        v.compile(schema, where);
      } catch (err) {
        failures.push(`${where}: ${(err as Error).message}`);
      }
    };
    for (const name of Object.keys(spec.components?.schemas ?? {})) {
      tryCompile({ $ref: `#/components/schemas/${name}` }, `components.schemas.${name}`);
    }
    for (const o of operations(spec)) {
      const params = [...(spec.paths[o.path].parameters ?? []), ...(o.op.parameters ?? [])];
      params.forEach((p: Json, i: number) => tryCompile(deref(spec, p).schema, `${o.id} parameter ${i}`));
      if (o.op.requestBody) tryCompile(jsonSchemaOf(deref(spec, o.op.requestBody).content), `${o.id} request`);
      for (const [status, response] of Object.entries<Json>(o.op.responses ?? {})) {
        tryCompile(jsonSchemaOf(deref(spec, response).content), `${o.id} ${status}`);
      }
    }
    assert.deepEqual(failures, []);
  });
});
