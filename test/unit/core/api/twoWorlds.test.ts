import { strict as assert } from 'node:assert';
import { UnauthorizedError } from '../../../../src/core/api/errors';
import { useOtherWorld, useSandbox } from './env';

// The test helpers' second sandbox (sandbox/README.md#worlds): what tests of several accounts stand on.
describe('api/client against two sandboxes of different worlds', function () {
  const demo = useSandbox(this, { timeout: 30_000 });
  const other = useOtherWorld();

  it('each world has its own admin token, and the helpers default to it', () => {
    assert.equal(demo.tokens[0], 'demo-token-alice');
    assert.deepEqual(other.tokens, ['other-token-frank', 'other-token-grace', 'other-token-heidi']);
    assert.notEqual(demo.baseUrl, other.baseUrl);
  });

  it('a client of one world sends nothing to the other', async () => {
    const me = await other.client().getUser();
    assert.equal(me.name, 'Frank Founder');
    const acme = other.fx.workspaces.acme;
    const page = await other.client().listTasks(acme.id, { scope: { list_id: other.fx.lists.experiments } });
    assert.ok(page.data.length > 0);
    assert.ok(page.data.every((t) => (t.display_id ?? '').startsWith('ACME-') && t.workspace_id === acme.id));
    assert.deepEqual(
      (await other.requests()).map((r) => `${r.method} ${r.path} ${r.token_label}`),
      ['GET /api/user frank', `GET /api/workspaces/${acme.id}/tasks frank`],
    );
    assert.deepEqual(await demo.requests(), []);
  });

  it('a demo token is refused by the other world (401), and the demo world ignores it', async () => {
    const error = await other
      .client('demo-token-alice')
      .getUser()
      .catch((e: unknown) => e);
    assert.ok(UnauthorizedError.is(error));
    assert.deepEqual(
      (await other.requests()).map((r) => `${r.status} ${r.token_label}`),
      ['401 unknown'],
    );
    assert.deepEqual(await demo.requests(), []);
  });
});
