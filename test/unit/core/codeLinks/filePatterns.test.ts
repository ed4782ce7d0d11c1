import * as assert from 'node:assert/strict';
import {
  fileAssociations,
  filePatternMatcher,
  MAX_ASSOCIATIONS,
  usableFilePattern,
} from '../../../../src/core/codeLinks/filePatterns';

describe('code links: file patterns from extensions and files.associations', () => {
  it('keeps plain globs and drops anything that could change the index glob or cost much to match', () => {
    for (const good of ['Dockerfile.*', '*.tpl', 'tsconfig.*.json', '**/.vscode/*.json', '**/.git/config', 'a?c.x']) {
      assert.ok(usableFilePattern(good), good);
    }
    for (const bad of [
      '',
      '*.{js,ts}',
      '{a,b}',
      '[ab].x',
      '!x.ts',
      'a,b',
      'src/*.tpl',
      '/abs/*.x',
      '**/a/**/b',
      '**/.claude/rules/**/*.md',
      '***.x',
      '*a*b*c',
      '**/../x',
      '**/./x',
      'a\\b',
      'x\u0000',
      'x\ny',
      '@(a|b)',
      `*.${'x'.repeat(200)}`,
    ]) {
      assert.ok(!usableFilePattern(bad), JSON.stringify(bad));
    }
  });

  it('matches a name pattern on the file name and a path pattern on the last components, any case', () => {
    const docker = filePatternMatcher('Dockerfile.*');
    assert.ok(docker('/w/app/Dockerfile.dev'));
    assert.ok(docker('/w/app/dockerfile.DEV'));
    assert.ok(!docker('/w/app/Dockerfile'));
    assert.ok(!docker('/w/Dockerfile.dev/x.ts'));
    const vscodeJson = filePatternMatcher('**/.vscode/*.json');
    assert.ok(vscodeJson('/w/.vscode/settings.json'));
    assert.ok(vscodeJson('.vscode/settings.json'));
    assert.ok(!vscodeJson('/w/vscode/settings.json'));
    assert.ok(!vscodeJson('/w/.vscode/sub/settings.json'));
    assert.ok(!vscodeJson('settings.json'));
    const one = filePatternMatcher('a?c.x');
    assert.ok(one('/w/abc.x'));
    assert.ok(!one('/w/a/c.x'));
    // A dot or a plus is itself, not a regular-expression operator.
    assert.ok(!filePatternMatcher('*.tpl')('/w/atpl'));
    assert.ok(filePatternMatcher('c++.x')('/w/c++.x'));
    assert.ok(!filePatternMatcher('c++.x')('/w/cc.x'));
    // Unusable patterns match nothing.
    assert.ok(!filePatternMatcher('*.{ts,js}')('/w/a.ts'));
  });

  it('matches adversarial paths (no backtracking blow-up under the caps) and never long ones', () => {
    const matches = filePatternMatcher('**/*a*a.x');
    for (let i = 0; i < 200; i++) {
      assert.ok(!matches(`/w/${'a'.repeat(250)}b/${'a'.repeat(255)}.y`));
    }
    assert.ok(!filePatternMatcher('*.x')(`/${'d/'.repeat(600)}a.x`), 'paths over the length cap never match');
    assert.ok(!filePatternMatcher('*.x')(`/w/${'a'.repeat(300)}.x`), 'components over the cap never match');
  });

  it('reads files.associations as workspace text: checked, capped, never thrown on', () => {
    for (const bad of [undefined, null, 'x', 42, ['*.x', 'julia'], { '*.x': 7 }]) {
      assert.deepEqual(fileAssociations(bad), []);
    }
    const read = fileAssociations({
      '*.tpl': 'julia',
      '**/.config/*.conf': 'ini',
      '*.{a,b}': 'julia',
      'src/*.x': 'julia',
      '*.y': 'not a language id',
      '*.z': '',
      '*.w': { id: 'julia' },
    });
    assert.deepEqual(
      read.map((a) => [a.pattern, a.language]),
      [
        ['*.tpl', 'julia'],
        ['**/.config/*.conf', 'ini'],
      ],
    );
    assert.ok(read[0]?.matches('/w/page.TPL'));
    const many = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`*.x${i}`, 'julia']));
    assert.equal(fileAssociations(many).length, MAX_ASSOCIATIONS);
  });
});
