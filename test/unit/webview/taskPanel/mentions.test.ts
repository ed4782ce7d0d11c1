import * as assert from 'node:assert/strict';
import {
  insertMention,
  matchMembers,
  mentionAt,
  mentionedIds,
  unmatchedMentions,
} from '../../../../src/webview/taskPanel/mentions';

const members = [
  { id: 'a', name: 'Alice Admin' },
  { id: 'b', name: 'Bob Member' },
  { id: 'd', name: 'Dave Lead' },
  { id: 'x', name: 'Robert Bobson' },
];

describe('task panel: the mention picker’s text (webview/taskPanel/mentions.ts)', () => {
  const at: [string, string, { start: number; query: string } | undefined][] = [
    ['an @ at the start', '@Bo', { start: 0, query: 'Bo' }],
    ['after a space', 'Hi @Bo', { start: 3, query: 'Bo' }],
    ['a bare @', 'Hi @', { start: 3, query: '' }],
    ['a name with a space, still being typed', 'Hi @Bob M', { start: 3, query: 'Bob M' }],
    ['inside a word (an email address)', 'mail a@b', undefined],
    ['a space right after @', 'Hi @ there', undefined],
    ['no @', 'Hi there', undefined],
    ['an @ on an earlier line', '@Bob\nnext', undefined],
  ];
  for (const [label, text, expected] of at) {
    it(`the @ at the caret: ${label}`, () => assert.deepEqual(mentionAt(text, text.length), expected));
  }

  it('offers names that start with the query first, then names with such a word, case aside', () => {
    assert.deepEqual(
      matchMembers('bo', members).map((m) => m.id),
      ['b', 'x'],
    );
    assert.deepEqual(
      matchMembers('Bob M', members).map((m) => m.id),
      ['b'],
    );
    assert.deepEqual(
      matchMembers('', members).map((m) => m.id),
      ['a', 'b', 'd', 'x'],
    );
    assert.deepEqual(matchMembers('zed', members), []);
    assert.equal(matchMembers('', members, 2).length, 2, 'bounded');
  });

  it('inserts @Full Name and a space in place of the query, the caret after it', () => {
    const text = 'Hi @Bo, see this';
    const caret = 'Hi @Bo'.length;
    const next = insertMention(text, 3, caret, 'Bob Member');
    assert.deepEqual(next, { text: 'Hi @Bob Member , see this', caret: 'Hi @Bob Member '.length });
    assert.deepEqual(mentionedIds(next.text, members), ['b'], 'what was inserted is a mention');
    assert.deepEqual(insertMention('@Bo', 0, 3, 'Bob Member'), { text: '@Bob Member ', caret: 12 });
  });

  it('finds the @words that name nobody, not the mentions nor email addresses', () => {
    assert.deepEqual(unmatchedMentions('Hi @Bo and @Bob Member, mail a@b.com', members), ['Bo']);
    assert.deepEqual(unmatchedMentions('@bob member (case matters)', members), ['bob']);
    assert.deepEqual(unmatchedMentions('Thanks @Alice Admin!', members), []);
    assert.deepEqual(unmatchedMentions('(@Zed)', members), ['Zed']);
  });
});
