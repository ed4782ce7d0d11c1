import * as assert from 'node:assert/strict';
import { otherWorld, requestLog, sandboxOrigin } from './helpers';

// The runner's sandbox is the demo world; otherWorld() adds a second one on demand (sandbox/README.md#worlds),
// the foundation of the tests of several accounts.
describe('Integration host: a second sandbox of the other world', () => {
  it('starts on demand on its own address, with its own tokens and request log', async () => {
    const other = await otherWorld();
    assert.notEqual(other.origin, sandboxOrigin());
    assert.equal((await otherWorld()).origin, other.origin, 'one sandbox for the whole run');
    assert.deepEqual(other.tokens, ['other-token-frank', 'other-token-grace', 'other-token-heidi']);
    await other.control('POST', '/reset');
    const before = (await requestLog()).length;
    const me = await fetch(`${other.baseUrl}/user`, { headers: { authorization: `Bearer ${other.tokens[0]}` } });
    assert.equal(me.status, 200);
    const refused = await fetch(`${other.baseUrl}/user`, { headers: { authorization: 'Bearer demo-token-alice' } });
    assert.equal(refused.status, 401, 'a demo token means nothing to the other world');
    assert.deepEqual(
      (await other.requestLog()).map((r) => `${r.status} ${r.token_label}`),
      ['200 frank', '401 unknown'],
    );
    const demoLog = (await requestLog()).slice(before);
    assert.ok(
      demoLog.every((r) => r.token_label !== 'frank' && r.token_label !== 'unknown'),
      JSON.stringify(demoLog),
    );
  });
});
