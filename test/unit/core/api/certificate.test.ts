import * as assert from 'node:assert/strict';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '../../../../src/core/api/client';
import { NetworkError } from '../../../../src/core/api/errors';
import { selfSignedCertificate } from './selfSigned';
import type { SelfSigned } from './selfSigned';

/**
 * A service behind a self-signed certificate (a company CA the machine does not trust): the call
 * fails as a NetworkError that says "certificate" and carries the TLS code, so the extension can
 * tell the user about NODE_EXTRA_CA_CERTS instead of "could not be reached". Never retried into a
 * success: certificate checks are not switched off.
 */
describe('API client: a self-signed certificate is named as such', function () {
  let server: Server | undefined;
  let certificate: SelfSigned;

  before(function () {
    const made = selfSignedCertificate();
    if (!made) {
      this.skip();
    }
    certificate = made;
  });

  after(() => {
    server?.close();
  });

  it('fails with NetworkError.certificate and the TLS code in the message', async () => {
    server = createServer(certificate, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id":"x"}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new ApiClient({
      baseUrl: `https://127.0.0.1:${port}/api`,
      token: 'tp-test-token',
      retry: { transientRetries: 0 },
    });
    const error = await client.getUser().then(
      () => assert.fail('a self-signed certificate must not be accepted'),
      (e: unknown) => e,
    );
    assert.ok(NetworkError.is(error), String(error));
    assert.ok(error.certificate, `code ${error.code}`);
    assert.match(
      error.message,
      /certificate that is not trusted \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)/,
    );
    assert.doesNotMatch(error.message, /tp-test-token/);
  });
});
