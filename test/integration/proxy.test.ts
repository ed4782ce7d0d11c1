import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import { activateExtension } from './helpers';

/**
 * Why the client's transport is Node's http/https and not a bundled undici: VS Code's
 * extension host patches those modules, so `http.proxy` (and system certificates) apply to the
 * extension's requests. VS Code never proxies localhost, so the request here goes to an https
 * address; the test proxy records the tunnel it is asked for and refuses it (no token can leave).
 */
describe("Network: the extension's requests follow VS Code's http.proxy", function () {
  this.timeout(60_000);
  let api: TestApi;
  let proxy: Server;
  const tunnels: string[] = [];
  const http = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('http');

  before(async () => {
    api = await activateExtension();
    proxy = createServer((_req, res) => res.writeHead(502).end());
    proxy.on('connect', (req: { url?: string }, socket: Socket) => {
      tunnels.push(`CONNECT ${req.url}`);
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });

  after(async () => {
    await http().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    proxy.close();
  });

  it('asks the configured proxy for a tunnel to the service (and fails when the proxy refuses it)', async () => {
    await http().update(
      'proxy',
      `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      vscode.ConfigurationTarget.Global,
    );
    // Checking a token is one GET /user without retries (the extension's own client, from its bundle).
    const outcome = await api.session.verify('https://tasks.invalid/api', 'demo-token-alice').then(
      () => 'signed in',
      // The extension's own error classes (another bundle than this test's): read structurally.
      (e: unknown) => (e as { kind?: string }).kind,
    );
    assert.deepEqual(tunnels, ['CONNECT tasks.invalid:443'], 'the request went to the proxy, not to the network');
    // VS Code's proxy agent hands the refused tunnel back as the proxy's 502: the check fails as a 5xx.
    assert.equal(outcome, 'server');
  });
});
