import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { inert } from '../../../../src/core/text/inert';
import { linkTarget, markdownLink } from '../../../../src/core/text/markdownLink';
import { corpus } from '../../../hostile/corpus';

// How others may render a task's description: raw HTML on, bare URLs linkified.
const markdown = new MarkdownIt({ html: true, linkify: true });

const decode = (html: string): string =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('markdownLink: the "From file:line" link of a task created from a selection', () => {
  for (const payload of corpus) {
    it(`a file named "${payload.name}" gives one link, to the file, with the name as plain text`, () => {
      const target = `https://files.test/w/${payload.text}#L3`;
      const html = markdown.render(`From ${markdownLink(`${payload.text}:3`, target)}`);
      const tags = [...html.matchAll(/<\/?([a-z][a-z0-9]*)\b[^>]*>/gi)].map((m) => m[1]!.toLowerCase());
      assert.deepEqual([...new Set(tags)].sort(), ['a', 'p'], html.slice(0, 300));
      const links = [...html.matchAll(/<a href="([^"]*)">([\s\S]*?)<\/a>/g)];
      assert.equal(links.length, 1, html.slice(0, 300));
      const [, href, text] = links[0]!;
      assert.equal(decode(href!), markdown.normalizeLink(linkTarget(target)), 'the target is the file, as encoded');
      assert.ok(href!.startsWith('https://files.test/w/'), href!.slice(0, 100));
      assert.equal(decode(text!), inert(`${payload.text}:3`));
    });
  }

  it('leaves a file URI as VS Code writes it unchanged', () => {
    const uri = 'file:///home/dev/my%20project/src/a%28b%29.ts#L12';
    assert.equal(linkTarget(uri), uri);
    assert.equal(markdownLink('src/a.ts:12', uri), `[src\\/a\\.ts\\:12](${uri})`);
  });

  it('encodes what could end the target or hide in it', () => {
    assert.equal(linkTarget('x) [y](command:a "t" <b>\\'), 'x%29%20%5By%5D%28command:a%20%22t%22%20%3Cb%3E%5C');
    assert.equal(linkTarget('&#40;&lt;'), '%26#40;%26lt;');
    assert.equal(linkTarget('a\u202eb\u200bc\nd'), 'a%E2%80%AEb%E2%80%8Bc%0Ad');
    assert.equal(linkTarget('\ud800x'), '%EF%BF%BDx');
  });

  it('finishes 100,000-character names and targets within 1 s', () => {
    for (const payload of corpus.filter((p) => p.text.length >= 100_000)) {
      const started = performance.now();
      markdownLink(payload.text, payload.text);
      assert.ok(performance.now() - started < 1000, payload.name);
    }
  });
});
