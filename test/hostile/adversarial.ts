/**
 * Inputs that make a backtracking regex or glob matcher slow: the corpus's huge
 * payloads plus bait for each pattern the extension runs over workspace or server text. Used by the
 * linear-time unit tests and by the bench row that reports the slowest of them.
 */
import { corpus } from './corpus';

const N = 100_000;

export interface Adversarial {
  readonly name: string;
  readonly text: string;
}

/** Texts of at least 100,000 characters (a file, a comment, a title, a template, a .gitignore). */
export function adversarialTexts(): Adversarial[] {
  const huge = corpus.filter((p) => p.text.length >= N).map((p) => ({ name: `corpus: ${p.name}`, text: p.text }));
  const own: Adversarial[] = [
    { name: 'TODO then spaces', text: `// TODO${' '.repeat(N)}x` },
    { name: 'TODO text then trailing spaces', text: `// TODO: fix${' '.repeat(N)}` },
    { name: 'TODO text, spaces, text', text: `// TODO: fix${' '.repeat(N)}x` },
    { name: 'TODO then spaces, no end', text: `# TODO:${' '.repeat(N)}` },
    { name: 'TODO then blanks and a closer', text: `/* TODO ${' \t'.repeat(N / 2)} */` },
    { name: 'TODO then open parentheses', text: `// TODO(${'('.repeat(N)}` },
    { name: 'TODO( repeated', text: `// ${'TODO('.repeat(N / 5)}` },
    { name: 'TODO lines', text: '// TODO: x\n'.repeat(N / 10) },
    { name: 'stars', text: `/*${'*'.repeat(N)}` },
    { name: 'slashes', text: `//${'/'.repeat(N)}` },
    { name: 'open brackets', text: `// ${'['.repeat(N)}` },
    { name: 'dashes', text: `-- ${'-'.repeat(N)}x` },
    { name: 'dots', text: `// ${'.'.repeat(N)}x` },
    { name: 'task link then dots', text: `// https://tasks.example.com/t/ACME-1${'.'.repeat(N)}x` },
    { name: 'task link then punctuation', text: `// https://tasks.example.com/t/ACME-1${'.,;:!?'.repeat(N / 6)}x` },
    { name: 'long link', text: `// http://${'a'.repeat(N)}` },
    { name: 'link schemes', text: `// ${'https://'.repeat(N / 8)}` },
    { name: 'letters then a dash', text: `// ${'A'.repeat(N)}-1` },
    { name: 'letters, cursor at the end', text: `// ${'a'.repeat(N)}` },
    { name: 'glued ids', text: `// ${'ACME-1'.repeat(N / 6)}` },
    { name: 'prefix dashes', text: `// ${'ACME-'.repeat(N / 5)}` },
    { name: 'digits and dashes', text: `// ${'1-'.repeat(N / 2)}x` },
    { name: 'unterminated string', text: `"${'a'.repeat(N)}` },
    { name: 'star-letter bait', text: `${'*a'.repeat(N / 2)}b` },
    { name: 'globstar bait', text: `${'**/a'.repeat(N / 4)}` },
    { name: 'inner globstar bait', text: `${'a/**/'.repeat(N / 5)}b` },
    { name: 'escaped spaces', text: '\\ '.repeat(N / 2) },
    { name: 'placeholders', text: '{title}{displayId}'.repeat(N / 18) },
    { name: 'lock suffixes', text: '.lock'.repeat(N / 5) },
  ];
  return [...huge, ...own];
}

/** Folder-relative paths: far beyond the match cap, and the longest the cap lets through. */
export function adversarialPaths(): string[] {
  return [
    'a'.repeat(N),
    'a/'.repeat(N / 2),
    `${`${'a'.repeat(250)}/`.repeat(4)}c`,
    'a'.repeat(255),
    `${'a/'.repeat(500)}c`,
    `${'a/'.repeat(31)}c`,
    `${`${'a'.repeat(30)}/`.repeat(31)}c`,
    `${'aa/'.repeat(330)}c`,
    `node_modules/${'a/'.repeat(30)}b`,
    '.'.repeat(1000),
  ];
}

/** Patterns at the edge of the glob budget (kept), and bait beyond it (left out). */
export function adversarialGlobs(): string[] {
  return [
    '*a*a',
    'a*a*b',
    '**/a*a*b',
    '**/*a*b',
    'a/**/*a*b',
    '*a*/**/b',
    '**/a/**/b',
    '**a**a',
    '[a-z]*[a-z]*b',
    '?*?*?b',
    '*a*a*a*a*a*a*a*a*b',
    'a/**/a/**/a/**/a/**/b',
    'a**a**a**a**a**a**b',
  ];
}
