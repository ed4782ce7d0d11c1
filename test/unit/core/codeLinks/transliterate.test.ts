import * as assert from 'node:assert/strict';
import { branchName, isBranchName } from '../../../../src/core/codeLinks/branch';
import { asciiTitle, needsTransliteration } from '../../../../src/core/codeLinks/transliterate';
import { corpus } from '../../../hostile/corpus';
import { gitRejects, refProblem } from './refRules';

/** Start Work's path: the title transliterated, then the default template filled. */
async function branchFor(title: unknown, template = '{displayId}-{title}', lower = true): Promise<string | undefined> {
  return branchName(template, { displayId: 'ACME-12', title: await asciiTitle(title) }, lower);
}

describe('branch names from titles in any script (any-ascii)', () => {
  const cases: [string, string, string][] = [
    ['Cyrillic', 'Исправить вход', 'acme-12-ispravit-vkhod'],
    ['Chinese, one word per character', '修复登录问题', 'acme-12-xiu-fu-deng-lu-wen-ti'],
    ['Greek', 'Διόρθωση σύνδεσης', 'acme-12-diorthosi-syndesis'],
    ['Arabic', 'إصلاح تسجيل الدخول', 'acme-12-slh-tsjyl-ldkhwl'],
    ['Japanese kana and kanji', '日本語のテスト', 'acme-12-ri-ben-yu-notesuto'],
    ['mixed scripts and Latin', 'Fix Вход for 登录 (v2)', 'acme-12-fix-vkhod-for-deng-lu-v2'],
    ['emoji only: the display id alone', '🐛🔥🚀', 'acme-12'],
    ['emoji are separators, not words', 'Вход 🐛 bug', 'acme-12-vkhod-bug'],
    ['accented Latin as before', 'Café ~ crème ^ [draft]', 'acme-12-cafe-creme-draft'],
    ['path separators and dot-dot', 'Вход/../../x\\..\\y', 'acme-12-vkhod-x-y'],
    ['control characters', 'Вход\u0000\u0007\n\r\tвыход\u007f', 'acme-12-vkhod-vykhod'],
    ['git-invalid characters', 'Вход ~^:?*[\\ @{-1} @ конец', 'acme-12-vkhod-1-konets'],
    ['a trailing .lock', 'Вход.lock', 'acme-12-vkhod-lock'],
    ['bidi and invisible characters', 'Вход\u202e\u200bвыход\u2066', 'acme-12-vkhod-vykhod'],
  ];
  for (const [what, title, expected] of cases) {
    it(`${what}: ${JSON.stringify(title)} -> ${expected}`, async () => {
      const name = await branchFor(title);
      assert.equal(name, expected);
      assert.equal(refProblem(name ?? ''), undefined);
    });
  }

  it('keeps case when asked, and the title in a folder of the template', async () => {
    assert.equal(await branchFor('Исправить Вход', '{displayId}-{title}', false), 'ACME-12-Ispravit-Vkhod');
    assert.equal(await branchFor('Вход', 'feature/{title}/{displayId}'), 'feature/vkhod/acme-12');
  });

  it('a title of any length in any script gives at most 100 characters, a slug of at most 50', async () => {
    for (const title of ['中'.repeat(100_000), 'Щ'.repeat(100_000), 'ﷺ'.repeat(5_000), '𝔘'.repeat(50_000)]) {
      const name = (await branchFor(title)) ?? '';
      assert.ok(name.length <= 'acme-12-'.length + 50, name);
      assert.equal(refProblem(name), undefined, name);
      const inFolders = (await branchFor(title, '{title}/{title}/{title}/{displayId}')) ?? '';
      assert.ok(inFolders.length <= 100, inFolders);
      assert.equal(refProblem(inFolders), undefined, inFolders);
    }
  });

  it('every hostile corpus payload, and each with Cyrillic around it, gives a name git accepts', async () => {
    const names: string[] = [];
    for (const payload of corpus) {
      for (const title of [payload.text, `Вход ${payload.text} 登录`]) {
        for (const lower of [true, false]) {
          const name = await branchFor(title, '{displayId}-{title}', lower);
          assert.ok(name !== undefined && isBranchName(name), `${payload.name}: ${String(name)}`);
          assert.equal(refProblem(name), undefined, `${payload.name}: ${name}`);
          names.push(name);
        }
      }
    }
    names.push(...(await Promise.all(cases.map(([, title]) => branchFor(title)))).map((n) => n ?? ''));
    assert.deepEqual(gitRejects(names), []);
  });

  it('the table is needed only for letters or digits that are not Latin once accents are dropped', () => {
    for (const title of ['Fix the login', 'Café crème naïve', 'Ångström', '🐛 ~^:?*', '', '\u0000\u202e']) {
      assert.equal(needsTransliteration(title), false, title);
    }
    for (const title of ['Вход', '登录', 'Σ', 'ß', 'Œuvre', 'Fix ١٢', `${'x'.repeat(399)}Щ`]) {
      assert.equal(needsTransliteration(title), true, title);
    }
    assert.equal(needsTransliteration(`${'x'.repeat(400)}Щ`), false, 'past what slug() reads');
  });

  it('what is not a string is an empty title, and an ASCII title comes back unchanged', async () => {
    for (const title of [undefined, null, 42, { title: 'Вход' }]) {
      assert.equal(await asciiTitle(title), '');
    }
    assert.equal(await asciiTitle('Fix the login: timeout!'), 'Fix the login: timeout!');
    assert.equal(await branchFor(42), 'acme-12');
  });
});
