// Conformance of docs/api/openapi.yaml#getInboundAddress and docs/api/openapi.yaml#generateInboundAddress, with the
// address's shape and its states.
import * as assert from 'node:assert/strict';
import { ISO_RE, UNKNOWN_ID, UUID_RE, useSandbox } from './helpers';
import { assertError } from './ops';
import type { Json } from './helpers';
import type { SeedMap } from './seedMap';

// Contract: docs/api/openapi.yaml#getInboundAddress.
describe('Inbound email address', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, listId: string;
  const path = (id = listId): string => `/lists/${id}/inbound-address`;
  const rowsFor = async (id: string): Promise<Json[]> =>
    (await h.ctl.state('inbound_addresses')).filter((x: Json) => x.list_id === id);

  beforeEach(async () => {
    ({ w } = await h.reseed());
    const existing = new Set((await h.ctl.state('inbound_addresses')).map((x: Json) => x.list_id));
    const free = w.acmePublicLists.find((l) => !existing.has(l.id));
    assert.ok(free, 'a public Acme list without an address');
    listId = free.id;
  });

  it('GET never creates: data null stays null after repeated GETs', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await h.as('alice').get(path());
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, { data: null });
    }
    assert.equal((await rowsFor(listId)).length, 0);
  });

  it('POST creates (201), then returns the same address (200); GET shows it', async () => {
    const first = await h.as('alice').post(path());
    assert.equal(first.status, 201, first.text);
    const addr = first.body.data ?? first.body;
    assert.match(addr.id, UUID_RE);
    assert.equal(addr.list_id, listId);
    assert.match(addr.email_address, /^[^@\s]+@[^@\s]+$/);
    assert.match(addr.created_at, ISO_RE);
    assert.match(addr.updated_at, ISO_RE);
    const second = await h.as('alice').post(path());
    assert.equal(second.status, 200);
    const again = second.body.data ?? second.body;
    assert.equal(again.id, addr.id);
    assert.equal(again.email_address, addr.email_address);
    assert.equal((await rowsFor(listId)).length, 1, 'one address, not two');
    const got = await h.as('alice').get(path());
    assert.equal(got.body.data.email_address, addr.email_address);
  });

  it('can_reset: true for alice (manage permission), false for bob, never cached across users', async () => {
    await h.as('alice').post(path());
    const sequence: ['alice' | 'bob', boolean][] = [
      ['alice', true],
      ['bob', false],
      ['alice', true],
      ['bob', false],
    ];
    for (const [who, expected] of sequence) {
      const res = await h.as(who).get(path());
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.can_reset, expected, `${who}`);
    }
  });

  it('the POST response also carries can_reset relative to the caller', async () => {
    const res = await h.as('alice').post(path());
    assert.equal((res.body.data ?? res.body).can_reset, true);
  });

  it('403 for bob on a private-space list; 404 for carol on an Acme list; 404 for an unknown list', async () => {
    assertError(await h.as('bob').get(path(w.acmePrivateLists[0]!.id)), 403);
    assertError(await h.as('carol').get(path()), 404);
    assertError(await h.as('alice').get(path(UNKNOWN_ID)), 404);
  });

  it("bob's refused GET creates nothing", async () => {
    const priv = w.acmePrivateLists[0]!.id;
    const before = (await rowsFor(priv)).length;
    await h.as('bob').get(path(priv));
    assert.equal((await rowsFor(priv)).length, before);
  });

  describe('assumption: access and format (docs/api/openapi.yaml#getInboundAddress)', () => {
    it('POST: 403 for bob on a private-space list, 404 for carol and unknown lists; nothing created', async () => {
      const priv = w.acmePrivateLists[0]!.id;
      assertError(await h.as('bob').post(path(priv)), 403);
      assertError(await h.as('carol').post(path()), 404);
      assertError(await h.as('alice').post(path(UNKNOWN_ID)), 404);
      assert.equal((await rowsFor(listId)).length, 0);
    });

    it('bob may generate on a public list (201, can_reset false); both responses are { data }', async () => {
      const res = await h.as('bob').post(path());
      assert.equal(res.status, 201);
      assert.equal(res.body.data.can_reset, false);
      const again = await h.as('alice').post(path());
      assert.equal(again.status, 200);
      assert.equal(again.body.data.can_reset, true);
    });

    it('address format <prefix>-<list-slug>-<5 chars>@inbound.sandbox.test', async () => {
      const res = await h.as('alice').post(path());
      assert.match(res.body.data.email_address, /^[a-z0-9]+-[a-z0-9-]+-[a-z0-9]{5}@inbound\.sandbox\.test$/i);
    });
  });
});
