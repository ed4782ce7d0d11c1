// The web-app page of a task (docs/api/README.md#web-app-links): not part of the API; the sandbox
// answers the link format the extension builds (src/core/tasks/links.ts) with a page that shows
// nothing of the task.
import * as assert from 'node:assert/strict';
import { taskWebLink } from '../../src/core/tasks/links';
import { useSandbox } from './helpers';

describe('assumption: task links (/t/{display_id})', () => {
  const h = useSandbox({ rateLimit: 0 });

  it('answers a built link with an HTML page naming the id, without a token', async () => {
    const res = await fetch(taskWebLink(h.sb.baseUrl, 'ACME-122'));
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    const html = await res.text();
    assert.match(html, /<h1>ACME-122<\/h1>/);
    assert.ok(!html.includes('Flaky login tests'), 'no task content without a session');
  });

  it('refuses malformed ids (nothing echoed as markup) and writes', async () => {
    assert.equal((await fetch(`${h.sb.origin}/t/%3Cscript%3E`)).status, 404);
    assert.equal((await fetch(`${h.sb.origin}/t/`)).status, 404);
    const post = await fetch(`${h.sb.origin}/t/ACME-1`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
  });
});
