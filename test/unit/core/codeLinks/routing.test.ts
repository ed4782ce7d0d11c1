import * as assert from 'node:assert/strict';
import type { AccountKey } from '../../../../src/core/accounts/account';
import { TaskResolver } from '../../../../src/core/codeLinks/resolver';
import { ReferenceRouter } from '../../../../src/core/codeLinks/routing';
import type { RoutedAccount } from '../../../../src/core/codeLinks/routing';
import type { Env } from '../api/env';
import { useOtherWorld, useSandbox } from '../api/env';

/**
 * Two accounts of two worlds (the demo: ACME, SIDE; the other: ACME, NIM), each with a resolver of
 * its own sandbox: an id is asked only where its prefix was learned, and ACME, on both, is ambiguous.
 */
describe('code links: display ids routed by prefix to the accounts that have it (two worlds)', function () {
  this.timeout(60_000);
  const demo = useSandbox();
  const other = useOtherWorld();

  /** Each world's account, with the prefixes it learned per workspace. */
  function accountOf(env: Env, key: string, prefixes: Record<string, string[]>): RoutedAccount {
    const resolver = new TaskResolver(env.client(), {
      workspacesFor: (prefix) => prefixes[prefix] ?? Object.values(prefixes).flat(),
    });
    return {
      key: key as AccountKey,
      baseUrl: key.slice(0, key.lastIndexOf('#')),
      resolver,
      learned: (prefix) => prefix in prefixes,
    };
  }

  function accounts(): { alice: RoutedAccount; frank: RoutedAccount } {
    return {
      alice: accountOf(demo, 'https://one.example/api#alice', {
        ACME: [demo.fx.workspaces.acme.id],
        SIDE: [demo.fx.workspaces.side.id],
      }),
      frank: accountOf(other, 'https://two.example/api#frank', {
        ACME: [other.fx.workspaces.acme.id],
        NIM: [other.fx.workspaces.nimbus.id],
      }),
    };
  }

  /** An ACME id that names a top-level task in both worlds. */
  async function acmeOfBoth(): Promise<string> {
    const rows = (await other.control('GET', `/state/tasks?workspace_id=${other.fx.workspaces.acme.id}`)).data as {
      display_id: string;
      parent_task_id?: string | null;
    }[];
    for (const row of rows.filter((r) => !r.parent_task_id)) {
      const twins = (await demo.control('GET', `/state/tasks?display_id=${row.display_id}`)).data as {
        parent_task_id?: string | null;
        deleted_at?: string | null;
      }[];
      if (twins.some((t) => !t.parent_task_id && !t.deleted_at)) return row.display_id;
    }
    throw new Error('no ACME id of both worlds');
  }

  const sent = async (env: Env): Promise<number> => (await env.requests()).length;

  it('SIDE is asked of the demo world only, NIM of the other only; each answer names its account', async () => {
    const { alice, frank } = accounts();
    const router = new ReferenceRouter([alice, frank]);
    const side = demo.fx.tasks.side_task.display_id as string;
    const nim = other.fx.tasks.nimbus_task.display_id as string;
    const [demoBefore, otherBefore] = [await sent(demo), await sent(other)];
    const found = await router.resolve([side], 'user');
    assert.equal(found.get(side)?.kind, 'found');
    assert.equal((found.get(side) as { account?: string }).account, alice.key);
    assert.equal(await sent(other), otherBefore, 'nothing about SIDE sent to the other world');
    assert.ok((await sent(demo)) > demoBefore);

    const demoAfter = await sent(demo);
    const nims = await router.resolve([nim], 'user');
    assert.equal((nims.get(nim) as { account?: string }).account, frank.key);
    assert.equal(await sent(demo), demoAfter, 'nothing about NIM sent to the demo world');
  });

  it('an ACME id of both worlds is ambiguous, one candidate per account; peek says the same', async () => {
    const { alice, frank } = accounts();
    const router = new ReferenceRouter([alice, frank]);
    const id = await acmeOfBoth();
    const answer = (await router.resolve([id], 'user')).get(id);
    assert.equal(answer?.kind, 'ambiguous');
    assert.deepEqual(answer.candidates.map((c) => c.account).sort(), [alice.key, frank.key].sort());
    assert.deepEqual(router.peek(id), answer);
    assert.ok(router.isFresh(id));
  });

  it('with one account, calls go to its resolver and no answer names an account', async () => {
    const { alice } = accounts();
    const router = new ReferenceRouter([{ ...alice, key: undefined }]);
    const side = demo.fx.tasks.side_task.display_id as string;
    const answer = (await router.resolve([side])).get(side);
    assert.equal(answer?.kind, 'found');
    assert.equal((answer as { account?: string }).account, undefined);
    assert.deepEqual(router.peek(side), alice.resolver.peek(side));
  });

  it('a prefix no account learned (the setting alone) is asked of every account', async () => {
    const { alice, frank } = accounts();
    const router = new ReferenceRouter([alice, frank]);
    assert.deepEqual(router.accountsFor('ZED-1'), [alice, frank]);
    assert.deepEqual(router.accountsFor('NIM-1'), [frank]);
  });
});
