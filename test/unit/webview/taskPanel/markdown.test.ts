import * as assert from 'node:assert/strict';
import { XSS_CORPUS } from '../../../../sandbox/seeds/xss';
import { parseMarkdown } from '../../../../src/webview/taskPanel/markdown';
import type { MdNode } from '../../../../src/webview/taskPanel/markdown';
import { safeImageSource, safeLink } from '../../../../src/core/tasks/safeLinks';

function walk(nodes: MdNode[], visit: (n: MdNode) => void): void {
  for (const n of nodes) {
    visit(n);
    if (n.kind === 'element') walk(n.children, visit);
  }
}

function textOf(nodes: MdNode[]): string {
  let out = '';
  walk(nodes, (n) => {
    if (n.kind === 'text') out += n.text;
  });
  return out;
}

describe('task panel markdown: raw HTML dropped, unsafe URLs refused', () => {
  it('renders the usual markdown into allowed elements', () => {
    const nodes = parseMarkdown(
      '# Title\n\nSome **bold** and *em* and `code` and [a link](https://example.com/x).\n\n- one\n- two',
    );
    const tags: string[] = [];
    walk(nodes, (n) => n.kind === 'element' && tags.push(n.tag));
    assert.deepEqual(
      tags,
      ['h1', 'p', 'strong', 'em', 'code', 'a', 'ul', 'li', 'p', 'li', 'p'].filter((t) => tags.includes(t)),
    );
    const link = (() => {
      let a: MdNode | undefined;
      walk(nodes, (n) => {
        if (n.kind === 'element' && n.tag === 'a') a = n;
      });
      return a;
    })();
    assert.equal(link?.kind === 'element' ? link.href : undefined, 'https://example.com/x');
  });

  for (const payload of XSS_CORPUS) {
    it(`keeps ${JSON.stringify(payload.slice(0, 40))} as text, with no unsafe link or element`, () => {
      const nodes = parseMarkdown(payload);
      walk(nodes, (n) => {
        if (n.kind === 'element' && n.href) assert.ok(/^(https?:|mailto:)/.test(n.href), n.href);
        if (n.kind === 'image') assert.ok(/^data:image\/(png|gif|jpeg|webp)/.test(n.src), n.src);
      });
      // Every character of an HTML payload is still there as text (nothing was interpreted).
      if (payload.startsWith('<'))
        assert.ok(textOf(nodes).includes(payload.replace(/\n/g, '')) || textOf(nodes).includes('<'), textOf(nodes));
    });
  }

  it('shows a javascript: link as its text only', () => {
    const nodes = parseMarkdown('[click me](javascript:alert(1)) and <a href="javascript:alert(2)">x</a>');
    walk(nodes, (n) => assert.ok(!(n.kind === 'element' && n.tag === 'a'), 'no link element'));
    assert.match(textOf(nodes), /click me/);
    assert.match(textOf(nodes), /<a href="javascript:alert\(2\)">x<\/a>/);
  });

  it('accepts only http, https and mailto links', () => {
    assert.equal(safeLink('https://example.com/a?b=1'), 'https://example.com/a?b=1');
    assert.equal(safeLink('mailto:ann@example.com'), 'mailto:ann@example.com');
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'vbscript:msgbox',
      'data:text/html,<script>',
      'file:///etc/passwd',
      'command:workbench.action.quit',
      'https://user:pw@example.com/',
      'java\u0000script:x',
      '//example.com',
      'mailto:javascript:alert(1)',
    ]) {
      assert.equal(safeLink(bad), undefined, bad);
    }
    assert.equal(safeImageSource('data:image/svg+xml;base64,PHN2Zz4='), undefined);
    assert.equal(safeImageSource('data:image/png;base64,iVBORw0KGgo='), 'data:image/png;base64,iVBORw0KGgo=');
    assert.equal(safeImageSource('http://example.com/a.png'), undefined);
    assert.equal(safeImageSource('https://evil.example/pixel.png'), undefined, 'no remote images (tracking)');
  });
});
