import * as assert from 'node:assert/strict';
import { visibleText } from '../../../../src/core/text/inert';
import { corpus, liveInPlainText } from '../../../hostile/corpus';

// Beyond the shared corpus: invisible characters of other kinds (format characters and default
// ignorables the corpus does not list), which a model reads and a person does not see.
const more: [string, string][] = [
  ['hangul fillers', 'a\u115fb\u1160c\u3164d\uffa0e'],
  ['combining grapheme joiner', 'a\u034fb'],
  ['mongolian vowel separator', 'a\u180eb'],
  ['language tag', 'a\u{E0001}b'],
  ['musical format characters', 'a\u{1D173}\u{1D17A}b'],
  ['arabic number sign', 'a\u0600b'],
  ['variation selector', 'a\ufe0fb'],
  ['khmer inherent vowels', 'a\u17b4\u17b5b'],
  ['interlinear annotation', 'a\ufff9x\ufffbb'],
];

describe('visibleText: data for a model or a preview, with nothing hidden in it', () => {
  for (const payload of corpus) {
    it(`"${payload.name}": no invisible or reordering character, every line break kept`, () => {
      const shown = visibleText(payload.text);
      assert.equal(liveInPlainText(shown.replace(/\]\(/g, '] (').replace(/\$\(/g, '$ (')), undefined);
      assert.equal(shown.split('\n').length, payload.text.replace(/\r\n?|[\u2028\u2029]/g, '\n').split('\n').length);
    });
  }

  for (const [name, text] of more) {
    it(`removes ${name}`, () => {
      assert.match(visibleText(text), /^a[x]?b$|^abcde$/);
    });
  }

  it('keeps what is visible as it is, and tabs and line breaks', () => {
    assert.equal(visibleText('Fix [login](https://x) $(bug)\n\tnow'), 'Fix [login](https://x) $(bug)\n\tnow');
    assert.equal(visibleText('a\r\nb\rc\u2028d'), 'a\nb\nc\nd');
    assert.equal(visibleText('\u{1F600} caf\u00e9'), '\u{1F600} caf\u00e9');
  });

  it('finishes within 1 s on 100,000-character inputs', () => {
    for (const text of [
      '\u200b'.repeat(100_000),
      '\u0007'.repeat(100_000),
      'a\r'.repeat(50_000),
      '\u{E0041}'.repeat(50_000),
    ]) {
      const started = performance.now();
      visibleText(text);
      assert.ok(performance.now() - started < 1_000);
    }
  });
});
