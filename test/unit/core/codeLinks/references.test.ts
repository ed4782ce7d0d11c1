import * as assert from 'node:assert/strict';
import { occurrences, ReferenceIndex } from '../../../../src/core/codeLinks/referenceIndex';
import { PrefixBook } from '../../../../src/core/codeLinks/prefixes';
import { ReferenceMatcher, prefixOf } from '../../../../src/core/codeLinks/references';
import { lineCommentFor } from '../../../../src/core/codeLinks/syntax';
import { todoComments, todoReferenceInsert } from '../../../../src/core/codeLinks/todos';

const matcher = new ReferenceMatcher(['ACME', 'SIDE'], 'https://tasks.example.com/api');
const ids = (text: string, lang: string): string[] => matcher.scan(text, lang).map((r) => r.displayId);

describe('code links: references in comments', () => {
  // One row per language: a reference in each comment form counts, the same id in code or a string does not.
  const languages: [string, string, string[]][] = [
    ['typescript', 'const a = "ACME-1"; // see ACME-2\n/* and ACME-3 */ let ACME = 4;', ['ACME-2', 'ACME-3']],
    ['javascript', "let s = 'ACME-1'; let t = `ACME-9`; // ACME-2", ['ACME-2']],
    ['java', 'int x = 1; /** Javadoc: ACME-3 */\n// ACME-4', ['ACME-3', 'ACME-4']],
    ['go', '// ACME-5 fixes this\nfmt.Println("ACME-6")', ['ACME-5']],
    ['rust', '/// doc ACME-7\nlet s = "// ACME-8";', ['ACME-7']],
    ['csharp', '/* SIDE-1 */ var s = "SIDE-2";', ['SIDE-1']],
    ['c', '#include <x.h> // ACME-10', ['ACME-10']],
    [
      'python',
      'x = "ACME-1"  # ACME-11\ndef f():\n    """Docstring ACME-12."""\n    return \'ACME-13\'',
      ['ACME-11', 'ACME-12'],
    ],
    ['ruby', 'puts "ACME-1" # ACME-14\n=begin\nACME-15\n=end', ['ACME-14', 'ACME-15']],
    ['shellscript', 'echo "ACME-1" # ACME-16\necho $# ACME-17', ['ACME-16']],
    ['yaml', 'key: ACME-1 # ACME-18', ['ACME-18']],
    ['sql', "SELECT 'ACME-1' -- ACME-19\n/* ACME-20 */", ['ACME-19', 'ACME-20']],
    ['lua', 'local s = "ACME-1" -- ACME-21\n--[[ ACME-22 ]]', ['ACME-21', 'ACME-22']],
    ['haskell', 'x = "ACME-1" -- ACME-23\n{- ACME-24 -}', ['ACME-23', 'ACME-24']],
    ['html', '<p>ACME-1</p><!-- ACME-25 -->', ['ACME-25']],
    ['markdown', 'Text ACME-1 <!-- SIDE-26 -->', ['SIDE-26']],
    ['css', '.a { color: #ACME-1; } /* ACME-27 */', ['ACME-27']],
    ['php', '<?php echo "ACME-1"; # ACME-28\n// ACME-29', ['ACME-28', 'ACME-29']],
    ['powershell', '"ACME-1" # ACME-30\n<# ACME-31 #>', ['ACME-30', 'ACME-31']],
    // A commit message is prose: every id in it counts (Source Control's box, `git commit`'s editor).
    ['scminput', 'Fixes ACME-32: "quoted ACME-33"\n\nSee SIDE-34 // and ACME-1.2.3', ['ACME-32', 'ACME-33', 'SIDE-34']],
    ['git-commit', 'ACME-35: fix\n# Please enter the commit message', ['ACME-35']],
    ['plaintext', 'ACME-36 in a plain text file is not a comment', []],
  ];
  for (const [lang, text, expected] of languages) {
    it(`${lang}: ${expected.join(', ')}`, () => assert.deepEqual(ids(text, lang), expected));
  }

  // Things that look like ids but are not references: none may reach the resolver (no lookup).
  const negatives: [string, string][] = [
    ['a date', '// released 2026-08, due 2026-08-15'],
    ['an unknown prefix', '// see ABC-123 and JIRA-9'],
    ['a version', '// needs ACME-1.2.3 or lib v2.0-1'],
    ['a CSS colour', '/* #ACME-12 #fff #A0C0E0 */'],
    ['a lower-case UUID', '// id 3f2a0c1e-face-1234-9abc-0123456789ab'],
    ['an upper-case UUID fragment', '// 3F2A0C1E-ACME-1234-9ABC-0123456789AB'],
    ['a longer id', '// ACME-12-3 and XACME-4 and ACME_5'],
    ['a path', '// see docs/ACME-4.md'],
    ['a lower-case prefix', '// acme-12'],
  ];
  for (const [what, text] of negatives) {
    it(`ignores ${what}`, () => assert.deepEqual(ids(text, 'typescript'), []));
  }

  it('unknown languages and an empty matcher scan nothing', () => {
    assert.deepEqual(ids('// ACME-1', 'brainfuck'), []);
    assert.deepEqual(new ReferenceMatcher([]).scan('// ACME-1', 'typescript'), []);
  });

  it('task links of the configured service count; other hosts do not', () => {
    const text = '// https://tasks.example.com/t/ACME-40, https://evil.example/t/ACME-41 and ACME-42.';
    const refs = matcher.scan(text, 'typescript');
    assert.deepEqual(
      refs.map((r) => [r.displayId, r.form]),
      [
        ['ACME-40', 'url'],
        ['ACME-42', 'id'],
      ],
    );
    const url = refs[0]!;
    assert.equal(text.slice(url.start, url.end), 'https://tasks.example.com/t/ACME-40');
  });

  it('offsets point at the reference', () => {
    const text = 'x();\n  // fixes SIDE-7 now';
    const [ref] = matcher.scan(text, 'typescript');
    assert.equal(text.slice(ref!.start, ref!.end), 'SIDE-7');
  });

  it('learns prefixes from display ids', () => {
    assert.equal(prefixOf('ACME-12'), 'ACME');
    assert.equal(prefixOf('2026-08'), undefined);
    assert.equal(prefixOf('ACME-1.2'), undefined);
  });

  it('writes one-line comments per language', () => {
    assert.deepEqual(lineCommentFor('python'), { open: '#', close: '' });
    assert.deepEqual(lineCommentFor('html'), { open: '<!--', close: '-->' });
    assert.deepEqual(lineCommentFor('sql'), { open: '--', close: '' });
  });
});

describe('code links: TODO comments', () => {
  const cases: [string, string, string, { keyword: string; text: string; linked: boolean }[]][] = [
    [
      'typescript',
      'line comment',
      'f(); // TODO: handle the timeout\n',
      [{ keyword: 'TODO', text: 'handle the timeout', linked: false }],
    ],
    [
      'python',
      'hash and docstring',
      '# FIXME retry on 429\n"""BUG: wrong order"""',
      [
        { keyword: 'FIXME', text: 'retry on 429', linked: false },
        { keyword: 'BUG', text: 'wrong order', linked: false },
      ],
    ],
    ['html', 'markup comment', '<!-- TODO: alt text -->', [{ keyword: 'TODO', text: 'alt text', linked: false }]],
    ['typescript', 'already linked', '// TODO(ACME-3): later', [{ keyword: 'TODO', text: 'later', linked: true }]],
    ['typescript', 'in a string', 'const s = "TODO: not a comment";', []],
    ['typescript', 'a word containing it', '// TODOS and BUGGY', []],
  ];
  for (const [lang, what, text, expected] of cases) {
    it(what, () =>
      assert.deepEqual(
        todoComments(text, lang).map(({ keyword, text: t, linked }) => ({ keyword, text: t, linked })),
        expected,
      ),
    );
  }

  it('the keyword offsets allow the rewrite TODO -> TODO(ACME-12)', () => {
    const text = '  // TODO: x';
    const [todo] = todoComments(text, 'typescript');
    assert.equal(
      text.slice(0, todo!.keywordEnd) + todoReferenceInsert('ACME-12') + text.slice(todo!.keywordEnd),
      '  // TODO(ACME-12): x',
    );
  });

  it('caps the title at 255 characters', () => {
    const [todo] = todoComments(`// TODO ${'x'.repeat(400)}`, 'typescript');
    assert.equal([...todo!.text].length, 255);
  });
});

describe('code links: the workspace reference index', () => {
  it('groups by task then file, with lines and previews, and updates one file at a time', () => {
    const index = new ReferenceIndex();
    const a = 'x();\n// ACME-10 and ACME-2\n';
    const b = '# SIDE-1\n# ACME-2\n';
    assert.ok(index.set('a.ts', occurrences(a, matcher.scan(a, 'typescript'))));
    assert.ok(index.set('b.py', occurrences(b, matcher.scan(b, 'python'))));
    assert.deepEqual(index.displayIds(), ['ACME-2', 'ACME-10', 'SIDE-1']);
    assert.deepEqual(
      index.filesOf('ACME-2').map((f) => [f.file, f.occurrences[0]?.line, f.occurrences[0]?.preview]),
      [
        ['a.ts', 1, '// ACME-10 and ACME-2'],
        ['b.py', 1, '# ACME-2'],
      ],
    );
    assert.ok(!index.set('a.ts', occurrences(a, matcher.scan(a, 'typescript'))), 'unchanged file');
    assert.ok(index.set('b.py', []));
    assert.deepEqual(index.displayIds(), ['ACME-2', 'ACME-10']);
  });
});

describe('code links: the prefix book', () => {
  it('learns prefixes per workspace, keeps configured ones apart, and refuses bad prefixes', () => {
    const book = new PrefixBook({ ACME: ['w1'], 'bad prefix': ['w9'] }, ['OPS', '2026', 'x-y']);
    assert.deepEqual(book.prefixes().sort(), ['ACME', 'OPS']);
    assert.ok(book.learn('w2', 'SIDE-4'));
    assert.ok(!book.learn('w2', 'SIDE-5'), 'known already');
    assert.ok(!book.learn('w2', '2026-08'), 'not a display id');
    assert.deepEqual(book.workspacesFor('SIDE', ['w1', 'w2']), ['w2']);
    assert.deepEqual(
      book.workspacesFor('OPS', ['w1', 'w2']),
      ['w1', 'w2'],
      'a configured prefix is looked up everywhere',
    );
    assert.deepEqual(book.toJSON(), { ACME: ['w1'], SIDE: ['w2'] });
  });
});
