import * as assert from 'node:assert/strict';
import { branchName, isBranchName, slug } from '../../../../src/core/codeLinks/branch';
import { PrefixBook } from '../../../../src/core/codeLinks/prefixes';
import { todoReferenceInsert } from '../../../../src/core/codeLinks/todos';
import { isDisplayId, isValidPrefix, prefixOf, writableDisplayId } from '../../../../src/core/tasks/displayId';
import { parseTaskReference } from '../../../../src/core/tasks/links';
import { corpus } from '../../../hostile/corpus';
import { gitRejects, refProblem } from './refRules';

describe('display ids: one strict grammar before anything is written', () => {
  it('accepts letters and digits, a dash and a number', () => {
    for (const id of ['ACME-1', 'SIDE-347', 'A-0', 'acme-12', 'A2B3-999999999', `${'A'.repeat(20)}-1`]) {
      assert.equal(isDisplayId(id), true, id);
      assert.equal(writableDisplayId({ display_id: id }), id);
    }
  });

  const refused = [
    'ACME-1\nrm -rf ~',
    'ACME-1\r\nimport os',
    'ACME-1 ',
    ' ACME-1',
    'ACME 1',
    'ACME-1\u2028x',
    'ACME-1\u0000',
    'ACME-1\t',
    '<b>ACME-1</b>',
    '[ACME-1](command:workbench.action.openSettings)',
    'ACME-1*/',
    'ACME-1-->',
    '$(bug)-1',
    '`ACME-1`',
    'ACME-',
    '-1',
    'ACME',
    '1ACME-1',
    'ACME_X-1',
    'ACME.X-1',
    'AC/ME-1',
    `${'A'.repeat(21)}-1`,
    'ACME-1234567890',
    'ACME--1',
    'ACМE-12',
    'ÄCME-1',
    'ACME-１',
    'ACME-1\u200b',
    '\u202eACME-1',
    'ACME-1.2',
    'ACME-1-2',
    '',
    'A'.repeat(100_000),
  ];
  for (const id of refused) {
    it(`refuses ${JSON.stringify(id.slice(0, 40))}`, () => {
      assert.equal(isDisplayId(id), false);
      assert.equal(writableDisplayId({ display_id: id }), undefined);
      assert.equal(todoReferenceInsert(id), undefined, 'nothing to insert into a TODO');
      assert.equal(branchName('{displayId}-{title}', { displayId: id, title: 'x' }, true), undefined, 'no branch');
    });
  }

  it('refuses every payload of the hostile corpus, and values that are not strings', () => {
    for (const payload of corpus) {
      assert.equal(isDisplayId(payload.text), false, payload.name);
      assert.equal(prefixOf(payload.text), undefined, payload.name);
      assert.equal(isValidPrefix(payload.text), /^[A-Za-z][A-Za-z0-9]{0,19}$/.test(payload.text), payload.name);
    }
    for (const value of [undefined, null, 12, {}, ['ACME-1'], { toString: () => 'ACME-1' }]) {
      assert.equal(isDisplayId(value), false, String(value));
      assert.equal(writableDisplayId({ display_id: value }), undefined);
    }
    assert.equal(writableDisplayId(undefined), undefined);
  });

  it('the scanner, the prefix book and pasted references use the same grammar', () => {
    assert.equal(prefixOf('ACME-12'), 'ACME');
    assert.equal(prefixOf('ACME-12\n'), undefined);
    assert.equal(parseTaskReference('ACME-12', 'https://t.example/api').kind, 'displayId');
    assert.equal(parseTaskReference('https://t.example/t/ACME-1%0Arm', 'https://t.example/api').kind, 'invalid');
    const book = new PrefixBook({ 'AC\nME': ['w'], ACME: ['w'] }, ['SIDE', '<b>', 'A'.repeat(21)]);
    assert.equal(book.learn('w2', 'EVIL-1\nx'), false);
    assert.deepEqual(book.prefixes().sort(), ['ACME', 'SIDE']);
  });

  it('settings of the wrong type from a folder are ignored, not thrown on', () => {
    for (const value of ['ACME', { ACME: true }, null, 12, [['ACME'], { x: 1 }]]) {
      const book = new PrefixBook({}, value);
      book.setConfigured(value);
      assert.deepEqual(book.prefixes(), []);
    }
    const untyped = { displayId: 'ACME-1', title: 42 as unknown as string };
    assert.equal(branchName(7 as unknown as string, untyped, true), 'acme-1');
  });

  it('todoReferenceInsert wraps a valid id', () => {
    assert.equal(todoReferenceInsert('ACME-12'), '(ACME-12)');
  });
});

describe('branch names: git ref rules whatever the template, title or id hold', () => {
  const task = { displayId: 'ACME-12', title: 'Fix the login' };

  it('every corpus payload as title or as template gives a name git accepts, at most 100 characters', () => {
    const names: string[] = [];
    for (const payload of corpus) {
      for (const lower of [true, false]) {
        const asTitle = branchName('{displayId}-{title}', { displayId: 'ACME-12', title: payload.text }, lower);
        const asTemplate = branchName(payload.text, task, lower);
        const wrapped = branchName(`${payload.text}/{displayId}/${payload.text}`, task, lower);
        for (const name of [asTitle, asTemplate, wrapped]) {
          assert.ok(name !== undefined, payload.name);
          assert.equal(refProblem(name), undefined, `${payload.name}: ${name}`);
          assert.equal(isBranchName(name), true, `${payload.name}: ${name}`);
          names.push(name);
        }
      }
    }
    assert.deepEqual(gitRejects(names), []);
  });

  const templates: [string, string][] = [
    ['refs/heads/../../x', 'refs/heads/x'],
    ['-{displayId}', 'acme-12'],
    ['/{displayId}/', 'acme-12'],
    ['a//b/{displayId}', 'a/b/acme-12'],
    ['a/./b/{id}', 'a/b/acme-12'],
    ['{displayId}.lock.lock', 'acme-12'],
    ['x.lock/{displayId}.LOCK', 'x/acme-12'],
    ['@{-1}', '1'],
    ['@', 'acme-12'],
    ['HEAD', 'acme-12'],
    ['{title}{title}{title}', 'fix-the-loginfix-the-loginfix-the-login'],
    ['~^:?*[\\ {displayId}', 'acme-12'],
    ['{displayId}\n{title}\u0000', 'acme-12-fix-the-login'],
    ['{unknown}-{displayId}', 'unknown-acme-12'],
    ['.'.repeat(100_000), 'acme-12'],
    ['/'.repeat(100_000), 'acme-12'],
    ['-'.repeat(100_000), 'acme-12'],
    ['{title}'.repeat(20_000), `${'fix-the-login'.repeat(7)}fix-the-l`],
  ];
  for (const [template, expected] of templates) {
    it(`template ${JSON.stringify(template.slice(0, 30))} -> ${expected.slice(0, 30)}`, () => {
      const name = branchName(template, task, true);
      assert.equal(name, expected);
      assert.equal(refProblem(name ?? ''), undefined);
    });
  }

  it('HEAD in its own case falls back to the display id; a placeholder in the title is not filled again', () => {
    assert.equal(branchName('HEAD', task, false), 'ACME-12');
    assert.equal(
      branchName('{title}', { displayId: 'ACME-12', title: '{displayId} {title}' }, false),
      'displayId-title',
    );
    assert.equal(slug('{displayId}'), 'displayId');
  });

  it('isBranchName, the last check before the Git extension, refuses what git or the rules refuse', () => {
    for (const bad of [
      '',
      'HEAD',
      '-x',
      'x/',
      '/x',
      'a//b',
      'a..b',
      '.a',
      'a.',
      'a.lock',
      'a/.b',
      'a b',
      'a\nb',
      'a~1',
      'a^',
      'a:b',
      'a?',
      'a*',
      'a[',
      'a\\b',
      '@{-1}',
      '@',
      'é',
      'x'.repeat(101),
      7,
      undefined,
    ]) {
      assert.equal(isBranchName(bad), false, String(bad));
    }
    for (const good of ['acme-12-fix', 'feature/ACME-12', 'a_b.c/d']) {
      assert.equal(isBranchName(good), true, good);
    }
  });

  it('the names of this table pass git check-ref-format', () => {
    assert.deepEqual(gitRejects(templates.map(([template]) => branchName(template, task, true) ?? '')), []);
  });
});
