import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { buildServer, runBare, serverPath } from './harness';

describe('mcp server: configuration from the environment only', function () {
  this.timeout(60_000);
  before(() => {
    if (!existsSync(serverPath)) {
      buildServer();
    }
  });

  it('refuses to start without TASK_PLATFORM_BASE_URL and TASK_PLATFORM_TOKEN, saying so on stderr', () => {
    const none = runBare({});
    assert.notEqual(none.status, 0);
    assert.match(none.stderr, /TASK_PLATFORM_BASE_URL and TASK_PLATFORM_TOKEN are not set/);
    assert.equal(none.stdout, '', 'stdout is the protocol channel: nothing else goes there');
  });

  it('names the one variable that is missing, and never prints the token', () => {
    const noUrl = runBare({ TASK_PLATFORM_TOKEN: 'secret-token-1234' });
    assert.notEqual(noUrl.status, 0);
    assert.match(noUrl.stderr, /TASK_PLATFORM_BASE_URL is not set/);
    assert.ok(!noUrl.stderr.includes('secret-token-1234'));
    const noToken = runBare({ TASK_PLATFORM_BASE_URL: 'http://127.0.0.1:9/api' });
    assert.notEqual(noToken.status, 0);
    assert.match(noToken.stderr, /TASK_PLATFORM_TOKEN is not set/);
  });

  it('refuses a request budget outside 1 to 60 a minute', () => {
    const result = runBare({
      TASK_PLATFORM_BASE_URL: 'http://127.0.0.1:9/api',
      TASK_PLATFORM_TOKEN: 'secret-token-1234',
      TASK_PLATFORM_REQUESTS_PER_MINUTE: '120',
    });
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /TASK_PLATFORM_REQUESTS_PER_MINUTE must be a whole number from 1 to 60 \(got "120"\)/);
  });

  it('refuses a base URL the client would refuse (plain http to another host)', () => {
    const result = runBare({
      TASK_PLATFORM_BASE_URL: 'http://tasks.example.com/api',
      TASK_PLATFORM_TOKEN: 'secret-token-1234',
    });
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /TASK_PLATFORM_BASE_URL is not usable/);
    assert.ok(!result.stderr.includes('secret-token-1234'));
  });
});
