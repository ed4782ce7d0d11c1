import * as assert from 'node:assert/strict';
import {
  configurationComments,
  languageContributions,
  LanguageRegistry,
  MAX_CONFIGURATION_BYTES,
  parseJsonc,
} from '../../../../src/core/codeLinks/languages';
import { fileAssociations } from '../../../../src/core/codeLinks/filePatterns';
import { ReferenceMatcher } from '../../../../src/core/codeLinks/references';
import {
  commentSyntax,
  indexedLanguage,
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
        { id: 'jsonc', extensions: ['.jsonc'], filenamePatterns: ['**/.vscode/*.json', '*.{a,b}', 'src/*.x'] },
        { id: 'json', extensions: ['.json'] },
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
    json: { line: '//', block: ['/*', '*/'] as const },
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
            filenamePatterns: ['Build.*', '*.{a,b}', '[ab]', 'a/*.x', 'x'.repeat(101)],
            configuration: 5,
          },
        ],
      },
    });
    assert.deepEqual(entries, [
      { id: 'ok', extensions: ['.x'], filenames: ['Build'], filenamePatterns: ['Build.*'], configuration: undefined },
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

  it('the index reads every language with a comment token except plain JSON; links stay in JSON', () => {
    useLanguageRegistry(registry());
    for (const id of ['typescript', 'jsonc', 'julia', 'dockerfile', 'makefile', 'python']) {
      assert.ok(indexedLanguage(id), id);
    }
    for (const id of ['json', 'plaintext', 'nocomments', 'unknown', 'constructor']) {
      assert.ok(!indexedLanguage(id), id);
    }
    assert.ok(commentSyntax('json'), 'an open JSON document is still scanned for links');
    const languages = registry();
    const glob = languages.glob(indexedLanguage);
    assert.ok(!glob.split(/[{},]/).includes('*.json'), glob);
    assert.ok(glob.split(/[{},]/).includes('*.jsonc'), glob);
    assert.equal(languages.languageOfPath('/w/data/big.json', indexedLanguage), undefined);
    assert.equal(languages.languageOfPath('/w/.vscode/settings.json', indexedLanguage), 'jsonc');
  });

  it('indexes file-name patterns and files.associations, in the order VS Code picks a language', () => {
    const languages = registry();
    const accept = (id: string): boolean => id !== 'nocomments';
    const associations = fileAssociations({
      '*.tpl': 'julia',
      '**/conf/*.cfg': 'makefile',
      '*.mk': 'nocomments',
      'Dockerfile.*': 'jsonc',
      'Dockerfile.*.special': 'makefile',
      '*.{x,y}': 'julia',
    });
    const glob = languages.glob(accept, associations);
    for (const part of ['Dockerfile.*', '.vscode/*.json', '*.tpl', 'conf/*.cfg']) {
      assert.ok(glob.split(/[{},]/).includes(part), `${part} in ${glob}`);
    }
    // One flat brace list: patterns that would nest braces or add one never reach it.
    assert.match(glob, /^\*\*\/\{[^{}]+\}$/);
    assert.ok(!glob.includes('src/*.x'));
    assert.equal(languages.glob(accept, fileAssociations({ '*.q': 'nocomments' })).includes('*.q'), false);
    assert.equal(languages.languageOfPath('/w/Dockerfile.dev', accept), 'dockerfile', 'a pattern of the manifest');
    assert.equal(languages.languageOfPath('/w/web/page.tpl', accept, associations), 'julia');
    assert.equal(languages.languageOfPath('/w/conf/a.cfg', accept, associations), 'makefile');
    assert.equal(languages.languageOfPath('/w/a.cfg', accept, associations), undefined);
    // The user's mapping wins over the manifest's names, the longest pattern over a shorter one ...
    assert.equal(languages.languageOfPath('/w/Dockerfile.dev', accept, associations), 'jsonc');
    assert.equal(languages.languageOfPath('/w/Dockerfile.a.special', accept, associations), 'makefile');
    // ... and a file mapped to a language the index does not read is not read as another one.
    assert.equal(languages.languageOfPath('/w/rules.mk', accept, associations), undefined);
    assert.equal(languages.languageOfPath('/w/rules.mk', accept), 'makefile');
  });
});
