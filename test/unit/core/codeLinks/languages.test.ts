import * as assert from 'node:assert/strict';
import {
  configurationComments,
  languageContributions,
  LanguageRegistry,
  MAX_CONFIGURATION_BYTES,
  parseJsonc,
} from '../../../../src/core/codeLinks/languages';
import { ReferenceMatcher } from '../../../../src/core/codeLinks/references';
import {
  commentSyntax,
  knownLanguages,
  lineCommentFor,
  useLanguageRegistry,
} from '../../../../src/core/codeLinks/syntax';

// Shaped as installed extensions' manifests and language configuration files are.
const manifests: unknown[] = [
  {
    contributes: {
      languages: [
        { id: 'julia', extensions: ['.jl'], configuration: './language-configuration.json' },
        {
          id: 'dockerfile',
          filenames: ['Dockerfile'],
          filenamePatterns: ['Dockerfile.*'],
          extensions: ['.dockerfile'],
        },
        { id: 'makefile', filenames: ['Makefile', 'GNUmakefile'], extensions: ['.mk'] },
        { id: 'jsonc', extensions: ['.jsonc'] },
        { id: 'typescript', extensions: ['.ts', '.cts', '.mts'] },
        { id: 'nocomments', extensions: ['.nc'] },
      ],
    },
  },
  { contributes: { languages: [{ id: 'typescript', extensions: ['.d.ts'] }] } },
];

function registry(): LanguageRegistry {
  const languages = new LanguageRegistry();
  const comments = {
    julia: { line: '#', block: ['#=', '=#'] as const },
    dockerfile: { line: '#' },
    makefile: { line: '#' },
    jsonc: { line: '//', block: ['/*', '*/'] as const },
    typescript: { line: '//', block: ['/*', '*/'] as const },
  };
  for (const manifest of manifests) {
    for (const contribution of languageContributions(manifest)) {
      languages.add(contribution, comments[contribution.id as keyof typeof comments]);
    }
  }
  return languages;
}

describe('code links: the installed languages registry', () => {
  afterEach(() => useLanguageRegistry(undefined));

  it('reads comments from a language configuration: JSONC, both lineComment shapes, block pairs', () => {
    const text = `{
      // Comments and trailing commas, as configuration files are written.
      "comments": {
        "lineComment": "#", /* a block comment "with quotes" */
        "blockComment": ["#=", "=#",],
      },
      "brackets": [["{", "}"],],
      "note": "a // inside a string stays, }",
    }`;
    assert.deepEqual(configurationComments(parseJsonc(text)), { line: '#', block: ['#=', '=#'] });
    assert.equal((parseJsonc(text) as { note: string }).note, 'a // inside a string stays, }');
    assert.deepEqual(configurationComments({ comments: { lineComment: { comment: '%' } } }), {
      line: '%',
      block: undefined,
    });
    assert.deepEqual(configurationComments({ comments: { blockComment: ['(*', '*)'] } }), {
      line: undefined,
      block: ['(*', '*)'],
    });
  });

  it('never throws on bad or absurd configuration, and caps what it reads', () => {
    for (const bad of ['', 'not json', '{"comments": ', '/* unterminated', '"', '{"a": "\\']) {
      assert.doesNotThrow(() => configurationComments(parseJsonc(bad)));
    }
    assert.equal(
      parseJsonc(`{"comments": {"lineComment": "#"}, "pad": "${'x'.repeat(MAX_CONFIGURATION_BYTES)}"}`),
      undefined,
    );
    for (const bad of [
      undefined,
      null,
      42,
      { comments: null },
      { comments: 'x' },
      { comments: { lineComment: 7, blockComment: ['/*'] } },
      { comments: { lineComment: '', blockComment: [1, 2] } },
      { comments: { lineComment: 'x'.repeat(1000) } },
    ]) {
      assert.equal(configurationComments(bad), undefined, JSON.stringify(bad));
    }
  });

  it('drops malformed manifest entries and names that would break a glob', () => {
    for (const bad of [undefined, null, 'x', { contributes: { languages: 'x' } }, { contributes: null }]) {
      assert.deepEqual(languageContributions(bad), []);
    }
    const entries = languageContributions({
      contributes: {
        languages: [
          null,
          { id: 7 },
          { id: 'a b' },
          {
            id: 'ok',
            extensions: ['.x', 'y', '.{a,b}', 3, '.z/..'],
            filenames: ['Build', 'a/b', '*'],
            configuration: 5,
          },
        ],
      },
    });
    assert.deepEqual(entries, [
      { id: 'ok', extensions: ['.x'], filenames: ['Build'], filenamePatterns: [], configuration: undefined },
    ]);
    const huge = { contributes: { languages: Array.from({ length: 10_000 }, (_, i) => ({ id: `l${i}` })) } };
    assert.ok(languageContributions(huge).length <= 2_000);
  });

  it('gives links to a language only the registry knows, and keeps the table where it says more', () => {
    assert.equal(commentSyntax('julia'), undefined);
    assert.ok(!knownLanguages().includes('julia'));
    useLanguageRegistry(registry());
    assert.deepEqual(commentSyntax('julia'), { line: ['#'], block: [['#=', '=#']], strings: ['"'] });
    assert.ok(knownLanguages().includes('julia'));
    assert.ok(!knownLanguages().includes('nocomments'));
    assert.equal(commentSyntax('nocomments'), undefined);
    assert.deepEqual(lineCommentFor('julia'), { open: '#', close: '' });
    const matcher = new ReferenceMatcher(['ACME'], 'https://tasks.example.com/api');
    const ids = matcher.scan('x = "ACME-1" # fixes ACME-2\n#= see ACME-3 =#', 'julia').map((r) => r.displayId);
    assert.deepEqual(ids, ['ACME-2', 'ACME-3']);
    // The table wins: Python keeps its docstrings, TypeScript its three string delimiters.
    assert.equal(commentSyntax('python')?.docstrings, true);
    assert.deepEqual(commentSyntax('typescript')?.strings, ['"', "'", '`']);
    // Names of Object.prototype are not languages.
    assert.equal(commentSyntax('constructor'), undefined);
  });

  it('indexes every registered file name and extension, and names a file by its longest extension', () => {
    const languages = registry();
    const all = (): boolean => true;
    const glob = languages.glob((id) => id !== 'nocomments');
    for (const part of ['Dockerfile', 'Makefile', 'GNUmakefile', '*.jsonc', '*.jl', '*.d.ts', '*.ts', '*.mk']) {
      assert.ok(glob.includes(part), `${part} in ${glob}`);
    }
    assert.ok(!glob.includes('*.nc'));
    assert.match(glob, /^\*\*\/\{[^{}]+\}$/);
    assert.equal(languages.languageOfPath('/w/app/Dockerfile', all), 'dockerfile');
    assert.equal(languages.languageOfPath('/w/Makefile', all), 'makefile');
    assert.equal(languages.languageOfPath('/w/.vscode/settings.JSONC', all), 'jsonc');
    assert.equal(languages.languageOfPath('/w/src/a.d.ts', all), 'typescript');
    assert.equal(languages.languageOfPath('/w/src/model.jl', all), 'julia');
    assert.equal(languages.languageOfPath('/w/README', all), undefined);
    assert.equal(
      languages.languageOfPath('/w/x.nc', (id) => id !== 'nocomments'),
      undefined,
    );
  });
});
