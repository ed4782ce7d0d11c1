// Conformance of docs/api/README.md#limits (title length, task index search, search query length):
// the limits are in characters. A character outside the Basic Multilingual Plane
// (emoji, many CJK ideographs) is one character although JavaScript strings
// store it as two UTF-16 code units, so 255 of them must be accepted.
import * as assert from 'node:assert/strict';
import { useSandbox } from './helpers';
import { assertError, createTask } from './ops';
import type { Api } from './helpers';
import type { SeedMap } from './seedMap';

const ASTRAL = '\u{1F600}'; // one character, two UTF-16 code units
const CJK_EXT_B = '\u{20BB7}'; // one character, two UTF-16 code units

// Contract: docs/api/openapi.yaml#searchWorkspace.
describe('Limits (lengths are counted in characters)', () => {
  const h = useSandbox({ rateLimit: 0 });
  let w: SeedMap, a: Api, listId: string;

  before(async () => {
    ({ w, a, listId } = await h.reseed());
  });

  // docs/api/openapi.yaml#searchWorkspace: Title length: 255 characters (create and update).
  describe('Title length: 255 characters (create and update)', () => {
    for (const [label, ch] of [
      ['accented (BMP)', '\u00e9'],
      ['emoji', ASTRAL],
      ['CJK extension B', CJK_EXT_B],
    ] as const) {
      it(`create: 255 ${label} characters accepted, 256 refused`, async () => {
        const ok = await a.post(`/workspaces/${w.acme.id}/tasks`, { list_id: listId, title: ch.repeat(255) });
        assert.equal(ok.status, 201, `255 characters: ${ok.text.slice(0, 200)}`);
        assert.equal([...ok.body.title].length, 255);
        assertError(
          await a.post(`/workspaces/${w.acme.id}/tasks`, { list_id: listId, title: ch.repeat(256) }),
          422,
          'title',
        );
      });
    }

    it('update: 255 emoji accepted, 256 refused', async () => {
      const t = await createTask(a, w.acme.id, { list_id: listId, title: 'short' });
      const ok = await a.patch(`/workspaces/${w.acme.id}/tasks/${t.id}`, { title: ASTRAL.repeat(255) });
      assert.equal(ok.status, 200, ok.text.slice(0, 200));
      assertError(await a.patch(`/workspaces/${w.acme.id}/tasks/${t.id}`, { title: ASTRAL.repeat(256) }), 422, 'title');
    });
  });

  // docs/api/openapi.yaml#searchWorkspace: Task index search: max 255 characters.
  describe('Task index search: max 255 characters', () => {
    it('255 emoji accepted, 256 refused', async () => {
      const path = `/workspaces/${w.acme.id}/tasks`;
      const ok = await a.get(path, { list_id: listId, search: ASTRAL.repeat(255) });
      assert.equal(ok.status, 200, ok.text.slice(0, 200));
      assertError(await a.get(path, { list_id: listId, search: ASTRAL.repeat(256) }), 422, 'search');
    });
  });

  // docs/api/openapi.yaml#searchWorkspace: Search query length: 1 to 255 characters.
  describe('Search query length: 1 to 255 characters', () => {
    it('255 emoji accepted, 256 refused', async () => {
      const ok = await a.get('/search', { workspace_id: w.acme.id, q: ASTRAL.repeat(255) });
      assert.equal(ok.status, 200, ok.text.slice(0, 200));
      assertError(await a.get('/search', { workspace_id: w.acme.id, q: ASTRAL.repeat(256) }), 422, 'q');
    });

    it('a single emoji is a valid 1-character query', async () => {
      assert.equal((await a.get('/search', { workspace_id: w.acme.id, q: ASTRAL })).status, 200);
    });
  });
});
