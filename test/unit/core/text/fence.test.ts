import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { fenced } from '../../../../src/core/text/fence';
import { corpus } from '../../../hostile/corpus';

describe('fenced: workspace code stays one code block in a Markdown description', () => {
  const md = new MarkdownIt({ html: true, linkify: true });

  it('no payload of the corpus, nor a run of backticks, closes the block early', () => {
    const payloads = [
      ...corpus.map((p) => p.text),
      '```\n[x](command:a)\n```',
      '`'.repeat(100_000),
      'a`'.repeat(50_000),
    ];
    for (const code of payloads) {
      const tokens = md.parse(`${fenced(code, 'typescript')}\n\nafter`, {});
      const blocks = tokens.filter((t) => t.type === 'fence');
      assert.equal(blocks.length, 1, code.slice(0, 40));
      // markdown-it normalizes line ends and NUL (CommonMark); the text is otherwise the same.
      assert.equal(blocks[0]!.content, `${code.replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd')}\n`, code.slice(0, 40));
      assert.ok(!tokens.some((t) => t.type === 'html_block'), code.slice(0, 40));
    }
  });

  it('the language is an id or nothing; 100,000 characters take well under a second', () => {
    assert.match(fenced('x', 'python'), /^```python\n/);
    assert.match(fenced('x', 'a b`c'), /^```\n/);
    const started = performance.now();
    fenced('`'.repeat(100_000) + 'a`'.repeat(50_000), 'x');
    assert.ok(performance.now() - started < 1000);
  });
});
