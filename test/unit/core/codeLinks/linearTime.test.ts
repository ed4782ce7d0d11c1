// every function that runs a regex or a glob over workspace or server text gets
// 100,000-character adversarial inputs and must finish within 1 s. The inputs are the corpus's huge
// payloads plus bait for each pattern: long runs of spaces, `*`, `/`, `[`, `-`, dots after a URL,
// letters before a dash, a TODO with nothing after it, wildcards over long paths. (The slowest of
// these, against reading the same input, is a row of `npm run bench`: bench/figures/linearTime.ts.)
import * as assert from 'node:assert/strict';
import { branchName, slug } from '../../../../src/core/codeLinks/branch';
import { commentSpans } from '../../../../src/core/codeLinks/comments';
import { fileAssociations, filePatternMatcher } from '../../../../src/core/codeLinks/filePatterns';
import { globMatcher, parseGitignore } from '../../../../src/core/codeLinks/ignore';
import { languageContributions, LanguageRegistry } from '../../../../src/core/codeLinks/languages';
import { PrefixBook } from '../../../../src/core/codeLinks/prefixes';
import { occurrences, ReferenceIndex } from '../../../../src/core/codeLinks/referenceIndex';
import { idBeforeCursor, ReferenceMatcher } from '../../../../src/core/codeLinks/references';
import { commentSyntax, knownLanguages } from '../../../../src/core/codeLinks/syntax';
import { todoComments } from '../../../../src/core/codeLinks/todos';
import { isDisplayId, prefixOf } from '../../../../src/core/tasks/displayId';
import { parseTaskReference } from '../../../../src/core/tasks/links';
import { safeLink } from '../../../../src/core/tasks/safeLinks';
import { fenced } from '../../../../src/core/text/fence';
import { inert, inertLines, inertMarkdown, visibleText } from '../../../../src/core/text/inert';
import { markdownLink } from '../../../../src/core/text/markdownLink';
import { adversarialTexts, adversarialGlobs, adversarialPaths } from '../../../hostile/adversarial';

const LIMIT_MS = 1000;

function within(limitMs: number, run: () => unknown): number {
  const started = performance.now();
  run();
  const ms = performance.now() - started;
  assert.ok(ms < limitMs, `took ${ms.toFixed(0)} ms (limit ${limitMs} ms)`);
  return ms;
}

describe('linear-time text processing: 100,000-character adversarial inputs finish within 1 s', function () {
  this.timeout(60_000);
  const matcher = new ReferenceMatcher(['ACME', 'SIDE', 'A'], 'https://tasks.example.com/api');

  for (const { name, text } of adversarialTexts()) {
    it(`${name}: comments, TODOs and references in every language`, () => {
      within(LIMIT_MS, () => {
        for (const language of ['typescript', 'python', 'html', 'lua', 'plaintext']) {
          todoComments(text, language);
          matcher.scan(text, language);
          commentSpans(text, commentSyntax(language)!);
        }
      });
    });

    it(`${name}: text shown (inert, Markdown, links, fences) and handed to assistants`, () => {
      within(LIMIT_MS, () => {
        // No cap here: the whole input goes through, as the worst a caller could pass.
        inert(text, text.length + 1);
        inertLines(text, text.length + 1);
        inertMarkdown(text, text.length + 1);
        visibleText(text);
        safeLink(text);
        safeLink(`https://evil.example/${text}`);
        markdownLink(text, `file:///${text}`);
        fenced(text, 'typescript');
      });
    });

    it(`${name}: one comment's references, completion, display ids, pasted references`, () => {
      within(LIMIT_MS, () => {
        matcher.inComment(text);
        idBeforeCursor(text);
        isDisplayId(text);
        prefixOf(text);
        parseTaskReference(text, 'https://tasks.example.com/api');
        parseTaskReference(`https://tasks.example.com/t/${text}`, 'https://tasks.example.com/api');
      });
    });

    it(`${name}: branch names (as template and as title) and previews`, () => {
      within(LIMIT_MS, () => {
        branchName(text, { displayId: 'ACME-1', title: text }, true);
        slug(text);
        occurrences(text, [{ start: 0, end: 1, displayId: 'ACME-1', form: 'id' }]);
        new PrefixBook({}, [text, ...text.split('', 10_000)]).learn('w', text);
      });
    });

    it(`${name}: as a .gitignore and as exclude globs, over hostile paths`, () => {
      within(LIMIT_MS, () => {
        const rules = parseGitignore(text);
        const globs = globMatcher([text, ...text.split('\n', 1000)]);
        for (const path of adversarialPaths()) {
          rules.ignores(path);
          globs(path);
        }
      });
    });
  }

  it('every comment syntax on every language, with a TODO followed by 100,000 spaces', () => {
    within(LIMIT_MS * 2, () => {
      for (const language of knownLanguages()) {
        const syntax = commentSyntax(language)!;
        const open = syntax.line[0] ?? syntax.block[0]?.[0] ?? '';
        todoComments(`${open} TODO${' '.repeat(100_000)}`, language);
      }
    });
  });

  it('the worst glob patterns the budget lets through, over the longest paths it matches', () => {
    const ms = within(LIMIT_MS, () => {
      const rules = parseGitignore(adversarialGlobs().join('\n'));
      const globs = globMatcher(adversarialGlobs());
      for (const path of adversarialPaths()) {
        rules.ignores(path);
        globs(path);
      }
    });
    assert.ok(ms >= 0);
  });

  it('file-name patterns of manifests and files.associations, over the longest paths', () => {
    const patterns = [...adversarialGlobs(), ...adversarialGlobs().map((g) => `**/${g}`), '*a?*.x', '**/a/*a*b'];
    within(LIMIT_MS, () => {
      const registry = new LanguageRegistry();
      for (const contribution of languageContributions({
        contributes: { languages: [{ id: 'x', extensions: ['.a'], filenamePatterns: patterns }] },
      })) {
        registry.add(contribution, { line: '#' });
      }
      const associations = fileAssociations(Object.fromEntries(patterns.map((p) => [p, 'x'])));
      const matchers = patterns.map(filePatternMatcher);
      for (const path of adversarialPaths()) {
        matchers.forEach((matches) => matches(path));
        registry.languageOfPath(path, () => true, associations);
      }
      registry.glob(() => true, associations);
    });
  });

  it('sorting 10,000 distinct ids of the index', () => {
    within(LIMIT_MS, () => {
      const index = new ReferenceIndex();
      for (let i = 0; i < 10_000; i++) {
        index.set(`file:///w/${i}.ts`, [{ displayId: `A${i % 7}-${i}`, line: 0, character: 0, preview: '' }]);
      }
      index.displayIds();
    });
  });
});
