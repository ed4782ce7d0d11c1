import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { inert, inertLines, inertMarkdown } from '../../../../src/core/text/inert';
import { corpus, liveInPlainText } from '../../../hostile/corpus';

// CommonMark with every extension that could make a link: raw HTML on, bare URLs linkified.
const markdown = new MarkdownIt({ html: true, linkify: true });

describe('inert text', () => {
  for (const payload of corpus) {
    it(`shows "${payload.name}" as plain text in every surface`, () => {
      for (const shown of [inert(payload.text), inertLines(payload.text)]) {
        assert.equal(liveInPlainText(shown), undefined, shown.slice(0, 200));
        assert.ok([...shown].length <= 1000);
      }
      assert.ok(!inert(payload.text).includes('\n'));
    });

    it(`renders "${payload.name}" as Markdown with no link, image, HTML or icon`, () => {
      const html = markdown.render(inertMarkdown(payload.text));
      assert.doesNotMatch(html, /<(?!\/?(p|br)\b)[a-z/]/i, html.slice(0, 200));
      assert.doesNotMatch(html, /\$\((?!\u200b)/);
      // And it still says what the payload says.
      const text = html
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      assert.equal(text.replace(/\s+/g, ' ').trim(), inertLines(payload.text).replace(/\s+/g, ' ').trim());
    });
  }

  it('reads as the original when nothing in it is live', () => {
    assert.equal(inert('Fix the login page (ACME-12) — 50% done'), 'Fix the login page (ACME-12) — 50% done');
    assert.equal(inert('a\nb\tc'), 'a b c');
    assert.equal(inertLines('a\nb'), 'a\nb');
  });

  it('a cut right after the break of an icon or link leaves no lone zero-width space', () => {
    for (let max = 4; max < 16; max++) {
      assert.equal(liveInPlainText(inert('$('.repeat(50), max)), undefined, `max ${max}`);
      assert.equal(liveInPlainText(inert('](x'.repeat(50), max)), undefined, `max ${max}`);
    }
  });

  it('keeps the words of a link and an icon, and breaks only their syntax', () => {
    assert.equal(inert('[Open](command:x)'), '[Open]\u200b(command:x)');
    assert.equal(inert('$(bug) x'), '$\u200b(bug) x');
    assert.equal(inert(inert('[a](b) $(c)')), inert('[a](b) $(c)'));
  });

  it('cuts long text with an ellipsis and never splits a character', () => {
    assert.equal(inert('abcdef', 4), 'abc…');
    assert.equal(inert('\u{1F600}'.repeat(10), 3), '\u{1F600}\u{1F600}…');
  });

  it('finishes 100,000-character inputs in linear time', () => {
    for (const payload of corpus.filter((p) => p.text.length >= 100_000)) {
      const started = performance.now();
      inert(payload.text, 200_000);
      inertMarkdown(payload.text, 200_000);
      assert.ok(performance.now() - started < 1000, payload.name);
    }
  });
});
