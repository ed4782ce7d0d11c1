// Every route the sandbox serves is one documented operation, and every documented operation is
// served (unless the description marks it `x-sandbox` with the reason).
import * as assert from 'node:assert/strict';
import { buildRouter } from '../../../sandbox/routes/index';
import { loadSpec, NOT_SERVED, operations } from './spec';

/** `/a/{b}` and `/a/:b` both become `/a/{}`: parameter names may differ, positions may not. */
const shape = (path: string): string => path.replace(/\{\w+\}|:\w+/g, '{}');

describe('contract: the sandbox serves the documented operations', () => {
  const spec = loadSpec();
  const documented = operations(spec);
  const served = buildRouter().table();

  it('reads a non-trivial route table', () => {
    assert.ok(served.length >= 30, `${served.length} routes`);
  });

  it('matches every sandbox route to exactly one documented operation', () => {
    const problems: string[] = [];
    for (const route of served) {
      const hits = documented.filter((o) => o.method === route.method && shape(o.path) === shape(route.pattern));
      if (hits.length !== 1) {
        problems.push(`${route.method} ${route.pattern}: ${hits.length} operations (${hits.map((h) => h.id)})`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('serves every documented operation not marked x-sandbox', () => {
    const missing = documented
      .filter((o) => o.op[NOT_SERVED] === undefined)
      .filter((o) => !served.some((r) => r.method === o.method && shape(r.pattern) === shape(o.path)))
      .map((o) => `${o.method} ${o.path} (${o.id})`);
    assert.deepEqual(missing, []);
  });

  it('marks x-sandbox only operations the sandbox really lacks, with a reason', () => {
    const marked = documented.filter((o) => o.op[NOT_SERVED] !== undefined);
    const wrong = marked
      .filter(
        (o) =>
          typeof o.op[NOT_SERVED] !== 'string' ||
          served.some((r) => r.method === o.method && shape(r.pattern) === shape(o.path)),
      )
      .map((o) => o.id);
    assert.deepEqual(wrong, []);
  });
});
