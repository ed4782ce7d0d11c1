import { strict as assert } from 'node:assert';
import { parseBaseUrl } from '../../../../src/core/api/baseUrl';

describe('api/baseUrl parseBaseUrl', () => {
  const accepted: Array<[string, string]> = [
    ['https://tasks.example.com/api', 'https://tasks.example.com/api'],
    ['  https://tasks.example.com/api/  ', 'https://tasks.example.com/api'],
    ['https://tasks.example.com/api///', 'https://tasks.example.com/api'],
    ['https://tasks.example.com:8443/v/api', 'https://tasks.example.com:8443/v/api'],
    ['http://127.0.0.1:4010/api', 'http://127.0.0.1:4010/api'],
    ['http://localhost/api/', 'http://localhost/api'],
    ['http://[::1]:9/api', 'http://[::1]:9/api'],
    ['HTTPS://Tasks.Example.com/api', 'https://tasks.example.com/api'],
  ];
  for (const [input, url] of accepted) {
    it(`accepts ${JSON.stringify(input)}`, () => {
      assert.deepEqual(parseBaseUrl(input), { ok: true, url });
    });
  }

  const rejected: Array<[string, RegExp]> = [
    ['', /Enter the base URL/],
    ['   ', /Enter the base URL/],
    ['tasks.example.com/api', /must start with https:\/\//],
    ['http://tasks.example.com/api', /must use https:\/\/.*127\.0\.0\.1, localhost and \[::1\]/],
    ['http://10.0.0.5/api', /must use https:\/\//],
    ['ftp://tasks.example.com/api', /must start with https:\/\//],
    ['https://tasks.example.com', /must include the API prefix, for example https:\/\/tasks\.example\.com\/api/],
    ['https://tasks.example.com/', /must include the API prefix/],
    ['http://127.0.0.1:4010', /must include the API prefix, for example http:\/\/127\.0\.0\.1:4010\/api/],
    ['https://user:secret@tasks.example.com/api', /user name or password/],
    ['https://user@tasks.example.com/api', /user name or password/],
    ['https://tasks.example.com/api?x=1', /query string/],
    ['https://tasks.example.com/api?', /query string/],
    ['https://tasks.example.com/api#top', /fragment/],
    ['https://exa mple.com/api', /not a valid URL/],
  ];
  for (const [input, message] of rejected) {
    it(`rejects ${JSON.stringify(input)}`, () => {
      const result = parseBaseUrl(input);
      assert.equal(result.ok, false);
      assert.match((result as { message: string }).message, message);
    });
  }

  it('never echoes a password back in the message', () => {
    const result = parseBaseUrl('https://u:hunter2@tasks.example.com/api');
    assert.equal(result.ok, false);
    assert.doesNotMatch((result as { message: string }).message, /hunter2/);
  });
});
