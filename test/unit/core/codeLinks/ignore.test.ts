import * as assert from 'node:assert/strict';
import { globMatcher, parseGitignore } from '../../../../src/core/codeLinks/ignore';
import { outermost, ReferenceIndex } from '../../../../src/core/codeLinks/referenceIndex';

describe('code references: the root .gitignore keeps generated files out of the index', () => {
  const rules = parseGitignore(
    [
      '# build output',
      'node_modules/',
      '/dist',
      '*.min.js',
      'out/**/gen',
      'docs/api/',
      'tmp?.ts',
      'cache[0-9]/',
      '',
      '!keep.min.js',
      'weird{a,b}',
      '   ',
    ].join('\n'),
  );

  const cases: [string, boolean][] = [
    ['node_modules/x/index.js', true],
    ['packages/a/node_modules/y.ts', true],
    ['node_modules.ts', false],
    ['dist/extension.js', true],
    ['dist', true],
    ['src/dist/extension.js', false],
    ['lib/app.min.js', true],
    ['app.min.js', true],
    ['lib/app.js', false],
    ['out/gen/a.ts', true],
    ['out/x/y/gen/a.ts', true],
    ['src/out/gen/a.ts', false],
    ['docs/api/index.md', true],
    ['docs/guide/api/index.md', false],
    ['tmp1.ts', true],
    ['tmp12.ts', false],
    ['cache7/a.py', true],
    ['cachex/a.py', false],
    ['src/main.ts', false],
  ];
  for (const [path, ignored] of cases) {
    it(`${path} is ${ignored ? '' : 'not '}ignored`, () => {
      assert.equal(rules.ignores(path), ignored);
    });
  }

  it("negated lines re-include a file (git's rules, through the ignore package)", () => {
    assert.equal(rules.ignores('keep.min.js'), false);
    assert.equal(rules.ignores('lib/keep.min.js'), false);
    assert.equal(rules.ignores('lib/other.min.js'), true);
    // A file below an ignored directory cannot be re-included (git).
    assert.equal(parseGitignore('node_modules/\n!node_modules/keep.js').ignores('node_modules/keep.js'), true);
  });

  it('gives findFiles globs where a glob means the same: directories always, other patterns only after the last negation', () => {
    assert.deepEqual(rules.globs, ['**/node_modules/**', 'docs/api/**', '**/cache[0-9]/**']);
    const plain = parseGitignore(
      ['node_modules/', '/dist', '*.min.js', 'out/**/gen', 'docs/api/', 'tmp?.ts', 'cache[0-9]/', 'weird{a,b}'].join(
        '\n',
      ),
    );
    assert.deepEqual(plain.globs, [
      '**/node_modules/**',
      'dist',
      'dist/**',
      '**/*.min.js',
      '**/*.min.js/**',
      'out/**/gen',
      'out/**/gen/**',
      'docs/api/**',
      '**/tmp?.ts',
      '**/tmp?.ts/**',
      '**/cache[0-9]/**',
    ]);
  });

  it('an empty or comment-only file ignores nothing', () => {
    assert.equal(parseGitignore('').globs.length, 0);
    assert.equal(parseGitignore('# nothing\n\n').ignores('a/b.ts'), false);
  });

  it("search.exclude globs match the path or a folder above it, in VS Code's sense (no leading **: the root only)", () => {
    const excluded = globMatcher(['**/node_modules', '**/bower_components', 'build/**', '*.min.js', 'weird{a,b}']);
    assert.equal(excluded('node_modules/a/b.js'), true);
    assert.equal(excluded('pkg/node_modules/b.js'), true);
    assert.equal(excluded('pkg/my_node_modules/b.js'), false);
    assert.equal(excluded('build/out/a.ts'), true);
    assert.equal(excluded('src/build/a.ts'), false);
    assert.equal(excluded('app.min.js'), true);
    assert.equal(excluded('lib/app.min.js'), false);
    assert.equal(excluded('weirda'), false, 'braces are left out');
  });

  it('a deleted folder takes its files out of the index, and only its own', () => {
    const index = new ReferenceIndex();
    const at = (displayId: string) => [{ displayId, line: 0, character: 0, preview: displayId }];
    index.set('file:///w/src/a.ts', at('ACME-1'));
    index.set('file:///w/src/deep/b.ts', at('ACME-2'));
    index.set('file:///w/srcx/c.ts', at('ACME-3'));
    assert.equal(index.deleteUnder('file:///w/src'), true);
    assert.deepEqual(index.displayIds(), ['ACME-3']);
    assert.equal(index.deleteUnder('file:///w/none/'), false);
  });

  it('a batch of created folders is searched from the outermost ones only (a/b holds a/b/c, not a/b-c)', () => {
    const created = [
      'file:///w/a/b/c',
      'file:///w/a/b',
      'file:///w/a/b-c',
      'file:///w/a/b/c/d.txt',
      'file:///w/x',
      'file:///w/a/b',
    ];
    assert.deepEqual(outermost(created).sort(), ['file:///w/a/b', 'file:///w/a/b-c', 'file:///w/x']);
    const many = Array.from({ length: 20_000 }, (_, i) => `file:///w/gen/${i % 100}/${i}.map`);
    assert.deepEqual(outermost([...many, 'file:///w/gen']), ['file:///w/gen']);
    assert.equal(outermost(many).length, many.length, 'files side by side are all kept');
  });
});
